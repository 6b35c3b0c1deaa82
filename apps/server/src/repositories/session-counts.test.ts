import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createUserWithToken } from '../test/fixtures';
import { seedSession } from '../test/data-fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

/** What the counters must equal: a plain count of the sessions table. */
async function expected(userId: string) {
  const rows = await t.deps.db
    .selectFrom('sessions')
    .select(['trashed', 'removed_at'])
    .where('user_id', '=', userId)
    .execute();
  return {
    active: rows.filter((r) => !r.removed_at && r.trashed === 0).length,
    trashed: rows.filter((r) => !r.removed_at && r.trashed === 1).length,
  };
}

async function counters(userId: string) {
  const c = await t.deps.db
    .selectFrom('session_counts')
    .select(['active', 'trashed'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return { active: Number(c?.active ?? 0), trashed: Number(c?.trashed ?? 0) };
}

describe('session counters (migration 201 triggers)', () => {
  it('follow inserts, trash, restore, removal shells, owner changes and deletes from any writer', async () => {
    const a = await createUserWithToken(t.deps);
    const b = await createUserWithToken(t.deps);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push(await seedSession(t.deps, a.user.id));
    await seedSession(t.deps, a.user.id, { trashedAt: t.deps.clock.now().toISOString() });
    expect(await counters(a.user.id)).toEqual({ active: 5, trashed: 1 });
    await t.deps.db.updateTable('sessions').set({ trashed: 1 }).where('id', 'in', ids.slice(0, 2)).execute();
    expect(await counters(a.user.id)).toEqual(await expected(a.user.id));
    await t.deps.db.updateTable('sessions').set({ removed_at: 'x' }).where('id', '=', ids[0]).execute();
    await t.deps.db.updateTable('sessions').set({ trashed: 0 }).where('id', '=', ids[1]).execute();
    await t.deps.db.updateTable('sessions').set({ user_id: b.user.id }).where('id', '=', ids[2]).execute();
    await t.deps.db
      .updateTable('sessions')
      .set({ meta: '{"sessionName":"x"}' })
      .where('id', '=', ids[3])
      .execute();
    await t.deps.db.deleteFrom('sessions').where('id', '=', ids[4]).execute();
    expect(await counters(a.user.id)).toEqual(await expected(a.user.id));
    expect(await counters(b.user.id)).toEqual({ active: 1, trashed: 0 });
    const total = await sql<{ n: number }>`select count(*) as n from sessions`.execute(t.deps.db);
    expect(Number(total.rows[0].n)).toBe(5);
  });
});
