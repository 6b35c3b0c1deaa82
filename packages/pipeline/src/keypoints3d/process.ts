import type { CameraModel } from '../camera/camera-model';
import { lowPassFilterXyz } from '../filter/butterworth';
import { resolveFilterFrequency } from '../filter/frequency';
import { KEYPOINTS_3D } from '../pose/keypoint-set';
import { selectPerson, type PersonSelectionResult } from '../pose/person-selection';
import type { Keypoints2D } from '../pose/types';
import { alignViews } from '../sync/align';
import { synchronize, type SyncOptions, type SyncResult } from '../sync/synchronize';
import {
  triangulateKeypoints,
  type TriangulationOptions,
  type TriangulationStats,
} from '../triangulation/triangulate';
import {
  limbKey,
  refineWithLimbLengths,
  RIGID_LIMBS,
  type LimbRefineOptions,
} from '../triangulation/limb-refine';
import { reprojectionStats, type ReprojectionStats } from '../triangulation/reprojection-stats';
import { withDerivedKeypoints } from './derived';
import { processingWarning, type ProcessingWarning } from '../quality/warnings';
import type { Keypoints3D } from './types';

export interface KeypointProcessingOptions {
  /** Start time of each video on the server clock (seconds), when known. */
  startTimesSec?: Array<number | undefined>;
  sync?: Omit<SyncOptions, 'calibration'>;
  triangulation?: Omit<TriangulationOptions, 'startTimeSec'>;
  /** 'default' or a cut-off in Hz (see resolveFilterFrequency). */
  filterFrequency?: 'default' | number | string;
  /**
   * The subject holds still (a neutral recording): the videos are synchronised by their clocks (or not at all)
   * and a camera is left out only when its keypoints disagree with the others', never for lack of motion.
   */
  still?: boolean;
  /** Cameras (input indices) to leave out, with the warning that says why (e.g. camera_bad_for_scaling). */
  excludeCameras?: ReadonlyArray<{ camera: number; warning: ProcessingWarning }>;
  /**
   * Limb-length-constrained refinement after triangulation (see limb-refine.ts); on by default, `false` keeps
   * the plain triangulation.
   */
  limbRefinement?: false | LimbRefineOptions;
}

export interface KeypointProcessingResult {
  keypoints: Keypoints3D;
  /** Before filtering (still with gaps filled). */
  unfiltered: Keypoints3D;
  sync: SyncResult;
  /** Indices of the cameras used (matching the trial). */
  cameras: number[];
  selection: PersonSelectionResult;
  triangulation: TriangulationStats;
  /**
   * Reprojection of the (refined, unfiltered) 3D keypoints into the cameras used; perCameraPx follows
   * `cameras` (index j is camera cameras[j]).
   */
  reprojection: ReprojectionStats;
  /** The limb lengths the refinement held the keypoints to (m), by limbKey; empty without refinement. */
  limbLengthsM: Record<string, number>;
  filterHz: number;
  warnings: ProcessingWarning[];
}

/**
 * The pure part of the pipeline after 2D detection: synchronise, resample on one clock, select the subject
 * (left/right labels, bystanders), triangulate, derive the small toes and low-pass filter.
 */
export function processKeypoints(
  cams: readonly CameraModel[],
  views: readonly Keypoints2D[],
  opts: KeypointProcessingOptions = {},
): KeypointProcessingResult {
  if (cams.length !== views.length)
    throw new Error(`${views.length} videos but ${cams.length} calibrated cameras`);
  const sync = synchronize(
    views.map((keypoints, c) => ({ keypoints, startTimeSec: opts.startTimesSec?.[c] })),
    { ...opts.sync, calibration: cams, still: opts.still ?? opts.sync?.still },
  );
  for (const { camera, warning } of opts.excludeCameras ?? []) {
    if (!sync.matches[camera]) continue;
    sync.matches[camera] = false;
    sync.warnings.push(warning);
  }
  const aligned = alignViews(views, sync);
  const usedCams = aligned.cameras.map((c) => cams[c]);
  const selection = selectPerson(usedCams, aligned.views);
  const triangulated = triangulateKeypoints(usedCams, selection.views, {
    ...opts.triangulation,
    startTimeSec: aligned.startSec,
  });
  let { keypoints: raw, stats } = triangulated;
  const limbLengthsM: Record<string, number> = {};
  if (opts.limbRefinement !== false) {
    const options = opts.limbRefinement ?? {};
    const refined = refineWithLimbLengths(
      usedCams,
      selection.views,
      raw.names,
      raw.positions,
      triangulated.keptCameras,
      options,
    );
    raw = { ...raw, positions: refined.positions, reprojectionErrorPx: refined.reprojectionErrorPx };
    stats = { ...stats, meanReprojectionPx: meanOf(refined.reprojectionErrorPx) };
    (options.limbs ?? RIGID_LIMBS)
      .filter(([a, b]) => raw.names.includes(a) && raw.names.includes(b))
      .forEach(([a, b], s) => (limbLengthsM[limbKey(a, b)] = refined.limbLengthsM[s]));
  }
  const reprojection = reprojectionStats(
    usedCams,
    selection.views,
    raw.names,
    raw.positions,
    triangulated.keptCameras,
  );
  const unfiltered = withDerivedKeypoints(raw, KEYPOINTS_3D);
  const filter = resolveFilterFrequency(opts.filterFrequency, aligned.fps);
  const keypoints: Keypoints3D = {
    ...unfiltered,
    positions: unfiltered.positions.map((p) => lowPassFilterXyz(p, filter.frequencyHz, aligned.fps)),
  };
  const warnings = [...sync.warnings];
  if (filter.warning === 'capped')
    warnings.push(processingWarning('filter_frequency_capped', { hz: filter.frequencyHz }));
  else if (filter.warning === 'invalid') warnings.push(processingWarning('filter_frequency_invalid'));
  return {
    keypoints,
    unfiltered,
    sync,
    cameras: aligned.cameras,
    selection,
    triangulation: stats,
    reprojection,
    limbLengthsM,
    filterHz: filter.frequencyHz,
    warnings,
  };
}

/** Mean of the finite values of the arrays (NaN when there are none). */
function meanOf(arrays: readonly Float64Array[]): number {
  let sum = 0;
  let n = 0;
  for (const a of arrays)
    for (const x of a)
      if (!Number.isNaN(x)) {
        sum += x;
        n++;
      }
  return n ? sum / n : NaN;
}
