import type { CameraModel, Mat3, Vec3 } from '../../camera/camera-model';
import { mat3Vec } from '../math/mat3';
import { poseInWorld, worldFromBoard } from '../solve/world-frame';
import type { BoardPlacement, BoardSpec } from '../types';
import type { CameraView } from './camera-views';
import { issues, type CalibrationIssue } from './issues';
import { boardTilt, placementAgrees, type BoardTilt } from './checks';
import { angleDeg, chooseBoardPoses, poseCandidates, type PoseCandidate } from './poses';
import type { StillSegment } from './still';

/** A camera placed in the world at the extrinsics moment, with the planar solution used. */
export interface Placed {
  view: CameraView;
  model: CameraModel;
  candidate?: PoseCandidate;
  /** The other planar solution (board → camera), for a later step to prefer. */
  alternative?: PoseCandidate;
  /** Where the board's centre was at that moment (world). */
  boardCentre: Vec3;
}

export interface Placement {
  placed: Map<number, Placed>;
  /** Cameras to refuse (checked after the agreement between cameras, which is the stronger evidence). */
  refused: Map<number, CalibrationIssue>;
  /** Board → world rotation (rows: world axes in board coordinates). */
  W: Mat3;
  /** Measured angle between the board's face and the floor (0 flat, 90 upright), see checks.ts. */
  tilt?: BoardTilt;
}

export const boardCentreInBoard = (board: BoardSpec): Vec3 => [
  ((board.cols - 1) * board.squareSize) / 2,
  ((board.rows - 1) * board.squareSize) / 2,
  0,
];

const upOf = (R: Mat3): Vec3 => [-R[3], -R[4], -R[5]];

/**
 * The board defines the world (origin at corner 0, see solve/world-frame.ts): each camera's pose relative to
 * the board at the shared moment, the solution agreeing with the others, and a check that no camera sees the
 * board turned compared with the others (a phone on its side).
 */
export function placeByBoard(
  views: CameraView[],
  members: [number, StillSegment][],
  board: BoardSpec,
  placement: BoardPlacement,
): Placement {
  const placed = new Map<number, Placed>();
  const refused = new Map<number, CalibrationIssue>();
  const cands = members.map(([i, seg]) =>
    poseCandidates(views[i].intrinsics!, board, seg.corners, seg.ambiguous),
  );
  const lying = placement === 'Lying';
  const { chosen, up } = chooseBoardPoses(cands, lying);
  const W = worldFromBoard(placement, up);
  const centre = mat3Vec(W, boardCentreInBoard(board));
  const pairAngle = members.length === 2 ? angleDeg(upOf(chosen[0].pose.R), upOf(chosen[1].pose.R)) : 0;
  // The placement chosen against the board's measured tilt first: with the wrong placement every camera
  // would look turned, and the placement is what the user must fix.
  const tilt = boardTilt(
    chosen.map((c) => ({ name: '', intrinsics: views[0].intrinsics!, extrinsics: poseInWorld(c.pose, W) })),
    mat3Vec(W, [0, 0, 1]),
  );
  const placementOk = placementAgrees(placement, tilt);
  members.forEach(([i], k) => {
    const c = chosen[k];
    // A board on the floor: every camera's image up must point roughly away from the floor. Upright board:
    // against the consensus of the others; with two cameras there is no majority, both are refused.
    const angle = angleDeg(upOf(c.pose.R), lying ? [0, 0, -1] : up);
    const turned = lying ? angle > 80 : (members.length > 2 && angle > 70) || pairAngle > 70;
    if (turned && placementOk)
      refused.set(i, issues.cameraTurned(views[i].number, Math.max(angle, pairAngle)));
    placed.set(i, {
      view: views[i],
      model: {
        name: views[i].input.name,
        intrinsics: views[i].intrinsics!,
        extrinsics: poseInWorld(c.pose, W),
      },
      candidate: c,
      alternative: cands[k].find((x) => x !== c),
      boardCentre: centre,
    });
  });
  return { placed, refused, W, tilt };
}
