import { describe, expect, it } from 'vitest';
import { distortNormalized, type CameraIntrinsics } from '../camera/camera-model';
import { findCameraProfile, rotateIntrinsicsClockwise, type CameraProfile } from './profiles';

const landscape: CameraIntrinsics = {
  width: 1920,
  height: 1080,
  fx: 1500,
  fy: 1498,
  cx: 955,
  cy: 545,
  dist: [-0.05, 0.1, 0.001, -0.002, 0.01],
};

/** Pixel of a normalised point (x, y) for intrinsics i. */
function pixel(i: CameraIntrinsics, x: number, y: number): [number, number] {
  const [xd, yd] = distortNormalized(i, x, y);
  return [i.fx * xd + i.cx, i.fy * yd + i.cy];
}

describe('camera profiles', () => {
  it('turning the image 90° clockwise moves every projected pixel to (H − 1 − v, u)', () => {
    const r = rotateIntrinsicsClockwise(landscape);
    for (const [x, y] of [
      [0.3, -0.2],
      [-0.4, 0.25],
      [0.1, 0.45],
    ]) {
      const [u, v] = pixel(landscape, x, y);
      // In the turned camera the same ray has normalised coordinates (−y, x).
      const [u2, v2] = pixel(r, -y, x);
      expect(u2).toBeCloseTo(landscape.height - 1 - v, 9);
      expect(v2).toBeCloseTo(u, 9);
    }
  });

  it('finds a profile by phone model and size, turning or scaling it when needed', () => {
    const profiles: CameraProfile[] = [
      { phoneModel: 'Pixel 7', intrinsics: landscape, rmsPx: 0.2, views: 10 },
    ];
    expect(findCameraProfile(profiles, 'Pixel 7', 1920, 1080)).toEqual(landscape);
    const portrait = findCameraProfile(profiles, 'Pixel 7', 1080, 1920)!;
    expect(portrait).toMatchObject({
      width: 1080,
      height: 1920,
      fx: 1498,
      fy: 1500,
      cx: 1079 - 545,
      cy: 955,
    });
    const half = findCameraProfile(profiles, 'Pixel 7', 960, 540)!;
    expect(half.fx).toBeCloseTo(750, 9);
    expect(half.cx).toBeCloseTo((955 + 0.5) / 2 - 0.5, 9);
    expect(findCameraProfile(profiles, 'Pixel 7', 1280, 1024)).toBeNull();
    expect(findCameraProfile(profiles, 'iPhone', 1920, 1080)).toBeNull();
  });
});
