/**
 * Test helper: reads .mot and .trc text the way OpenCap's processing scripts do (plain Python parsing of
 * OpenSim's formats, not our readers), so tests see what a researcher's script sees:
 * - .mot (OpenSim Storage): header lines up to `endheader`, `inDegrees=yes|no` among them, then one line of
 *   tab-separated column labels starting with `time`, then numeric rows;
 * - .trc (PathFileType 4): line 3 holds the values of line 2's keys (DataRate, NumFrames, NumMarkers, Units…),
 *   line 4 the marker names every third column from the third, line 5 X1/Y1/Z1…, data from line 6 with the
 *   frame number and time in the first two columns.
 */

export interface OpenCapMot {
  inDegrees: boolean | null;
  labels: string[];
  rows: number[][];
  /** Column by label (as a DataFrame column). */
  column(label: string): number[];
}

export function readMotAsOpenCap(text: string): OpenCapMot {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const end = lines.findIndex((l) => l.trim().toLowerCase() === 'endheader');
  if (end < 0) throw new Error('no endheader line');
  const header = lines.slice(0, end);
  const deg = header.map((l) => /^inDegrees\s*=\s*(\w+)/i.exec(l.trim())?.[1]).find((v) => v !== undefined);
  const labels = lines[end + 1].split('\t').map((s) => s.trim());
  const rows = lines
    .slice(end + 2)
    .filter((l) => l.trim() !== '')
    .map((l) => l.split('\t').map(Number));
  for (const [i, r] of rows.entries())
    if (r.length !== labels.length || r.some((v) => !Number.isFinite(v)))
      throw new Error(`row ${i} has ${r.length} numbers for ${labels.length} labels, or a non-number`);
  return {
    inDegrees: deg === undefined ? null : deg.toLowerCase() === 'yes',
    labels,
    rows,
    column(label) {
      const i = labels.indexOf(label);
      if (i < 0) throw new Error(`no column ${label}`);
      return rows.map((r) => r[i]);
    },
  };
}

export interface OpenCapTrc {
  header: Record<string, string>;
  units: string;
  markers: string[];
  time: number[];
  /** Marker positions in the file's units, per frame. */
  marker(name: string): [number, number, number][];
}

export function readTrcAsOpenCap(text: string): OpenCapTrc {
  const lines = text.split('\n').map((l) => l.replace(/\r$/, ''));
  const keys = lines[1].split('\t');
  const values = lines[2].split('\t');
  const header = Object.fromEntries(keys.map((k, i) => [k.trim(), (values[i] ?? '').trim()]));
  const labels = lines[3].split('\t');
  const markers: string[] = [];
  for (let c = 2; c < labels.length; c += 3) if (labels[c].trim()) markers.push(labels[c].trim());
  if (markers.length !== Number(header.NumMarkers))
    throw new Error(`NumMarkers ${header.NumMarkers} but ${markers.length} names`);
  const data = lines
    .slice(5)
    .filter((l) => l.trim() !== '')
    .map((l) => l.split('\t'));
  if (data.length !== Number(header.NumFrames))
    throw new Error(`NumFrames ${header.NumFrames} but ${data.length} rows`);
  return {
    header,
    units: header.Units,
    markers,
    time: data.map((r) => Number(r[1])),
    marker(name) {
      const k = markers.indexOf(name);
      if (k < 0) throw new Error(`no marker ${name}`);
      return data.map((r) => [Number(r[2 + 3 * k]), Number(r[3 + 3 * k]), Number(r[4 + 3 * k])]);
    },
  };
}
