import { Euler, Matrix4, Object3D, Vector3 } from 'three';
import type { BodyTransforms } from './transforms';

/**
 * Places a body for one frame: translation in the ground frame plus the trial's sideways offset, and the
 * body-fixed (intrinsic) X-then-Y-then-Z Euler rotation, which is three.js's 'XYZ' order.
 */
export function applyBodyPose(obj: Object3D, body: BodyTransforms, frame: number, offsetZ = 0): void {
  const p = body.translation[frame];
  const r = body.rotation[frame];
  obj.position.set(p[0], p[1], p[2] + offsetZ);
  obj.rotation.set(r[0], r[1], r[2], 'XYZ');
}

/** The world matrix of a body at a frame (without offset). */
export function bodyMatrix(body: BodyTransforms, frame: number): Matrix4 {
  const p = body.translation[frame];
  const r = body.rotation[frame];
  return new Matrix4().compose(
    new Vector3(p[0], p[1], p[2]),
    new Object3D().quaternion.setFromEuler(new Euler(r[0], r[1], r[2], 'XYZ')),
    new Vector3(1, 1, 1),
  );
}

/** Where `other`'s origin lies in `body`'s own frame at a frame: the bone vector from one joint to the next. */
export function originInBodyFrame(body: BodyTransforms, other: BodyTransforms, frame = 0): Vector3 {
  const inv = bodyMatrix(body, frame).invert();
  const q = other.translation[frame];
  return new Vector3(q[0], q[1], q[2]).applyMatrix4(inv);
}
