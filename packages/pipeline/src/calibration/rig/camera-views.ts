import type { CameraExtrinsics, CameraIntrinsics } from '../../camera/camera-model';
import { detectCheckerboard, type CheckerboardDetection } from '../detect/checkerboard';
import { calibrateIntrinsics, type BoardView } from '../solve/intrinsics';
import type { BoardSpec, Point2 } from '../types';
import { issues } from './issues';
import type { RigCameraInput, RigCameraResult, RigOptions } from './types';

/** One frame in which a camera found the board. */
export interface BoardSighting {
  /** Index in the camera's `frames`. */
  index: number;
  /** Seconds on the shared clock (or the frame index when the camera has no times). */
  time: number;
  corners: Point2[];
  squarePx: number;
  ambiguous: boolean;
}

/** What one camera saw: its board sightings and lens, or why it cannot be calibrated. */
export interface CameraView {
  input: RigCameraInput;
  /** 1-based number used in messages. */
  number: number;
  sightings: BoardSighting[];
  intrinsics?: CameraIntrinsics;
  result: RigCameraResult;
}

/** A share of frames with a bigger board than the one entered this large means rows × cols are wrong. */
const WRONG_SIZE_SHARE = 0.25;

/** Keeps views whose corners differ enough from every kept one (board really moved). */
function distinctViews(dets: CheckerboardDetection[], diag: number): BoardView[] {
  const kept: CheckerboardDetection[] = [];
  for (const d of dets) {
    const differs = kept.every((k) => {
      let s = 0;
      for (let i = 0; i < d.corners.length; i++)
        s += Math.hypot(d.corners[i][0] - k.corners[i][0], d.corners[i][1] - k.corners[i][1]);
      return s / d.corners.length > Math.max(2, 0.005 * diag);
    });
    if (differs) kept.push(d);
  }
  return kept.map((d) => ({ corners: d.corners }));
}

/** Largest angle between the board normals of the views (degrees). */
function normalSpreadDeg(poses: CameraExtrinsics[]): number {
  let best = 0;
  for (let i = 0; i < poses.length; i++)
    for (let j = i + 1; j < poses.length; j++) {
      const a = poses[i].R;
      const b = poses[j].R;
      const d = a[2] * b[2] + a[5] * b[5] + a[8] * b[8];
      best = Math.max(best, (Math.acos(Math.min(1, Math.max(-1, d))) * 180) / Math.PI);
    }
  return best;
}

const refuse = (view: CameraView, issue: ReturnType<typeof issues.boardNotFound>): CameraView => {
  view.result.issues.push(issue);
  return view;
};

/** Detects the board in every frame of one camera and finds its lens (profile → board views → estimated). */
export function viewCamera(
  cam: RigCameraInput,
  number: number,
  board: BoardSpec,
  opts: RigOptions,
): CameraView {
  const result: RigCameraResult = {
    name: cam.name,
    ok: false,
    issues: [],
    message: '',
    framesSearched: cam.frames.length,
    framesWithBoard: 0,
  };
  const view: CameraView = { input: cam, number, sightings: [], result };
  if (cam.frames.length === 0) return refuse(view, issues.boardNotFound(number, 0));
  const { width, height } = cam.frames[0];
  const times = cam.frameTimesSec;
  let tooSmall = { frames: 0, squarePx: 0 };
  let wrongSize = 0;
  const minSquarePx = opts.detect?.minSquarePx ?? 10;
  const found: CheckerboardDetection[] = [];
  cam.frames.forEach((f, index) => {
    const r = detectCheckerboard(f, board.rows, board.cols, opts.detect);
    if (r.found) {
      found.push(r);
      view.sightings.push({
        index,
        time: times ? times[index] : index,
        corners: r.corners,
        squarePx: r.squarePx,
        ambiguous: r.ambiguousOrientation,
      });
    } else if (r.reason === 'too-small') {
      const px = r.squarePx ?? 0;
      tooSmall = { frames: tooSmall.frames + 1, squarePx: Math.max(tooSmall.squarePx, px) };
    } else if (r.reason === 'wrong-size') wrongSize++;
  });
  result.framesWithBoard = found.length;
  // The frame drawn for the user unless the calibration picks another: the first with the board.
  if (view.sightings.length) {
    result.frameIndex = view.sightings[0].index;
    result.corners = view.sightings[0].corners;
  }
  // A bigger board seen in a good share of the frames means the rows and columns entered are wrong, even if
  // other frames matched a piece of it.
  if (wrongSize > 0 && wrongSize >= WRONG_SIZE_SHARE * (wrongSize + found.length))
    return refuse(view, issues.wrongBoardSize(number, board.rows, board.cols));
  if (found.length === 0) {
    if (tooSmall.frames > 0)
      return refuse(view, issues.boardTooSmall(number, tooSmall.squarePx, minSquarePx));
    return refuse(view, issues.boardNotFound(number, cam.frames.length));
  }

  if (cam.anchor) {
    const k = cam.anchor.intrinsics;
    if (k.width !== width || k.height !== height)
      throw new Error(
        `camera ${cam.name}: its kept calibration is for ${k.width}x${k.height}, frames are ${width}x${height}`,
      );
    view.intrinsics = k;
    result.intrinsicsSource = 'kept';
    result.kept = true;
    return view;
  }
  let intrinsics = cam.profile;
  if (intrinsics && (intrinsics.width !== width || intrinsics.height !== height))
    throw new Error(
      `camera ${cam.name}: profile is for ${intrinsics.width}x${intrinsics.height}, frames are ${width}x${height}`,
    );
  if (intrinsics) result.intrinsicsSource = 'profile';
  if (!intrinsics) {
    const extra = (cam.intrinsicFrames ?? []).map((f) =>
      detectCheckerboard(f, board.rows, board.cols, opts.detect),
    );
    const allDets = [...extra.filter((d): d is CheckerboardDetection => d.found), ...found];
    const views = distinctViews(allDets, Math.hypot(width, height));
    result.intrinsicViews = views.length;
    if (views.length >= (opts.minIntrinsicViews ?? 4)) {
      const calib = calibrateIntrinsics(views, board, { width, height });
      // Zhang's method needs the board seen at different angles, not only at different places.
      if (calib.rmsPx < 2 && normalSpreadDeg(calib.poses) >= 10) {
        intrinsics = calib.intrinsics;
        result.intrinsicsSource = 'board-views';
        result.intrinsicsRmsPx = calib.rmsPx;
      }
    }
    if (!intrinsics) {
      try {
        const est = calibrateIntrinsics(views, board, { width, height }, { estimateFocalOnly: true });
        const f = est.intrinsics.fx;
        if (f < 0.3 * Math.max(width, height) || f > 6 * Math.max(width, height))
          throw new Error('implausible focal length');
        intrinsics = est.intrinsics;
        result.intrinsicsSource = 'estimated';
      } catch {
        return refuse(view, issues.tooFewViews(number, views.length));
      }
    }
  }
  view.intrinsics = intrinsics;
  return view;
}
