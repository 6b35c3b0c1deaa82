/**
 * Force-plate truth for bench:analysis-truth: contacts from an OpenSim external-loads file (.mot with
 * ground_force_<k>_vx/vy/vz, _px/py/pz columns, Y up), onset and offset where a plate's vertical force crosses a
 * threshold (times interpolated between samples).
 */
import type { Motion } from '@poselab/biomech';

export interface PlateContact {
  plate: number;
  onset: number;
  offset: number;
  /** Centre of pressure (x, z) at 25, 50 and 75 % of the contact. */
  cop: [number, number][];
}

/** Plate numbers present in the file (ground_force_<k>_vy). */
export function plateNumbers(grf: Motion): number[] {
  return grf.columns
    .map((c) => /^ground_force_(\d+)_vy$/.exec(c))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => Number(m[1]));
}

function column(grf: Motion, name: string): number[] {
  const k = grf.columns.indexOf(name);
  if (k < 0) throw new Error(`GRF file has no column ${name}`);
  return grf.rows.map((r) => r[k]);
}

/** Where a series crosses `level` between samples i and i + 1 (time). */
function crossing(t: number[], y: number[], i: number, level: number): number {
  const d = y[i + 1] - y[i];
  return d === 0 ? t[i] : t[i] + ((level - y[i]) / d) * (t[i + 1] - t[i]);
}

/**
 * Runs of a force series above `threshold` that start inside the recording; one still loaded at the end is kept
 * (offset null) when `openEnd`, else left out.
 */
export function runsAbove(
  t: number[],
  f: number[],
  threshold: number,
  openEnd = false,
): { onset: number; offset: number | null; a: number; b: number }[] {
  const out: { onset: number; offset: number | null; a: number; b: number }[] = [];
  let i = 0;
  while (i < f.length) {
    if (f[i] <= threshold) {
      i++;
      continue;
    }
    const a = i;
    while (i < f.length && f[i] > threshold) i++;
    const b = i - 1;
    if (a === 0) continue;
    const onset = crossing(t, f, a - 1, threshold);
    if (b < f.length - 1) out.push({ onset, offset: crossing(t, f, b, threshold), a, b });
    else if (openEnd) out.push({ onset, offset: null, a, b });
  }
  return out;
}

/** Every whole contact on every plate (vertical force above `threshold` newtons). */
export function plateContacts(grf: Motion, threshold: number): PlateContact[] {
  const out: PlateContact[] = [];
  for (const k of plateNumbers(grf)) {
    const fy = column(grf, `ground_force_${k}_vy`);
    const px = column(grf, `ground_force_${k}_px`);
    const pz = column(grf, `ground_force_${k}_pz`);
    for (const r of runsAbove(grf.time, fy, threshold)) {
      const at = (share: number) => Math.round(r.a + share * (r.b - r.a));
      out.push({
        plate: k,
        onset: r.onset,
        offset: r.offset!,
        cop: [0.25, 0.5, 0.75].map((s) => [px[at(s)], pz[at(s)]] as [number, number]),
      });
    }
  }
  return out.sort((x, y) => x.onset - y.onset);
}

/** The plates' vertical forces summed (drop jumps: both feet, whichever plates they land on). */
export function summedVerticalForce(grf: Motion): number[] {
  const cols = plateNumbers(grf).map((k) => column(grf, `ground_force_${k}_vy`));
  return grf.time.map((_, i) => cols.reduce((s, c) => s + c[i], 0));
}
