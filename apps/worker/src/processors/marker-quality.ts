import type { MarkerTrajectories } from '@poselab/biomech';

/**
 * Median frame-to-frame jump of each marker (mm). A subject holding the neutral pose moves a few millimetres
 * per frame; a keypoint whose triangulation flips between camera subsets jumps by centimetres every frame.
 */
export function medianJumpsMm(data: MarkerTrajectories): number[] {
  return data.names.map((_, k) => {
    const jumps: number[] = [];
    for (let f = 1; f < data.frames.length; f++) {
      const a = data.frames[f - 1];
      const b = data.frames[f];
      const d = Math.hypot(b[k * 3] - a[k * 3], b[k * 3 + 1] - a[k * 3 + 1], b[k * 3 + 2] - a[k * 3 + 2]);
      if (Number.isFinite(d)) jumps.push(d * 1000);
    }
    if (jumps.length === 0) return NaN;
    jumps.sort((x, y) => x - y);
    return jumps[jumps.length >> 1];
  });
}

/**
 * Marks markers whose median jump exceeds `maxJumpMm` as missing (NaN) so that scaling uses the reliable ones;
 * returns the cleaned copy and the names left out (reported to the user as a warning).
 */
export function dropUnsteadyMarkers(
  data: MarkerTrajectories,
  maxJumpMm = 20,
): { data: MarkerTrajectories; dropped: string[] } {
  const jumps = medianJumpsMm(data);
  const bad = new Set(jumps.flatMap((j, k) => (j > maxJumpMm ? [k] : [])));
  if (bad.size === 0) return { data, dropped: [] };
  const frames = data.frames.map((row) => {
    const out = Float64Array.from(row);
    for (const k of bad) out[k * 3] = out[k * 3 + 1] = out[k * 3 + 2] = NaN;
    return out;
  });
  return { data: { ...data, frames }, dropped: [...bad].map((k) => data.names[k]) };
}
