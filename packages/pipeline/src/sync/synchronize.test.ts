import { describe, it, expect } from 'vitest';
import { KEYPOINTS_2D } from '../pose/keypoint-set';
import type { Keypoints2D } from '../pose/types';
import { projectMotion, syntheticMotion, syntheticRig } from '../triangulation/synthetic-rig';
import { alignViews } from './align';
import { delayedKeypoints } from './delayed';
import { synchronize } from './synchronize';

const FPS = 60;
const rig = syntheticRig();

/** Camera c's video starts `lagFrames` after the reference clock's 0 and lasts `frames` frames. */
function video(
  c: number,
  lagFrames: number,
  frames: number,
  seed = 1,
  fps = FPS,
  origin: [number, number, number] = [0, 0, 0],
): Keypoints2D {
  const times = Array.from({ length: frames }, (_, i) => i / fps + lagFrames / FPS);
  return projectMotion(
    rig[c],
    syntheticMotion(KEYPOINTS_2D, times, seed, origin),
    KEYPOINTS_2D,
    fps,
    2,
    100 + c,
  );
}

describe('synchronize (geometric, calibrated cameras)', () => {
  for (const shift of [3, 7, 19, 4.4]) {
    it(`recovers a ${shift}-frame shift of one camera within 0.5 frame`, () => {
      // Three cameras (three pairs) keep the test fast; camera 2 starts `shift` frames late and is shorter.
      const cams = rig.slice(0, 3);
      const views = cams.map((_, c) => video(c, c === 2 ? shift : 0, c === 2 ? 100 : 120));
      const r = synchronize(
        views.map((keypoints) => ({ keypoints })),
        { calibration: cams, maxOffsetSec: 0.4 },
      );
      expect(r.matches).toEqual([true, true, true]);
      const rel = r.lagsFrames[2] - r.lagsFrames[r.referenceCamera];
      expect(Math.abs(rel - shift)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(r.lagsFrames[1] - r.lagsFrames[0])).toBeLessThanOrEqual(0.5);
      expect(Math.min(...r.confidence)).toBeGreaterThan(0.3);
    });
  }

  it('recovers the lag of a video delayed by resampling its keypoints (the demo-trial check)', () => {
    const cams = rig.slice(0, 3);
    const views = cams.map((_, c) => video(c, 0, 120));
    const delayed = delayedKeypoints(views[2], 7.6);
    expect(delayed.frameCount).toBe(111);
    const r = synchronize(
      [views[0], views[1], delayed].map((keypoints) => ({ keypoints })),
      { calibration: cams, maxOffsetSec: 0.4 },
    );
    expect(Math.abs(r.lagsFrames[2] - r.lagsFrames[0] - 7.6)).toBeLessThanOrEqual(0.5);
    expect(() => delayedKeypoints(views[2], 119)).toThrow(/does not fit/);
  });

  it('starts from the clocks and refines them; copes with a slightly different frame rate', () => {
    // Camera 1 records at 59.5 fps; the clocks say it started 0.3 s late, it really started 0.25 s late.
    const views = [video(0, 0, 150), video(1, 15, 130, 1, 59.5), video(2, 0, 150)];
    const r = synchronize(
      views.map((keypoints, c) => ({ keypoints, startTimeSec: 1000 + (c === 1 ? 0.3 : 0) })),
      { calibration: rig.slice(0, 3), clockToleranceSec: 0.15 },
    );
    expect(Math.abs(r.lagsSec[1] - r.lagsSec[0] - 0.25)).toBeLessThan(0.5 / FPS);
    expect(r.startSec[0]).toBeCloseTo(1000, 1);
    const aligned = alignViews(views, r);
    expect(aligned.views).toHaveLength(3);
    expect(aligned.views[0].frameCount).toBeGreaterThan(120);
  });

  it('reports a video of another trial as not matching', () => {
    // The other trial: another motion, the subject half a metre away.
    const views = rig
      .slice(0, 3)
      .map((_, c) => (c === 2 ? video(c, 0, 110, 7, FPS, [0.5, 0, 0.3]) : video(c, 0, 110)));
    const r = synchronize(
      views.map((keypoints) => ({ keypoints })),
      { calibration: rig.slice(0, 3), maxOffsetSec: 0.4 },
    );
    expect(r.matches).toEqual([true, true, false]);
    expect(r.warnings.map((w) => [w.code, w.params.camera])).toEqual([['camera_out_of_sync', 3]]);
    expect(r.warnings[0].message).toMatch(/^Camera 3 was left out: its keypoints disagree/);
    expect(() => alignViews(views, { ...r, matches: [true, false, false] })).toThrow(/at least 2/);
  });
});

describe('synchronize a still subject (neutral pose)', () => {
  // 11 frames of one standing pose, as the demo's neutral clip: no motion to measure a lag from.
  const still = (c: number, seed = 1) =>
    projectMotion(
      rig[c],
      syntheticMotion(KEYPOINTS_2D, new Array(11).fill(0.4), seed),
      KEYPOINTS_2D,
      FPS,
      2,
      200 + c,
    );
  const cams = rig.slice(0, 4);

  it('keeps every consistent camera at its clock offset, without motion warnings', () => {
    const views = cams.map((_, c) => still(c));
    // Before issue #14 the lag search ran here: cameras 2-4 were reported for 'too little motion'.
    const searched = synchronize(
      views.map((keypoints) => ({ keypoints })),
      { calibration: cams },
    );
    expect(searched.warnings.map((w) => w.code)).toContain('sync_low_motion_no_clock');
    const r = synchronize(
      views.map((keypoints, c) => ({ keypoints, startTimeSec: 100 + 0.01 * c })),
      { calibration: cams, still: true },
    );
    expect(r.matches).toEqual([true, true, true, true]);
    expect(r.warnings).toEqual([]);
    r.lagsSec.forEach((l, c) => expect(l).toBeCloseTo(0.01 * c, 9));
  });

  it('leaves out, by geometry alone, a camera whose detection is wrong', () => {
    // Camera 2 'sees' the skeleton shrunk towards the hips (BlazePose's wrong crop on the demo's cam02).
    const views = cams.map((_, c) => still(c));
    const bad = still(1);
    const cx = 540;
    const cy = bad.data[(5 * KEYPOINTS_2D.length + KEYPOINTS_2D.indexOf('midhip')) * 3 + 1];
    for (let i = 0; i < bad.data.length; i += 3) {
      bad.data[i] = cx + 0.5 * (bad.data[i] - cx);
      bad.data[i + 1] = cy + 0.5 * (bad.data[i + 1] - cy);
    }
    views[1] = bad;
    const r = synchronize(
      views.map((keypoints) => ({ keypoints })),
      { calibration: cams, still: true },
    );
    expect(r.matches).toEqual([true, false, true, true]);
    expect(r.warnings.map((w) => [w.code, w.params.camera])).toEqual([['camera_out_of_sync', 2]]);
  });
});

describe('synchronize (motion cross-correlation, no calibration)', () => {
  it('recovers a shift from the vertical keypoint motion', () => {
    const views = [video(0, 0, 240), video(1, 7, 220)];
    const r = synchronize(views.map((keypoints) => ({ keypoints })));
    expect(r.matches).toEqual([true, true]);
    expect(Math.abs(r.lagsFrames[1] - r.lagsFrames[0] - 7)).toBeLessThanOrEqual(0.5);
  });
});
