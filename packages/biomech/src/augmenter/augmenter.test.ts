import { readdirSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readNpy } from './npy';
import { loadAugmenter, runAugmenter } from './run-augmenter';
import { KEYPOINT_TO_OPENPOSE } from './spec';
import { listModels, SHIPPED_MODELS_DIR } from '../models/list-models';
import { readOsim } from '../osim/read-osim';
import { readMarkerSet, withMarkers } from '../osim/read-setup';
import { markerPositions } from '../kinematics/forward';
import { KEYPOINT_NAMES } from '../keypoints';
import { HAS_SHARED_DATA, SHARED_DATA } from '../testing/shared-data';

function npyBytes(values: number[]): Uint8Array {
  let header = `{'descr': '<f8', 'fortran_order': False, 'shape': (${values.length},), }`;
  header += ' '.repeat(64 - ((10 + header.length + 1) % 64)) + '\n';
  const out = new Uint8Array(10 + header.length + 8 * values.length);
  out.set([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]);
  new DataView(out.buffer).setUint16(8, header.length, true);
  out.set(new TextEncoder().encode(header), 10);
  values.forEach((v, i) => new DataView(out.buffer).setFloat64(10 + header.length + 8 * i, v, true));
  return out;
}

describe('readNpy', () => {
  it('reads float64 vectors and rejects other files', () => {
    expect(Array.from(readNpy(npyBytes([1.5, -2, 3])).data)).toEqual([1.5, -2, 3]);
    expect(() => readNpy(new Uint8Array(20))).toThrow(/Not a .npy file/);
  });
});

const models = SHIPPED_MODELS_DIR;
const shared = resolve(SHARED_DATA, 'opencap-models');

/** Every file under a folder, relative to it. */
function filesUnder(dir: string, prefix = ''): string[] {
  return readdirSync(resolve(dir, prefix))
    .sort()
    .flatMap((f) =>
      statSync(resolve(dir, prefix, f)).isDirectory() ? filesUnder(dir, `${prefix}${f}/`) : [`${prefix}${f}`],
    );
}

describe('shipped models and marker augmenter v0.3', () => {
  it('lists the shipped OpenSim models, then the built-in fallback, and the shipped augmenter', () => {
    const cat = listModels();
    expect(cat.models.map((m) => [m.id, m.builtin])).toEqual([
      ['LaiUhlrich2022', false],
      ['LaiUhlrich2022_shoulder', false],
      ['PoseLab_FullBody', true],
    ]);
    expect(cat.augmenters).toEqual(['v0.3']);
    expect(listModels(resolve(models, 'missing')).augmenters).toEqual(['v0.3']);
  });

  it('ships its licences and a NOTICE naming where the files come from', () => {
    const files = filesUnder(models);
    expect(files).toEqual(
      expect.arrayContaining([
        'NOTICE',
        'LICENSE-OpenCap-Apache2',
        'LICENSE-Pose2Sim-BSD3',
        'augmenter-v0.3-lower/model.onnx',
        'augmenter-v0.3-upper/std.npy',
        'setup/Setup_IK_shoulder.xml',
      ]),
    );
    const notice = readFileSync(resolve(models, 'NOTICE'), 'utf8');
    for (const f of files.filter((f) => f.endsWith('.osim') || f.startsWith('setup/')))
      expect(notice).toContain(f.replace(/^.*\//, ''));
    expect(notice).toMatch(/stanfordnmbl\/opencap-core/);
    expect(notice).toMatch(/perfanalytics\/pose2sim/);
  });

  it.skipIf(!HAS_SHARED_DATA)('holds the files of ../shared/data/opencap-models unchanged', () => {
    const theirs = filesUnder(shared);
    expect(filesUnder(models).filter((f) => f !== 'NOTICE')).toEqual(theirs);
    for (const f of theirs)
      expect(readFileSync(resolve(models, f)).equals(readFileSync(resolve(shared, f))), f).toBe(true);
  });

  /** Keypoints of a model walking forward while bending its right knee, and the model's own markers. */
  function virtualTrial() {
    const setup = (f: string) => readMarkerSet(readFileSync(resolve(models, 'setup', f), 'utf8'));
    const model = withMarkers(readOsim(readFileSync(resolve(models, 'LaiUhlrich2022.osim'), 'utf8')), [
      ...setup('LaiUhlrich2022_markers_openpose.xml'),
      ...setup('LaiUhlrich2022_markers_augmenter.xml'),
    ]);
    const poses = Array.from({ length: 30 }, (_v, i) => ({
      pelvis_ty: 0.93,
      pelvis_tx: i * 0.02,
      knee_angle_r: 0.3 + 0.01 * i,
      hip_flexion_r: 0.2,
    }));
    const mps = poses.map((q) => markerPositions(model, q));
    const keypoints = {
      names: [...KEYPOINT_NAMES],
      time: poses.map((_q, i) => i / 30),
      frames: mps.map((mp) => Float64Array.from(KEYPOINT_NAMES.flatMap((n) => mp[KEYPOINT_TO_OPENPOSE[n]]))),
    };
    return { keypoints, mps };
  }

  it('predicts 43 anatomical markers close to the model markers from virtual keypoints', async () => {
    const { keypoints, mps } = virtualTrial();
    const out = await runAugmenter(loadAugmenter(models), keypoints, { heightM: 1.7, massKg: 75 });
    expect(out.names).toHaveLength(43);
    let sum = 0;
    out.frames.forEach((f, t) =>
      out.names.forEach(
        (n, i) =>
          (sum +=
            Math.hypot(f[3 * i] - mps[t][n][0], f[3 * i + 1] - mps[t][n][1], f[3 * i + 2] - mps[t][n][2]) **
            2),
      ),
    );
    expect(Math.sqrt(sum / (43 * out.frames.length))).toBeLessThan(0.06);
    await expect(runAugmenter(loadAugmenter(models), keypoints, { heightM: 17, massKg: 75 })).rejects.toThrow(
      /height/,
    );
  });

  // A real phone trial failed with 'Augmenter input keypoint LSmallToe is missing at frame 115' (a toe hidden
  // longer than triangulation may fill): the trial must be processed, without markers made up for those frames.
  it('processes input with a long gap: the lower markers of the gap frames are dropped, the rest kept', async () => {
    const { keypoints } = virtualTrial();
    const aug = loadAugmenter(models);
    const whole = await runAugmenter(aug, keypoints, { heightM: 1.7, massKg: 75 });
    const toe = keypoints.names.indexOf('l_small_toe');
    const gappy = {
      ...keypoints,
      frames: keypoints.frames.map((f, t) => {
        const g = Float64Array.from(f);
        if (t >= 10 && t < 20) g.fill(NaN, 3 * toe, 3 * toe + 3);
        return g;
      }),
    };
    const out = await runAugmenter(aug, gappy, { heightM: 1.7, massKg: 75 });
    const lower = aug.parts[0].spec.responses.length * 3;
    out.frames.forEach((f, t) => {
      const gap = t >= 10 && t < 20;
      expect(f.subarray(0, lower).every(Number.isNaN), `frame ${t}`).toBe(gap);
      expect(f.subarray(lower).every(Number.isFinite), `frame ${t}`).toBe(true);
    });
    // Before the gap the LSTM has seen the same input: the same markers.
    for (let i = 0; i < lower; i++) expect(out.frames[5][i]).toBeCloseTo(whole.frames[5][i], 6);
    // A keypoint never seen: no lower markers at all, still no error.
    const never = {
      ...keypoints,
      frames: keypoints.frames.map((f) => Float64Array.from(f).fill(NaN, 3 * toe, 3 * toe + 3)),
    };
    const none = await runAugmenter(aug, never, { heightM: 1.7, massKg: 75 });
    expect(none.frames.every((f) => f.subarray(0, lower).every(Number.isNaN))).toBe(true);
  });
});
