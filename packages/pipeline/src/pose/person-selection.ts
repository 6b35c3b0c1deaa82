import { projectPoint, undistortToNormalized, type CameraModel } from '../camera/camera-model';
import {
  linearTriangulation,
  reprojectionErrorPx,
  type PointObservation,
} from '../triangulation/triangulate-point';
import type { Keypoints2D } from './types';
import type { RoiBox } from './worker-protocol';

/**
 * Person selection across cameras, frame by frame, on time-aligned 2D keypoints:
 * 1. Left/right labelling: detectors swap left and right in some views (a subject seen from behind). For every
 *    combination of "as detected" / "mirrored" per camera, the keypoints are triangulated and the labelling
 *    with the lowest robust reprojection cost wins (of a labelling and its global mirror, the one that keeps
 *    most cameras as detected).
 * 2. Identity: a camera whose keypoints disagree with the other cameras' triangulation by more than
 *    `maxPersonErrorPx` (median over keypoints) saw somebody else (a bystander) in that frame: its keypoints are
 *    dropped and a region of interest around the subject (the others' skeleton reprojected) is proposed for
 *    detecting again.
 */
export interface PersonSelectionOptions {
  minConfidence?: number;
  /** Per-keypoint error cap in the labelling cost (px). */
  capPx?: number;
  /** Median disagreement above which a camera's detection is another person (px; default 4% of the diagonal). */
  maxPersonErrorPx?: number;
}

export interface PersonSelectionResult {
  /** Cleaned keypoints: labels corrected, other people removed (confidence 0). */
  views: Keypoints2D[];
  /** Per camera: frames whose left/right labels were mirrored. */
  mirroredFrames: number[][];
  /** Per camera: frames where the detection was somebody else and was dropped. */
  rejectedFrames: number[][];
  /** Per camera, per frame: region where the subject should be, for the rejected frames (else null). */
  rois: Array<Array<RoiBox | null>>;
}

interface FrameObs {
  /** Per keypoint: normalised x, y, weight (weight 0 = missing), in detected order. */
  x: Float64Array;
  y: Float64Array;
  w: Float64Array;
}

/**
 * With two cameras, another labelling replaces the detector's only when its cost is below this share of the
 * detected labels' cost and it brings the left and right keypoints MIRROR_MIN_GAIN_DIAGONAL of the image
 * diagonal closer (root mean square over their observations). Measured on the ground-truth bench's two phones
 * in front of the subject (renders without a swap): the detector's offsets alone gained 2 px at the neutral and
 * up to 5 px in a squat (ratios 0.17–0.5), and two walking frames 15–16 px at ratios 0.29 and 0.36 (mirrored,
 * they cost the walk 0.6°). A real swap seen by two phones that can tell (0° and 70°, unit test) is still corrected.
 */
const MIRROR_COST_RATIO = 0.25;
const MIRROR_MIN_GAIN_DIAGONAL = 0.005;

function mirrorIndex(names: readonly string[]): Int32Array {
  return Int32Array.from(names, (n, k) => {
    const other = n.startsWith('l_') ? `r_${n.slice(2)}` : n.startsWith('r_') ? `l_${n.slice(2)}` : n;
    const j = names.indexOf(other);
    return j >= 0 ? j : k;
  });
}

export function selectPerson(
  cams: readonly CameraModel[],
  views: readonly Keypoints2D[],
  opts: PersonSelectionOptions = {},
): PersonSelectionResult {
  const n = views.length;
  if (cams.length !== n) throw new Error(`${n} keypoint sets but ${cams.length} cameras`);
  const K = views[0].names.length;
  const frames = views[0].frameCount;
  const minConfidence = opts.minConfidence ?? 0.3;
  const capPx = opts.capPx ?? 40;
  const mirror = mirrorIndex(views[0].names);
  const out = views.map((v) => ({ ...v, data: Float64Array.from(v.data) }));
  const result: PersonSelectionResult = {
    views: out,
    mirroredFrames: views.map(() => []),
    rejectedFrames: views.map(() => []),
    rois: views.map(() => new Array<RoiBox | null>(frames).fill(null)),
  };
  const obs: FrameObs[] = views.map(() => ({
    x: new Float64Array(K),
    y: new Float64Array(K),
    w: new Float64Array(K),
  }));
  const pts: PointObservation[] = [];

  // Triangulates keypoint k from the cameras in `use` with per-camera labelling `mirrored`.
  const triangulate = (
    k: number,
    mirrored: boolean[],
    use: (c: number) => boolean,
  ): [number, number, number] | null => {
    pts.length = 0;
    for (let c = 0; c < n; c++) {
      if (!use(c)) continue;
      const src = mirrored[c] ? mirror[k] : k;
      const o = obs[c];
      if (o.w[src] > 0) pts.push({ camera: c, x: o.x[src], y: o.y[src], weight: o.w[src] });
    }
    return pts.length >= 2 ? linearTriangulation(cams, pts) : null;
  };
  const errorOf = (c: number, k: number, mirrored: boolean, X: readonly number[]): number => {
    const src = mirrored ? mirror[k] : k;
    const o = obs[c];
    if (!(o.w[src] > 0)) return NaN;
    return reprojectionErrorPx(cams[c], X, { camera: c, x: o.x[src], y: o.y[src], weight: 1 });
  };

  const labelCost = (present: number[], mirrored: boolean[]): number => {
    let cost = 0;
    for (let k = 0; k < K; k++) {
      const X = triangulate(k, mirrored, (c) => present.includes(c));
      if (!X) continue;
      for (const c of present) {
        const e = errorOf(c, k, mirrored[c], X);
        if (!Number.isNaN(e)) cost += Math.min(e, capPx) ** 2;
      }
    }
    return cost;
  };
  // Exhaustive over the cameras (2^(m-1) labellings, the first camera fixed); of a labelling and its global
  // mirror (equal cost), keep the one that mirrors fewer cameras. With two cameras the labels as detected stand
  // unless another labelling is clearly better (MIRROR_COST_RATIO, MIRROR_MIN_GAIN_DIAGONAL): when the line
  // between them is parallel to the line between a left and a right keypoint (two phones in front of a subject
  // facing between them), both keypoints lie on one epipolar plane and mirroring costs nothing, so a bare
  // minimum followed the noise. With three or more, the others' rays tell a swapped camera apart.
  const minGainPx2 = (MIRROR_MIN_GAIN_DIAGONAL * Math.hypot(views[0].width, views[0].height)) ** 2;
  const clearlyBetter = (present: number[], cost: number, detectedCost: number): boolean => {
    let sided = 0;
    for (const c of present) for (let k = 0; k < K; k++) if (mirror[k] !== k && obs[c].w[k] > 0) sided++;
    return cost < MIRROR_COST_RATIO * detectedCost && detectedCost - cost > sided * minGainPx2;
  };
  const chooseLabelling = (present: number[]): boolean[] => {
    const asDetected = new Array<boolean>(n).fill(false);
    const detectedCost = labelCost(present, asDetected);
    let best = asDetected;
    let bestCost = Infinity;
    const m = Math.min(present.length, 7);
    for (let mask = 1; mask < 1 << (m - 1); mask++) {
      const mirrored = new Array<boolean>(n).fill(false);
      for (let j = 1; j < m; j++) mirrored[present[j]] = ((mask >> (j - 1)) & 1) === 1;
      const cost = labelCost(present, mirrored);
      if (cost < bestCost) {
        bestCost = cost;
        best = mirrored;
      }
    }
    if (!(bestCost < detectedCost - 1e-9)) return asDetected;
    if (present.length < 3 && !clearlyBetter(present, bestCost, detectedCost)) return asDetected;
    if (present.filter((c) => best[c]).length * 2 > present.length)
      best = best.map((b, c) => (present.includes(c) ? !b : b));
    return best;
  };
  // The camera disagreeing most with the others' triangulation (median over keypoints, px).
  const worstCamera = (
    present: number[],
    labels: boolean[],
  ): { camera: number; medianPx: number; others: Array<[number, number, number] | null> } | null => {
    let worst: { camera: number; medianPx: number; others: Array<[number, number, number] | null> } | null =
      null;
    if (present.length < 3) return null;
    for (const c of present) {
      const errs: number[] = [];
      const others: Array<[number, number, number] | null> = [];
      for (let k = 0; k < K; k++) {
        const X = triangulate(k, labels, (o) => o !== c && present.includes(o));
        others.push(X);
        if (!X) continue;
        const e = errorOf(c, k, labels[c], X);
        if (!Number.isNaN(e)) errs.push(e);
      }
      if (errs.length < 3) continue;
      errs.sort((a, b) => a - b);
      const med = errs[errs.length >> 1];
      if (!worst || med > worst.medianPx) worst = { camera: c, medianPx: med, others };
    }
    return worst;
  };

  for (let f = 0; f < frames; f++) {
    views.forEach((v, c) => {
      for (let k = 0; k < K; k++) {
        const i = (f * K + k) * 3;
        const ok = v.data[i + 2] >= minConfidence && !Number.isNaN(v.data[i]);
        obs[c].w[k] = ok ? v.data[i + 2] : 0;
        if (ok)
          [obs[c].x[k], obs[c].y[k]] = undistortToNormalized(cams[c].intrinsics, v.data[i], v.data[i + 1]);
      }
    });
    let present = [...Array(n).keys()].filter((c) => obs[c].w.some((w) => w > 0));
    // Alternate labelling and identity checks: a bystander's keypoints would distort the labelling, so after
    // each rejection (the worst camera only) the labelling is chosen again without it.
    let best: boolean[] = new Array<boolean>(n).fill(false);
    for (;;) {
      if (present.length < 2) break;
      best = chooseLabelling(present);
      const worst = worstCamera(present, best);
      if (
        !worst ||
        worst.medianPx <=
          (opts.maxPersonErrorPx ?? 0.04 * Math.hypot(views[worst.camera].width, views[worst.camera].height))
      )
        break;
      const c = worst.camera;
      result.rejectedFrames[c].push(f);
      result.rois[c][f] = subjectRoi(cams[c], worst.others, views[c].width, views[c].height);
      for (let k = 0; k < K; k++) {
        const i = (f * K + k) * 3;
        out[c].data[i] = NaN;
        out[c].data[i + 1] = NaN;
        out[c].data[i + 2] = 0;
        obs[c].w[k] = 0;
      }
      present = present.filter((p) => p !== c);
      // With two cameras left, disagreement cannot tell who is wrong: stop here.
      if (present.length < 3) break;
    }
    for (const c of present) {
      if (!best[c]) continue;
      result.mirroredFrames[c].push(f);
      const base = f * K * 3;
      const frame = views[c].data.slice(base, base + K * 3);
      for (let k = 0; k < K; k++)
        out[c].data.set(frame.subarray(mirror[k] * 3, mirror[k] * 3 + 3), base + k * 3);
    }
  }
  return result;
}

/** Bounding box (with a 25% margin) of the subject's skeleton reprojected into a camera. */
export function subjectRoi(
  cam: CameraModel,
  points: Array<[number, number, number] | null>,
  width: number,
  height: number,
): RoiBox | null {
  let x0 = Infinity,
    y0 = Infinity,
    x1 = -Infinity,
    y1 = -Infinity;
  for (const p of points) {
    if (!p) continue;
    const uv = projectPoint(cam, p);
    if (!uv) continue;
    x0 = Math.min(x0, uv[0]);
    y0 = Math.min(y0, uv[1]);
    x1 = Math.max(x1, uv[0]);
    y1 = Math.max(y1, uv[1]);
  }
  if (!(x1 > x0 && y1 > y0)) return null;
  const mx = 0.25 * (x1 - x0) + 0.1 * (y1 - y0);
  const my = 0.25 * (y1 - y0);
  const bx = Math.max(0, x0 - mx);
  const by = Math.max(0, y0 - my);
  return { x: bx, y: by, width: Math.min(width, x1 + mx) - bx, height: Math.min(height, y1 + my) - by };
}
