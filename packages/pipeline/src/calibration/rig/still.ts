import type { Point2 } from '../types';
import type { BoardSighting } from './camera-views';

/**
 * When did each camera see the board still, and when did the cameras see it still at the same time?
 *
 * A camera's sightings (frames with the board) are grouped into still segments: consecutive sightings whose
 * corners stay within a small distance of the segment's first one. Extrinsics come only from a moment where the
 * board was still for several cameras at once (on the shared clock): a board moved between the moments two
 * cameras used would put one of them in the wrong place.
 */
export interface StillSegment {
  /** Index of the camera (in the rig's inputs). */
  camera: number;
  /** First and last sighting time (seconds on the shared clock, or frame indices without times). */
  start: number;
  end: number;
  sightings: BoardSighting[];
  /** Corners averaged over the segment's sightings (image noise averages out). */
  corners: Point2[];
  /** The sighting closest to the average (its frame is drawn for the user). */
  representative: BoardSighting;
  ambiguous: boolean;
}

/** Corners may move this much (mean, pixels) while the board counts as still: a fraction of a square. */
export function stillTolerancePx(squarePx: number): number {
  return Math.max(1.5, 0.12 * squarePx);
}

/** A still board's sightings may be this far apart in time (board lost for a moment, seconds). */
const MAX_GAP_SEC = 1;

function meanDistance(a: Point2[], b: Point2[]): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.hypot(a[i][0] - b[i][0], a[i][1] - b[i][1]);
  return s / a.length;
}

function finishSegment(camera: number, list: BoardSighting[]): StillSegment {
  const n = list[0].corners.length;
  const corners: Point2[] = [];
  for (let i = 0; i < n; i++) {
    let x = 0;
    let y = 0;
    for (const s of list) {
      x += s.corners[i][0];
      y += s.corners[i][1];
    }
    corners.push([x / list.length, y / list.length]);
  }
  let representative = list[0];
  let best = Infinity;
  for (const s of list) {
    const d = meanDistance(s.corners, corners);
    if (d < best) {
      best = d;
      representative = s;
    }
  }
  return {
    camera,
    start: list[0].time,
    end: list[list.length - 1].time,
    sightings: list,
    corners,
    representative,
    ambiguous: list.some((s) => s.ambiguous),
  };
}

/** Still segments of one camera's sightings, in time order. */
export function stillSegments(camera: number, sightings: BoardSighting[], timed: boolean): StillSegment[] {
  const sorted = [...sightings].sort((a, b) => a.time - b.time);
  const out: StillSegment[] = [];
  let current: BoardSighting[] = [];
  for (const s of sorted) {
    const ref = current[0];
    const last = current[current.length - 1];
    const joins =
      ref &&
      meanDistance(s.corners, ref.corners) <= stillTolerancePx(ref.squarePx) &&
      (!timed || s.time - last.time <= MAX_GAP_SEC);
    if (ref && !joins) {
      out.push(finishSegment(camera, current));
      current = [];
    }
    current.push(s);
  }
  if (current.length) out.push(finishSegment(camera, current));
  return out;
}

/**
 * Segments that show a still board: with times, at least two sightings (one frame cannot tell a still board
 * from a moving one); without times (single photos), any.
 */
export function usableSegments(segments: StillSegment[], timed: boolean): StillSegment[] {
  return segments.filter((s) => !timed || s.sightings.length >= 2);
}

export interface RigWindow {
  /** The segment each member camera uses, by camera index. */
  members: Map<number, StillSegment>;
  /** Common part of the members' segments (or their midpoint when they only touch within tolerance). */
  start: number;
  end: number;
}

/** Segments of two cameras that overlap by at least this long are compared (seconds). */
export const MIN_SHARED_SEC = 0.05;

/**
 * The moment most cameras saw the board still at once. Segments count as simultaneous within `toleranceSec`
 * (clock offsets between phones, frames sampled at different instants). `score` ranks a set of member
 * cameras (default: their number); ties go to the longest common stillness.
 */
export function chooseWindow(
  segments: StillSegment[][],
  toleranceSec: number,
  score: (members: number[]) => number = (m) => m.length,
): RigWindow | null {
  const times = segments.flat().flatMap((s) => [s.start, s.end, (s.start + s.end) / 2]);
  let best: { window: RigWindow; score: number; overlap: number } | null = null;
  for (const t of times) {
    const members = new Map<number, StillSegment>();
    segments.forEach((list, c) => {
      const covering = list.filter((s) => s.start - toleranceSec <= t && t <= s.end + toleranceSec);
      if (covering.length === 0) return;
      covering.sort((a, b) => b.end - b.start - (a.end - a.start));
      members.set(c, covering[0]);
    });
    if (members.size === 0) continue;
    const value = score([...members.keys()]);
    if (!Number.isFinite(value)) continue;
    const segs = [...members.values()];
    const start = Math.max(...segs.map((s) => s.start));
    const end = Math.min(...segs.map((s) => s.end));
    const overlap = end - start;
    if (!best || value > best.score || (value === best.score && overlap > best.overlap)) {
      const mid = (start + end) / 2;
      best = {
        window: { members, start: overlap >= 0 ? start : mid, end: overlap >= 0 ? end : mid },
        score: value,
        overlap,
      };
    }
  }
  return best?.window ?? null;
}

/** A camera's still segment nearest to a window, and how far (seconds): positive after, negative before. */
export function nearestToWindow(
  list: StillSegment[],
  window: RigWindow,
): { segment: StillSegment; offset: number } | null {
  let best: { segment: StillSegment; offset: number } | null = null;
  for (const s of list) {
    const d = s.start > window.end ? s.start - window.end : s.end < window.start ? s.end - window.start : 0;
    if (!best || Math.abs(d) < Math.abs(best.offset)) best = { segment: s, offset: d };
  }
  return best;
}

/** Overlap (seconds) of two segments; negative when they are apart. */
export function sharedSeconds(a: StillSegment, b: StillSegment): number {
  return Math.min(a.end, b.end) - Math.max(a.start, b.start);
}
