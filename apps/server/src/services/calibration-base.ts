import {
  CALIBRATION_REPORT_TAG,
  CAMERA_CALIBRATION_TAG,
  calibrationReport,
  cameraCalibrationResult,
  type CameraCalibrationResult,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { ResultRepository } from '../repositories/result.repository';
import { TrialRepository } from '../repositories/trial.repository';

/**
 * The cameras of one calibration trial that can be kept when other cameras are re-recorded: its
 * 'camera-calibration' result when it succeeded, else the calibrated cameras of its report (a calibration
 * refused as a whole can still have cameras that were fine, e.g. camera 1 when camera 2 missed the board).
 */
export async function calibratedCamerasOf(
  deps: AppDeps,
  trialId: string,
): Promise<CameraCalibrationResult | null> {
  const results = new ResultRepository(deps.db);
  const [cal] = await results.ofTrial(trialId, CAMERA_CALIBRATION_TAG);
  if (cal) {
    const parsed = cameraCalibrationResult.safeParse(JSON.parse(cal.meta));
    if (parsed.success && parsed.data.cameras.some((c) => c.device_id)) return parsed.data;
  }
  const [rep] = await results.ofTrial(trialId, CALIBRATION_REPORT_TAG);
  if (!rep) return null;
  const parsed = calibrationReport.safeParse(JSON.parse(rep.meta));
  if (!parsed.success) return null;
  const cameras = parsed.data.cameras.flatMap((c) =>
    c.ok && c.camera
      ? [
          {
            device_id: c.device_id,
            camera: c.camera,
            reprojection_error_px: c.reprojection_error_px,
            height_m: c.height_m,
            distance_to_board_m: c.distance_to_board_m,
            agreement_m: c.agreement_m,
          },
        ]
      : [],
  );
  if (cameras.length === 0) return null;
  const trial = await new TrialRepository(deps.db).findById(trialId);
  return { source: 'recorded', cameras, checkerboard: null, created_at: trial?.created_at ?? '' };
}

/**
 * What re-recording one camera keeps: the session's latest calibration trial (done or refused) with cameras
 * to keep other than `deviceId`. Null when there is none (then all cameras must be recorded again).
 */
export async function recalibrationBase(
  deps: AppDeps,
  sessionId: string,
  deviceId: string,
): Promise<{ trialId: string; calibration: CameraCalibrationResult } | null> {
  const latest = await new ResultRepository(deps.db).latestTrialNamedIn(sessionId, 'calibration', [
    'done',
    'error',
  ]);
  if (!latest) return null;
  const calibration = await calibratedCamerasOf(deps, latest.id);
  if (!calibration || !calibration.cameras.some((c) => c.device_id && c.device_id !== deviceId)) return null;
  return { trialId: latest.id, calibration };
}
