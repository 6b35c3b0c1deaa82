import { randomUUID } from 'node:crypto';
import {
  CAMERA_CALIBRATION_TAG,
  DEVICE_MESSAGES,
  type CameraCalibrationResult,
  type CameraModelJson,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { badRequest, conflict, notFound } from '../http/http-error';
import { JobRepository } from '../repositories/job.repository';
import { ResultRepository, type DeviceRow } from '../repositories/result.repository';
import { SessionRepository } from '../repositories/session.repository';
import { TrialRepository } from '../repositories/trial.repository';
import { mediaKeys } from '../storage/media-keys';
import { enqueueProcessing } from '../jobs/queue';

export type ProcessingStatus = 'processing' | 'done' | 'error';

/** SPEC §7 calibration_img / neutral_img: done and error as they are; anything before them is 'processing'. */
export function processingStatusOf(trialStatus: string): ProcessingStatus {
  if (trialStatus === 'done') return 'done';
  if (trialStatus === 'error') return 'error';
  return 'processing';
}

/**
 * Maps imported cameras to paired devices: a camera whose name equals a device's name (or id) takes that
 * device; the others take the remaining devices in pairing order; cameras beyond the paired devices keep
 * device_id null and are mapped when a trial is processed.
 */
export function mapCamerasToDevices(cameras: CameraModelJson[], devices: DeviceRow[]): (string | null)[] {
  const byName = cameras.map((c) => devices.find((d) => d.name === c.name || d.id === c.name)?.id ?? null);
  const taken = new Set(byName.filter((d): d is string => !!d));
  const free = devices.filter((d) => !taken.has(d.id));
  return byName.map((d) => d ?? free.shift()?.id ?? null);
}

export class ProcessingService {
  private readonly sessions: SessionRepository;
  private readonly trials: TrialRepository;
  private readonly results: ResultRepository;

  constructor(private readonly deps: AppDeps) {
    this.sessions = new SessionRepository(deps.db);
    this.trials = new TrialRepository(deps.db);
    this.results = new ResultRepository(deps.db);
  }

  private async ownedSession(sessionId: string, userId: string) {
    const session = await this.sessions.findOwned(sessionId, userId);
    if (!session) throw notFound('Session not found.');
    return session;
  }

  /** Status of the newest calibration or neutral trial of the session. */
  async specialTrialStatus(sessionId: string, userId: string, name: 'calibration' | 'neutral') {
    await this.ownedSession(sessionId, userId);
    const trial = await this.results.latestTrialNamed(sessionId, name);
    if (!trial) throw notFound(`This session has no ${name} trial.`);
    return { status: processingStatusOf(trial.status) };
  }

  /** Imports a Qualisys .qca.txt or Pose2Sim/anipose .toml calibration as a done calibration trial. */
  async importCalibration(sessionId: string, userId: string, fileName: string, text: string) {
    const session = await this.ownedSession(sessionId, userId);
    const pipeline = await import('@poselab/pipeline');
    const lower = fileName.toLowerCase();
    const isToml = lower.endsWith('.toml') || (!lower.endsWith('.txt') && !text.trimStart().startsWith('<'));
    let cameras: CameraModelJson[];
    try {
      cameras = (
        isToml ? pipeline.importTomlCalibration(text) : pipeline.importQualisysCalibration(text)
      ) as CameraModelJson[];
    } catch (err) {
      throw badRequest(`The calibration file could not be read: ${(err as Error).message}`, {
        file: [(err as Error).message],
      });
    }
    if (cameras.length < 2)
      throw badRequest(DEVICE_MESSAGES.oneCalibratedCamera, { file: ['Fewer than 2 cameras.'] });
    const devices = await this.results.devicesOfSession(session.id);
    const deviceIds = mapCamerasToDevices(cameras, devices);
    const now = this.deps.clock.now().toISOString();
    const result: CameraCalibrationResult = {
      source: isToml ? 'toml' : 'qualisys',
      cameras: cameras.map((camera, i) => ({ device_id: deviceIds[i], camera, reprojection_error_px: null })),
      checkerboard: null,
      created_at: now,
    };
    const trialId = randomUUID();
    const message = DEVICE_MESSAGES.calibrated(cameras.length);
    await this.trials.insert({
      id: trialId,
      session_id: session.id,
      name: 'calibration',
      status: 'done',
      tags: '[]',
      meta: JSON.stringify({ imported_from: fileName, message }),
      progress_percent: 100,
      progress_message: message,
      expected_videos: 0,
      trashed: 0,
      trashed_at: null,
      started_at: now,
      stopped_at: now,
      created_at: now,
      updated_at: now,
    });
    const key = mediaKeys.result(session.id, trialId, 'camera-calibration.json');
    await this.deps.storage.put(key, Buffer.from(JSON.stringify(result, null, 2)), 'application/json');
    await this.results.insert({
      id: randomUUID(),
      trial_id: trialId,
      tag: CAMERA_CALIBRATION_TAG,
      device_id: null,
      storage_key: key,
      meta: JSON.stringify(result),
      created_at: now,
    });
    return { trial_id: trialId, n_cameras: cameras.length, message };
  }

  /** Re-runs a finished trial with the session's current settings. */
  async reprocess(trialId: string, userId: string) {
    const trial = await this.trials.findById(trialId);
    if (!trial) throw notFound('Trial not found.');
    await this.ownedSession(trial.session_id, userId);
    if (trial.trashed) throw conflict('Restore the trial before processing it again.');
    if (!['done', 'error'].includes(trial.status))
      throw conflict('Only trials that finished processing (done or error) can be processed again.');
    const videos = await this.trials.videosOf([trial.id]);
    if (videos.length === 0) throw conflict('This trial has no videos to process.');
    await this.trials.update(trial.id, {
      status: 'reprocess',
      updated_at: this.deps.clock.now().toISOString(),
    });
    await enqueueProcessing(this.deps, trial.id);
    return { id: trial.id, status: 'reprocess' };
  }

  /** The newest job of a trial (for logs and tests). */
  latestJob(trialId: string) {
    return new JobRepository(this.deps.db, this.deps.dialect).latestOfTrial(trialId);
  }
}
