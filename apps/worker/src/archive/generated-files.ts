import { stringify } from 'yaml';
import { exportTomlCalibration, type CameraModel } from '@poselab/pipeline';
import type { ArchiveCamera, ArchiveSession } from '@poselab/contract';

/**
 * The files an archive's session folder gets that are not stored anywhere: they are written from the job's
 * payload (sessionMetadata.yaml, README.txt, the calibration of each camera as our JSON and as a Pose2Sim
 * .toml). The metrics CSV of analysis results is packages/analysis' metricsCsv.
 */

/** OpenCap names the board placements 'backWall' and 'ground'. */
const PLACEMENT: Record<string, string> = { Perpendicular: 'backWall', Lying: 'ground' };

/**
 * sessionMetadata.yaml with OpenCap's keys, so scripts written for OpenCap's downloads read it, followed by
 * PoseLab's own fields under `poselab`.
 */
export function sessionMetadataYaml(session: ArchiveSession): string {
  const m = session.metadata;
  const doc: Record<string, unknown> = {
    subjectID: m.subject_id ?? 'default',
    mass_kg: m.mass_kg,
    height_m: m.height_m,
    sex: m.sex,
    // OpenCap's older name of the same field.
    gender_mf: m.sex,
    openSimModel: m.model,
    markerAugmentationSettings: { markerAugmenterModel: m.augmenter },
    filterFrequency: m.filter_frequency ?? 'default',
    framerate: m.framerate,
    checkerBoard: m.checkerboard
      ? {
          black2BlackCornersWidth_n: m.checkerboard.cols,
          black2BlackCornersHeight_n: m.checkerboard.rows,
          squareSideLength_mm: m.checkerboard.square_size_mm,
          placement: PLACEMENT[m.checkerboard.placement] ?? m.checkerboard.placement,
        }
      : null,
    iphoneModel: Object.fromEntries(session.cameras.map((c) => [`Cam${c.index}`, c.phone_model])),
    poselab: {
      session_id: m.session_id,
      session_name: m.session_name,
      created_at: m.created_at,
      data_sharing: m.data_sharing,
      cameras: session.cameras.map((c) => ({ camera: `Cam${c.index}`, device_id: c.device_id })),
      trials: session.trials.map((t) => ({ name: t.name, kind: t.kind, status: t.status })),
    },
  };
  return stringify(doc, { lineWidth: 0 });
}

/** Videos/Cam<i>/cameraIntrinsicsExtrinsics.json: our calibration of one camera. */
export function cameraJson(camera: ArchiveCamera): string | null {
  if (!camera.calibration) return null;
  // The camera's own device id (below) wins over the calibration's.
  const { camera: model, device_id: _calibrationDevice, ...rest } = camera.calibration;
  return `${JSON.stringify(
    {
      camera: `Cam${camera.index}`,
      device_id: camera.device_id,
      phone_model: camera.phone_model,
      intrinsics: model.intrinsics,
      extrinsics: model.extrinsics,
      ...rest,
      frame: 'world → camera: Xc = R·Xw + t; R row-major; metres; world Y up, origin at the board',
    },
    null,
    2,
  )}\n`;
}

/** Videos/calibration.toml: every calibrated camera as Pose2Sim and anipose read it (their worlds are Z up). */
export function calibrationToml(cameras: ArchiveCamera[]): string | null {
  const models: CameraModel[] = cameras
    .filter((c) => c.calibration)
    .map((c) => ({ ...c.calibration!.camera, name: `Cam${c.index}` }) as CameraModel);
  if (models.length === 0) return null;
  const errors = cameras.map((c) => c.calibration?.reprojection_error_px).filter((e) => e != null);
  const error = errors.length ? errors.reduce((a, b) => a + b, 0) / errors.length : 0;
  return exportTomlCalibration(models, { upAxis: 'z', error });
}
