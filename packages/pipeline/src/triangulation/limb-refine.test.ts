import { describe, expect, it } from 'vitest';
import { limbKey, refineWithLimbLengths, RIGID_LIMBS } from './limb-refine';
import { syntheticRig } from './synthetic-rig';
import { detectorLikeProjection, skeletonMotion, SKELETON_NAMES } from './synthetic-skeleton';
import { triangulateKeypoints } from './triangulate';

const FPS = 60;
const FRAMES = 240;
const motion = skeletonMotion(FRAMES, FPS, 3);
const rig = syntheticRig();
// Detector-like errors: a drifting 12 px offset per keypoint and view, 3 px jitter, 2% gross outliers.
const errors = { biasPx: 12, biasHz: 0.3, jitterPx: 3, outlierRate: 0.02, outlierPx: 60 };
const views = rig.map((cam, c) => detectorLikeProjection(cam, motion, SKELETON_NAMES, FPS, errors, 10 + c));

function rmseMm(positions: Float64Array[]): number {
  let sum = 0;
  let n = 0;
  motion.forEach((points, f) =>
    points.forEach((p, k) => {
      const q = positions[k];
      const d = Math.hypot(q[f * 3] - p[0], q[f * 3 + 1] - p[1], q[f * 3 + 2] - p[2]);
      if (!Number.isNaN(d)) {
        sum += d * d;
        n++;
      }
    }),
  );
  return Math.sqrt(sum / n) * 1000;
}

function worstLimbSdMm(positions: Float64Array[]): number {
  return Math.max(
    ...RIGID_LIMBS.slice(0, 8).map(([a, b]) => {
      const A = positions[SKELETON_NAMES.indexOf(a as (typeof SKELETON_NAMES)[number])];
      const B = positions[SKELETON_NAMES.indexOf(b as (typeof SKELETON_NAMES)[number])];
      const lengths = Array.from({ length: FRAMES }, (_, f) =>
        Math.hypot(A[f * 3] - B[f * 3], A[f * 3 + 1] - B[f * 3 + 1], A[f * 3 + 2] - B[f * 3 + 2]),
      );
      const mean = lengths.reduce((s, x) => s + x, 0) / FRAMES;
      return Math.sqrt(lengths.reduce((s, x) => s + (x - mean) ** 2, 0) / FRAMES) * 1000;
    }),
  );
}

describe('refineWithLimbLengths', () => {
  for (const cameras of [4, 2]) {
    it(`brings ${cameras}-camera keypoints closer to the truth, not only steadier limbs`, () => {
      const cams = rig.slice(0, cameras);
      const t = triangulateKeypoints(cams, views.slice(0, cameras));
      const r = refineWithLimbLengths(
        cams,
        views.slice(0, cameras),
        t.keypoints.names,
        t.keypoints.positions,
        t.keptCameras,
      );
      const before = rmseMm(t.keypoints.positions);
      const after = rmseMm(r.positions);
      // Measured: 4 cameras 17.1 -> 14.7 mm, 2 cameras 27.6 -> 23.1 mm; worst limb SD 16-23 -> 3-4 mm.
      expect(after).toBeLessThan(before * 0.92);
      expect(worstLimbSdMm(t.keypoints.positions)).toBeGreaterThan(12);
      expect(worstLimbSdMm(r.positions)).toBeLessThan(8);
      const forearm = RIGID_LIMBS.findIndex(([a, b]) => a === 'r_elbow' && b === 'r_wrist');
      expect(r.limbLengthsM[forearm]).toBeCloseTo(0.26, 1);
    });
  }

  it('keeps missing points missing and leaves points without kept cameras where they are', () => {
    const cams = rig.slice(0, 3);
    const t = triangulateKeypoints(cams, views.slice(0, 3));
    const positions = t.keypoints.positions.map((p) => Float64Array.from(p));
    const kept = t.keptCameras.map((m) => Uint32Array.from(m));
    const wrist = SKELETON_NAMES.indexOf('r_wrist');
    const elbow = SKELETON_NAMES.indexOf('r_elbow');
    positions[wrist].fill(NaN, 0, 30); // frames 0-9 missing
    kept[wrist].fill(0, 0, 10);
    kept[elbow][20] = 0; // a gap-filled elbow
    const r = refineWithLimbLengths(cams, views.slice(0, 3), t.keypoints.names, positions, kept);
    expect(Array.from(r.positions[wrist].subarray(0, 30)).every(Number.isNaN)).toBe(true);
    expect(Array.from(r.positions[elbow].subarray(60, 63))).toEqual(
      Array.from(positions[elbow].subarray(60, 63)),
    );
    expect(r.reprojectionErrorPx[elbow][20]).toBeNaN();
    expect(r.reprojectionErrorPx[elbow][21]).toBeGreaterThan(0);
  });
});

describe('limb lengths: left/right symmetry and the neutral prior (issue #14)', () => {
  // Detector-like errors that make the left limbs look longer than the right ones: the left keypoints' views
  // are shifted away from the hips, every frame.
  const cams = rig;
  const biased = views.map((v) => {
    const out = { ...v, data: Float64Array.from(v.data) };
    const K = v.names.length;
    for (let f = 0; f < v.frameCount; f++)
      for (const name of ['l_knee', 'l_ankle']) {
        const k = v.names.indexOf(name);
        out.data[(f * K + k) * 3 + 1] += 6; // 6 px lower in every view
      }
    return out;
  });
  const t = triangulateKeypoints(cams, biased);
  const lengthOf = (r: ReturnType<typeof refineWithLimbLengths>, a: string, b: string) =>
    r.limbLengthsM[RIGID_LIMBS.findIndex(([x, y]) => x === a && y === b)];
  const meanLength = (positions: Float64Array[], a: string, b: string) => {
    const A = positions[SKELETON_NAMES.indexOf(a as (typeof SKELETON_NAMES)[number])];
    const B = positions[SKELETON_NAMES.indexOf(b as (typeof SKELETON_NAMES)[number])];
    let s = 0;
    for (let f = 0; f < FRAMES; f++)
      s += Math.hypot(A[f * 3] - B[f * 3], A[f * 3 + 1] - B[f * 3 + 1], A[f * 3 + 2] - B[f * 3 + 2]);
    return s / FRAMES;
  };

  it('holds a limb and its mirror to one length by default (each side its own median before)', () => {
    const own = refineWithLimbLengths(cams, biased, t.keypoints.names, t.keypoints.positions, t.keptCameras, {
      symmetric: false,
    });
    const sym = refineWithLimbLengths(cams, biased, t.keypoints.names, t.keypoints.positions, t.keptCameras);
    expect(Math.abs(lengthOf(own, 'l_hip', 'l_knee') - lengthOf(own, 'r_hip', 'r_knee'))).toBeGreaterThan(
      0.004,
    );
    expect(lengthOf(sym, 'l_hip', 'l_knee')).toBeCloseTo(lengthOf(sym, 'r_hip', 'r_knee'), 9);
    const diff = (p: Float64Array[]) =>
      Math.abs(meanLength(p, 'l_hip', 'l_knee') - meanLength(p, 'r_hip', 'r_knee'));
    expect(diff(sym.positions)).toBeLessThan(diff(own.positions));
  });

  it('takes known lengths (the neutral’s) for the limbs given', () => {
    const r = refineWithLimbLengths(cams, biased, t.keypoints.names, t.keypoints.positions, t.keptCameras, {
      priorLengthsM: { [limbKey('r_hip', 'r_knee')]: 0.42, [limbKey('l_hip', 'l_knee')]: 0.42 },
    });
    expect(lengthOf(r, 'r_hip', 'r_knee')).toBe(0.42);
    expect(lengthOf(r, 'l_hip', 'l_knee')).toBe(0.42);
    expect(Math.abs(meanLength(r.positions, 'l_hip', 'l_knee') - 0.42)).toBeLessThan(0.005);
  });
});
