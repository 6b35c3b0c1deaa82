import { randomUUID } from 'node:crypto';
import {
  CAMERA_CALIBRATION_TAG,
  importAssignedMessage,
  type CameraCalibrationResult,
  type CameraModelJson,
  type ImportCalibrationMapping,
  type ImportCalibrationPreview,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { badRequest, notFound } from '../http/http-error';
import { ResultRepository, type DeviceRow } from '../repositories/result.repository';
import { SessionRepository } from '../repositories/session.repository';
import { TrialRepository } from '../repositories/trial.repository';
import { mediaKeys } from '../storage/media-keys';

/**
 * The proposed phone of each imported camera: a camera whose name equals a device's name (or id) takes that
 * device; the others take the remaining devices in pairing order; cameras beyond the paired devices get none.
 */
export function mapCamerasToDevices(cameras: CameraModelJson[], devices: DeviceRow[]): (string | null)[] {
  const byName = cameras.map((c) => devices.find((d) => d.name === c.name || d.id === c.name)?.id ?? null);
  const taken = new Set(byName.filter((d): d is string => !!d));
  const free = devices.filter((d) => !taken.has(d.id));
  return byName.map((d) => d ?? free.shift()?.id ?? null);
}

/** Why a mapping cannot be used, or null. Each camera gets a paired phone or none; a phone takes one camera. */
export function mappingError(
  mapping: ImportCalibrationMapping,
  cameras: CameraModelJson[],
  devices: DeviceRow[],
): string | null {
  if (mapping.length !== cameras.length)
    return `The assignment lists ${mapping.length} cameras; the file has ${cameras.length}.`;
  const ids = new Set(devices.map((d) => d.id));
  const seen = new Set<string>();
  for (const [i, id] of mapping.entries()) {
    if (id === null) continue;
    if (!ids.has(id))
      return `Camera ${cameras[i].name} is assigned to a phone that is not paired to this session.`;
    if (seen.has(id)) return 'Each phone can take only one camera.';
    seen.add(id);
  }
  const assigned = mapping.filter((m) => m !== null).length;
  if (assigned < 2)
    return `Assign at least 2 cameras to phones (${importAssignedMessage(assigned, cameras.length).replace(/\.$/, '')}).`;
  return null;
}

/**
 * Calibration files from a lab (Qualisys .qca.txt, Pose2Sim/anipose .toml): read to propose an assignment of
 * each camera to a paired phone, then stored as a done calibration trial with the assignment the user chose.
 */
export class CalibrationImportService {
  private readonly results: ResultRepository;
  private readonly trials: TrialRepository;

  constructor(private readonly deps: AppDeps) {
    this.results = new ResultRepository(deps.db);
    this.trials = new TrialRepository(deps.db);
  }

  private async read(sessionId: string, userId: string, fileName: string, text: string) {
    const session = await new SessionRepository(this.deps.db).findOwned(sessionId, userId);
    if (!session) throw notFound('Session not found.');
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
      throw badRequest('The calibration file has fewer than 2 cameras.', { file: ['Fewer than 2 cameras.'] });
    const devices = await this.results.devicesOfSession(session.id);
    return { session, cameras, devices, source: isToml ? ('toml' as const) : ('qualisys' as const) };
  }

  /** The file's cameras, the paired phones and the proposed assignment; nothing is stored. */
  async preview(
    sessionId: string,
    userId: string,
    fileName: string,
    text: string,
  ): Promise<ImportCalibrationPreview> {
    const { cameras, devices, source } = await this.read(sessionId, userId, fileName, text);
    return {
      source,
      cameras: cameras.map((c, index) => ({
        index,
        name: c.name,
        width: c.intrinsics.width,
        height: c.intrinsics.height,
      })),
      devices: devices.map((d, i) => ({ id: d.id, name: d.name, number: i + 1 })),
      mapping: mapCamerasToDevices(cameras, devices),
    };
  }

  /** Stores the calibration with the cameras assigned to phones (`mapping`, else the proposal). */
  async import(
    sessionId: string,
    userId: string,
    fileName: string,
    text: string,
    mapping: ImportCalibrationMapping | null,
  ) {
    const { session, cameras, devices, source } = await this.read(sessionId, userId, fileName, text);
    const chosen = mapping ?? mapCamerasToDevices(cameras, devices);
    const error = mappingError(chosen, cameras, devices);
    if (error) throw badRequest(error, { mapping: [error] });
    const assigned = cameras.flatMap((camera, i) => (chosen[i] ? [{ camera, deviceId: chosen[i]! }] : []));
    const unassigned = cameras.filter((_, i) => !chosen[i]).map((c) => c.name);
    const now = this.deps.clock.now().toISOString();
    const result: CameraCalibrationResult = {
      source,
      cameras: assigned.map(({ camera, deviceId }) => ({
        device_id: deviceId,
        camera,
        reprojection_error_px: null,
      })),
      checkerboard: null,
      created_at: now,
      assignment: 'explicit',
    };
    const trialId = randomUUID();
    const message = importAssignedMessage(assigned.length, cameras.length);
    await this.trials.insert({
      id: trialId,
      session_id: session.id,
      name: 'calibration',
      status: 'done',
      tags: '[]',
      meta: JSON.stringify({
        imported_from: fileName,
        message,
        n_calibrated: assigned.length,
        assignment: cameras.map((c, i) => ({ camera: c.name, device_id: chosen[i] })),
      }),
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
    return {
      trial_id: trialId,
      n_cameras: cameras.length,
      n_assigned: assigned.length,
      unassigned,
      message,
    };
  }
}
