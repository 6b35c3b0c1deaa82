import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { VideosTable } from '../db/schema';

export type VideoRecord = Selectable<VideosTable>;

/** Videos of trials (one per trial and device). */
export class VideoRepository {
  constructor(private readonly db: Db) {}

  findByTrialDevice(trialId: string, deviceId: string): Promise<VideoRecord | undefined> {
    return this.db
      .selectFrom('videos')
      .selectAll()
      .where('trial_id', '=', trialId)
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
  }

  listByTrial(trialId: string): Promise<VideoRecord[]> {
    return this.db
      .selectFrom('videos')
      .selectAll()
      .where('trial_id', '=', trialId)
      .orderBy('created_at')
      .execute();
  }

  async countByTrial(trialId: string): Promise<number> {
    const r = await this.db
      .selectFrom('videos')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('trial_id', '=', trialId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }
}
