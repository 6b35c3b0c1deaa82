import {
  CAMERA_CALIBRATION_TAG,
  cameraCalibrationResult,
  cameraIntrinsicsSchema,
  cameraProfileKey,
  DEVICE_MESSAGES,
  sessionMeta,
  type CameraCalibrationResult,
  type JobSpec,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import type { JobRow } from '../repositories/job.repository';
import { ResultRepository, type DeviceRow } from '../repositories/result.repository';
import { SessionRepository, type SessionRow } from '../repositories/session.repository';
import { TrialRepository } from '../repositories/trial.repository';
import { jobSettings } from '../jobs/job-settings';
import { JobInputError } from '../jobs/kinds/job-kind';
import { calibratedCamerasOf } from './calibration-base';

export { JobInputError } from '../jobs/kinds/job-kind';

const DEFAULT_CHECKERBOARD = { rows: 4, cols: 5, square_size_mm: 35, placement: 'Perpendicular' as const };

export function parseSessionMeta(row: SessionRow) {
  try {
    const parsed = sessionMeta.safeParse(JSON.parse(row.meta));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/**
 * Maps cameras without a device to the session's paired devices in pairing order (devices.created_at),
 * skipping devices that a camera already claims (calibrations imported before the explicit assignment).
 */
export function assignDevices(cal: CameraCalibrationResult, devices: DeviceRow[]): CameraCalibrationResult {
  // The user assigned every imported camera to its phone: nothing is mapped by order behind their back.
  if (cal.assignment === 'explicit') return cal;
  const taken = new Set(cal.cameras.map((c) => c.device_id).filter((d): d is string => !!d));
  const free = devices.filter((d) => !taken.has(d.id));
  return {
    ...cal,
    cameras: cal.cameras.map((c) => (c.device_id ? c : { ...c, device_id: free.shift()?.id ?? null })),
  };
}

/**
 * The calibration a session's trials use: its newest done calibration trial, or that of the session whose
 * setup it reuses (calibration_session_id).
 */
export async function sessionCalibration(
  deps: AppDeps,
  session: SessionRow,
): Promise<{ trialId: string; calibration: CameraCalibrationResult } | null> {
  const results = new ResultRepository(deps.db);
  const sessionIds = [
    session.id,
    ...(session.calibration_session_id ? [session.calibration_session_id] : []),
  ];
  for (const sid of sessionIds) {
    const trial = await results.latestTrialNamed(sid, 'calibration', 'done');
    if (!trial) continue;
    const [row] = await results.ofTrial(trial.id, CAMERA_CALIBRATION_TAG);
    if (!row) continue;
    const parsed = cameraCalibrationResult.safeParse(JSON.parse(row.meta));
    if (parsed.success) return { trialId: trial.id, calibration: parsed.data };
  }
  return null;
}

/** Builds what a worker needs for one job; throws JobInputError with user words when inputs are missing. */
export async function buildJobSpec(deps: AppDeps, job: JobRow): Promise<JobSpec> {
  const trials = new TrialRepository(deps.db);
  const results = new ResultRepository(deps.db);
  if (!job.trial_id) throw new JobInputError('The trial no longer exists.');
  const trial = await trials.findById(job.trial_id);
  if (!trial) throw new JobInputError('The trial no longer exists.');
  const session = await new SessionRepository(deps.db).findById(trial.session_id);
  if (!session) throw new JobInputError('The session no longer exists.');
  const meta = parseSessionMeta(session);
  const devices = await results.devicesByIds((await trials.videosOf([trial.id])).map((v) => v.device_id));
  // Cameras are numbered for users in pairing order ('camera 2' is the second phone paired).
  const pairedAt = (deviceId: string) => devices.find((d) => d.id === deviceId)?.created_at ?? '';
  const videos = (await trials.videosOf([trial.id])).sort(
    (a, b) =>
      pairedAt(a.device_id).localeCompare(pairedAt(b.device_id)) || a.device_id.localeCompare(b.device_id),
  );
  const nameOf = (id: string) => devices.find((d) => d.id === id)?.name ?? id.slice(0, 8);
  if (videos.length < 2)
    throw new JobInputError(
      `At least 2 videos are needed to process a trial; ${videos.length} ${videos.length === 1 ? 'was' : 'were'} uploaded.`,
    );

  let calibration: CameraCalibrationResult | null = null;
  let scaledModel: string | null = null;
  const recalibration = job.kind === 'calibration' ? await recalibrationSpec(deps, trial.meta) : {};
  if (job.kind !== 'calibration') {
    const found = await sessionCalibration(deps, session);
    if (!found) throw new JobInputError(DEVICE_MESSAGES.noCalibratedCameras);
    const sessionDevices = await results.devicesOfSession(session.id);
    calibration = assignDevices(found.calibration, sessionDevices);
    const calibrated = videos.filter((v) => calibration!.cameras.some((c) => c.device_id === v.device_id));
    if (calibrated.length < 2)
      throw new JobInputError(
        `Only ${calibrated.length} of the ${videos.length} uploaded videos come from calibrated cameras; at least 2 are needed. Calibrate the cameras again.`,
      );
    if (job.kind === 'neutral') {
      // The neutral trial's own selection of extrinsic solutions wins over the raw calibration.
    } else {
      const neutral = await results.latestTrialNamed(session.id, 'neutral', 'done');
      const [model] = neutral ? await results.ofTrial(neutral.id, 'opensim_model') : [];
      if (!model)
        throw new JobInputError(
          'The neutral pose of this session has not been processed. Record the neutral pose first.',
        );
      scaledModel = model.id;
      const [picked] = neutral ? await results.ofTrial(neutral.id, CAMERA_CALIBRATION_TAG) : [];
      if (picked) {
        const parsed = cameraCalibrationResult.safeParse(JSON.parse(picked.meta));
        if (parsed.success) calibration = assignDevices(parsed.data, sessionDevices);
      }
    }
  }

  const subjectRow = session.subject_id ? await results.subjectById(session.subject_id) : undefined;
  const metaSubject = (meta.subject ?? {}) as Record<string, unknown>;
  const num = (v: unknown) =>
    typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : NaN;
  const weight = Number.isFinite(num(metaSubject.mass)) ? num(metaSubject.mass) : (subjectRow?.weight ?? 70);
  const height = Number.isFinite(num(metaSubject.height))
    ? num(metaSubject.height)
    : (subjectRow?.height ?? 1.8);
  const sex = typeof metaSubject.sex === 'string' ? metaSubject.sex : (subjectRow?.sex_at_birth ?? null);

  // Profiles are looked up by model; the worker picks the size (cameraProfileKey: 'model@WxH').
  const prefixOf = (model: string) => cameraProfileKey(model, 0, 0).replace(/0x0$/, '');
  const models = [...new Set(videos.map((v) => v.model).filter(Boolean))];
  const profileRows = await results.cameraProfilesOf(models.map(prefixOf));
  const profilesOf = (model: string) =>
    model
      ? profileRows
          .filter((r) => r.model_key.startsWith(prefixOf(model)))
          .map((r) => cameraIntrinsicsSchema.safeParse(JSON.parse(r.intrinsics)))
          .flatMap((p) => (p.success ? [p.data] : []))
      : [];

  return {
    job_id: job.id,
    kind: job.kind as JobSpec['kind'],
    attempt: job.attempts,
    max_attempts: job.max_attempts,
    lease_seconds: jobSettings().leaseSeconds,
    trial: { id: trial.id, name: trial.name, session_id: session.id },
    settings: meta.settings ?? {},
    checkerboard: meta.checkerboard ?? DEFAULT_CHECKERBOARD,
    subject: { weight_kg: weight, height_m: height, sex },
    videos: videos.map((v) => ({
      id: v.id,
      device_id: v.device_id,
      device_name: nameOf(v.device_id),
      fps: v.fps,
      width: v.width,
      height: v.height,
      rotation: v.rotation,
      duration_sec: v.duration_sec,
      start_time_ms: v.start_time_ms,
      frame_timestamps: v.frame_timestamps ? (JSON.parse(v.frame_timestamps) as number[]) : null,
      file_name: v.storage_key.split('/').pop() ?? `${v.device_id}.mp4`,
      model: v.model,
      profiles: profilesOf(v.model),
    })),
    calibration,
    scaled_model_result_id: scaledModel,
    ...recalibration,
    // Files imported from cameras that shared no clock (issue #28): aligned from their sound or motion first.
    ...(importedTrial(trial.meta) ? { coarse_align: true } : {}),
  };
}

function importedTrial(trialMeta: string): boolean {
  try {
    return (JSON.parse(trialMeta) as { imported?: unknown }).imported === true;
  } catch {
    return false;
  }
}

/** A calibration re-recording some cameras: those cameras, and the earlier calibration whose others it keeps. */
async function recalibrationSpec(
  deps: AppDeps,
  trialMeta: string,
): Promise<Partial<Pick<JobSpec, 'calibration' | 'recalibrate_device_ids' | 'base_calibration_trial_id'>>> {
  let meta: { recalibrate?: unknown; base_calibration_trial_id?: unknown };
  try {
    meta = JSON.parse(trialMeta) as typeof meta;
  } catch {
    return {};
  }
  const redo = Array.isArray(meta.recalibrate) ? meta.recalibrate.filter((d) => typeof d === 'string') : [];
  const baseId = typeof meta.base_calibration_trial_id === 'string' ? meta.base_calibration_trial_id : null;
  if (!redo.length || !baseId) return {};
  const base = await calibratedCamerasOf(deps, baseId);
  if (!base)
    throw new JobInputError(
      'The calibration of the other cameras is no longer there to keep: record the calibration of all cameras.',
    );
  return { calibration: base, recalibrate_device_ids: redo, base_calibration_trial_id: baseId };
}
