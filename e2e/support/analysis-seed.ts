import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';
import type { AnalysisResult, DashboardLayout } from '@poselab/contract';
import type { RunningServer } from './server';

/**
 * Stores analysis results of seeded trials straight into an e2e server (JSON file + results row tagged
 * analysis_function_result:<function>) and the user's dashboard for the function, as the analysis jobs do
 * once a result exists.
 */
export function seedAnalysis(
  server: RunningServer,
  opts: {
    userId: string;
    sessionId: string;
    results: Array<{ trialId: string; result: AnalysisResult }>;
    title: string;
    layout: DashboardLayout;
  },
): { dashboardId: string } {
  const db = new Database(join(server.dataDir, 'poselab.sqlite'));
  db.pragma('busy_timeout = 5000');
  const now = new Date().toISOString();
  try {
    for (const { trialId, result } of opts.results) {
      const key = `sessions/${opts.sessionId}/trials/${trialId}/results/analysis_${result.function_id}.json`;
      const file = join(server.dataDir, 'media', key);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(result));
      db.prepare(
        `insert into results (id, trial_id, tag, device_id, storage_key, meta, created_at) values (?, ?, ?, null, ?, '{}', ?)`,
      ).run(randomUUID(), trialId, `analysis_function_result:${result.function_id}`, key, now);
    }
    const functionId = opts.results[0].result.function_id;
    const existing = db
      .prepare('select id from analysis_dashboards where user_id = ? and function_id = ?')
      .get(opts.userId, functionId) as { id: string } | undefined;
    if (existing) return { dashboardId: existing.id };
    const id = randomUUID();
    db.prepare(
      `insert into analysis_dashboards (id, user_id, function_id, title, layout, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)`,
    ).run(id, opts.userId, functionId, opts.title, JSON.stringify(opts.layout), now, now);
    return { dashboardId: id };
  } finally {
    db.close();
  }
}
