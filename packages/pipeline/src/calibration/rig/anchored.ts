import type { Vec3 } from '../../camera/camera-model';
import type { BoardSpec } from '../types';
import type { CameraView } from './camera-views';
import { agreementLimitM, distanceTo } from './checks';
import { issues, type CalibrationIssue } from './issues';
import { boardCentreInBoard, type Placed } from './place';
import {
  applyRigid,
  boardToWorld,
  cameraFromBoard,
  cornersInWorld,
  nearBest,
  poseCandidates,
  type PoseCandidate,
  type Rigid,
} from './poses';
import type { StillSegment } from './still';
import { cameraCenter } from '../../camera/camera-model';

interface BoardOption {
  candidate: PoseCandidate;
  boardInWorld: Rigid;
}

const meanDistance = (a: Vec3[], b: Vec3[]) =>
  a.reduce((s, p, i) => s + Math.hypot(p[0] - b[i][0], p[1] - b[i][1], p[2] - b[i][2]), 0) / a.length;

/**
 * Re-recording some cameras: the kept cameras (anchors) that saw the board at the shared moment place it in
 * their calibration's world; each camera being calibrated is then placed from its own view of that board.
 * Kept cameras that disagree on where the board is (one moved since) refuse the whole re-calibration.
 * Between the two planar solutions of each view, the combination leaving the new camera upright wins when the
 * reprojection errors cannot tell.
 */
export function placeAnchored(
  views: CameraView[],
  members: [number, StillSegment][],
  board: BoardSpec,
): { placed: Map<number, Placed>; refused: Map<number, CalibrationIssue> } {
  const placed = new Map<number, Placed>();
  const refused = new Map<number, CalibrationIssue>();
  const anchors = members.filter(([i]) => views[i].input.anchor);
  const targets = members.filter(([i]) => !views[i].input.anchor);
  if (anchors.length === 0) {
    for (const [i] of targets) refused.set(i, issues.noSharedView(views[i].number));
    return { placed, refused };
  }
  const optionsOf = ([i, seg]: [number, StillSegment]): BoardOption[] =>
    poseCandidates(views[i].intrinsics!, board, seg.corners, seg.ambiguous).map((candidate) => ({
      candidate,
      boardInWorld: boardToWorld(views[i].input.anchor!.extrinsics, candidate.pose),
    }));
  const perAnchor = anchors.map(optionsOf);
  // The reference is the anchor with the cleanest view; the others must place the board where it does.
  const ref = perAnchor.reduce(
    (best, o, k) => (o[0].candidate.rmsPx < perAnchor[best][0].candidate.rmsPx ? k : best),
    0,
  );
  const refOptions = nearBestOptions(perAnchor[ref]);
  const corners = (o: BoardOption) => cornersInWorld(board, o.boardInWorld);
  const centreOf = (o: BoardOption) => applyRigid(o.boardInWorld, boardCentreInBoard(board));
  for (let k = 0; k < anchors.length; k++) {
    if (k === ref) continue;
    let best = Infinity;
    for (const a of refOptions)
      for (const b of perAnchor[k]) best = Math.min(best, meanDistance(corners(a), corners(b)));
    const [ia] = anchors[ref];
    const [ib] = anchors[k];
    const C = cameraCenter(views[ib].input.anchor!.extrinsics);
    if (best > agreementLimitM(distanceTo(C, centreOf(refOptions[0])))) {
      const issue = issues.calibratedCamerasDisagree(views[ia].number, views[ib].number, best);
      for (const [i] of targets) refused.set(i, issue);
      return { placed, refused };
    }
  }
  anchors.forEach(([i], k) => {
    const o = k === ref ? refOptions[0] : perAnchor[k][0];
    placed.set(i, {
      view: views[i],
      model: views[i].input.anchor!,
      candidate: o.candidate,
      boardCentre: centreOf(o),
    });
  });
  for (const [i, seg] of targets) {
    const own = nearBest(poseCandidates(views[i].intrinsics!, board, seg.corners, seg.ambiguous));
    let best: { score: number; rms: number; option: BoardOption; candidate: PoseCandidate } | null = null;
    const combos = refOptions.flatMap((option) =>
      own.map((candidate) => ({ option, candidate, rms: option.candidate.rmsPx + candidate.rmsPx })),
    );
    const minRms = Math.min(...combos.map((c) => c.rms));
    for (const c of combos) {
      if (c.rms > 1.5 * minRms + 0.3) continue;
      const R = cameraFromBoard(c.candidate.pose, c.option.boardInWorld).R;
      // Upright phone: image up (−y) along the world's Y.
      const score = -R[4];
      if (!best || score > best.score) best = { score, rms: c.rms, option: c.option, candidate: c.candidate };
    }
    if (!best) continue;
    placed.set(i, {
      view: views[i],
      model: {
        name: views[i].input.name,
        intrinsics: views[i].intrinsics!,
        extrinsics: cameraFromBoard(best.candidate.pose, best.option.boardInWorld),
      },
      candidate: best.candidate,
      boardCentre: centreOf(best.option),
    });
  }
  return { placed, refused };
}

function nearBestOptions(options: BoardOption[]): BoardOption[] {
  const near = new Set(nearBest(options.map((o) => o.candidate)));
  return options.filter((o) => near.has(o.candidate));
}
