import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { DevicesTable, ResultsTable } from '../db/schema';

export type ResultRow = Selectable<ResultsTable>;
export type DeviceRow = Selectable<DevicesTable>;

/** Processing results (one row per produced file or record) and the lookups processing needs. */
export class ResultRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<ResultsTable>): Promise<void> {
    await this.db.insertInto('results').values(row).execute();
  }

  findById(id: string): Promise<ResultRow | undefined> {
    return this.db.selectFrom('results').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The result stored under this media key (tags decide who may read it, media-access.service.ts). */
  findByStorageKey(key: string): Promise<ResultRow | undefined> {
    return this.db.selectFrom('results').selectAll().where('storage_key', '=', key).executeTakeFirst();
  }

  ofTrial(trialId: string, tag?: string): Promise<ResultRow[]> {
    let q = this.db.selectFrom('results').selectAll().where('trial_id', '=', trialId);
    if (tag) q = q.where('tag', '=', tag);
    return q.orderBy('created_at').orderBy('id').execute();
  }

  async deleteOfTrial(trialId: string): Promise<void> {
    await this.db.deleteFrom('results').where('trial_id', '=', trialId).execute();
  }

  /** Newest trial of the session with this name (calibration, neutral), trashed ones left out. */
  latestTrialNamed(sessionId: string, name: string, status?: string) {
    let q = this.db
      .selectFrom('trials')
      .selectAll()
      .where('session_id', '=', sessionId)
      .where('name', '=', name)
      .where('trashed', '=', 0);
    if (status) q = q.where('status', '=', status);
    return q.orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
  }

  /** The session's paired phones in pairing order. */
  /** The newest non-trashed trial of a session with this name and one of these statuses. */
  latestTrialNamedIn(sessionId: string, name: string, statuses: string[]) {
    return this.db
      .selectFrom('trials')
      .selectAll()
      .where('session_id', '=', sessionId)
      .where('name', '=', name)
      .where('trashed', '=', 0)
      .where('status', 'in', statuses)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  devicesOfSession(sessionId: string): Promise<DeviceRow[]> {
    return this.db
      .selectFrom('devices')
      .selectAll()
      .where('session_id', '=', sessionId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  devicesByIds(ids: string[]): Promise<DeviceRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db.selectFrom('devices').selectAll().where('id', 'in', ids).execute();
  }

  /** Stored intrinsics (JSON text) of every camera profile of these phone models, by key prefix 'model@'. */
  async cameraProfilesOf(modelPrefixes: string[]): Promise<Array<{ model_key: string; intrinsics: string }>> {
    if (modelPrefixes.length === 0) return [];
    return this.db
      .selectFrom('camera_profiles')
      .select(['model_key', 'intrinsics'])
      .where((eb) => eb.or(modelPrefixes.map((p) => eb('model_key', 'like', `${p}%`))))
      .execute();
  }

  subjectById(id: string) {
    return this.db
      .selectFrom('subjects')
      .select(['id', 'weight', 'height', 'sex_at_birth'])
      .where('id', '=', id)
      .executeTakeFirst();
  }
}
