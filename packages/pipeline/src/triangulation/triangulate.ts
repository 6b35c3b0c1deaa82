import { undistortToNormalized, type CameraModel } from '../camera/camera-model';
import type { Keypoints2D } from '../pose/types';
import type { Keypoints3D } from '../keypoints3d/types';
import { triangulateRobust, type PointObservation } from './triangulate-point';
import { fillGapsXyz } from './gap-fill';

export interface TriangulationOptions {
  /** Detections below this confidence are ignored. */
  minConfidence?: number;
  /** At least this many cameras per point (never below 2). */
  minCameras?: number;
  /** Mean reprojection error (px) above which outlier cameras are dropped and, failing that, the point. */
  maxErrorPx?: number;
  /** Longest gap (frames) filled by interpolation; default fps / 5. */
  maxGapFrames?: number;
  /** Time of frame 0 on the trial's clock (seconds); default 0. */
  startTimeSec?: number;
}

export interface TriangulationStats {
  /** Mean reprojection error over all triangulated points (px). */
  meanReprojectionPx: number;
  /** Per camera: share of triangulated points for which the camera was kept. */
  cameraUseRatio: number[];
  filledFrames: number;
  missingPoints: number;
}

export interface TriangulationResult {
  keypoints: Keypoints3D;
  stats: TriangulationStats;
  /** Per keypoint, per frame: bit c set when camera c was kept for the point (0 where missing or filled). */
  keptCameras: Uint32Array[];
}

/**
 * Triangulates synchronised 2D keypoints of several cameras (same frame count, same keypoint names, frame i of
 * every camera taken at the same instant) into 3D keypoints in the calibration's world frame.
 */
export function triangulateKeypoints(
  cams: readonly CameraModel[],
  views: readonly Keypoints2D[],
  opts: TriangulationOptions = {},
): TriangulationResult {
  if (cams.length !== views.length)
    throw new Error(`${cams.length} cameras but ${views.length} keypoint sets`);
  if (views.length < 2) throw new Error('Triangulation needs at least 2 cameras');
  if (views.length > 32) throw new Error('Triangulation supports at most 32 cameras');
  const names = views[0].names;
  const frameCount = views[0].frameCount;
  for (const v of views) {
    if (v.frameCount !== frameCount)
      throw new Error('All cameras must have the same frame count (synchronise first)');
    if (v.names.join() !== names.join()) throw new Error('All cameras must use the same keypoint set');
  }
  const fps = views[0].fps;
  const minConfidence = opts.minConfidence ?? 0.3;
  const pointOpts = { minCameras: Math.max(2, opts.minCameras ?? 2), maxErrorPx: opts.maxErrorPx ?? 15 };
  const maxGap = opts.maxGapFrames ?? Math.max(1, Math.round(fps / 5));
  const K = names.length;

  const positions = names.map(() => new Float64Array(frameCount * 3).fill(NaN));
  const errors = names.map(() => new Float64Array(frameCount).fill(NaN));
  const counts = names.map(() => new Uint8Array(frameCount));
  const kept = names.map(() => new Uint32Array(frameCount));
  const used = new Array<number>(cams.length).fill(0);
  let errorSum = 0;
  let triangulated = 0;
  const obs: PointObservation[] = [];
  for (let f = 0; f < frameCount; f++) {
    for (let k = 0; k < K; k++) {
      obs.length = 0;
      views.forEach((v, c) => {
        const i = (f * K + k) * 3;
        const conf = v.data[i + 2];
        if (!(conf >= minConfidence) || Number.isNaN(v.data[i])) return;
        const [x, y] = undistortToNormalized(cams[c].intrinsics, v.data[i], v.data[i + 1]);
        obs.push({ camera: c, x, y, weight: conf });
      });
      const r = triangulateRobust(cams, obs, pointOpts);
      if (!r) continue;
      positions[k].set(r.position, f * 3);
      errors[k][f] = r.errorPx;
      counts[k][f] = r.cameras.length;
      for (const c of r.cameras) {
        used[c]++;
        kept[k][f] |= 1 << c;
      }
      errorSum += r.errorPx;
      triangulated++;
    }
  }
  let filledFrames = 0;
  let missingPoints = 0;
  for (let k = 0; k < K; k++) {
    filledFrames += fillGapsXyz(positions[k], maxGap);
    for (let f = 0; f < frameCount; f++) if (Number.isNaN(positions[k][f * 3])) missingPoints++;
  }
  return {
    keypoints: {
      names,
      fps,
      frameCount,
      startTimeSec: opts.startTimeSec ?? 0,
      positions,
      reprojectionErrorPx: errors,
      cameraCount: counts,
    },
    stats: {
      meanReprojectionPx: triangulated ? errorSum / triangulated : NaN,
      cameraUseRatio: used.map((u) => (triangulated ? u / triangulated : 0)),
      filledFrames,
      missingPoints,
    },
    keptCameras: kept,
  };
}
