import type { CameraExtrinsics, Mat3, Vec3 } from '../../camera/camera-model';
import { mat3Mul, mat3Transpose } from '../math/mat3';
import type { BoardPlacement } from '../types';

/**
 * World frame from the board (origin at corner 0, the board's first inner corner; metres; Y up; X forward).
 *
 * Board frame (see detect/orientation.ts): x_b along a board row (increasing column index), y_b along a
 * column (increasing row index), z_b = x_b × y_b pointing into the board, away from the cameras.
 *
 * - Lying (board face-up on the floor): X = x_b, Y = −z_b (up, out of the floor), Z = y_b.
 *   The floor is Y = 0 and the board's corners lie at (c·s, 0, r·s).
 * - Perpendicular (board upright, facing the cameras): X = −z_b (forward: out of the board's face, towards
 *   the cameras), Y = the board edge direction (±x_b or ±y_b) closest to the cameras' mean "up" (image up of
 *   the upright phones), Z = X × Y. Snapping Y to a board edge keeps the frame defined by the board alone;
 *   hang the board with its edges level. The origin stays at corner 0, so the floor is at a negative Y.
 */
export function worldFromBoard(placement: BoardPlacement, cameraUpInBoard: Vec3): Mat3 {
  if (placement === 'Lying') return [1, 0, 0, 0, 0, -1, 0, 1, 0];
  const axes: Vec3[] = [
    [1, 0, 0],
    [-1, 0, 0],
    [0, 1, 0],
    [0, -1, 0],
  ];
  let Y = axes[0];
  let best = -Infinity;
  for (const a of axes) {
    const d = a[0] * cameraUpInBoard[0] + a[1] * cameraUpInBoard[1] + a[2] * cameraUpInBoard[2];
    if (d > best) {
      best = d;
      Y = a;
    }
  }
  const X: Vec3 = [0, 0, -1];
  const Z: Vec3 = [X[1] * Y[2] - X[2] * Y[1], X[2] * Y[0] - X[0] * Y[2], X[0] * Y[1] - X[1] * Y[0]];
  // Rows are the world axes expressed in board coordinates: X_world = W · X_board.
  return [X[0], X[1], X[2], Y[0], Y[1], Y[2], Z[0], Z[1], Z[2]];
}

/** "Up" of an upright camera (image −y) in board coordinates, from a board → camera pose. */
export function cameraUpInBoard(pose: CameraExtrinsics): Vec3 {
  // Rows of R are the camera axes in board coordinates; image y points down.
  return [-pose.R[3], -pose.R[4], -pose.R[5]];
}

/** Re-expresses a board → camera pose as world → camera: Xc = R·Wᵀ·Xw + t. */
export function poseInWorld(pose: CameraExtrinsics, W: Mat3): CameraExtrinsics {
  return { R: mat3Mul(pose.R, mat3Transpose(W)), t: [...pose.t] as Vec3 };
}
