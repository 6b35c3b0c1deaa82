import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { UploadsTable, VideosTable } from '../db/schema';

export type UploadRow = Selectable<UploadsTable>;

/** Partial uploads; a finished one turns into a video row in one transaction. */
export class UploadRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<UploadsTable>): Promise<void> {
    await this.db.insertInto('uploads').values(row).execute();
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

  /** The upload becomes a video: both changes or neither. */
  async completeAsVideo(uploadId: string, video: Insertable<VideosTable>): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx.insertInto('videos').values(video).execute();
      await tx.deleteFrom('uploads').where('id', '=', uploadId).execute();
    });
  }
}
