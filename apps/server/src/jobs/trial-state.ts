import type { AppDeps } from '../deps';
import { TrialRepository } from '../repositories/trial.repository';

export function parseTrialMeta(text: string): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Marks the trial of a finally failed job as error with user words (SPEC §8: the trial's meta.error_msg). */
export async function markTrialError(deps: AppDeps, trialId: string, userMessage: string): Promise<void> {
  const trials = new TrialRepository(deps.db);
  const trial = await trials.findById(trialId);
  if (!trial) return;
  const meta = { ...parseTrialMeta(trial.meta), error_msg: userMessage };
  await trials.update(trialId, {
    status: 'error',
    meta: JSON.stringify(meta),
    progress_message: null,
    updated_at: deps.clock.now().toISOString(),
  });
}
