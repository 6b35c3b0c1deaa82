/** Shared pieces of bench:ik: perturbation cases (noise, virtual cameras), the pipeline's filter, RMSE bookkeeping. */
import type { Model } from '@poselab/biomech';
import { lowPassFilter } from '@poselab/pipeline';
import { cameraRing, projectAndTriangulate, seededRandom } from './ik-cameras';

export type CaseName = 'a_noise10mm' | 'b_4cams_3px' | 'b_2cams_3px';
export const CASES: CaseName[] = ['a_noise10mm', 'b_4cams_3px', 'b_2cams_3px'];

export interface CaseResult {
  rmse: Record<string, number>; // degrees, or mm for translations
  /**
   * Constant part of the error: RMS over trials of each trial's mean error, same units. RMSE² = offset² +
   * within-trial variance, so an offset close to the RMSE means a fixed offset per trial, not noise.
   */
  offset: Record<string, number>;
  frames: number;
  ikSeconds: number;
}

/** Keypoint low-pass cut-off (the pipeline's gait default, 12 Hz) and IK temporal smoothing weight. */
export const FILTER_HZ = Number(process.env.BENCH_FILTER_HZ ?? 12);
export const SMOOTHING = Number(process.env.BENCH_SMOOTHING ?? 0.005);

/** Zero-phase low-pass (the pipeline's filter step) of every keypoint channel. */
function filterKeypoints(frames: Float64Array[], cutoffHz: number, rateHz: number): Float64Array[] {
  const out = frames.map((f) => new Float64Array(f.length));
  for (let ch = 0; ch < frames[0].length; ch++) {
    const filtered = lowPassFilter(
      Float64Array.from(frames, (f) => f[ch]),
      cutoffHz,
      rateHz,
    );
    filtered.forEach((v, i) => (out[i][ch] = v));
  }
  return out;
}

/** Applies one perturbation case to keypoint frames, then the pipeline's low-pass filter. */
export function perturb(
  kind: CaseName,
  points: Float64Array[],
  names: readonly string[],
  centre: [number, number, number],
  seed: number,
  rateHz: number,
): Float64Array[] {
  const rng = seededRandom(seed);
  let noisy: Float64Array[];
  if (kind === 'a_noise10mm') {
    // Isotropic Gaussian with 10 mm RMS 3D error (10/√3 mm per axis).
    const s = 0.01 / Math.sqrt(3);
    noisy = points.map((p) => p.map((v) => v + s * rng.gaussian()));
  } else {
    const cams = cameraRing(kind === 'b_4cams_3px' ? 4 : 2, centre, 4.5);
    noisy = projectAndTriangulate(cams, points, names, rateHz, 3, rng);
  }
  return FILTER_HZ > 0 ? filterKeypoints(noisy, FILTER_HZ, rateHz) : noisy;
}

/** Clamps a true pose into the model's limits (the source model's limits can differ slightly). */
export function clampTruth(model: Model, q: Float64Array): Float64Array {
  model.coordinates.forEach((c, i) => {
    if (c.clamped) q[i] = Math.min(c.range[1], Math.max(c.range[0], q[i]));
  });
  return q;
}

/** Accumulates squared coordinate errors; unclamped rotations are compared modulo 360°. */
export class RmseAccumulator {
  private sq: Float64Array;
  private offsetSq: Float64Array;
  private n = 0;
  secs = 0;
  constructor(private model: Model) {
    this.sq = new Float64Array(model.coordinates.length);
    this.offsetSq = new Float64Array(model.coordinates.length);
  }
  /** Adds one trial. */
  add(estimates: Float64Array[], truth: Float64Array[], indexOf: (i: number) => number = (i) => i): void {
    const wrap = this.model.coordinates.map((c) => c.motionType === 'rotational' && !c.clamped);
    const sum = new Float64Array(this.sq.length);
    estimates.forEach((q, f) => {
      this.model.coordinates.forEach((_c, i) => {
        const raw = q[indexOf(i)] - truth[f][i];
        const d = wrap[i] ? Math.atan2(Math.sin(raw), Math.cos(raw)) : raw;
        this.sq[i] += d ** 2;
        sum[i] += d;
      });
    });
    sum.forEach((s, i) => (this.offsetSq[i] += s ** 2 / estimates.length));
    this.n += estimates.length;
  }
  result(): CaseResult {
    const rmse: Record<string, number> = {};
    const offset: Record<string, number> = {};
    this.model.coordinates.forEach((c, i) => {
      const unit = c.motionType === 'translational' ? 1000 : 180 / Math.PI;
      rmse[c.name] = Math.sqrt(this.sq[i] / this.n) * unit;
      offset[c.name] = Math.sqrt(this.offsetSq[i] / this.n) * unit;
    });
    return { rmse, offset, frames: this.n, ikSeconds: this.secs };
  }
}

export function frameRate(time: number[]): number {
  return (time.length - 1) / (time[time.length - 1] - time[0]);
}

/** Mean horizontal position of a keypoint (index k) over a trial: where the virtual cameras look. */
export function trialCentre(points: Float64Array[], k: number): [number, number, number] {
  let x = 0;
  let z = 0;
  for (const p of points) {
    x += p[3 * k] / points.length;
    z += p[3 * k + 2] / points.length;
  }
  return [x, 0, z];
}
