import type { CameraExtrinsics, CameraIntrinsics, CameraModel, Mat3, Vec3 } from '../camera/camera-model';
import {
  detectCheckerboard,
  type CheckerboardDetection,
  type CheckerboardDetectOptions,
} from './detect/checkerboard';
import { calibrateIntrinsics, type BoardView } from './solve/intrinsics';
import { planarPoses } from './solve/planar-pose';
import { cameraUpInBoard, poseInWorld, worldFromBoard } from './solve/world-frame';
import { boardObjectPoints, type BoardPlacement, type BoardSpec, type GrayImage, type Point2 } from './types';

export interface RigCameraInput {
  name: string;
  /** Frames of this camera's calibration recording (gray, as displayed: rotation applied), board held still. */
  frames: GrayImage[];
  /** Optional extra views of a board moved in front of this camera, for intrinsics. */
  intrinsicFrames?: GrayImage[];
  /** Stored camera profile for this phone model and resolution (preferred source of intrinsics). */
  profile?: CameraIntrinsics;
}

export type RigFailureReason =
  'board-not-found' | 'board-too-small' | 'wrong-board-size' | 'too-few-views' | 'cameras-disagree';
export type IntrinsicsSource = 'profile' | 'board-views' | 'estimated';

export interface RigCameraResult {
  name: string;
  ok: boolean;
  reason?: RigFailureReason;
  /** Human-readable outcome, e.g. "board not found (searched 24 frames)". */
  message: string;
  framesSearched: number;
  framesWithBoard: number;
  intrinsicsSource?: IntrinsicsSource;
  /** RMS of the intrinsic calibration (board-views source) in pixels. */
  intrinsicsRmsPx?: number;
  intrinsicViews?: number;
  /** RMS reprojection error of the board in the extrinsics frame, pixels. */
  extrinsicsRmsPx?: number;
  /** Index (in `frames`) of the frame used for the extrinsics, and its corners: for the calibration image. */
  frameIndex?: number;
  corners?: Point2[];
  /** The other planar-PnP solution (world → camera), kept so a later step (neutral pose) can prefer it. */
  alternativeExtrinsics?: CameraExtrinsics;
  alternativeRmsPx?: number;
}

export interface RigResult {
  /** Calibrated cameras (only the ones that succeeded), world frame as documented in solve/world-frame.ts. */
  cameras: CameraModel[];
  perCamera: RigCameraResult[];
  calibratedCount: number;
  /** 'N devices calibrated successfully.' */
  message: string;
  /** Rotation board → world (rows: world axes in board coordinates). */
  worldFromBoard: Mat3;
}

export interface RigOptions {
  placement?: BoardPlacement;
  /** Distinct board views needed to compute intrinsics from the board (default 4). */
  minIntrinsicViews?: number;
  detect?: CheckerboardDetectOptions;
  /** Optional hook to report progress (0..1). */
  onProgress?: (fraction: number) => void;
}

interface PoseCandidate {
  pose: CameraExtrinsics;
  rmsPx: number;
  corners: Point2[];
}

interface CameraWork {
  result: RigCameraResult;
  intrinsics?: CameraIntrinsics;
  candidates?: PoseCandidate[];
}

const norm3 = (v: Vec3): Vec3 => {
  const n = Math.hypot(v[0], v[1], v[2]) || 1;
  return [v[0] / n, v[1] / n, v[2] / n];
};
const dot3 = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

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

/** The detection closest to the per-corner median of all detections (robust to a few moved frames). */
function representative(dets: { det: CheckerboardDetection; index: number }[]): {
  det: CheckerboardDetection;
  index: number;
} {
  const n = dets[0].det.corners.length;
  const med: Point2[] = [];
  for (let i = 0; i < n; i++) {
    const xs = dets.map((d) => d.det.corners[i][0]).sort((a, b) => a - b);
    const ys = dets.map((d) => d.det.corners[i][1]).sort((a, b) => a - b);
    med.push([xs[xs.length >> 1], ys[ys.length >> 1]]);
  }
  let best = dets[0];
  let bestD = Infinity;
  for (const d of dets) {
    let s = 0;
    for (let i = 0; i < n; i++)
      s += Math.hypot(d.det.corners[i][0] - med[i][0], d.det.corners[i][1] - med[i][1]);
    if (s < bestD) {
      bestD = s;
      best = d;
    }
  }
  return best;
}

/**
 * Averages the corners of every detection where the board has not moved (all corners within 0.75 px of the
 * representative): image noise averages out over the still frames of the recording.
 */
function averageStill(dets: CheckerboardDetection[], rep: CheckerboardDetection): Point2[] {
  const still = dets.filter((d) =>
    d.corners.every((p, i) => Math.hypot(p[0] - rep.corners[i][0], p[1] - rep.corners[i][1]) < 0.75),
  );
  return rep.corners.map((_, i) => {
    let x = 0;
    let y = 0;
    for (const d of still) {
      x += d.corners[i][0];
      y += d.corners[i][1];
    }
    return [x / still.length, y / still.length];
  });
}

function processCamera(cam: RigCameraInput, board: BoardSpec, opts: RigOptions): CameraWork {
  const base = { name: cam.name, ok: false, framesSearched: cam.frames.length, framesWithBoard: 0 };
  if (cam.frames.length === 0)
    return { result: { ...base, reason: 'board-not-found', message: 'no frames to search' } };
  const { width, height } = cam.frames[0];
  const found: { det: CheckerboardDetection; index: number }[] = [];
  const failures = new Map<string, number>();
  let lastFailure = '';
  cam.frames.forEach((f, index) => {
    const r = detectCheckerboard(f, board.rows, board.cols, opts.detect);
    if (r.found) found.push({ det: r, index });
    else {
      failures.set(r.reason, (failures.get(r.reason) ?? 0) + 1);
      lastFailure = r.message;
    }
  });
  const result: RigCameraResult = { ...base, framesWithBoard: found.length, message: '' };
  if (found.length === 0) {
    const tooSmall = failures.get('too-small') ?? 0;
    const wrongSize = failures.get('wrong-size') ?? 0;
    if (tooSmall > 0)
      return {
        result: {
          ...result,
          reason: 'board-too-small',
          message: `${lastFailure} (in ${tooSmall} of ${cam.frames.length} frames)`,
        },
      };
    if (wrongSize > 0) return { result: { ...result, reason: 'wrong-board-size', message: lastFailure } };
    return {
      result: {
        ...result,
        reason: 'board-not-found',
        message: `board not found (searched ${cam.frames.length} frames)`,
      },
    };
  }

  // Intrinsics: (a) profile, (b) several distinct board views, (c) estimated from the recording itself.
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
    const allDets = [...extra.filter((d): d is CheckerboardDetection => d.found), ...found.map((f) => f.det)];
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
      } catch (e) {
        return {
          result: {
            ...result,
            reason: 'too-few-views',
            message: `too few board views for intrinsics (${views.length} distinct; ${(e as Error).message}); record the board at several angles or use a camera profile`,
          },
        };
      }
    }
  }

  const rep = representative(found);
  const corners = averageStill(
    found.map((f) => f.det),
    rep.det,
  );
  const obj = boardObjectPoints(board);
  const orders = rep.det.ambiguousOrientation ? [corners, [...corners].reverse()] : [corners];
  const candidates: PoseCandidate[] = [];
  for (const corners of orders)
    for (const s of planarPoses(intrinsics, obj, corners))
      candidates.push({ pose: s.pose, rmsPx: s.rmsPx, corners });
  candidates.sort((a, b) => a.rmsPx - b.rmsPx);
  result.frameIndex = rep.index;
  return { result, intrinsics, candidates };
}

/**
 * Calibrates a rig from each camera's calibration frames: board detection, intrinsics (profile → board views →
 * estimated), planar PnP keeping both solutions, the solution consistent across cameras, and the world frame.
 */
export function calibrateRig(inputs: RigCameraInput[], board: BoardSpec, opts: RigOptions = {}): RigResult {
  const placement = opts.placement ?? 'Perpendicular';
  const work: CameraWork[] = inputs.map((cam, i) => {
    const w = processCamera(cam, board, opts);
    opts.onProgress?.((i + 1) / inputs.length);
    return w;
  });
  const live = work.filter((w) => w.candidates && w.candidates.length > 0);

  // A clear winner has a much lower reprojection error than the runner-up; the others (and a half-turn
  // ambiguous board) follow the cameras' consensus "up" direction, which is robust to one odd camera.
  const isClear = (c: PoseCandidate[]) => c.length === 1 || c[1].rmsPx > 1.5 * c[0].rmsPx + 0.3;
  const chosen = new Map<CameraWork, PoseCandidate>();
  for (const w of live) chosen.set(w, w.candidates![0]);
  const upOf = (w: CameraWork) => norm3(cameraUpInBoard(chosen.get(w)!.pose));
  const consensus = (): Vec3 => {
    const ups = live.map(upOf);
    // Medoid (smallest summed angle to the others), then the mean of the ups within 60° of it.
    let medoid = ups[0];
    let bestSum = Infinity;
    for (const u of ups) {
      const sum = ups.reduce((acc, v) => acc + Math.acos(Math.min(1, Math.max(-1, dot3(u, v)))), 0);
      if (sum < bestSum) {
        bestSum = sum;
        medoid = u;
      }
    }
    const s: Vec3 = [0, 0, 0];
    for (const u of ups)
      if (dot3(u, medoid) > 0.5) {
        s[0] += u[0];
        s[1] += u[1];
        s[2] += u[2];
      }
    return norm3(s);
  };
  // A board on the floor gives the up direction itself (out of its face); cameras around it, looking down,
  // tilt their image-up in different directions, so their consensus is not used there.
  const lying = placement === 'Lying';
  const floorUp: Vec3 = [0, 0, -1];
  let up = lying ? floorUp : live.length ? consensus() : ([0, -1, 0] as Vec3);
  for (const w of live) {
    if (isClear(w.candidates!)) continue;
    const near = w.candidates!.filter((c) => c.rmsPx <= 1.5 * w.candidates![0].rmsPx + 0.3);
    near.sort((a, b) => dot3(norm3(cameraUpInBoard(b.pose)), up) - dot3(norm3(cameraUpInBoard(a.pose)), up));
    chosen.set(w, near[0]);
  }
  if (live.length && !lying) up = consensus();
  const W = worldFromBoard(placement, up);

  const cameras: CameraModel[] = [];
  for (const w of work) {
    const r = w.result;
    const c = w.candidates ? chosen.get(w) : undefined;
    if (!c || !w.intrinsics) continue;
    const angle =
      (Math.acos(Math.min(1, Math.max(-1, dot3(norm3(cameraUpInBoard(c.pose)), up)))) * 180) / Math.PI;
    // With two cameras there is no majority: if they disagree, both are reported.
    const pairAngle =
      live.length === 2
        ? (Math.acos(Math.min(1, Math.max(-1, dot3(upOf(live[0]), upOf(live[1]))))) * 180) / Math.PI
        : 0;
    const disagrees = lying ? angle > 80 : (live.length > 2 && angle > 70) || pairAngle > 70;
    if (disagrees) {
      r.reason = 'cameras-disagree';
      r.message = lying
        ? `cameras disagree about the board: this camera's up direction is ${angle.toFixed(0)}° from the floor board's normal`
        : `cameras disagree about the board: this camera's up direction is ${Math.max(angle, pairAngle).toFixed(0)}° from the others'`;
      continue;
    }
    const alt = w.candidates!.find((k) => k !== c);
    r.ok = true;
    r.extrinsicsRmsPx = c.rmsPx;
    r.corners = c.corners;
    if (alt) {
      r.alternativeExtrinsics = poseInWorld(alt.pose, W);
      r.alternativeRmsPx = alt.rmsPx;
    }
    r.message = `calibrated (${r.intrinsicsSource} intrinsics, board in ${r.framesWithBoard}/${r.framesSearched} frames, ${c.rmsPx.toFixed(2)} px)`;
    cameras.push({ name: r.name, intrinsics: w.intrinsics, extrinsics: poseInWorld(c.pose, W) });
  }
  const n = cameras.length;
  return {
    cameras,
    perCamera: work.map((w) => w.result),
    calibratedCount: n,
    message: `${n} ${n === 1 ? 'device' : 'devices'} calibrated successfully.`,
    worldFromBoard: W,
  };
}
