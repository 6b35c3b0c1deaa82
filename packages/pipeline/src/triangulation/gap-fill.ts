/**
 * Fills NaN gaps of at most maxGap frames in an interleaved xyz series with a cubic Hermite curve that matches
 * the positions and the one-sided velocities at both ends of the gap (C1-smooth). A gap of at most maxGap
 * frames at the start or end of the series holds the nearest measured position (no extrapolation: it could
 * overshoot). Longer gaps stay NaN. Returns the number of frames filled.
 */
export function fillGapsXyz(xyz: Float64Array, maxGap: number): number {
  const n = xyz.length / 3;
  let filled = 0;
  let f = 0;
  while (f < n) {
    if (!Number.isNaN(xyz[f * 3])) {
      f++;
      continue;
    }
    const gapStart = f;
    while (f < n && Number.isNaN(xyz[f * 3])) f++;
    const before = gapStart - 1;
    const after = f;
    const gap = after - gapStart;
    if (gap > maxGap || (before < 0 && after >= n)) continue;
    if (before < 0 || after >= n) {
      const src = before < 0 ? after : before;
      for (let g = gapStart; g < after; g++) xyz.copyWithin(g * 3, src * 3, src * 3 + 3);
      filled += gap;
      continue;
    }
    const span = after - before;
    for (let c = 0; c < 3; c++) {
      const p0 = xyz[before * 3 + c];
      const p1 = xyz[after * 3 + c];
      // Velocities per frame from the neighbouring samples when they exist, else from the chord.
      const prev = before - 1 >= 0 ? xyz[(before - 1) * 3 + c] : NaN;
      const next = after + 1 < n ? xyz[(after + 1) * 3 + c] : NaN;
      const chord = (p1 - p0) / span;
      const v0 = (Number.isNaN(prev) ? chord : p0 - prev) * span;
      const v1 = (Number.isNaN(next) ? chord : next - p1) * span;
      for (let g = gapStart; g < after; g++) {
        const s = (g - before) / span;
        const s2 = s * s;
        const s3 = s2 * s;
        xyz[g * 3 + c] =
          (2 * s3 - 3 * s2 + 1) * p0 + (s3 - 2 * s2 + s) * v0 + (-2 * s3 + 3 * s2) * p1 + (s3 - s2) * v1;
      }
    }
    filled += gap;
  }
  return filled;
}
