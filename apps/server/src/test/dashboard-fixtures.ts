import { randomUUID } from 'node:crypto';
import { analysisResultTag, type AnalysisResult, type DashboardLayout } from '@poselab/contract';
import type { AppDeps } from '../deps';
import { AnalysisDashboardRepository } from '../repositories/analysis-dashboard.repository';
import { ResultRepository } from '../repositories/result.repository';
import { mediaKeys } from '../storage/media-keys';

/** A layout using every widget, as packages/analysis's registry gives one per function. */
export const TEST_LAYOUT: DashboardLayout = {
  columns: [
    { width: 7, widgets: [{ type: 'visualizer' }, { type: 'linear_chart', normalized: true }] },
    { width: 5, widgets: [{ type: 'metric_bars' }, { type: 'amplitudes' }, { type: 'info_text' }] },
  ],
};

/** Stores an analysis result of a trial as the analysis jobs do: a JSON file plus the results row. */
export async function seedAnalysisResult(
  deps: AppDeps,
  sessionId: string,
  trialId: string,
  result: AnalysisResult,
): Promise<{ resultId: string; key: string }> {
  const key = mediaKeys.result(sessionId, trialId, `analysis_${result.function_id}.json`);
  await deps.storage.put(key, Buffer.from(JSON.stringify(result)), 'application/json');
  const resultId = randomUUID();
  await new ResultRepository(deps.db).insert({
    id: resultId,
    trial_id: trialId,
    tag: analysisResultTag(result.function_id),
    device_id: null,
    storage_key: key,
    meta: '{}',
    created_at: deps.clock.now().toISOString(),
  });
  return { resultId, key };
}

/** The user's dashboard of a function, as the analyses create it once a result exists. */
export async function seedDashboard(deps: AppDeps, userId: string, functionId = 'gait', title = 'Gait') {
  return new AnalysisDashboardRepository(deps.db).ensure(
    userId,
    functionId,
    { title, layout: JSON.stringify(TEST_LAYOUT) },
    deps.clock.now().toISOString(),
  );
}
