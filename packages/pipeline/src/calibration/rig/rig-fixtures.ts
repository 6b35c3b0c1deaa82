/**
 * Test helper (rig.test.ts): synthetic calibration recordings of a rig. Cameras at known places film a board
 * that stands still for a while, moves, or is out of view, on a shared clock, as phones would upload them.
 */
import {
  cameraCenter,
  type CameraExtrinsics,
  type CameraIntrinsics,
  type Mat3,
  type Vec3,
} from '../../camera/camera-model';
import { mat3Mul, mat3Vec } from '../math/mat3';
import { renderBoard, rng } from '../synthetic/render-board';
import { lookAt } from '../synthetic/scene';
import type { BoardSpec, GrayImage } from '../types';
import type { RigCameraInput } from './types';

/** 540 × 960 portrait phone; a 120 mm board at 3 m here has the pixel geometry of a 60 mm board at 1080p. */
export const PHONE: CameraIntrinsics = {
  width: 540,
  height: 960,
  fx: 842,
  fy: 840,
  cx: 272.5,
  cy: 483.2,
  dist: [-0.06, 0.14, 0.0008, -0.0006, 0],
};

/** Board axes (x_b, y_b, z_b) in world coordinates as columns. */
export function boardAxes(xb: Vec3, yb: Vec3, zb: Vec3): Mat3 {
  return [xb[0], yb[0], zb[0], xb[1], yb[1], zb[1], xb[2], yb[2], zb[2]];
}

/** Upright board facing +X (the cameras), corner 0 top-left as they see it: the Perpendicular world. */
export const UPRIGHT = boardAxes([0, 0, -1], [0, -1, 0], [-1, 0, 0]);
/** Board face-up on the floor: the Lying world. */
export const FLAT = boardAxes([1, 0, 0], [0, 0, 1], [0, -1, 0]);

/** Where a board is: its axes (columns, world) and corner 0 (world). */
export interface BoardAt {
  R: Mat3;
  origin: Vec3;
}

/** What a camera sees from `from` to `to` seconds: a still board, or no board (null). */
export interface Shot {
  from: number;
  to: number;
  board: BoardAt | null;
}

export const boardCentreWorld = (b: BoardAt, board: BoardSpec): Vec3 => {
  const c = mat3Vec(b.R, [
    ((board.cols - 1) * board.squareSize) / 2,
    ((board.rows - 1) * board.squareSize) / 2,
    0,
  ]);
  return [c[0] + b.origin[0], c[1] + b.origin[1], c[2] + b.origin[2]];
};

/** A camera at `eye` looking at `target` (world), upright. */
export const cameraAt = (eye: Vec3, target: Vec3): CameraExtrinsics => lookAt(eye, target, [0, 1, 0]);

function noisy(img: GrayImage, sigma: number, rand: () => number): GrayImage {
  const data = new Uint8Array(img.data.length);
  for (let k = 0; k < data.length; k++) {
    // Sum of three uniforms: close enough to Gaussian noise of the same sigma, and cheap.
    const v = img.data[k] + sigma * 2 * (rand() + rand() + rand() - 1.5);
    data[k] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
  }
  return { width: img.width, height: img.height, data };
}

/**
 * One camera's recording: `frames` frames from `startSec`, `fps` apart, each showing the shot of its time with
 * fresh sensor noise (the frames' times go to `frameTimesSec`, as the worker passes the phones' clocks).
 */
export function film(
  name: string,
  camera: CameraExtrinsics,
  shots: Shot[],
  board: BoardSpec,
  o: { frames?: number; fps?: number; startSec?: number; seed?: number; intrinsics?: CameraIntrinsics } = {},
): RigCameraInput {
  const intrinsics = o.intrinsics ?? PHONE;
  const count = o.frames ?? 12;
  const fps = o.fps ?? 3;
  const start = o.startSec ?? 1000;
  const rand = rng(o.seed ?? 1);
  const cache = new Map<Shot | null, GrayImage>();
  const still = (shot: Shot | null): GrayImage => {
    let img = cache.get(shot);
    if (img) return img;
    const b = shot?.board;
    // No board: the board behind the camera leaves the cluttered background only.
    const pose: CameraExtrinsics = b
      ? {
          R: mat3Mul(camera.R, b.R),
          t: mat3Vec(camera.R, b.origin).map((v, k) => v + camera.t[k]) as Vec3,
        }
      : { R: [1, 0, 0, 0, 1, 0, 0, 0, 1], t: [0, 0, -1] };
    img = renderBoard({
      intrinsics,
      pose,
      board,
      blurSigma: 1.2,
      lightGradient: 0.3,
      supersample: 1,
      seed: (o.seed ?? 1) * 31 + cache.size,
    }).image;
    cache.set(shot, img);
    return img;
  };
  const frames: GrayImage[] = [];
  const frameTimesSec: number[] = [];
  for (let k = 0; k < count; k++) {
    const t = k / fps;
    const shot = shots.find((s) => s.from <= t && t < s.to) ?? null;
    frames.push(noisy(still(shot), 3, rand));
    frameTimesSec.push(start + t);
  }
  return { name, frames, frameTimesSec, profile: intrinsics };
}

/** Eyes on a ring around `centre` (horizontal distance from the height), at the given azimuths (degrees). */
export function ring(centre: Vec3, dist: number, height: number, degs: number[]): Vec3[] {
  return degs.map((d) => {
    const a = (d * Math.PI) / 180;
    const h = Math.sqrt(dist * dist - height * height);
    return [centre[0] + h * Math.cos(a), centre[1] + height, centre[2] + h * Math.sin(a)];
  });
}

export const distance = (a: Vec3, b: Vec3) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
export { cameraCenter };
