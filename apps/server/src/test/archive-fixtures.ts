import { randomUUID } from 'node:crypto';
import {
  CAMERA_CALIBRATION_TAG,
  DATA_SHARING_CHOICES,
  type CameraCalibrationResult,
} from '@poselab/contract';
import type { AppDeps } from '../deps';
import { insertDevices, insertSession, insertTrialWithVideos } from '../jobs/processing-fixtures';
import { mediaKeys } from '../storage/media-keys';
import { seedSubject } from './data-fixtures';

/**
 * A processed session as the archive tests need it, inserted directly: two paired phones, a recorded
 * calibration with its images, a neutral with the scaled model, two done trials ('walk' with a gait analysis,
 * 'squat'), a trial that failed ('broken', raw videos only) and a trashed one ('jump'). Files are small made-up
 * contents; the end-to-end test archives the real pipeline's output.
 */
export interface ArchiveFixture {
  sessionId: string;
  subjectId: string;
  deviceIds: string[];
  trialIds: Record<string, string>;
  /** Bytes of each stored file by the path it must have in the session folder. */
  expected: Map<string, Buffer>;
}

const camera = (name: string, tx: number) => ({
  name,
  intrinsics: { width: 1080, height: 1920, fx: 1500, fy: 1500, cx: 540, cy: 960, dist: [0.01, 0, 0, 0, 0] },
  extrinsics: { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [tx, 0, 3] },
});

export async function seedArchiveSession(
  deps: AppDeps,
  userId: string,
  opts: {
    dataSharing?: string;
    public?: boolean;
    /** 'toml': the cameras were calibrated from an imported file (no calibration images); default recorded. */
    calibration?: 'recorded' | 'toml';
  } = {},
): Promise<ArchiveFixture> {
  const subjectId = await seedSubject(deps, userId, { name: 'Archive subject' });
  const dataSharing = opts.dataSharing ?? DATA_SHARING_CHOICES[0];
  const sessionId = await insertSession(deps, userId, {
    sessionName: 'archive_test',
    settings: {
      framerate: 60,
      openSimModel: 'LaiUhlrich2022',
      augmenter_model: 'v0.3',
      data_sharing: dataSharing,
    },
    checkerboard: { rows: 4, cols: 5, square_size_mm: 35, placement: 'Perpendicular' },
    subject: { id: subjectId, mass: 71.5, height: 1.76, sex: 'woman', data_sharing: dataSharing },
  });
  await deps.db
    .updateTable('sessions')
    .set({ subject_id: subjectId, public: opts.public ? 1 : 0 })
    .where('id', '=', sessionId)
    .execute();
  const deviceIds = await insertDevices(deps, sessionId, ['phone-a', 'phone-b']);
  await deps.db.updateTable('devices').set({ model: 'Pixel 8' }).where('id', '=', deviceIds[0]).execute();
  const expected = new Map<string, Buffer>();
  const trialIds: Record<string, string> = {};
  let clockMs = 0;

  const trial = async (name: string, status: string, withVideos = true) => {
    const files = withVideos
      ? deviceIds.map((deviceId, i) => ({
          deviceId,
          bytes: Buffer.from(`raw ${name} camera ${i} `.repeat(50)),
        }))
      : [];
    const id = await insertTrialWithVideos(deps, sessionId, name, files);
    // Distinct creation times keep the trials in recording order.
    const at = new Date(deps.clock.now().getTime() + ++clockMs * 1000).toISOString();
    await deps.db.updateTable('trials').set({ status, created_at: at }).where('id', '=', id).execute();
    trialIds[name] = id;
    files.forEach((f, i) => expected.set(`Videos/Cam${i}/InputMedia/${name}/${name}.mp4`, f.bytes));
    return id;
  };
  const result = (
    trialId: string,
    tag: string,
    fileName: string | null,
    bytes: Buffer | null,
    meta: Record<string, unknown> = {},
    deviceId: string | null = null,
  ) => insertResult(deps, { sessionId, trialId, tag, fileName, bytes, meta, deviceId });

  const calibration: CameraCalibrationResult = {
    source: opts.calibration ?? 'recorded',
    cameras: deviceIds.map((d, i) => ({
      device_id: d,
      camera: camera(`cam${i + 1}`, i * 0.5) as CameraCalibrationResult['cameras'][number]['camera'],
      reprojection_error_px: 0.3,
    })),
    checkerboard: { rows: 4, cols: 5, square_size_mm: 35, placement: 'Perpendicular' },
    created_at: deps.clock.now().toISOString(),
  };
  const cal = await trial('calibration', 'done');
  await result(
    cal,
    CAMERA_CALIBRATION_TAG,
    'camera-calibration.json',
    Buffer.from(JSON.stringify(calibration)),
    calibration,
  );
  for (const [i, d] of (calibration.source === 'recorded' ? deviceIds : []).entries()) {
    const png = Buffer.from(`png of camera ${i}`);
    await result(cal, 'calibration-img', `calibration-img-${i + 1}.png`, png, { ok: true }, d);
    expected.set(`CalibrationImages/calib_imgCam${i}.png`, png);
  }

  const neutral = await trial('neutral', 'done');
  const osim = Buffer.from('<OpenSimDocument Version="40000"><Model name="scaled"/></OpenSimDocument>');
  await result(neutral, 'opensim_model', 'scaled-model.osim', osim, {
    model: 'LaiUhlrich2022',
    augmenter: 'v0.3',
  });
  expected.set('OpenSimData/Model/LaiUhlrich2022_scaled.osim', osim);
  const neutralTrc = Buffer.from('PathFileType\t4\t(X/Y/Z)\tneutral.trc\n');
  await result(neutral, 'marker_data', 'neutral-markers.trc', neutralTrc);
  expected.set('MarkerData/neutral.trc', neutralTrc);
  const neutralMot = Buffer.from(
    'neutral\nversion=1\nnRows=1\nnColumns=2\ninDegrees=yes\nendheader\ntime\tknee_angle_r\n0\t1\n',
  );
  await result(neutral, 'ik_results', 'neutral.mot', neutralMot);
  expected.set('OpenSimData/Kinematics/neutral.mot', neutralMot);
  await result(neutral, CAMERA_CALIBRATION_TAG, 'camera-calibration.json', Buffer.from('{}'), calibration);

  for (const name of ['walk', 'squat']) {
    const id = await trial(name, 'done');
    const mot = Buffer.from(
      `${name}\nversion=1\nnRows=1\nnColumns=2\ninDegrees=yes\nendheader\ntime\tknee_angle_r\n0\t${name.length}\n`,
    );
    const trc = Buffer.from(`PathFileType\t4\t(X/Y/Z)\t${name}.trc\n`);
    await result(id, 'ik_results', `${name}.mot`, mot);
    await result(id, 'marker_data', `${name}.trc`, trc);
    await result(id, 'visualizerTransforms-json', 'visualizerTransforms.json', Buffer.from('{}'));
    expected.set(`OpenSimData/Kinematics/${name}.mot`, mot);
    expected.set(`MarkerData/${name}.trc`, trc);
    for (const [i, d] of deviceIds.entries()) {
      const sync = Buffer.from(`synced ${name} ${i} `.repeat(40));
      await result(id, 'video-sync', `video-sync-${i + 1}.mp4`, sync, { indices: { start: 0, end: 10 } }, d);
      expected.set(`Videos/Cam${i}/InputMedia/${name}/${name}_sync.mp4`, sync);
    }
  }
  const gait = Buffer.from(JSON.stringify(gaitResult()));
  await result(trialIds.walk, 'analysis_function_result:gait', 'gait.json', gait);
  expected.set('Analyses/walk/gait.json', gait);

  await trial('broken', 'error');
  const jump = await trial('jump', 'done');
  await result(jump, 'ik_results', 'jump.mot', Buffer.from('jump'));
  await deps.db
    .updateTable('trials')
    .set({ trashed: 1, trashed_at: deps.clock.now().toISOString() })
    .where('id', '=', jump)
    .execute();
  for (const i of [0, 1]) expected.delete(`Videos/Cam${i}/InputMedia/jump/jump.mp4`);
  return { sessionId, subjectId, deviceIds, trialIds, expected };
}

/**
 * Blurred copies of a trial's videos as the worker's deidentify step stores them: 'video-deidentified' and
 * 'video-sync-deidentified' per camera, each holding 'blurred <tag> <camera index>'.
 */
export async function addBlurredCopies(deps: AppDeps, fx: ArchiveFixture, trialName: string): Promise<void> {
  const trialId = fx.trialIds[trialName];
  for (const [i, deviceId] of fx.deviceIds.entries())
    for (const tag of ['video-deidentified', 'video-sync-deidentified']) {
      const bytes = Buffer.from(`blurred ${tag} ${i}`);
      await insertResult(deps, {
        sessionId: fx.sessionId,
        trialId,
        tag,
        fileName: `${tag}-${i + 1}.mp4`,
        bytes,
        deviceId,
      });
    }
}

/** A result row of a trial, its file stored under the trial's results when `fileName` and `bytes` are given. */
async function insertResult(
  deps: AppDeps,
  r: {
    sessionId: string;
    trialId: string;
    tag: string;
    fileName: string | null;
    bytes: Buffer | null;
    meta?: Record<string, unknown>;
    deviceId?: string | null;
  },
): Promise<void> {
  const key = r.fileName ? mediaKeys.result(r.sessionId, r.trialId, r.fileName) : null;
  if (key && r.bytes) await deps.storage.put(key, r.bytes);
  await deps.db
    .insertInto('results')
    .values({
      id: randomUUID(),
      trial_id: r.trialId,
      tag: r.tag,
      device_id: r.deviceId ?? null,
      storage_key: key,
      meta: JSON.stringify(r.meta ?? {}),
      created_at: deps.clock.now().toISOString(),
    })
    .execute();
}

/** An analysis result in the contract's shape with one bilateral and one single metric. */
export function gaitResult() {
  const metric = (label: string, value: number | { left: number; right: number }) => ({
    label,
    info: '',
    value,
    bilateral: typeof value !== 'number',
    min_limit: 1,
    max_limit: 2,
    colors: ['red', 'green', 'red'],
    units: 'm/s',
    decimals: 2,
  });
  return {
    function_id: 'gait',
    indices: { start: 0, end: 10 },
    x_axis: 'time',
    y_axis: ['knee'],
    y_axis_normalized: [],
    datasets: { time: [0, 0.1], knee: [1, 2] },
    datasets_normalized_mean: {},
    datasets_normalized_std: {},
    quantities: { knee: { label: 'Knee, flexion', units: '°' } },
    metrics: { speed: metric('Gait speed', 1.25), step: metric('Step length', { left: 0.61, right: 0.63 }) },
    amplitudes: { knee: { label: 'Knee', value: 60, min: 0, max: 60, units: '°' } },
    scalar_values: {},
    info_text: 'test',
    details: {},
  };
}
