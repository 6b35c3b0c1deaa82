import { describe, expect, it } from 'vitest';
import { Matrix4, Object3D, Vector3 } from 'three';
import { applyBodyPose, originInBodyFrame } from './pose';
import type { BodyTransforms } from './transforms';

function body(translation: number[], rotation: number[]): BodyTransforms {
  return {
    attachedGeometries: [],
    scaleFactors: [1, 1, 1],
    translation: [translation],
    rotation: [rotation],
  };
}

/** Body-fixed XYZ: first about X, then about the new Y, then the new Z → R = Rx · Ry · Rz. */
function bodyFixedXYZ(a: number, b: number, c: number): Matrix4 {
  return new Matrix4()
    .makeRotationX(a)
    .multiply(new Matrix4().makeRotationY(b))
    .multiply(new Matrix4().makeRotationZ(c));
}

describe('applyBodyPose', () => {
  it('applies the translation plus offset and a body-fixed XYZ rotation', () => {
    const obj = new Object3D();
    applyBodyPose(obj, body([0.1, 0.9, -0.2], [0.3, -0.5, 1.1]), 0, 1.2);
    expect(obj.position.toArray()).toEqual([0.1, 0.9, 1.0]);
    obj.updateMatrix();
    const expected = bodyFixedXYZ(0.3, -0.5, 1.1);
    const local = new Vector3(0.2, -0.4, 0.05);
    const got = local.clone().applyMatrix4(new Matrix4().extractRotation(obj.matrix));
    const want = local.clone().applyMatrix4(expected);
    expect(got.distanceTo(want)).toBeLessThan(1e-12);
    // The extrinsic order would differ: guards against a swapped convention.
    const extrinsic = new Matrix4()
      .makeRotationZ(1.1)
      .multiply(new Matrix4().makeRotationY(-0.5))
      .multiply(new Matrix4().makeRotationX(0.3));
    expect(local.clone().applyMatrix4(extrinsic).distanceTo(want)).toBeGreaterThan(1e-3);
  });
});

describe('originInBodyFrame', () => {
  it('expresses a child origin in the parent body frame', () => {
    const parent = body([1, 1, 0], [0, 0, Math.PI / 2]);
    // Parent's local -y axis points along world +x after a 90° turn about z.
    const child = body([1.4, 1, 0], [0, 0, 0]);
    const v = originInBodyFrame(parent, child);
    expect(v.x).toBeCloseTo(0, 12);
    expect(v.y).toBeCloseTo(-0.4, 12);
    expect(v.z).toBeCloseTo(0, 12);
  });
});
