/**
 * Force-plate truth for tests: a drop jump's contact and flight from the plates' summed vertical force in an
 * OpenSim external-loads file (ground_force_<k>_vy columns), crossings of `threshold` newtons interpolated
 * between samples. (bench:analysis-truth has the full plate reader, with centres of pressure for gait.)
 */
import type { Motion } from '@poselab/biomech';

export function plateJump(grf: Motion, threshold: number): { contact: number; flight: number } {
  const cols = grf.columns.flatMap((c, k) => (/^ground_force_\d+_vy$/.test(c) ? [k] : []));
  const f = grf.rows.map((r) => cols.reduce((s, k) => s + r[k], 0));
  const t = grf.time;
  const crossings: number[] = [];
  for (let i = 0; i + 1 < f.length; i++)
    if (f[i] > threshold !== f[i + 1] > threshold)
      crossings.push(t[i] + ((threshold - f[i]) / (f[i + 1] - f[i])) * (t[i + 1] - t[i]));
  // Box landing, take-off, landing: the first three crossings after the drop.
  if (crossings.length < 3) throw new Error('the plates show no contact, take-off and landing');
  const [onset, takeOff, landing] = crossings;
  return { contact: takeOff - onset, flight: landing - takeOff };
}
