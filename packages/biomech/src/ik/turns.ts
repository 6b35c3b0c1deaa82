/** Whole turns on unclamped rotations: the same pose can be reached with an angle ±360°. */
import type { Model } from '../model/types';

/**
 * Shifts each unclamped rotational coordinate's series by whole turns so that its median lies in (-180°, 180°]
 * (in place). IK keeps a series continuous, so a shoulder that drifted across a turn reads 262° where -98° is
 * meant; the shift keeps the continuity and the reading.
 */
export function normaliseTurns(model: Model, frames: Float64Array[]): void {
  if (frames.length === 0) return;
  model.coordinates.forEach((c, i) => {
    if (c.clamped || c.motionType !== 'rotational') return;
    const values = frames.map((q) => q[i]).filter(Number.isFinite);
    if (values.length === 0) return;
    values.sort((a, b) => a - b);
    const median = values[values.length >> 1];
    const turns = Math.round(median / (2 * Math.PI));
    // (-180°, 180°]: a median of exactly -180° moves to +180°.
    const shift = median - 2 * Math.PI * turns <= -Math.PI ? turns - 1 : turns;
    if (shift !== 0) for (const q of frames) q[i] -= 2 * Math.PI * shift;
  });
}
