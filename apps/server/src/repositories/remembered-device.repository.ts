import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { RememberedDevicesTable } from '../db/schema';

export type RememberedDeviceRow = Selectable<RememberedDevicesTable>;

/** Browsers that skip the e-mailed code for 90 days (SPEC §4); only the secret's hash is stored. */
export class RememberedDeviceRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<RememberedDevicesTable>): Promise<void> {
    await this.db.insertInto('remembered_devices').values(row).execute();
  }

  /** The device when the secret belongs to this user and has not expired. */
  findValid(userId: string, secretHash: string, nowIso: string): Promise<RememberedDeviceRow | undefined> {
    return this.db
      .selectFrom('remembered_devices')
      .selectAll()
      .where('secret_hash', '=', secretHash)
      .where('user_id', '=', userId)
      .where('expires_at', '>', nowIso)
      .executeTakeFirst();
  }

  async deleteExpired(nowIso: string): Promise<void> {
    await this.db.deleteFrom('remembered_devices').where('expires_at', '<=', nowIso).execute();
  }

  async deleteAllForUser(userId: string): Promise<void> {
    await this.db.deleteFrom('remembered_devices').where('user_id', '=', userId).execute();
  }
}
