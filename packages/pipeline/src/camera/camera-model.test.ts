import { describe, expect, it } from 'vitest';
import { cameraCenter, projectPoint, undistortToNormalized, type CameraModel } from './camera-model';

const cam: CameraModel = {
  name: 'test',
  intrinsics: {
    width: 1080,
    height: 1920,
    fx: 1600,
    fy: 1600,
    cx: 540,
    cy: 960,
    dist: [0.1, -0.05, 0.001, -0.002, 0.01],
  },
  extrinsics: { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0.1, -0.2, 3] },
};

describe('camera model', () => {
  it('projects the optical axis point to the principal point', () => {
    const p = projectPoint(cam, [-0.1, 0.2, 5]);
    expect(p![0]).toBeCloseTo(540, 9);
    expect(p![1]).toBeCloseTo(960, 9);
  });

  it('undistortion inverts distortion', () => {
    const X: [number, number, number] = [0.5, -0.7, 1];
    const [u, v] = projectPoint(cam, X)!;
    const [x, y] = undistortToNormalized(cam.intrinsics, u, v);
    expect(x).toBeCloseTo((0.5 + 0.1) / 4, 9);
    expect(y).toBeCloseTo((-0.7 - 0.2) / 4, 9);
  });

  it('returns null behind the camera and computes the centre', () => {
    expect(projectPoint(cam, [0, 0, -10])).toBeNull();
    expect(cameraCenter(cam.extrinsics)).toEqual([-0.1, 0.2, -3]);
  });
});
