import { cameraCenter, type CameraModel, type Mat3 } from '../camera/camera-model';
import { IDENTITY3 } from './math/mat3';
import { poseInWorld } from './solve/world-frame';
import { placeAnchored } from './rig/anchored';
import { viewCamera, type CameraView } from './rig/camera-views';
import { distanceTo, placementAgrees, type BoardTilt } from './rig/checks';
import { issues, type CalibrationIssue } from './rig/issues';
import { placeByBoard, type Placed } from './rig/place';
import {
  chooseWindow,
  nearestToWindow,
  stillSegments,
  usableSegments,
  type RigWindow,
  type StillSegment,
} from './rig/still';
import type { RigCameraInput, RigOptions, RigResult } from './rig/types';
import { checkAgreement, checkPlausible } from './rig/verify';
import type { BoardSpec } from './types';

export type { CalibrationIssue, CalibrationIssueCode } from './rig/issues';
export type {
  IntrinsicsSource,
  PlacementCheck,
  RigCameraInput,
  RigCameraResult,
  RigOptions,
  RigResult,
} from './rig/types';

/** Segments of different cameras within this many seconds count as the same moment (clocks, sampling). */
const SIMULTANEOUS_SEC = 0.2;

/**
 * Calibrates a rig from each camera's calibration frames: board detection, intrinsics (profile → board views →
 * estimated), extrinsics only from a moment when the cameras saw the board still at the same time (on the
 * frames' shared clock), the planar solution consistent across cameras, the world frame, and checks that the
 * result can be trusted: agreement between cameras wherever they both saw the board, plausible distances,
 * heights and baselines, and the chosen placement against the board's measured tilt. Every refused camera
 * gets its reasons as coded messages. With `anchor` inputs (cameras kept from an earlier calibration) the
 * other cameras are placed in that calibration's world through them.
 */
export function calibrateRig(inputs: RigCameraInput[], board: BoardSpec, opts: RigOptions = {}): RigResult {
  const placement = opts.placement ?? 'Perpendicular';
  const views = inputs.map((cam, i) => {
    const v = viewCamera(cam, i + 1, board, opts);
    opts.onProgress?.((i + 1) / inputs.length);
    return v;
  });
  const isAnchor = (i: number) => !!views[i].input.anchor;
  const anchored = views.some((_, i) => isAnchor(i));
  // Kept cameras stay calibrated whatever this recording shows; they only place the board when they see it.
  for (const v of views) if (v.input.anchor) v.result.issues = [];
  const timed =
    inputs.length > 0 &&
    inputs.every((c) => c.frames.length > 0 && c.frameTimesSec?.length === c.frames.length);
  const t0 = timed ? Math.min(...inputs.map((c) => Math.min(...c.frameTimesSec!))) : 0;

  // Still segments of every camera that saw the board and has a lens.
  const usable: StillSegment[][] = views.map((v, i) =>
    v.intrinsics && v.sightings.length ? usableSegments(stillSegments(i, v.sightings, timed), timed) : [],
  );
  views.forEach((v, i) => {
    if (!v.input.anchor && !v.result.issues.length && usable[i].length === 0)
      v.result.issues.push(issues.boardNeverStill(v.number));
  });
  const eligible = usable.map((list, i) => (isAnchor(i) || !views[i].result.issues.length ? list : []));

  // The moment most cameras saw the board still together (re-calibrating: new cameras with a kept one).
  const score = anchored
    ? (m: number[]) =>
        m.some(isAnchor) && m.some((i) => !isAnchor(i))
          ? 1000 * m.filter((i) => !isAnchor(i)).length + m.length
          : -Infinity
    : (m: number[]) => m.length;
  const window = chooseWindow(eligible, timed ? SIMULTANEOUS_SEC : Infinity, score);
  refuseOutsideWindow(views, eligible, window, anchored);

  // Place the window's cameras in the world.
  const members = window ? [...window.members.entries()].filter(([i]) => !views[i].result.issues.length) : [];
  let W: Mat3 = IDENTITY3;
  let tilt: BoardTilt | undefined;
  let placed = new Map<number, Placed>();
  let refused = new Map<number, CalibrationIssue>();
  if (members.length) {
    const res = anchored
      ? { ...placeAnchored(views, members, board), W, tilt: undefined }
      : placeByBoard(views, members, board, placement);
    placed = res.placed;
    W = res.W;
    tilt = res.tilt;
    refused = res.refused;
  }
  // Disagreement where the cameras saw the board together is the strongest evidence: it goes first.
  if (timed && window) checkAgreement(views, placed, usable, window, board);
  for (const [i, issue] of refused) {
    if (!views[i].result.issues.length) views[i].result.issues.push(issue);
    placed.delete(i);
  }
  checkPlausible(placed, placement);

  // Figures and results.
  const cameras: CameraModel[] = [];
  views.forEach((v, i) => {
    const r = v.result;
    const p = placed.get(i);
    if (p) fillFigures(v, p, window?.members.get(i), timed ? t0 : null, anchored ? null : W);
    if (p || v.input.anchor) {
      r.ok = true;
      r.kept = v.input.anchor ? true : undefined;
      if (v.input.anchor) r.intrinsicsSource = 'kept';
      r.message = v.input.anchor
        ? 'kept from the earlier calibration'
        : `calibrated (${r.intrinsicsSource} intrinsics, board in ${r.framesWithBoard}/${r.framesSearched} frames, ${(r.extrinsicsRmsPx ?? 0).toFixed(2)} px)`;
      cameras.push(v.input.anchor ?? p!.model);
    } else {
      r.reason = r.issues[0]?.code;
      r.message = r.issues[0]?.message ?? 'not calibrated';
    }
  });

  // The rig as a whole: the placement chosen against the board's measured tilt, and at least 2 cameras.
  const rigIssues: CalibrationIssue[] = [];
  if (!placementAgrees(placement, tilt)) rigIssues.push(issues.placementMismatch(placement, tilt!.deg));
  const n = cameras.length;
  const fresh = views.filter((v) => v.result.ok && !v.input.anchor).length;
  if (n < 2 || (anchored && fresh === 0)) rigIssues.push(issues.tooFewCameras(fresh));
  const ok = rigIssues.length === 0;
  return {
    ok,
    cameras,
    perCamera: views.map((v) => v.result),
    calibratedCount: n,
    message: ok ? `${n} ${n === 1 ? 'device' : 'devices'} calibrated successfully.` : rigIssues[0].message,
    issues: rigIssues,
    timing: timed ? 'checked' : 'unchecked',
    placement: { chosen: placement, boardTiltDeg: tilt?.deg, agrees: placementAgrees(placement, tilt) },
    worldFromBoard: W,
  };
}

/** Cameras that saw the board still, but never while the others did (or, re-calibrating, with a kept one). */
function refuseOutsideWindow(
  views: CameraView[],
  eligible: StillSegment[][],
  window: RigWindow | null,
  anchored: boolean,
): void {
  views.forEach((v, i) => {
    if (v.input.anchor || v.result.issues.length || !eligible[i].length || window?.members.has(i)) return;
    if (anchored || !window) {
      v.result.issues.push(issues.noSharedView(v.number));
      return;
    }
    const near = nearestToWindow(eligible[i], window)!;
    // Touching the window within the clocks' tolerance: simultaneous after all.
    if (Math.abs(near.offset) <= SIMULTANEOUS_SEC) {
      window.members.set(i, near.segment);
      return;
    }
    const offset = near.offset;
    const others = [...window.members.keys()].map((k) => views[k].number);
    v.result.issues.push(
      issues.boardSeenApart(v.number, Math.abs(offset), offset >= 0 ? 'after' : 'before', others),
    );
  });
}

/** Height, distance to the board, reprojection, frame and solution of a placed camera. */
function fillFigures(
  v: CameraView,
  p: Placed,
  seg: StillSegment | undefined,
  t0: number | null,
  W: Mat3 | null,
): void {
  const r = v.result;
  const C = cameraCenter(p.model.extrinsics);
  r.heightM = C[1];
  r.distanceToBoardM = distanceTo(C, p.boardCentre);
  if (p.candidate) {
    r.extrinsicsRmsPx = p.candidate.rmsPx;
    r.corners = p.candidate.corners;
  }
  if (p.alternative && W) {
    r.alternativeExtrinsics = poseInWorld(p.alternative.pose, W);
    r.alternativeRmsPx = p.alternative.rmsPx;
  }
  if (seg) {
    r.frameIndex = seg.representative.index;
    if (t0 !== null) r.boardWindowSec = [seg.start - t0, seg.end - t0];
  }
}
