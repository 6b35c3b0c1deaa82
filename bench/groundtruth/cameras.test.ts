import { projectPoint, worldToCamera, type Vec3 } from '@poselab/pipeline';
import { Matrix4, Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import {
  allInView,
  defaultAzimuths,
  phoneCamera,
  placePhone,
  threeCameraMatrix,
  verticalFovDeg,
} from './cameras';

describe('virtual phones', () => {
  it('stand at the azimuth around the subject, 1.2 m high, looking at it', () => {
    const cam = phoneCamera('front', { azimuthDeg: 0, distanceM: 3.5, heightM: 1.2 }, [1, 0, 0.5]);
    // The subject's centre at 0.9 m projects on the image's vertical middle line, near its centre.
    const uv = projectPoint(cam, [1, 0.9, 0.5])!;
    expect(uv[0]).toBeCloseTo(539.5, 6);
    expect(uv[1]).toBeCloseTo(959.5, 6);
    // The subject faces +X: its right (+Z) appears on the image's left for the front phone.
    expect(projectPoint(cam, [1, 0.9, 0.8])![0]).toBeLessThan(539.5);
    // A phone at +90° stands at the subject's right.
    const side = phoneCamera('side', { azimuthDeg: 90, distanceM: 3.5, heightM: 1.2 }, [0, 0, 0]);
    const centre = side.extrinsics.R.slice(6, 9);
    expect(centre[2]).toBeLessThan(-0.9); // it looks along -Z
  });

  it('move back until the whole movement is in view', () => {
    const near: Vec3[] = [
      [0, 0, 0],
      [0, 1.8, 0],
    ];
    const wide: Vec3[] = [...near, [0, 1, 2.5], [0, 1, -2.5]];
    const a = placePhone('a', 0, [0, 0, 0], near);
    const b = placePhone('b', 0, [0, 0, 0], wide);
    expect(allInView(a, near)).toBe(true);
    expect(allInView(b, wide)).toBe(true);
    // Horizontal distance of the camera centre (−Rᵀt) from the subject's centre.
    const dist = (c: typeof a) => {
      const { R, t } = c.extrinsics;
      const C = [0, 2].map((i) => -(R[i] * t[0] + R[3 + i] * t[1] + R[6 + i] * t[2]));
      return Math.hypot(C[0], C[1]);
    };
    expect(dist(a)).toBeCloseTo(3.5, 6);
    expect(dist(b)).toBeGreaterThan(3.6);
  });

  it('give three.js the same view as the pinhole model', () => {
    const cam = phoneCamera('c', { azimuthDeg: 40, distanceM: 3.8, heightM: 1.2 }, [0.3, 0, -0.2]);
    const world = new Matrix4().fromArray(threeCameraMatrix(cam));
    const view = world.clone().invert();
    const p: Vec3 = [0.5, 1.4, 0.1];
    const inThree = new Vector3(...p).applyMatrix4(view);
    const cv = worldToCamera(cam.extrinsics, p);
    expect(inThree.x).toBeCloseTo(cv[0], 9);
    expect(inThree.y).toBeCloseTo(-cv[1], 9);
    expect(inThree.z).toBeCloseTo(-cv[2], 9);
    // three's vertical field of view matches fy: a point at the top edge projects at v = -0.5 px.
    const half = Math.tan((verticalFovDeg(cam.intrinsics) * Math.PI) / 360);
    expect(cam.intrinsics.fy * half).toBeCloseTo(960, 6);
  });

  it('default to 4 phones in front, at ±40° and at the side, or 2 at ±35°', () => {
    expect(defaultAzimuths(4)).toEqual([0, 40, -40, 90]);
    expect(defaultAzimuths(2)).toEqual([-35, 35]);
  });
});
