import type { FastifyBaseLogger } from 'fastify';
import {
  ABANDONED_UPLOAD_HOURS,
  AUTO_STOP_SECONDS,
  maxRecordingSeconds,
  UPLOAD_ERROR_CODES,
  UPLOAD_MESSAGES,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { CaptureTrialRepository } from '../repositories/capture-trial.repository';
import { DeviceRepository } from '../repositories/device.repository';
import { TrialRepository, type TrialRow } from '../repositories/trial.repository';
import { UploadRepository } from '../repositories/upload.repository';
import { pruneRateLimits } from './rate-limit';
import {
  failTrial,
  phoneLabel,
  scheduleTimeLimit,
  stopAfterSeconds,
  stopTrial,
  trialMeta,
} from './recording.service';

/**
 * What must hold even when a process dies: recordings end at their time limit (the timer that stops them
 * lives in the memory of the process that started them), and uploads that phones abandoned end in a clear
 * error instead of a trial waiting for ever. Runs at start (before the server listens) and then
 * periodically in every API process; each step is idempotent, so replicas may run it side by side.
 */

/** When the server stops a recording trial, from what the trial itself stores. */
function stopsAt(trial: TrialRow): number {
  const meta = trialMeta(trial) as { max_seconds?: number; auto_stop?: boolean; framerate?: number };
  const special = trial.name === 'calibration' || trial.name === 'neutral';
  const autoStop = meta.auto_stop ?? special;
  const max = meta.max_seconds ?? (autoStop ? AUTO_STOP_SECONDS : maxRecordingSeconds(meta.framerate ?? 60));
  return Date.parse(trial.started_at ?? trial.created_at) + stopAfterSeconds(max, autoStop) * 1000;
}

/**
 * Stops every recording past its time limit, as the limit would have (status 'stopped', one 'stop' to each
 * phone; phones that reconnect still recording are told again by the socket). With `schedule`, recordings
 * still within their limit get a timer in this process (after a restart nothing else would stop them).
 */
export async function stopOverdueRecordings(deps: AppDeps, schedule = false): Promise<number> {
  const now = deps.clock.now().getTime();
  let stopped = 0;
  for (const trial of await new CaptureTrialRepository(deps.db).recordingTrials()) {
    const at = stopsAt(trial);
    if (at <= now) {
      await stopTrial(deps, trial.id);
      stopped += 1;
    } else if (schedule) {
      scheduleTimeLimit(deps, trial.id, at - now);
    }
  }
  return stopped;
}

/**
 * Trials still missing videos with no upload activity for 24 hours fail with a message naming the phones
 * that never delivered; their partial uploads are deleted.
 */
export async function failAbandonedUploads(deps: AppDeps): Promise<number> {
  const now = deps.clock.now().getTime();
  const cutoff = new Date(now - ABANDONED_UPLOAD_HOURS * 3_600_000).toISOString();
  const trials = new CaptureTrialRepository(deps.db);
  const uploads = new UploadRepository(deps.db);
  let failed = 0;
  for (const trial of await trials.waitingForVideosSince(cutoff)) {
    const last = await trials.lastUploadActivity(trial.id);
    if (last && last > cutoff) continue;
    const videos = await new TrialRepository(deps.db).videosOf([trial.id]);
    const missing = (trialMeta(trial).devices ?? []).filter((d) => !videos.some((v) => v.device_id === d));
    const devices = await new DeviceRepository(deps.db).listByIds(missing);
    const phones = missing.map((id) =>
      phoneLabel(
        devices.find((d) => d.id === id),
        id,
      ),
    );
    const message = UPLOAD_MESSAGES.abandoned(phones.join(', ') || 'a phone');
    if (!(await failTrial(deps, trial.id, message, UPLOAD_ERROR_CODES.abandoned, { phones }))) continue;
    for (const u of await uploads.listByTrial(trial.id)) {
      await deps.storage.delete(u.storage_key);
      await uploads.delete(u.id);
    }
    failed += 1;
  }
  return failed;
}

/** The sweep at start: overdue recordings stop, the others get their timer back. */
export async function recoverCaptureState(deps: AppDeps): Promise<void> {
  await stopOverdueRecordings(deps, true);
  await failAbandonedUploads(deps);
}

/**
 * Runs the recovery at once (awaited: phones that reconnect must find their trials' true state), then the
 * time-limit sweep every 10 s and the upload clean-up and rate-limit pruning every 10 minutes.
 */
export async function startCaptureSweeps(
  deps: AppDeps,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  await recoverCaptureState(deps).catch((err: unknown) => log.error({ err }, 'capture recovery failed'));
  let running: Promise<unknown> | null = null;
  const run = (work: () => Promise<unknown>) => {
    if (running) return;
    running = work()
      .catch((err: unknown) => log.error({ err }, 'capture sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  const limits = setInterval(() => run(() => stopOverdueRecordings(deps)), 10_000);
  const cleanUp = setInterval(
    () =>
      run(async () => {
        const n = await failAbandonedUploads(deps);
        if (n > 0) log.info({ trials: n }, 'abandoned uploads removed; their trials failed');
        await pruneRateLimits(deps);
      }),
    10 * 60_000,
  );
  limits.unref();
  cleanUp.unref();
  return async () => {
    clearInterval(limits);
    clearInterval(cleanUp);
    await running;
  };
}
