/** Figures of the ground-truth bench: angle errors per DOF, and point and length errors. Pure. */

/** The DOFs OpenCap reports its error over (arms apart). */
export const OPENCAP_DOFS = [
  'pelvis_tilt',
  'pelvis_list',
  'pelvis_rotation',
  'hip_flexion_r',
  'hip_flexion_l',
  'hip_adduction_r',
  'hip_adduction_l',
  'hip_rotation_r',
  'hip_rotation_l',
  'knee_angle_r',
  'knee_angle_l',
  'ankle_angle_r',
  'ankle_angle_l',
  'subtalar_angle_r',
  'subtalar_angle_l',
  'lumbar_extension',
  'lumbar_bending',
  'lumbar_rotation',
] as const;

export const ARM_DOFS = [
  'arm_flex_r',
  'arm_flex_l',
  'arm_add_r',
  'arm_add_l',
  'arm_rot_r',
  'arm_rot_l',
  'elbow_flex_r',
  'elbow_flex_l',
  'pro_sup_r',
  'pro_sup_l',
] as const;

export interface DofError {
  rmseDeg: number;
  biasDeg: number;
  frames: number;
}

/** Difference of two angles in degrees, wrapped to (-180, 180]. */
export function angleDiffDeg(estimate: number, truth: number): number {
  let d = (estimate - truth) % 360;
  if (d > 180) d -= 360;
  if (d <= -180) d += 360;
  return d;
}

/** RMSE and bias (mean of estimate − truth) of paired series; NaN pairs are skipped. */
export function dofError(estimate: readonly number[], truth: readonly number[]): DofError {
  if (estimate.length !== truth.length) throw new Error('series of different lengths');
  let sum = 0;
  let sq = 0;
  let n = 0;
  estimate.forEach((e, i) => {
    const d = angleDiffDeg(e, truth[i]);
    if (!Number.isFinite(d)) return;
    sum += d;
    sq += d * d;
    n++;
  });
  return n === 0
    ? { rmseDeg: NaN, biasDeg: NaN, frames: 0 }
    : { rmseDeg: Math.sqrt(sq / n), biasDeg: sum / n, frames: n };
}

export function mean(values: readonly number[]): number {
  const ok = values.filter(Number.isFinite);
  return ok.length ? ok.reduce((a, b) => a + b, 0) / ok.length : NaN;
}

/** Mean RMSE over the DOFs present (the file's coordinates among `dofs`). */
export function meanRmse(errors: Readonly<Record<string, DofError>>, dofs: readonly string[]): number {
  return mean(dofs.filter((d) => errors[d]).map((d) => errors[d].rmseDeg));
}

/** Mean and maximum of 2D or 3D distances between paired points (NaN pairs skipped). */
export function pointError(
  estimate: ReadonlyArray<readonly number[]>,
  truth: ReadonlyArray<readonly number[]>,
): { mean: number; max: number; count: number } {
  let sum = 0;
  let max = 0;
  let n = 0;
  estimate.forEach((e, i) => {
    const d = Math.hypot(...e.map((v, a) => v - truth[i][a]));
    if (!Number.isFinite(d)) return;
    sum += d;
    max = Math.max(max, d);
    n++;
  });
  return { mean: n ? sum / n : NaN, max: n ? max : NaN, count: n };
}

/** Percentage by which an estimated length differs from the true one. */
export function lengthErrPct(estimate: number, truth: number): number {
  return (estimate / truth - 1) * 100;
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), for reproducible dropped frames. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
