import { describe, it, expect } from 'vitest';
import { projectPoint, type CameraModel, type Vec3 } from '../camera/camera-model';
import type { Keypoints2D } from '../pose/types';
import { triangulateKeypoints } from './triangulate';
import { fillGapsXyz } from './gap-fill';
import { seededRandom, syntheticRig } from './synthetic-rig';

const FRAMES = 300;

/** Known points in a 1 x 2 x 1 m volume around a standing subject, one "keypoint" seen over FRAMES frames. */
function makeScene(seed: number): Vec3[] {
  const rnd = seededRandom(seed);
  return Array.from(
    { length: FRAMES },
    () => [rnd.uniform() - 0.5, rnd.uniform() * 1.9, rnd.uniform() - 0.5] as Vec3,
  );
}

function observe(
  cam: CameraModel,
  points: Vec3[],
  noisePx: number,
  outlierRate: number,
  seed: number,
): Keypoints2D {
  const rnd = seededRandom(seed);
  const data = new Float64Array(FRAMES * 3);
  points.forEach((p, f) => {
    const uv = projectPoint(cam, p)!;
    let u = uv[0] + noisePx * rnd.gaussian();
    let v = uv[1] + noisePx * rnd.gaussian();
    if (rnd.uniform() < outlierRate) {
      // A confident detection of something else (another person, a limb swap).
      u = rnd.uniform() * cam.intrinsics.width;
      v = rnd.uniform() * cam.intrinsics.height;
    }
    data.set([u, v, 0.6 + 0.4 * rnd.uniform()], f * 3);
  });
  return {
    names: ['P'],
    fps: 60,
    width: cam.intrinsics.width,
    height: cam.intrinsics.height,
    frameCount: FRAMES,
    data,
  };
}

function rmseMm(truth: Vec3[], xyz: Float64Array): { rmse: number; found: number } {
  let sum = 0;
  let found = 0;
  truth.forEach((p, f) => {
    if (Number.isNaN(xyz[f * 3])) return;
    found++;
    sum += (xyz[f * 3] - p[0]) ** 2 + (xyz[f * 3 + 1] - p[1]) ** 2 + (xyz[f * 3 + 2] - p[2]) ** 2;
  });
  return { rmse: Math.sqrt(sum / found) * 1000, found };
}

describe('triangulateKeypoints', () => {
  const rig = syntheticRig();
  const truth = makeScene(1);

  it('reaches RMSE <= 10 mm with 4 cameras, 3 px noise and one camera corrupted by 30% outliers', () => {
    const views = rig.map((cam, c) => observe(cam, truth, 3, c === 2 ? 0.3 : 0, 10 + c));
    const { keypoints, stats } = triangulateKeypoints(rig, views, { maxGapFrames: 0 });
    const { rmse, found } = rmseMm(truth, keypoints.positions[0]);
    expect(found).toBeGreaterThanOrEqual(FRAMES * 0.98);
    expect(rmse).toBeLessThanOrEqual(10);
    // The corrupted camera is left out of (about) its 30% outliers.
    expect(stats.cameraUseRatio[2]).toBeLessThan(0.75);
    expect(stats.cameraUseRatio[0]).toBeGreaterThan(0.95);
  });

  it('reaches RMSE <= 15 mm with 2 cameras and 3 px noise', () => {
    const pair = [rig[0], rig[1]];
    const views = pair.map((cam, c) => observe(cam, truth, 3, 0, 20 + c));
    const { keypoints } = triangulateKeypoints(pair, views, { maxGapFrames: 0 });
    const { rmse, found } = rmseMm(truth, keypoints.positions[0]);
    expect(found).toBe(FRAMES);
    expect(rmse).toBeLessThanOrEqual(15);
  });

  it('rejects points that two cameras disagree on instead of returning a wrong point, and fills short gaps only', () => {
    const pair = [rig[0], rig[1]];
    const views = pair.map((cam, c) => observe(cam, truth, 0, 0, 30 + c));
    // Frame 5: camera 1 sees something 200 px lower (off the epipolar line, which is near horizontal here); frames 50..52 and 100..130: undetected in camera 0.
    views[1].data[5 * 3 + 1] += 200;
    for (const f of [50, 51, 52, ...Array.from({ length: 31 }, (_, i) => 100 + i)])
      views[0].data[f * 3 + 2] = 0;
    const { keypoints, stats } = triangulateKeypoints(pair, views, { maxGapFrames: 12 });
    const xyz = keypoints.positions[0];
    expect(keypoints.cameraCount[0][5]).toBe(0);
    expect(Number.isNaN(xyz[51 * 3])).toBe(false); // 3-frame gap filled
    expect(Number.isNaN(xyz[115 * 3])).toBe(true); // 31-frame gap stays missing, never zero
    expect(stats.missingPoints).toBe(31);
  });
});

describe('fillGapsXyz', () => {
  it('reproduces a smooth trajectory inside a short gap, holds short edge gaps and leaves long ones missing', () => {
    const n = 40;
    const xyz = new Float64Array(n * 3);
    for (let f = 0; f < n; f++) xyz.set([Math.sin(f / 8), f * 0.01, 1], f * 3);
    const truth = xyz.slice();
    for (let f = 20; f < 26; f++) xyz.fill(NaN, f * 3, f * 3 + 3);
    xyz.fill(NaN, 0, 6);
    xyz.fill(NaN, 25 * 3 + 3 * 3, n * 3); // frames 28..39 at the end: 12 frames
    expect(fillGapsXyz(xyz, 6)).toBe(8);
    for (let f = 20; f < 26; f++) expect(Math.abs(xyz[f * 3] - truth[f * 3])).toBeLessThan(0.01);
    expect(xyz[0]).toBe(truth[2 * 3]); // held from the first measured frame
    expect(Number.isNaN(xyz[39 * 3])).toBe(true); // 12-frame edge gap > 6 stays missing
  });
});
