import type { CameraModel } from '../camera/camera-model';
import type { Keypoints2D } from '../pose/types';
import { findOffset } from './cross-correlate';
import { pairCostsAtOffsets, pairwiseLags, solveOffsets, type PairLag } from './geometric-sync';
import { motionSignal, type MotionSignal } from './motion-signal';
import { processingWarning, type ProcessingWarning } from '../quality/warnings';

export interface SyncCamera {
  keypoints: Keypoints2D;
  /** Time of the video's first frame on the server clock (seconds), when the phone reported it. */
  startTimeSec?: number;
}

export interface SyncOptions {
  /**
   * Calibrated cameras (same order as the videos). When given, lags come from the epipolar consistency of the
   * keypoint tracks (geometric, robust to viewpoint); otherwise from cross-correlating vertical keypoint motion.
   */
  calibration?: readonly CameraModel[];
  /** Geometric sync: a camera pair whose cost minimum is less pronounced than this does not confirm a match. */
  minSharpness?: number;
  /** Geometric sync: a camera pair whose best epipolar cost exceeds this (px) does not confirm a match. */
  maxEpipolarPx?: number;
  /** Search range around the clock-based offset when start times are known (default 0.5 s). */
  clockToleranceSec?: number;
  /** Search range when start times are unknown (default: half the shortest video, at most 10 s). */
  maxOffsetSec?: number;
  /** A camera whose best correlation with the reference is below this does not belong to the trial. */
  minCorrelation?: number;
  /** Correlation must exceed this share of the overlap (default 0.5 of the shorter video). */
  minOverlapRatio?: number;
  /**
   * The subject holds still (a neutral pose): no lag can be measured from motion, so the clock offsets (0
   * without clocks) are used as they are, and a camera is left out only when its keypoints disagree with the
   * other cameras' at those offsets (calibrated cameras), never for lack of motion.
   */
  still?: boolean;
}

export interface SyncResult {
  referenceCamera: number;
  /** Start of each video on the trial's common clock (seconds); the reference starts at its own start time (or 0). */
  startSec: number[];
  /** Lag of each camera relative to the reference in seconds (startSec[c] - startSec[ref]). */
  lagsSec: number[];
  /** Lags in frames of each camera's own frame rate. */
  lagsFrames: number[];
  /** Peak normalised cross-correlation with the reference (1 for the reference itself). */
  confidence: number[];
  /** False for a video that does not belong to the trial (no clear correlation peak). */
  matches: boolean[];
  /** Cameras left out and cameras whose lag could not be measured (codes: camera_*, sync_*). */
  warnings: ProcessingWarning[];
}

function activity(s: MotionSignal): number {
  let sum = 0;
  let n = 0;
  for (const ch of s.channels)
    for (const v of ch)
      if (!Number.isNaN(v)) {
        sum += Math.abs(v);
        n++;
      }
  return n ? (sum / n) * n : 0;
}

/**
 * Synchronises cameras. With `opts.calibration` (the normal case) lags come from the epipolar consistency of the
 * keypoint tracks (see synchronizeGeometric). Without it, vertical keypoint velocities are cross-correlated
 * against the camera with most motion. Either way the search starts from the clock offsets when every video has
 * a start time, and the result has sub-frame precision.
 */
export function synchronize(cams: readonly SyncCamera[], opts: SyncOptions = {}): SyncResult {
  if (cams.length === 0) throw new Error('synchronize needs at least one camera');
  if (opts.calibration) return synchronizeGeometric(cams, opts.calibration, opts);
  const signals = cams.map((c) => motionSignal(c.keypoints));
  const reference = signals.map(activity).reduce((best, a, i, all) => (a > all[best] ? i : best), 0);
  const clockKnown = cams.every((c) => Number.isFinite(c.startTimeSec));
  const durations = cams.map((c) => c.keypoints.frameCount / c.keypoints.fps);
  const shortest = Math.min(...durations);
  const range = clockKnown
    ? (opts.clockToleranceSec ?? 0.5)
    : Math.min(opts.maxOffsetSec ?? 10, shortest / 2);
  const minCorrelation = opts.minCorrelation ?? 0.5;
  const refStart = clockKnown ? cams[reference].startTimeSec! : 0;
  const result: SyncResult = {
    referenceCamera: reference,
    startSec: [],
    lagsSec: [],
    lagsFrames: [],
    confidence: [],
    matches: [],
    warnings: [],
  };
  cams.forEach((cam, c) => {
    if (c === reference) {
      result.lagsSec.push(0);
      result.confidence.push(1);
      result.matches.push(true);
      return;
    }
    const centre = clockKnown ? cam.startTimeSec! - refStart : 0;
    const minOverlap = Math.max(
      10,
      Math.round(
        (opts.minOverlapRatio ?? 0.5) *
          Math.min(cam.keypoints.frameCount, cams[reference].keypoints.frameCount),
      ),
    );
    const peak = findOffset(signals[reference], signals[c], centre, range, minOverlap);
    const ok = Number.isFinite(peak.correlation) && peak.correlation >= minCorrelation;
    result.lagsSec.push(ok ? peak.offsetSec : clockKnown ? centre : NaN);
    result.confidence.push(Number.isFinite(peak.correlation) ? peak.correlation : 0);
    result.matches.push(ok);
    // Without a calibration only the motion can tell: a video whose motion does not correlate is not in sync.
    if (!ok) result.warnings.push(processingWarning('camera_no_overlap', { camera: c + 1 }));
  });
  result.startSec = result.lagsSec.map((l) => refStart + l);
  result.lagsFrames = result.lagsSec.map((l, c) => l * cams[c].keypoints.fps);
  return result;
}

/** Search half-width: around the clocks when known, else up to half the shorter video of a pair (at most 10 s). */
function searchRange(
  cams: readonly SyncCamera[],
  opts: SyncOptions,
): { clockKnown: boolean; rangeSec: (a: number, b: number) => number } {
  const clockKnown = cams.every((c) => Number.isFinite(c.startTimeSec));
  const rangeSec = (a: number, b: number): number =>
    clockKnown ? (opts.clockToleranceSec ?? 0.5) : Math.min(opts.maxOffsetSec ?? 10, Math.min(a, b) / 2);
  return { clockKnown, rangeSec };
}

/**
 * Geometric synchronisation: pairwise lags from epipolar consistency, combined by weighted least squares.
 * - A camera whose keypoints stay inconsistent with the other cameras at every lag (median pair cost above
 *   maxEpipolarPx), or whose lags contradict the other pairs (loop residual above 3 frames), does not belong
 *   to the trial.
 * - A pair without a clear cost minimum (too little motion, e.g. a static pose) does not inform the lag: a
 *   camera with no informative pair keeps its clock offset (or 0).
 */
function synchronizeGeometric(
  cams: readonly SyncCamera[],
  calibration: readonly CameraModel[],
  opts: SyncOptions,
): SyncResult {
  if (calibration.length !== cams.length)
    throw new Error(`${cams.length} videos but ${calibration.length} calibrated cameras`);
  const n = cams.length;
  const all = [...Array(n).keys()];
  const { clockKnown, rangeSec } = searchRange(cams, opts);
  const priorSec = cams.map((c) => (clockKnown ? c.startTimeSec! - cams[0].startTimeSec! : 0));
  const pairs = opts.still
    ? pairCostsAtOffsets(
        cams.map((c) => c.keypoints),
        calibration,
        priorSec,
      )
    : pairwiseLags(
        cams.map((c) => c.keypoints),
        calibration,
        { priorSec, rangeSec, minOverlapRatio: opts.minOverlapRatio ?? 0.5 },
      );
  const minSharpness = opts.minSharpness ?? 0.3;
  const diag = Math.max(...cams.map((c) => Math.hypot(c.keypoints.width, c.keypoints.height)));
  const maxCost = opts.maxEpipolarPx ?? 0.009 * diag;
  const partner = (p: PairLag, c: number): number => (p.a === c ? p.b : p.a);
  const pairsOf = (c: number, excluded: ReadonlySet<number>): PairLag[] =>
    pairs.filter(
      (p) => (p.a === c || p.b === c) && !excluded.has(partner(p, c)) && Number.isFinite(p.costPx),
    );
  const excluded = new Set<number>();
  const reasons = new Map<number, ProcessingWarning>();
  // 1. Geometric consistency: drop the worst camera while its median pair cost is too high.
  for (;;) {
    const costs = all
      .filter((c) => !excluded.has(c))
      .map((c) => ({ c, cost: medianOf(pairsOf(c, excluded).map((p) => p.costPx)) }));
    const worst = costs.reduce<{ c: number; cost: number } | null>(
      (w, x) => (!w || !(x.cost <= w.cost) ? x : w),
      null,
    );
    if (!worst || worst.cost <= maxCost) break;
    excluded.add(worst.c);
    reasons.set(
      worst.c,
      Number.isFinite(worst.cost)
        ? processingWarning('camera_out_of_sync', { camera: worst.c + 1, px: Math.round(worst.cost) })
        : processingWarning('camera_no_overlap', { camera: worst.c + 1 }),
    );
    if (excluded.size >= n - 1) break;
  }
  if (opts.still) return stillResult(cams, priorSec, excluded, reasons, clockKnown);
  // 2. Lags from the informative pairs; a camera contradicting the others (loop residual) is dropped.
  const fps = Math.max(...cams.map((c) => c.keypoints.fps));
  const informative = (p: PairLag): boolean => p.sharpness >= minSharpness && p.costPx <= maxCost;
  let offsets: number[] = [];
  let reference = 0;
  for (;;) {
    const matching = all.filter((c) => !excluded.has(c));
    reference = matching[0] ?? 0;
    const solved = solveOffsets(
      n,
      pairs.filter((p) => informative(p)),
      reference,
      excluded,
      1.5 / fps,
    );
    offsets = all.map((c) =>
      excluded.has(c) ? NaN : Number.isFinite(solved[c]) ? solved[c] : priorSec[c] - priorSec[reference],
    );
    if (matching.length < 3) break;
    const residual = matching.map((c) => ({
      c,
      r: medianOf(
        pairsOf(c, excluded)
          .filter(informative)
          .map((p) => Math.abs(offsets[p.b] - offsets[p.a] - p.lagSec)),
      ),
    }));
    const worst = residual.reduce((w, x) => (x.r > w.r ? x : w), residual[0]);
    if (!(worst.r > 3 / fps)) break;
    excluded.add(worst.c);
    reasons.set(
      worst.c,
      processingWarning('camera_sync_contradiction', {
        camera: worst.c + 1,
        frames: Number((worst.r * fps).toFixed(1)),
      }),
    );
  }
  const confidence = all.map((c) => {
    if (excluded.has(c)) return 0;
    const inf = pairsOf(c, excluded).filter(informative);
    return inf.length ? inf.reduce((s, p) => s + p.sharpness, 0) / inf.length : 0;
  });
  const warnings = [...excluded].map((c) => reasons.get(c)!);
  all.forEach((c) => {
    if (!excluded.has(c) && c !== reference && confidence[c] === 0) {
      warnings.push(
        processingWarning(clockKnown ? 'sync_low_motion_clock' : 'sync_low_motion_no_clock', {
          camera: c + 1,
        }),
      );
    }
  });
  const refStart = clockKnown ? cams[reference].startTimeSec! : 0;
  return {
    referenceCamera: reference,
    startSec: offsets.map((o) => refStart + o),
    lagsSec: offsets,
    lagsFrames: offsets.map((l, c) => l * cams[c].keypoints.fps),
    confidence: confidence.map((x, c) =>
      c === reference && !excluded.has(c) ? Math.max(x, ...confidence) : x,
    ),
    matches: all.map((c) => !excluded.has(c)),
    warnings,
  };
}

/** A still subject: every matching camera keeps its clock offset; confidence 1 for the cameras kept. */
function stillResult(
  cams: readonly SyncCamera[],
  priorSec: number[],
  excluded: ReadonlySet<number>,
  reasons: ReadonlyMap<number, ProcessingWarning>,
  clockKnown: boolean,
): SyncResult {
  const all = cams.map((_, c) => c);
  const reference = all.find((c) => !excluded.has(c)) ?? 0;
  const offsets = all.map((c) => (excluded.has(c) ? NaN : priorSec[c] - priorSec[reference]));
  const refStart = clockKnown ? cams[reference].startTimeSec! : 0;
  return {
    referenceCamera: reference,
    startSec: offsets.map((o) => refStart + o),
    lagsSec: offsets,
    lagsFrames: offsets.map((l, c) => l * cams[c].keypoints.fps),
    confidence: all.map((c) => (excluded.has(c) ? 0 : 1)),
    matches: all.map((c) => !excluded.has(c)),
    warnings: [...excluded].map((c) => reasons.get(c)!),
  };
}

function medianOf(v: number[]): number {
  if (v.length === 0) return NaN;
  const s = [...v].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : 0.5 * (s[m - 1] + s[m]);
}
