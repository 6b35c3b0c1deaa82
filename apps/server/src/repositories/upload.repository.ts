import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { UploadsTable, VideosTable } from '../db/schema';

export type UploadRow = Selectable<UploadsTable>;

/** Partial uploads; a finished one turns into a video row in one transaction. */
export class UploadRepository {
  constructor(private readonly db: Db) {}

  /** Inserts unless the trial and device already have an upload (parallel starts); true when inserted. */
  async insertIfAbsent(row: Insertable<UploadsTable>): Promise<boolean> {
    const r = await this.db
      .insertInto('uploads')
      .values(row)
      .onConflict((oc) => oc.columns(['trial_id', 'device_id']).doNothing())
      .executeTakeFirst();
    return Number(r.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  findById(id: string): Promise<UploadRow | undefined> {
    return this.db.selectFrom('uploads').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByTrialDevice(trialId: string, deviceId: string): Promise<UploadRow | undefined> {
    return this.db
      .selectFrom('uploads')
      .selectAll()
      .where('trial_id', '=', trialId)
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
  }

  listByTrial(trialId: string): Promise<UploadRow[]> {
    return this.db.selectFrom('uploads').selectAll().where('trial_id', '=', trialId).execute();
  }

  async update(id: string, patch: Updateable<UploadsTable>): Promise<void> {
    await this.db.updateTable('uploads').set(patch).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('uploads').where('id', '=', id).execute();
  }

  /**
   * Makes `writer` the one request allowed to write this upload until `until` (a conditional update, so of
   * parallel requests exactly one wins); false when another holds an unexpired claim.
   */
  async claimWriter(id: string, writer: string, now: string, until: string): Promise<boolean> {
    const r = await this.db
      .updateTable('uploads')
      .set({ writer_token: writer, writer_until: until })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('writer_token', 'is', null), eb('writer_until', '<', now)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async releaseWriter(id: string, writer: string): Promise<void> {
    await this.db
      .updateTable('uploads')
      .set({ writer_token: null, writer_until: null })
      .where('id', '=', id)
      .where('writer_token', '=', writer)
      .execute();
  }

  /**
   * Video bytes a user keeps: stored videos of all their sessions (trashed ones included, they still take
   * space) plus the announced size of their uploads in progress.
   */
  async bytesOfUser(userId: string): Promise<number> {
    const videos = await this.db
      .selectFrom('videos')
      .innerJoin('trials', 'trials.id', 'videos.trial_id')
      .innerJoin('sessions', 'sessions.id', 'trials.session_id')
      .select((eb) => eb.fn.sum<string | number | null>('videos.size_bytes').as('n'))
      .where('sessions.user_id', '=', userId)
      .executeTakeFirst();
    const uploads = await this.db
      .selectFrom('uploads')
      .innerJoin('trials', 'trials.id', 'uploads.trial_id')
      .innerJoin('sessions', 'sessions.id', 'trials.session_id')
      .select((eb) => eb.fn.sum<string | number | null>('uploads.total_bytes').as('n'))
      .where('sessions.user_id', '=', userId)
      .executeTakeFirst();
    return Number(videos?.n ?? 0) + Number(uploads?.n ?? 0);
  }

  /** The upload becomes a video: both changes or neither. */
  async completeAsVideo(uploadId: string, video: Insertable<VideosTable>): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.insertInto('videos').values(video).execute();
      await tx.deleteFrom('uploads').where('id', '=', uploadId).execute();
    });
  }
}
