/** Where the 3D keypoints land in each camera, against what the camera detected: the quality figures per view. */
import { projectPoint, type CameraModel } from '../camera/camera-model';
import type { Keypoints2D } from '../pose/types';

export interface ReprojectionStats {
  /** Mean over every kept (keypoint, frame, camera) observation (px). */
  meanPx: number;
  /** Per camera (order of `cams`): mean over the observations it contributed (NaN when none). */
  perCameraPx: number[];
  /** Keypoint names of perKeypointPx. */
  names: readonly string[];
  /** Per keypoint (order of `names`): mean over its kept observations (NaN when none). */
  perKeypointPx: number[];
  /** Per camera, per keypoint: mean over the observations it contributed (NaN when none). */
  perCameraKeypointPx: number[][];
}

/**
 * Reprojection errors of 3D keypoints (`positions`, interleaved xyz per frame, names of `names`) in the
 * cameras that triangulation kept for each point (`keptCameras`: bit c for camera c), against the 2D views.
 */
export function reprojectionStats(
  cams: readonly CameraModel[],
  views: readonly Keypoints2D[],
  names: readonly string[],
  positions: readonly Float64Array[],
  keptCameras: readonly Uint32Array[],
): ReprojectionStats {
  const camSum = new Float64Array(cams.length);
  const camN = new Float64Array(cams.length);
  const kpSum = new Float64Array(names.length);
  const kpN = new Float64Array(names.length);
  const ckSum = cams.map(() => new Float64Array(names.length));
  const ckN = cams.map(() => new Float64Array(names.length));
  names.forEach((name, k) => {
    const mask = keptCameras[k];
    if (!mask) return;
    const frames = mask.length;
    views.forEach((v, c) => {
      const vk = v.names.indexOf(name);
      if (vk < 0) return;
      for (let f = 0; f < frames; f++) {
        if (!(mask[f] & (1 << c))) continue;
        const p = positions[k];
        const uv = projectPoint(cams[c], [p[f * 3], p[f * 3 + 1], p[f * 3 + 2]]);
        const i = (f * v.names.length + vk) * 3;
        if (!uv) continue;
        const e = Math.hypot(uv[0] - v.data[i], uv[1] - v.data[i + 1]);
        if (!Number.isFinite(e)) continue;
        camSum[c] += e;
        camN[c]++;
        kpSum[k] += e;
        kpN[k]++;
        ckSum[c][k] += e;
        ckN[c][k]++;
      }
    });
  });
  const total = camN.reduce((a, b) => a + b, 0);
  return {
    meanPx: total ? camSum.reduce((a, b) => a + b, 0) / total : NaN,
    perCameraPx: Array.from(camSum, (s, c) => (camN[c] ? s / camN[c] : NaN)),
    names,
    perKeypointPx: Array.from(kpSum, (s, k) => (kpN[k] ? s / kpN[k] : NaN)),
    perCameraKeypointPx: ckSum.map((sums, c) =>
      Array.from(sums, (s, k) => (ckN[c][k] ? s / ckN[c][k] : NaN)),
    ),
  };
}
