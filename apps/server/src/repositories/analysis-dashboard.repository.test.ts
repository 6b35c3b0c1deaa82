import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { createUserWithToken } from '../test/fixtures';
import { AnalysisDashboardRepository } from './analysis-dashboard.repository';

describe('AnalysisDashboardRepository', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('makes one dashboard per user and function, also when asked in parallel', async () => {
    const repo = new AnalysisDashboardRepository(t.deps.db);
    const a = (await createUserWithToken(t.deps, {}, { verified: true })).user.id;
    const b = (await createUserWithToken(t.deps, {}, { verified: true })).user.id;
    const init = { title: 'Gait', layout: '{"columns":[]}' };
    const now = new Date().toISOString();
    const rows = await Promise.all(Array.from({ length: 5 }, () => repo.ensure(a, 'gait', init, now)));
    expect(new Set(rows.map((r) => r.id)).size).toBe(1);
    const other = await repo.ensure(b, 'gait', init, now);
    expect(other.id).not.toBe(rows[0].id);
    await repo.ensure(a, 'squat', { ...init, title: 'Squat' }, now);
    expect((await repo.listOfUser(a)).map((r) => r.title)).toEqual(['Gait', 'Squat']);
  });
});
