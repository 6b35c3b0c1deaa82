import { findPeaks, findValleys } from '../common/signal';

/** One lowering and rising of the pelvis (squat), or one rise and return (sit-to-stand, inverted). */
export interface Dip {
  /** Standing maxima around the dip (frames): the dip's window. */
  windowStart: number;
  windowEnd: number;
  /** Lowest frame. */
  bottom: number;
  /** Movement onset and end: last frame before the bottom above, first after it back within 5 % of the drop. */
  start: number;
  end: number;
  /** Highest minus lowest height within the window (m). */
  depth: number;
}

/**
 * Dips of a height signal (squats from pelvis height): minima at least `minDrop` below the maxima on both
 * sides (their prominence), at least `minSeconds` apart. Each dip's window runs from the highest point since
 * the previous dip to the highest point before the next one.
 */
export function findDips(height: ArrayLike<number>, minDrop: number, minDistance: number): Dip[] {
  const n = height.length;
  const bottoms = findValleys(height, { minProminence: minDrop, minDistance }).map((v) => v.index);
  const argmax = (a: number, b: number) => {
    let best = a;
    for (let i = a; i <= b; i++) if (height[i] > height[best]) best = i;
    return best;
  };
  return bottoms.map((bottom, k) => {
    const windowStart = argmax(k ? bottoms[k - 1] : 0, bottom);
    const windowEnd = argmax(bottom, k + 1 < bottoms.length ? bottoms[k + 1] : n - 1);
    const low = height[bottom];
    const topL = height[windowStart];
    const topR = height[windowEnd];
    let start = bottom;
    while (start > windowStart && height[start - 1] < topL - 0.05 * (topL - low)) start--;
    start = Math.max(windowStart, start - 1);
    let end = bottom;
    while (end < windowEnd && height[end + 1] < topR - 0.05 * (topR - low)) end++;
    end = Math.min(windowEnd, end + 1);
    return { windowStart, windowEnd, bottom, start, end, depth: Math.max(topL, topR) - low };
  });
}

/** One rise from sitting to standing. */
export interface Rise {
  /** Leaving the seat: the last frame before the rise within 5 % of the rise above the seated level. */
  start: number;
  /** Standing: the first frame within 5 % of the rise below the standing level. */
  end: number;
  seatedHeight: number;
  standingHeight: number;
}

/**
 * Rises of a height signal (sit-to-stand from pelvis height): each standing maximum at least `minRise` above
 * the seated minimum before it. Onset and end at 5 % of the rise from either level.
 */
export function findRises(height: ArrayLike<number>, minRise: number, minDistance: number): Rise[] {
  const tops = findPeaks(height, { minProminence: minRise, minDistance }).map((p) => p.index);
  const rises: Rise[] = [];
  let previous = 0;
  for (const top of tops) {
    let seat = previous;
    for (let i = previous; i <= top; i++) if (height[i] < height[seat]) seat = i;
    previous = top;
    const low = height[seat];
    const high = height[top];
    if (high - low < minRise) continue;
    let start = seat;
    while (start + 1 < top && height[start + 1] <= low + 0.05 * (high - low)) start++;
    let end = top;
    while (end - 1 > start && height[end - 1] >= high - 0.05 * (high - low)) end--;
    rises.push({ start, end, seatedHeight: low, standingHeight: high });
  }
  return rises;
}
