/** Pure pre- and post-processing of the marker augmenter (as OpenCap's augmentTRC). */
import type { MarkerTrajectories } from '../ik/solve-ik';
import { AUGMENTER_REFERENCE, KEYPOINT_TO_OPENPOSE, type AugmenterPartSpec } from './spec';

export interface Subject {
  heightM: number;
  massKg: number;
}

/** Index of each OpenPose-named keypoint in the data (accepts our names or OpenPose names). */
export function keypointIndex(data: MarkerTrajectories): Map<string, number> {
  const idx = new Map<string, number>();
  data.names.forEach((n, i) => {
    idx.set(n, i);
    const op = KEYPOINT_TO_OPENPOSE[n];
    if (op) idx.set(op, i);
  });
  return idx;
}

/** Per frame, the reference point (midHip, or the mean of the hips when midHip is absent). */
export function referencePoints(data: MarkerTrajectories): Float64Array {
  const idx = keypointIndex(data);
  const mid = idx.get(AUGMENTER_REFERENCE);
  const r = idx.get('RHip');
  const l = idx.get('LHip');
  if (mid === undefined && (r === undefined || l === undefined))
    throw new Error('The augmenter needs midhip (or both hips)');
  const out = new Float64Array(data.frames.length * 3);
  data.frames.forEach((f, t) => {
    for (let a = 0; a < 3; a++)
      out[3 * t + a] =
        mid !== undefined ? f[3 * mid + a] : (f[3 * (r as number) + a] + f[3 * (l as number) + a]) / 2;
  });
  return out;
}

/**
 * Network input [T, F]: keypoints minus midHip, divided by height, then height and mass; all normalised by
 * the training mean and std. Missing keypoints must be filled (gap-filled) before this step.
 */
export function augmenterInputs(
  spec: AugmenterPartSpec,
  data: MarkerTrajectories,
  subject: Subject,
  mean: Float64Array,
  std: Float64Array,
): Float32Array {
  const idx = keypointIndex(data);
  const F = spec.features.length * 3 + 2;
  if (mean.length !== F || std.length !== F)
    throw new Error(
      `Augmenter ${spec.part}: mean/std have ${mean.length}/${std.length} values, expected ${F}`,
    );
  const cols = spec.features.map((n) => {
    const i = idx.get(n);
    if (i === undefined) throw new Error(`Augmenter ${spec.part} needs keypoint ${n}`);
    return i;
  });
  const ref = referencePoints(data);
  const T = data.frames.length;
  const out = new Float32Array(T * F);
  for (let t = 0; t < T; t++) {
    const f = data.frames[t];
    const row = t * F;
    cols.forEach((c, k) => {
      for (let a = 0; a < 3; a++) {
        const v = (f[3 * c + a] - ref[3 * t + a]) / subject.heightM;
        if (!Number.isFinite(v))
          throw new Error(
            `Augmenter input keypoint ${spec.features[k]} is missing at frame ${t}; fill gaps first`,
          );
        out[row + 3 * k + a] = (v - mean[3 * k + a]) / std[3 * k + a];
      }
    });
    out[row + F - 2] = (subject.heightM - mean[F - 2]) / std[F - 2];
    out[row + F - 1] = (subject.massKg - mean[F - 1]) / std[F - 1];
  }
  return out;
}

/** Network output [T, 3R] → marker positions: times height, plus the reference point. */
export function augmenterOutputs(
  spec: AugmenterPartSpec,
  output: ArrayLike<number>,
  ref: Float64Array,
  subject: Subject,
): Float64Array[] {
  const R = spec.responses.length * 3;
  const T = ref.length / 3;
  if (output.length !== T * R)
    throw new Error(`Augmenter ${spec.part}: output has ${output.length} values, expected ${T * R}`);
  return Array.from({ length: T }, (_v, t) => {
    const f = new Float64Array(R);
    for (let k = 0; k < R; k++) f[k] = output[t * R + k] * subject.heightM + ref[3 * t + (k % 3)];
    return f;
  });
}
