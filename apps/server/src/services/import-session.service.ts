import { randomUUID } from 'node:crypto';
import {
  CAMERA_CALIBRATION_TAG,
  cameraCalibrationResult,
  DEFAULT_FRAMERATE,
  IMPORT_ERROR_CODES,
  IMPORT_MESSAGES,
  IMPORT_MIN_CAMERAS,
  type CameraCalibrationResult,
  type Session,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { badRequest } from '../http/http-error';
import { DeviceRepository, type DeviceRow } from '../repositories/device.repository';
import { ResultRepository } from '../repositories/result.repository';
import { TrialRepository } from '../repositories/trial.repository';
import { mediaKeys } from '../storage/media-keys';
import { insertSession, ownerDto } from './capture-session.service';
import { ownedSession, parseMeta } from './recording.service';
import { sessionCalibration } from './job-spec';

/**
 * Sessions from video files: each camera is a device of the session with no phone behind it (its token hash
 * is no hash, so no token ever authenticates as it). Videos stay trial × device as for phones, so the rest
 * of the product (jobs, results, archives, access rules) treats imported sessions like recorded ones.
 */

/** Marks an imported camera in devices.model: no phone model, so no phone intrinsics profile is looked up. */
export const IMPORTED_CAMERA_MODEL = '';
const IMPORTED_USER_AGENT = 'video file import';

export function isImportedSession(meta: string): boolean {
  return Boolean((parseMeta(meta) as { imported?: unknown }).imported);
}

export async function createImportSession(
  deps: AppDeps,
  userId: string,
  nCameras: number,
): Promise<{ session: Session; cameras: Array<{ device_id: string; name: string }> }> {
  if (nCameras < IMPORT_MIN_CAMERAS)
    throw badRequest(IMPORT_MESSAGES.tooFewCameras(nCameras), {
      n_cameras: [IMPORT_MESSAGES.tooFewCameras(nCameras)],
      code: [IMPORT_ERROR_CODES.cameraCount],
    });
  const s = await insertSession(
    deps,
    userId,
    { settings: { framerate: DEFAULT_FRAMERATE }, imported: { n_cameras: nCameras } },
    null,
  );
  const devices = new DeviceRepository(deps.db);
  const cameras: Array<{ device_id: string; name: string }> = [];
  const t0 = deps.clock.now().getTime();
  for (let i = 0; i < nCameras; i++) {
    // Distinct creation times keep 'Camera N' in order wherever devices are sorted by pairing time.
    const at = new Date(t0 + i).toISOString();
    const id = randomUUID();
    const name = `Camera ${i + 1}`;
    await devices.insert({
      id,
      session_id: s.id,
      token_hash: `import:${randomUUID()}`,
      name,
      model: IMPORTED_CAMERA_MODEL,
      user_agent: IMPORTED_USER_AGENT,
      capabilities: JSON.stringify({ imported: true }),
      last_seen_at: at,
      created_at: at,
    });
    cameras.push({ device_id: id, name });
  }
  return { session: await ownerDto(deps, s), cameras };
}

/** The session, checked to be the caller's and imported from files. */
export async function ownedImportSession(deps: AppDeps, sessionId: string, userId: string) {
  const s = await ownedSession(deps, sessionId, userId);
  if (!isImportedSession(s.meta))
    throw badRequest(IMPORT_MESSAGES.notImported, { code: [IMPORT_ERROR_CODES.notImported] });
  return s;
}

/**
 * Copies the calibration of an earlier session of the same user (the cameras did not move) as this
 * session's calibration: its calibrated cameras, in their camera order, become this session's cameras 1..N.
 */
export async function reuseCalibration(
  deps: AppDeps,
  userId: string,
  sessionId: string,
  fromSessionId: string,
): Promise<{ trial_id: string; n_cameras: number }> {
  const target = await ownedImportSession(deps, sessionId, userId);
  const source = await ownedSession(deps, fromSessionId, userId);
  const found = await sessionCalibration(deps, source);
  if (!found)
    throw badRequest(IMPORT_MESSAGES.noCalibration, { from_session_id: [IMPORT_MESSAGES.noCalibration] });
  const results = new ResultRepository(deps.db);
  const order = await results.devicesOfSession(source.id);
  const rank = (id: string | null | undefined) => {
    const i = order.findIndex((d) => d.id === id);
    return i < 0 ? Number.MAX_SAFE_INTEGER : i;
  };
  const calibrated = found.calibration.cameras
    .filter((c) => c.device_id)
    .sort((a, b) => rank(a.device_id) - rank(b.device_id));
  const cameras: DeviceRow[] = await new DeviceRepository(deps.db).listBySession(target.id);
  if (calibrated.length !== cameras.length) {
    const msg = IMPORT_MESSAGES.calibrationCameras(calibrated.length, cameras.length);
    throw badRequest(msg, { from_session_id: [msg] });
  }
  const now = deps.clock.now().toISOString();
  const result: CameraCalibrationResult = cameraCalibrationResult.parse({
    ...found.calibration,
    cameras: calibrated.map((c, i) => ({ ...c, device_id: cameras[i].id })),
    created_at: now,
    assignment: 'explicit',
  });
  const trialId = randomUUID();
  const message = `Calibration of ${cameras.length} cameras reused from an earlier session.`;
  await new TrialRepository(deps.db).insert({
    id: trialId,
    session_id: target.id,
    name: 'calibration',
    status: 'done',
    tags: '[]',
    meta: JSON.stringify({ reused_from: { session_id: source.id, trial_id: found.trialId }, message }),
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
  const key = mediaKeys.result(target.id, trialId, 'camera-calibration.json');
  await deps.storage.put(key, Buffer.from(JSON.stringify(result, null, 2)), 'application/json');
  await results.insert({
    id: randomUUID(),
    trial_id: trialId,
    tag: CAMERA_CALIBRATION_TAG,
    device_id: null,
    storage_key: key,
    meta: JSON.stringify(result),
    created_at: now,
  });
  return { trial_id: trialId, n_cameras: cameras.length };
}
