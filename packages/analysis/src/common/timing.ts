import { dataError } from '../errors';
import type { TrialKinematics } from '../types';

export interface Timing {
  n: number;
  /** Sample interval (s). */
  dt: number;
  fps: number;
}

/** The trial's sampling, checked: evenly increasing time and at least `minSeconds` of data. */
export function trialTiming(kin: TrialKinematics, minSeconds: number): Timing {
  const t = kin.time;
  const n = t.length;
  if (n < 3) throw dataError('too_short', { seconds: 0, min: minSeconds });
  const dt = (t[n - 1] - t[0]) / (n - 1);
  if (!(dt > 0)) throw dataError('invalid_time');
  for (let i = 1; i < n; i++) {
    const step = t[i] - t[i - 1];
    if (!(step > 0) || Math.abs(step - dt) > 0.25 * dt) throw dataError('invalid_time');
  }
  const seconds = t[n - 1] - t[0];
  if (seconds < minSeconds)
    throw dataError('too_short', { seconds: Number(seconds.toFixed(2)), min: minSeconds });
  return { n, dt, fps: 1 / dt };
}

/** Coordinates a function needs; a clear error names the missing ones. */
export function requireCoordinates(kin: TrialKinematics, names: readonly string[]): void {
  const missing = names.filter((c) => !kin.coordinates[c]);
  if (missing.length) throw dataError('missing_coordinates', { names: missing.join(', ') });
}
