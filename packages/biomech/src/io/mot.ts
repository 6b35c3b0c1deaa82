/** OpenSim motion (.mot / .sto) files: reader, writer, and conversion to model coordinate vectors. */
import { compileModel, applyCouplers } from '../kinematics/compiled';
import type { Model } from '../model/types';

export interface Motion {
  /** First header line (OpenSim writes the storage name there, e.g. 'Coordinates'). */
  name: string;
  inDegrees: boolean;
  /** Column names without 'time'. */
  columns: string[];
  time: number[];
  /** One row per time, values in column order, as stored (degrees for rotations when inDegrees). */
  rows: number[][];
}

const RAD = 180 / Math.PI;

export function readMot(text: string): Motion {
  const lines = text.split(/\r?\n/);
  const end = lines.findIndex((l) => l.trim().toLowerCase() === 'endheader');
  if (end < 0) throw new Error("Not an OpenSim motion file: no 'endheader' line");
  const header = new Map<string, string>();
  for (const l of lines.slice(1, end)) {
    const m = /^\s*([A-Za-z]+)\s*=\s*(.*?)\s*$/.exec(l);
    if (m) header.set(m[1], m[2]);
  }
  const labelLine = lines.slice(end + 1).find((l) => l.trim() !== '');
  if (!labelLine) throw new Error('Motion file has no column labels after endheader');
  const labels = labelLine.trim().split(/\t+|\s+/);
  if (labels[0].toLowerCase() !== 'time')
    throw new Error(`Motion file: first column must be 'time', got '${labels[0]}'`);
  const start = lines.indexOf(labelLine) + 1;
  const time: number[] = [];
  const rows: number[][] = [];
  for (let i = start; i < lines.length; i++) {
    const l = lines[i].trim();
    if (l === '') continue;
    const vals = l.split(/\s+/).map(Number);
    if (vals.length !== labels.length || vals.some((v) => Number.isNaN(v))) {
      throw new Error(`Motion file line ${i + 1}: expected ${labels.length} numbers`);
    }
    time.push(vals[0]);
    rows.push(vals.slice(1));
  }
  const nRows = header.get('nRows') ?? header.get('datarows');
  if (nRows !== undefined && Number(nRows) !== rows.length) {
    throw new Error(`Motion file says nRows=${nRows} but has ${rows.length} rows`);
  }
  return {
    name: lines[0].trim(),
    inDegrees: (header.get('inDegrees') ?? 'no').toLowerCase() === 'yes',
    columns: labels.slice(1),
    time,
    rows,
  };
}

function fmt(v: number): string {
  return v.toFixed(8).padStart(16, ' ');
}

/** Writes OpenSim's Storage layout (header keys version/nRows/nColumns/inDegrees, tab-separated columns). */
export function writeMot(motion: Motion): string {
  const out: string[] = [
    motion.name || 'Coordinates',
    'version=1',
    `nRows=${motion.rows.length}`,
    `nColumns=${motion.columns.length + 1}`,
    `inDegrees=${motion.inDegrees ? 'yes' : 'no'}`,
    '',
    'Units are S.I. units (second, meters, Newtons, ...)',
    "If the header above contains a line with 'inDegrees', this indicates whether rotational values are in degrees (yes) or radians (no).",
    '',
    'endheader',
    ['time', ...motion.columns].join('\t'),
  ];
  motion.rows.forEach((r, i) => {
    if (r.length !== motion.columns.length)
      throw new Error(`Motion row ${i} has ${r.length} values, expected ${motion.columns.length}`);
    out.push([fmt(motion.time[i]), ...r.map(fmt)].join('\t'));
  });
  return out.join('\n') + '\n';
}

/** Builds a Motion (degrees for rotational coordinates, as OpenSim's IK writes) from coordinate vectors in radians. */
export function motionFromFrames(
  model: Model,
  time: number[],
  frames: Float64Array[],
  inDegrees = true,
): Motion {
  const kin = compileModel(model);
  const factors = model.coordinates.map((c) => (inDegrees && c.motionType === 'rotational' ? RAD : 1));
  return {
    name: 'Coordinates',
    inDegrees,
    columns: [...kin.coordNames],
    time: [...time],
    rows: frames.map((q) => Array.from(q, (v, i) => v * factors[i])),
  };
}

/**
 * Coordinate vectors (radians/metres, model order) for every row of a motion. Columns not in the model are
 * ignored; model coordinates missing from the motion take their default; couplers are enforced.
 */
export function framesFromMotion(model: Model, motion: Motion, enforceCouplers = true): Float64Array[] {
  const kin = compileModel(model);
  const colOf = model.coordinates.map((c) => motion.columns.indexOf(c.name));
  const factors = model.coordinates.map((c) =>
    motion.inDegrees && c.motionType === 'rotational' ? 1 / RAD : 1,
  );
  return motion.rows.map((r) => {
    const q = new Float64Array(kin.coordNames.length);
    model.coordinates.forEach((c, i) => {
      q[i] = colOf[i] >= 0 ? r[colOf[i]] * factors[i] : c.defaultValue;
    });
    if (enforceCouplers) applyCouplers(kin, q);
    return q;
  });
}
