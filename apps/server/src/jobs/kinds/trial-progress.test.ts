import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { JobRow } from '../../repositories/job.repository';
import { createUserWithToken } from '../../test/fixtures';
import { seedSession, seedTrial } from '../../test/data-fixtures';
import { createTestApp, type TestApp } from '../../test/test-app';
import { trialJobs } from './trial-jobs';

describe("a processing trial's progress", () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it('only moves forward while the message follows the worker', async () => {
    const user = await createUserWithToken(t.deps);
    const trialId = await seedTrial(t.deps, await seedSession(t.deps, user.user.id), {
      status: 'processing',
    });
    const job = { trial_id: trialId, attempts: 1 } as JobRow;
    const seen: Array<[number | null, string | null]> = [];
    for (const [percent, message] of [
      [10, 'Detecting the subject in the videos (10%)'],
      [67, 'Separating the subject from other people'],
      [60, 'Detecting the subject in the videos (12%)'],
      [null, 'Synchronising videos and reconstructing 3D keypoints'],
      [70, 'Estimating anatomical markers'],
    ] as const) {
      await trialJobs.onProgress!(t.deps, job, { percent, message });
      const row = await t.deps.db
        .selectFrom('trials')
        .select(['progress_percent', 'progress_message'])
        .where('id', '=', trialId)
        .executeTakeFirstOrThrow();
      seen.push([row.progress_percent, row.progress_message]);
    }
    expect(seen.map((s) => s[0])).toEqual([10, 67, 67, 67, 70]);
    expect(seen[2][1]).toBe('Detecting the subject in the videos (12%)');
  });
});
