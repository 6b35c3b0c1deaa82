import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../db/database';
import type { SubjectsTable } from '../db/schema';

export type SubjectRow = Selectable<SubjectsTable>;

export interface SubjectListFilter {
  start: number;
  /** -1 for all. */
  quantity: number;
  search?: string;
  includeTrashed: boolean;
  sort: 'name' | 'weight' | 'height' | 'birth_year' | 'created_at';
  sortDesc: boolean;
}

/** Subjects of a user. Every lookup takes the owner so another user's id reads as missing. */
export class SubjectRepository {
  constructor(private readonly db: Db) {}

  async insert(row: Insertable<SubjectsTable>): Promise<void> {
    await this.db.insertInto('subjects').values(row).execute();
  }

  findOwned(id: string, userId: string): Promise<SubjectRow | undefined> {
    return this.db
      .selectFrom('subjects')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Any user's subject: only for share-token checks, which compare the token before revealing anything. */
  findById(id: string): Promise<SubjectRow | undefined> {
    return this.db.selectFrom('subjects').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async nameOf(id: string | null): Promise<string | null> {
    if (!id) return null;
    const row = await this.db.selectFrom('subjects').select('name').where('id', '=', id).executeTakeFirst();
    return row?.name ?? null;
  }

  async list(userId: string, f: SubjectListFilter): Promise<{ rows: SubjectRow[]; total: number }> {
    let base = this.db.selectFrom('subjects').where('user_id', '=', userId);
    if (!f.includeTrashed) base = base.where('trashed', '=', 0);
    if (f.search) {
      const like = `%${f.search.toLowerCase()}%`;
      base = base.where((eb) => eb(eb.fn('lower', ['name']), 'like', like));
    }
    const dir = f.sortDesc ? 'desc' : 'asc';
    // Names sort case-insensitively (the same on SQLite and PostgreSQL whatever the collation).
    let rowsQ = base
      .selectAll()
      .orderBy(f.sort === 'name' ? sql`lower(name)` : sql.ref(f.sort), dir)
      .orderBy('id', dir);
    if (f.quantity >= 0) rowsQ = rowsQ.limit(f.quantity).offset(f.start);
    else if (f.start > 0) rowsQ = rowsQ.limit(1_000_000).offset(f.start);
    const [rows, count] = await Promise.all([
      rowsQ.execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  async update(id: string, patch: Updateable<SubjectsTable>): Promise<void> {
    await this.db.updateTable('subjects').set(patch).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('subjects').where('id', '=', id).execute();
  }

  async idsTrashedBefore(cutoff: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('subjects')
      .select('id')
      .where('trashed', '=', 1)
      .where('trashed_at', '<', cutoff)
      .execute();
    return rows.map((r) => r.id);
  }
}
