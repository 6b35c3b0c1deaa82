import type { JobSpec } from '@poselab/contract';
import { COARSE_ALIGNMENT_FAILED, coarseAlign, readCoarseSignals, type CoarseInput } from '@poselab/pipeline';
import { ProcessingError } from '../host';

/**
 * Videos imported from files share no clock (issue #28). Before the trial's processor runs, their coarse
 * offsets (sound, else motion) become the videos' start times, so the existing sub-frame synchronisation
 * searches around them as it does around the phones' clocks. When nothing aligns them, the videos keep no
 * start times (the synchronisation then searches on its own) and a failure of that search tells the user
 * how to record so that it works.
 */
export interface CoarseOutcome {
  spec: JobSpec;
  /** What was done, kept in the trial's meta. */
  meta: { method: 'audio' | 'motion' | null; start_sec: number[] | null; device_ids: string[] };
}

export async function alignImportedVideos(
  spec: JobSpec,
  videoPaths: ReadonlyMap<string, string>,
): Promise<CoarseOutcome> {
  const inputs: CoarseInput[] = [];
  for (const v of spec.videos) inputs.push(await readCoarseSignals(videoPaths.get(v.id)!));
  const found = coarseAlign(inputs);
  // start_sec follows the videos' order in the spec; device_ids says whose each one is.
  const deviceIds = spec.videos.map((v) => v.device_id);
  if (!found) return { spec, meta: { method: null, start_sec: null, device_ids: deviceIds } };
  const startSec = found.startSec.map((s) => Math.round(s * 1e4) / 1e4);
  return {
    // A clock of the trial's own (ms): the synchronisation uses only differences between start times.
    spec: { ...spec, videos: spec.videos.map((v, i) => ({ ...v, start_time_ms: startSec[i] * 1000 })) },
    meta: { method: found.method, start_sec: startSec, device_ids: deviceIds },
  };
}

/** A synchronisation failure of videos that could not be aligned coarsely says how to record them. */
export function explainSyncFailure(err: unknown, coarse: CoarseOutcome | null): unknown {
  if (!coarse || coarse.meta.method !== null || !(err instanceof ProcessingError)) return err;
  if (!/synchronised|synchronized|at the same time/i.test(err.userMessage)) return err;
  return new ProcessingError(COARSE_ALIGNMENT_FAILED, err.detail ?? err.message);
}
