/**
 * Where to blur, frame by frame (pure): face detections from the frames that were scanned, plus the head
 * of the tracked subject from the pose detections, become padded boxes for every frame. A face seen by the
 * scans before and after a frame is covered at both places (it moved in between); a face that a scan missed
 * is kept for `holdFrames` around the scans that saw it. When in doubt, blur more.
 */
import type { Keypoints2D } from '../pose/types';
import type { FaceBox } from './face-model';

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface RegionPlanOptions {
  /** Factor applied to a detector's face box (it covers eyes to mouth; the head is about twice that). */
  facePadding: number;
  /** Frames a face stays covered after (and before) the last scan that found it. */
  holdFrames: number;
  /**
   * A face below this score counts only when another scan within `holdFrames` saw one at the same place:
   * the face model's look-alikes (a knee, a hole in a platform) come and go, a real face stays.
   */
  confirmBelow: number;
}

export const DEFAULT_REGION_PLAN: RegionPlanOptions = { facePadding: 2.2, holdFrames: 30, confirmBelow: 0.6 };

/** Scales a box about its centre (the head reaches further up than the face: a bit more room above). */
export function padBox(b: Region, factor: number): Region {
  const w = b.width * factor;
  const h = b.height * factor * 1.15;
  return { x: b.x + b.width / 2 - w / 2, y: b.y + b.height * 0.45 - h / 2, width: w, height: h };
}

const HEAD_POINTS = ['nose', 'r_eye', 'l_eye', 'r_ear', 'l_ear'] as const;

/**
 * The subject's head in each frame from 2D pose keypoints (nose, eyes, ears), null where none was confident.
 * The box is sized from the head points' spread and the shoulder width, whichever is larger.
 */
export function headBoxesFromKeypoints(kp: Keypoints2D, minConfidence = 0.2): Array<Region | null> {
  const idx = (name: string) => kp.names.indexOf(name);
  const head = HEAD_POINTS.map(idx).filter((i) => i >= 0);
  const shoulders = ['r_shoulder', 'l_shoulder'].map(idx);
  const n = kp.names.length;
  const out: Array<Region | null> = [];
  for (let f = 0; f < kp.frameCount; f++) {
    const pts: Array<[number, number]> = [];
    for (const i of head) {
      const o = (f * n + i) * 3;
      if (kp.data[o + 2] >= minConfidence && Number.isFinite(kp.data[o]))
        pts.push([kp.data[o], kp.data[o + 1]]);
    }
    if (pts.length === 0) {
      out.push(null);
      continue;
    }
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    let size = 2.5 * Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
    if (shoulders.every((i) => i >= 0)) {
      const [a, b] = shoulders.map((i) => (f * n + i) * 3);
      if (kp.data[a + 2] >= minConfidence && kp.data[b + 2] >= minConfidence)
        size = Math.max(size, 0.9 * Math.hypot(kp.data[a] - kp.data[b], kp.data[a + 1] - kp.data[b + 1]));
    }
    size = Math.max(size, 0.04 * Math.max(kp.width, kp.height));
    const cx = xs.reduce((s, v) => s + v, 0) / xs.length;
    const cy = ys.reduce((s, v) => s + v, 0) / ys.length;
    out.push({ x: cx - size / 2, y: cy - size * 0.6, width: size, height: size * 1.2 });
  }
  return out;
}

function centreDistance(a: Region, b: Region): number {
  return Math.hypot(a.x + a.width / 2 - b.x - b.width / 2, a.y + a.height / 2 - b.y - b.height / 2);
}

/** True when `box` has a counterpart near it among `others` (a face seen again at about that place). */
function seenNear(box: Region, others: Region[]): boolean {
  return others.some((o) => centreDistance(box, o) < Math.max(box.width, o.width));
}

/**
 * True when the same face, seen again, is among `others`: close and of similar size. A much bigger box nearby is
 * not that face (a torso taken for a face beside the bystander in cam02 made her held face count as seen again,
 * and she went unblurred in the frame the scan missed her).
 */
function sameFaceIn(box: Region, others: Region[]): boolean {
  return others.some(
    (o) =>
      centreDistance(box, o) < Math.max(box.width, o.width) &&
      Math.max(box.width, o.width) <= 2 * Math.min(box.width, o.width),
  );
}

/**
 * Blur regions for every frame. `scans` maps a scanned frame index to the faces found in it (an empty list
 * is a scan that found nothing); `heads` (optional, one entry per frame) is the subject's head from the pose.
 */
export function planFaceRegions(
  frameCount: number,
  scans: ReadonlyMap<number, FaceBox[]>,
  heads: ReadonlyArray<Region | null> = [],
  opts: RegionPlanOptions = DEFAULT_REGION_PLAN,
): Region[][] {
  const scanned = [...scans.keys()].sort((a, b) => a - b);
  const confirmed = (s: number, b: FaceBox) =>
    b.score >= opts.confirmBelow ||
    scanned.some((o) => o !== s && Math.abs(o - s) <= opts.holdFrames && seenNear(b, scans.get(o)!));
  const padded = new Map(
    scanned.map((s) => [
      s,
      scans
        .get(s)!
        .filter((b) => confirmed(s, b))
        .map((b) => padBox(b, opts.facePadding)),
    ]),
  );
  const plan: Region[][] = [];
  let next = 0;
  for (let f = 0; f < frameCount; f++) {
    while (next < scanned.length && scanned[next] < f) next++;
    const after = next < scanned.length ? scanned[next] : undefined;
    const before = after === f ? f : next > 0 ? scanned[next - 1] : undefined;
    const regions: Region[] = [];
    const near = [before, after].filter((s): s is number => s !== undefined);
    for (const s of near) regions.push(...padded.get(s)!);
    const nearBoxes = near.flatMap((s) => padded.get(s)!);
    // Faces that the bracketing scans missed but another scan within the hold window saw.
    for (const s of scanned) {
      if (near.includes(s) || Math.abs(s - f) > opts.holdFrames) continue;
      for (const b of padded.get(s)!) if (!sameFaceIn(b, nearBoxes)) regions.push(b);
    }
    const head = heads[f];
    if (head) regions.push(head);
    plan.push(regions);
  }
  return plan;
}
