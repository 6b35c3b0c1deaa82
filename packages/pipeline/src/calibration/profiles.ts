import type { CameraIntrinsics } from '../camera/camera-model';
import { calibrateIntrinsics, type BoardView } from './solve/intrinsics';
import type { BoardSpec } from './types';

/**
 * A stored camera profile: intrinsics of one phone model at one resolution, computed once from several views
 * of a board moved in front of the camera (calibrateIntrinsics) and reused for every later session.
 */
export interface CameraProfile {
  /** Phone model as the phone reports it (e.g. "iPhone15,2"). */
  phoneModel: string;
  intrinsics: CameraIntrinsics;
  rmsPx: number;
  views: number;
}

/** Creates a profile from board views; refuses a poor calibration with a clear reason. */
export function createCameraProfile(
  phoneModel: string,
  views: BoardView[],
  board: BoardSpec,
  size: { width: number; height: number },
  opts: { minViews?: number; maxRmsPx?: number } = {},
): CameraProfile {
  const minViews = opts.minViews ?? 6;
  if (views.length < minViews)
    throw new Error(`too few views for a camera profile: ${views.length} (need ${minViews})`);
  const res = calibrateIntrinsics(views, board, size);
  const maxRms = opts.maxRmsPx ?? 1;
  if (res.rmsPx > maxRms)
    throw new Error(`camera profile rejected: RMS ${res.rmsPx.toFixed(2)} px is above ${maxRms} px`);
  return { phoneModel, intrinsics: res.intrinsics, rmsPx: res.rmsPx, views: views.length };
}

/**
 * Intrinsics of the same camera with the image turned 90° clockwise (portrait ↔ landscape):
 * pixel (u, v) → (H − 1 − v, u), so normalised (x, y) → (−y, x): fx ↔ fy, and the tangential
 * coefficients become p1' = p2, p2' = −p1.
 */
export function rotateIntrinsicsClockwise(i: CameraIntrinsics): CameraIntrinsics {
  const [k1, k2, p1, p2, k3] = i.dist;
  return {
    ...i,
    width: i.height,
    height: i.width,
    fx: i.fy,
    fy: i.fx,
    cx: i.height - 1 - i.cy,
    cy: i.cx,
    dist: [k1, k2, p2, -p1, k3],
  };
}

/**
 * Finds the profile for a phone model at a frame size. A profile made in the other orientation is turned
 * to match; a profile at another resolution with the same aspect ratio is scaled (same sensor readout).
 */
export function findCameraProfile(
  profiles: CameraProfile[],
  phoneModel: string,
  width: number,
  height: number,
): CameraIntrinsics | null {
  const same = profiles.filter((p) => p.phoneModel === phoneModel);
  const oriented = (p: CameraProfile) => {
    const i = p.intrinsics;
    return i.width > i.height === width > height ? i : rotateIntrinsicsClockwise(i);
  };
  for (const p of same) {
    const i = oriented(p);
    if (i.width === width && i.height === height) return i;
  }
  for (const p of same) {
    const i = oriented(p);
    const s = width / i.width;
    if (Math.abs(height / i.height - s) > 1e-3) continue;
    // Pixel centres: u' + 0.5 = s·(u + 0.5).
    return {
      ...i,
      width,
      height,
      fx: i.fx * s,
      fy: i.fy * s,
      cx: (i.cx + 0.5) * s - 0.5,
      cy: (i.cy + 0.5) * s - 0.5,
    };
  }
  return null;
}
