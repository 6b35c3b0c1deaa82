import { describe, expect, it } from 'vitest';
import type { CameraModelJson } from '@poselab/contract';
import { projectPoint as pipelineProject } from '../../../../packages/pipeline/src/camera/camera-model';
import { pictureMapping, projectPoint, toElement, type Vec3 } from './projection';

/** A portrait phone camera 3 m in front of the origin, looking back at it, with strong distortion. */
const c = Math.cos(0.3);
const s = Math.sin(0.3);
const cam: CameraModelJson = {
  name: 'cam01',
  intrinsics: {
    width: 1080,
    height: 1920,
    fx: 1680,
    fy: 1678,
    cx: 541.3,
    cy: 958.2,
    dist: [0.12, -0.31, 0.002, -0.001, 0.09],
  },
  extrinsics: { R: [c, 0, -s, 0, -1, 0, s, 0, c], t: [0.1, 0.9, 3] },
};

describe('projectPoint', () => {
  it('matches the pipeline’s projection (the one triangulation and reprojection errors use)', () => {
    let n = 0;
    for (let i = 0; i < 200; i++) {
      const p: Vec3 = [Math.sin(i) * 0.8, (i % 19) / 10, Math.cos(i * 1.7) * 0.6];
      const ours = projectPoint(cam, p);
      const theirs = pipelineProject(cam, p);
      expect(ours === null).toBe(theirs === null);
      if (ours && theirs) {
        n++;
        expect(ours[0]).toBeCloseTo(theirs[0], 9);
        expect(ours[1]).toBeCloseTo(theirs[1], 9);
      }
    }
    expect(n).toBeGreaterThan(150);
  });

  it('gives null behind the camera', () => {
    expect(projectPoint(cam, [0, 0, -10])).toBeNull();
  });
});

describe('pictureMapping', () => {
  it('maps calibrated pixels onto a smaller synced video letterboxed in its element', () => {
    // 1080x1920 calibration, 720x1280 synced video, shown in a 400x260 element: 146.25 px wide, centred.
    const m = pictureMapping(cam, 720, 1280, 400, 260)!;
    expect(m.scaleY).toBeCloseTo(260 / 1920, 12);
    expect(m.scaleX).toBeCloseTo(146.25 / 1080, 12);
    expect(m.left).toBeCloseTo((400 - 146.25) / 2, 12);
    expect(m.top).toBe(0);
    // The centre of the calibrated image lands on the centre of the picture.
    const [x, y] = toElement(m, [539.5, 959.5]);
    expect(x).toBeCloseTo(200, 9);
    expect(y).toBeCloseTo(130, 9);
    // The top-left corner of the image is the picture's corner.
    expect(toElement(m, [-0.5, -0.5])).toEqual([m.left, 0]);
  });

  it('refuses a video whose shape differs from the calibrated image (rotated or cropped)', () => {
    expect(pictureMapping(cam, 1920, 1080, 400, 260)).toBeNull();
    expect(pictureMapping(cam, 0, 0, 400, 260)).toBeNull();
  });
});
