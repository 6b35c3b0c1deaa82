import { dataSharingOf } from './data-sharing';
import { randomUUID } from 'node:crypto';
import {
  ALPHA_DASH_CUSTOM,
  AUTO_STOP_SECONDS,
  DEFAULT_FRAMERATE,
  DEVICE_MESSAGES,
  MESSAGES,
  MIN_CAMERAS,
  maxRecordingSeconds,
  recordQuery,
} from '@poselab/contract';
import type { z } from 'zod';
import { captureHub } from '../capture/hub';
import { recalibrationBase } from './calibration-base';
import { enqueueProcessing } from '../jobs/queue';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../http/http-error';
import { CaptureTrialRepository } from '../repositories/capture-trial.repository';
import { SessionRepository, type SessionRow } from '../repositories/session.repository';
import { TrialRepository } from '../repositories/trial.repository';
import { VideoRepository } from '../repositories/video.repository';
import { mediaKeys } from '../storage/media-keys';
import { sessionStatus } from './capture-status.service';
import { parseMeta, phoneLabel, trialMeta } from './recording-meta';

export { parseMeta, phoneLabel, trialMeta };

export type RecordInput = z.output<typeof recordQuery>;

/** Extra seconds the server waits past a trial's limit before stopping it itself (the web app stops first). */
const SERVER_STOP_GRACE_S = 3;

export async function ownedSession(deps: AppDeps, id: string, userId: string): Promise<SessionRow> {
  const s = await new SessionRepository(deps.db).findOwned(id, userId);
  if (!s) throw notFound('Session not found.');
  return s;
}

export function sessionFramerate(s: SessionRow): number {
  return parseMeta(s.meta).settings?.framerate ?? DEFAULT_FRAMERATE;
}

/** SPEC §7 record: every connected phone starts recording; calibration and neutral stop by themselves. */
export async function startRecording(
  deps: AppDeps,
  userId: string,
  sessionId: string,
  input: RecordInput,
): Promise<{ id: string; max_seconds: number; n_devices: number }> {
  const session = await ownedSession(deps, sessionId, userId);
  const name = input.name.trim();
  const special = name === 'calibration' || name === 'neutral';
  if (!special && !ALPHA_DASH_CUSTOM.test(name)) {
    throw badRequest(MESSAGES.alphaDashCustom, { name: [MESSAGES.alphaDashCustom] });
  }
  const hub = captureHub(deps);
  const devices = hub.connectedDevices(sessionId);
  if (devices.length < MIN_CAMERAS) throw badRequest(DEVICE_MESSAGES.notEnoughDevices(devices.length));

  const recalibration = input.recalibrate
    ? await recalibrationOf(deps, sessionId, name, input.recalibrate, devices)
    : {};

  const now = deps.clock.now().toISOString();
  const trials = new CaptureTrialRepository(deps.db);
  // A recording left running (a closed tab, a restart) ends when the next one starts.
  for (const stale of await trials.withStatus(sessionId, ['recording'])) await stopTrial(deps, stale.id);

  if (name === 'neutral') await saveNeutralSubject(deps, userId, session, input);

  const framerate = sessionFramerate(session);
  const maxSeconds = special ? AUTO_STOP_SECONDS : maxRecordingSeconds(framerate);
  const id = randomUUID();
  await new TrialRepository(deps.db).insert({
    id,
    session_id: sessionId,
    name,
    status: 'recording',
    tags: '[]',
    meta: JSON.stringify({
      devices,
      framerate,
      max_seconds: maxSeconds,
      auto_stop: special,
      ...recalibration,
    }),
    progress_percent: null,
    progress_message: null,
    expected_videos: devices.length,
    trashed: 0,
    trashed_at: null,
    started_at: now,
    stopped_at: null,
    created_at: now,
    updated_at: now,
  });
  hub.broadcast(sessionId, {
    type: 'record',
    trial_id: id,
    framerate,
    max_seconds: maxSeconds,
    auto_stop: special,
  });
  scheduleTimeLimit(deps, id, stopAfterSeconds(maxSeconds, special) * 1000);
  return { id, max_seconds: maxSeconds, n_devices: devices.length };
}

/** Seconds after its start at which the server stops a recording (the web app stops trials itself first). */
export function stopAfterSeconds(maxSeconds: number, autoStop: boolean): number {
  return autoStop ? maxSeconds : maxSeconds + SERVER_STOP_GRACE_S;
}

/**
 * Stops the trial at its time limit from this process. Timers live in memory: the capture sweep
 * (capture-sweeps.ts) stops recordings whose process died or restarted, from the time stored in the trial.
 */
export function scheduleTimeLimit(deps: AppDeps, trialId: string, inMs: number): void {
  captureHub(deps).schedule(
    Math.max(0, inMs),
    async () => {
      await stopTrial(deps, trialId);
    },
    () => undefined,
  );
}

/**
 * Re-recording one camera of a calibration: every phone records (the board must be seen by that camera and a
 * calibrated one at the same time); the processing keeps the other cameras of the latest calibration.
 */
async function recalibrationOf(
  deps: AppDeps,
  sessionId: string,
  name: string,
  deviceId: string,
  connected: string[],
): Promise<{ recalibrate: string[]; base_calibration_trial_id: string }> {
  if (name !== 'calibration') throw badRequest('Only a calibration can re-record one camera.');
  if (!connected.includes(deviceId))
    throw badRequest('The phone of the camera to re-record is not connected. Reconnect it with the QR code.');
  const base = await recalibrationBase(deps, sessionId, deviceId);
  if (!base)
    throw badRequest(
      'There is no calibration of the other cameras to keep: record the calibration of all cameras.',
    );
  return { recalibrate: [deviceId], base_calibration_trial_id: base.trialId };
}

export async function saveNeutralSubject(
  deps: AppDeps,
  userId: string,
  session: SessionRow,
  input: RecordInput,
): Promise<void> {
  const meta = parseMeta(session.meta);
  const patch: { meta: string; subject_id?: string; updated_at: string } = {
    meta: JSON.stringify({
      ...meta,
      // A new choice applies at once to what was shared before (data-sharing.ts, archive-access.ts).
      ...(input.subject_data_sharing !== undefined && input.subject_data_sharing !== dataSharingOf(session)
        ? { data_sharing_changed_at: deps.clock.now().toISOString() }
        : {}),
      subject: {
        id: input.subject_id ?? session.subject_id,
        mass: input.subject_mass,
        height: input.subject_height,
        sex: input.subject_sex,
        gender: input.subject_gender,
        data_sharing: input.subject_data_sharing,
      },
    }),
    updated_at: deps.clock.now().toISOString(),
  };
  if (input.subject_id) {
    if (!(await new CaptureTrialRepository(deps.db).subjectOwned(input.subject_id, userId))) {
      throw badRequest('Subject not found.', { subject_id: ['Subject not found.'] });
    }
    patch.subject_id = input.subject_id;
  }
  await new SessionRepository(deps.db).update(session.id, patch);
}

/**
 * Ends a recording: status 'stopped' and one stop command to each of its phones, which then upload. Only the
 * call that changed the status sends (the user's stop and the time limit may meet). The phones are told one
 * by one, not through the session: they may have moved to a newer session meanwhile.
 */
export async function stopTrial(deps: AppDeps, trialId: string): Promise<void> {
  const trial = await new TrialRepository(deps.db).findById(trialId);
  if (!trial) return;
  const changed = await new CaptureTrialRepository(deps.db).markStopped(
    trialId,
    deps.clock.now().toISOString(),
  );
  if (changed) {
    for (const d of trialMeta(trial).devices ?? []) {
      captureHub(deps).sendTo(d, { type: 'stop', trial_id: trialId });
    }
  }
  await checkUploadsComplete(deps, trialId);
}

/**
 * A trial waiting for its recording or videos fails: status 'error' with the message (and a stable code plus
 * params, for the web app's catalogue) in its meta. Its phones drop what they still hold for it.
 */
export async function failTrial(
  deps: AppDeps,
  trialId: string,
  message: string,
  code: string,
  params: Record<string, unknown>,
): Promise<boolean> {
  const trial = await new TrialRepository(deps.db).findById(trialId);
  if (!trial) return false;
  const meta = { ...trialMeta(trial), error_msg: message, error_code: code, error_params: params };
  const failed = await new CaptureTrialRepository(deps.db).markFailed(
    trialId,
    JSON.stringify(meta),
    deps.clock.now().toISOString(),
  );
  if (failed) {
    for (const d of meta.devices ?? []) captureHub(deps).sendTo(d, { type: 'cancel', trial_id: trialId });
  }
  return failed;
}

/** SPEC §7 stop: the session's recording trial stops; answers the new status. */
export async function stopRecording(
  deps: AppDeps,
  userId: string,
  sessionId: string,
): Promise<{ status: string; id: string | null }> {
  await ownedSession(deps, sessionId, userId);
  const recording = await new CaptureTrialRepository(deps.db).withStatus(sessionId, ['recording']);
  for (const t of recording) await stopTrial(deps, t.id);
  const st = await sessionStatus(deps, sessionId, recording[0]?.id);
  return { status: st.status, id: st.trial_id };
}

/** SPEC §7 cancel_trial: the current recording or upload is discarded on the phones and the server. */
export async function cancelTrial(
  deps: AppDeps,
  userId: string,
  sessionId: string,
): Promise<{ cancelled: string | null }> {
  await ownedSession(deps, sessionId, userId);
  const latest = await new CaptureTrialRepository(deps.db).latest(sessionId);
  if (!latest || (latest.status !== 'recording' && latest.status !== 'stopped')) return { cancelled: null };
  const hub = captureHub(deps);
  for (const d of trialMeta(latest).devices ?? []) hub.sendTo(d, { type: 'cancel', trial_id: latest.id });
  await new TrialRepository(deps.db).delete(latest.id);
  await deps.storage.deletePrefix(mediaKeys.trial(sessionId, latest.id));
  return { cancelled: latest.id };
}

/** Called whenever a video arrives or a trial stops: the first time every expected video is in, it queues. */
export async function checkUploadsComplete(deps: AppDeps, trialId: string): Promise<void> {
  const trial = await new TrialRepository(deps.db).findById(trialId);
  if (!trial || trial.status !== 'stopped' || trial.uploads_completed_at) return;
  const n = await new VideoRepository(deps.db).countByTrial(trialId);
  if (n < trial.expected_videos) return;
  const won = await new CaptureTrialRepository(deps.db).markUploadsComplete(
    trialId,
    deps.clock.now().toISOString(),
  );
  if (won) await onTrialUploadsComplete(deps, trialId);
}

/**
 * Hook for processing: every expected video of the trial is stored. The trial stays 'stopped' (SPEC: queued)
 * and a processing job is enqueued (jobs/queue.ts).
 */
export async function onTrialUploadsComplete(deps: AppDeps, trialId: string): Promise<void> {
  await new TrialRepository(deps.db).update(trialId, {
    status: 'stopped',
    updated_at: deps.clock.now().toISOString(),
  });
  await enqueueProcessing(deps, trialId);
}
