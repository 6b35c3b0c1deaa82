/**
 * The Pose2Sim demo through the CLI and through the worker's real processors (neutral, then dynamic), on the
 * same 2D detections (POSE_CACHE_DIR: the demo is detected once per machine and test run, shared with the
 * pipeline's demo-trial test). Checks issue #14's acceptance on the real recording: the CLI exits 0 and writes
 * everything, a failing step exits 1, the neutral stands upright, the trial's fit and limb lengths, and the CLI
 * and the worker giving the same angles. Slow when the detections are not cached (~30 s of BlazePose on 2 idle
 * cores); skipped without ../shared/data.
 */
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { markerDistances, readMot, readOsim, type Motion } from '@poselab/biomech';
import {
  cliMain,
  decodeFrames,
  importQualisysCalibration,
  limbKey,
  neutralLimbLengths,
  probeVideo,
} from '@poselab/pipeline';
import {
  DATA_SHARING_CHOICES,
  processingWarning,
  trialQuality,
  type CameraCalibrationResult,
  type JobSpec,
} from '@poselab/contract';
import type { JobContext } from '../runner';
import type { ResultUpload } from '../host';
import { processNeutral } from './neutral';
import { processDynamic } from './dynamic';

const demo = path.resolve(import.meta.dirname, '../../../../../shared/data/pose2sim-demo');
const hasDemo = existsSync(path.join(demo, 'balancing/cam01.mp4'));
if (!hasDemo) console.warn(`Skipping the demo agreement test: ${demo} is absent.`);
const CAMS = ['cam01', 'cam02', 'cam03', 'cam04'];
const DEG_COORDS = ['pelvis_tilt', 'pelvis_list', 'lumbar_extension', 'hip_flexion_r', 'hip_flexion_l'];

function column(m: Motion, name: string): number[] {
  const j = m.columns.indexOf(name);
  if (j < 0) throw new Error(`no column ${name}`);
  return m.rows.map((r) => r[j]);
}

interface WorkerRun {
  results: ResultUpload[];
  trialMeta: Record<string, unknown>;
}

/** A JobContext around the worker's real processor, collecting its results (no server, no database). */
async function runProcessor(
  kind: 'neutral' | 'dynamic',
  folder: string,
  calibration: CameraCalibrationResult,
  workDir: string,
  scaledModelPath: string | null,
): Promise<WorkerRun> {
  const videos = CAMS.map((c, i) => ({
    id: `${kind}-${c}`,
    device_id: `device-${i + 1}`,
    device_name: c,
    fps: 60,
    width: 1088,
    height: 1920,
    rotation: 0,
    duration_sec: 1,
    start_time_ms: null,
    frame_timestamps: null,
    file_name: `${c}.mp4`,
  }));
  const spec: JobSpec = {
    job_id: `job-${kind}`,
    kind,
    attempt: 1,
    max_attempts: 1,
    lease_seconds: 60,
    trial: { id: `trial-${kind}`, name: kind === 'neutral' ? 'neutral' : 'balancing', session_id: 's' },
    // The trial's subject chose de-identified videos: the worker's de-identification step runs on the demo.
    settings: kind === 'dynamic' ? { data_sharing: DATA_SHARING_CHOICES[1] } : {},
    checkerboard: { rows: 4, cols: 5, square_size_mm: 35, placement: 'Perpendicular' },
    subject: { weight_kg: 70, height_m: 1.72, sex: null },
    videos,
    calibration,
    scaled_model_result_id: null,
  };
  const results: ResultUpload[] = [];
  const ctx: JobContext = {
    spec,
    workDir,
    videoPaths: new Map(videos.map((v, i) => [v.id, path.join(demo, folder, `${CAMS[i]}.mp4`)])),
    scaledModelPath,
    openInput: () => Promise.reject(new Error('trial jobs have no inputs')),
    downloadInput: () => Promise.reject(new Error('trial jobs have no inputs')),
    progress: () => {},
    step: async (_name, _pct, _msg, fn) => fn(),
    putResult: async (r) => void results.push(r),
    checkCancelled: () => {},
    log: () => {},
  };
  const outcome = kind === 'neutral' ? await processNeutral(ctx) : await processDynamic(ctx);
  return { results, trialMeta: outcome.trialMeta ?? {} };
}

describe.skipIf(!hasDemo)('the demo through the CLI and the worker', () => {
  let out: string;
  let work: string;
  let exitCode: number;
  let neutral: WorkerRun;
  let dynamic: WorkerRun;
  const previousCache = process.env.POSE_CACHE_DIR;

  beforeAll(async () => {
    process.env.POSE_CACHE_DIR = previousCache ?? path.join(tmpdir(), 'poselab-test-pose-cache');
    out = await mkdtemp(path.join(tmpdir(), 'poselab-cli-'));
    work = await mkdtemp(path.join(tmpdir(), 'poselab-worker-'));
    vi.spyOn(console, 'log').mockImplementation(() => {});
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    exitCode = await cliMain([
      'process',
      '--calibration',
      path.join(demo, 'calibration/Calib.qca.txt'),
      '--neutral',
      path.join(demo, 'static'),
      '--videos',
      path.join(demo, 'balancing'),
      '--out',
      out,
      // The worker's subject below (the augmenter's inputs).
      '--height',
      '1.72',
      '--mass',
      '70',
    ]);
    const cameras = importQualisysCalibration(
      readFileSync(path.join(demo, 'calibration/Calib.qca.txt'), 'utf8'),
    );
    const calibration: CameraCalibrationResult = {
      source: 'qualisys',
      created_at: '2026-01-01T00:00:00Z',
      cameras: cameras.map((camera, i) => ({
        device_id: `device-${i + 1}`,
        camera,
        alternative_extrinsics: null,
      })),
    };
    neutral = await runProcessor('neutral', 'static', calibration, work, null);
    const model = neutral.results.find((r) => r.tag === 'opensim_model')!;
    const modelPath = path.join(work, 'neutral-model.osim');
    await copyFile(model.filePath!, modelPath);
    dynamic = await runProcessor('dynamic', 'balancing', calibration, work, modelPath);
    vi.restoreAllMocks();
  }, 600_000);

  afterAll(async () => {
    if (previousCache === undefined) delete process.env.POSE_CACHE_DIR;
    await rm(out, { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
  });

  it('the CLI exits 0 and writes the neutral and trial .mot, the scaled model and the visualizer JSON', () => {
    expect(exitCode).toBe(0);
    for (const f of ['neutral.mot', 'trial.mot', 'scaled-model.osim', 'trial-visualizer.json', 'trial.trc'])
      expect(existsSync(path.join(out, f)), f).toBe(true);
  });

  it('stands the subject upright in the scaled model’s neutral pose, fitting the neutral to 2 cm', async () => {
    const model = readOsim(await readFile(path.join(out, 'scaled-model.osim'), 'utf8'));
    const pose = Object.fromEntries(model.coordinates.map((c) => [c.name, (c.defaultValue * 180) / Math.PI]));
    // The default model's neutral pose is anatomical: OpenCap's scaling setup holds the upright pose at weight
    // 0.1 against pelvis and leg markers at 25-60 (the built-in model's upright targets weigh as much as its
    // markers), so a subject standing with the pelvis slightly tilted reads a few degrees of hip flexion (9° once).
    for (const c of [...DEG_COORDS, 'hip_adduction_r', 'hip_adduction_l'])
      expect(Math.abs(pose[c]), c).toBeLessThanOrEqual(12);
    for (const c of ['knee_angle_r', 'knee_angle_l']) {
      expect(pose[c], c).toBeGreaterThanOrEqual(0);
      expect(pose[c], c).toBeLessThanOrEqual(10);
    }
    const q = neutral.trialMeta.quality as { ik_marker_rms_mm: number; cameras_left_out: unknown[] };
    expect(q.ik_marker_rms_mm).toBeLessThanOrEqual(20);
    // All four cameras: cam02's wrong BlazePose crop (half a body) was detected again where the others saw the
    // subject; before issue #14 it was rejected and cameras 3-4 were reported for lack of motion.
    expect(q.cameras_left_out).toEqual([]);
    const codes = (neutral.trialMeta.warnings as { code: string; params: { camera?: number } }[]).map(
      (w) => `${w.code}:${w.params.camera ?? ''}`,
    );
    expect(codes).toContain('camera_redetected:2');
    expect(codes.some((c) => c.startsWith('sync_low_motion'))).toBe(false);
  });

  it('fits the balancing trial to 2.5 cm, no coordinate at a limit in over 2 % of frames, limbs alike left and right', () => {
    const q = dynamic.trialMeta.quality as {
      ik_marker_rms_mm: number;
      coordinates_at_limit: { coordinate: string; frames_pct: number }[];
      segment_lengths_mm: Record<string, number>;
    };
    expect(q.ik_marker_rms_mm).toBeLessThanOrEqual(25);
    // The scapula's translations on LaiUhlrich2022_shoulder (1-3 cm ranges, held weakly at 0 by OpenCap's own
    // Setup_IK_shoulder) rest on a limit while the detector's shoulders ride up with the arms: reported to the
    // user, not bounded here.
    for (const c of q.coordinates_at_limit.filter((x) => !/^sh_t[xyz]_/.test(x.coordinate)))
      expect(c.frames_pct, c.coordinate).toBeLessThanOrEqual(2);
    const s = q.segment_lengths_mm;
    expect(Math.abs(s.r_thigh - s.l_thigh)).toBeLessThanOrEqual(5);
    expect(Math.abs(s.r_shank - s.l_shank)).toBeLessThanOrEqual(5);
  });

  it('gives the same angles through the CLI and the worker (within 1°)', async () => {
    const cli = readMot(await readFile(path.join(out, 'trial.mot'), 'utf8'));
    const mot = dynamic.results.find((r) => r.tag === 'ik_results')!;
    const worker = readMot(await readFile(mot.filePath!, 'utf8'));
    expect(worker.rows.length).toBe(cli.rows.length);
    for (const c of [...DEG_COORDS, 'knee_angle_r', 'knee_angle_l', 'ankle_angle_r', 'ankle_angle_l']) {
      const a = column(cli, c);
      const b = column(worker, c);
      const worst = Math.max(...a.map((v, i) => Math.abs(v - b[i])));
      expect(worst, c).toBeLessThanOrEqual(1);
    }
    // The neutral's limb lengths are the model's, read the same way by both.
    const model = readOsim(await readFile(path.join(out, 'scaled-model.osim'), 'utf8'));
    // The default model carries the keypoints under OpenPose's names.
    expect(markerDistances(model, [['RHip', 'RKnee']])[0]).toBeGreaterThan(0.3);
    expect(neutralLimbLengths(model)['r_hip-r_knee']).toBeGreaterThan(0.3);
    expect(limbKey('r_hip', 'r_knee')).toBe('r_hip-r_knee');
  });

  it('stores quality figures and coded warnings on the worker’s trials, as the contract defines them', () => {
    for (const run of [neutral, dynamic]) {
      expect(trialQuality.safeParse(run.trialMeta.quality).success).toBe(true);
      expect(processingWarning.array().safeParse(run.trialMeta.warnings).success).toBe(true);
      expect(run.trialMeta.quality).toMatchObject({ reprojection: { per_camera: expect.any(Array) } });
      for (const w of run.trialMeta.warnings as { code: string; message: string }[]) {
        expect(w.code).toMatch(/^[a-z_]+$/);
        expect(w.message.length).toBeGreaterThan(10);
      }
    }
  });

  it('blurs each camera’s video and synced video for a subject who chose de-identified videos', async () => {
    const devices = CAMS.map((_, i) => `device-${i + 1}`);
    const of = (tag: string) => dynamic.results.filter((r) => r.tag === tag);
    for (const tag of ['video-deidentified', 'video-sync-deidentified'])
      expect(
        of(tag)
          .map((r) => r.deviceId)
          .sort(),
        tag,
      ).toEqual(devices);
    // cam01 shows the subject facing the camera: its scans found faces.
    const cam01 = of('video-deidentified').find((r) => r.deviceId === 'device-1')!;
    expect((cam01.meta as { faces_found: number }).faces_found).toBeGreaterThan(0);
    const blurred = await probeVideo(cam01.filePath!);
    expect(blurred.frameCount).toBe(100);
    expect(Math.max(blurred.displayWidth, blurred.displayHeight)).toBe(1280);
    // The synced copy has the synced video's frames.
    const synced = of('video-sync').find((r) => r.deviceId === 'device-1')!;
    const syncedBlurred = of('video-sync-deidentified').find((r) => r.deviceId === 'device-1')!;
    expect((await probeVideo(syncedBlurred.filePath!)).frameCount).toBe(
      (await probeVideo(synced.filePath!)).frameCount,
    );
    // Only heads change: the frame's lower half (legs and floor) is the original's up to encoding noise, while
    // some 16 px block (a blurred face) differs strongly.
    const frameOf = async (file: string) => {
      for await (const f of decodeFrames(file, 180, 320, {
        pixelFormat: 'gray',
        startSec: 0.5,
        maxFrames: 1,
      }))
        return f.data;
      throw new Error(`no frame in ${file}`);
    };
    const [a, b] = [await frameOf(path.join(demo, 'balancing/cam01.mp4')), await frameOf(cam01.filePath!)];
    let lowerHalfDiff = 0;
    let worstBlock = 0;
    for (let by = 0; by < 320; by += 16)
      for (let bx = 0; bx < 180; bx += 15) {
        let d = 0;
        for (let y = by; y < by + 16; y++)
          for (let x = bx; x < bx + 15; x++) d += Math.abs(a[y * 180 + x] - b[y * 180 + x]);
        if (by >= 160) lowerHalfDiff += d;
        worstBlock = Math.max(worstBlock, d / (16 * 15));
      }
    expect(lowerHalfDiff / (180 * 160)).toBeLessThan(4);
    expect(worstBlock).toBeGreaterThan(15);
  });

  it('exits 1 when a step fails (a movement given as the neutral has no still period)', async () => {
    const failing = await mkdtemp(path.join(tmpdir(), 'poselab-cli-fail-'));
    vi.spyOn(console, 'log').mockImplementation(() => {});
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const code = await cliMain([
        'process',
        '--calibration',
        path.join(demo, 'calibration/Calib.qca.txt'),
        '--neutral',
        path.join(demo, 'balancing'),
        '--videos',
        path.join(demo, 'balancing'),
        '--out',
        failing,
      ]);
      expect(code).toBe(1);
      expect(errors.mock.calls.flat().join(' ')).toMatch(/static phase|scaled|still/i);
    } finally {
      vi.restoreAllMocks();
      await rm(failing, { recursive: true, force: true });
    }
  }, 300_000);
});
