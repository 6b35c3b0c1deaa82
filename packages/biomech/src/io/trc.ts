/** OpenSim/Vicon .trc marker files (PathFileType 4): writer and reader. */
import type { MarkerTrajectories } from '../ik/solve-ik';

export interface TrcOptions {
  fileName?: string;
  /** Units written in the header; positions are converted from metres. Default 'm'. */
  units?: 'm' | 'mm';
}

function fmt(v: number): string {
  return Number.isNaN(v) ? '' : v.toFixed(6);
}

export function writeTrc(data: MarkerTrajectories, options: TrcOptions = {}): string {
  const units = options.units ?? 'm';
  const k = units === 'mm' ? 1000 : 1;
  const n = data.frames.length;
  const rate = n > 1 ? (n - 1) / (data.time[n - 1] - data.time[0]) : 0;
  const rateText = rate.toFixed(2);
  const lines = [
    `PathFileType\t4\t(X/Y/Z)\t${options.fileName ?? 'markers.trc'}`,
    'DataRate\tCameraRate\tNumFrames\tNumMarkers\tUnits\tOrigDataRate\tOrigDataStartFrame\tOrigNumFrames',
    [rateText, rateText, n, data.names.length, units, rateText, 1, n].join('\t'),
    ['Frame#', 'Time', ...data.names.flatMap((m) => [m, '', ''])].join('\t'),
    ['', '', ...data.names.flatMap((_m, i) => [`X${i + 1}`, `Y${i + 1}`, `Z${i + 1}`])].join('\t'),
    '',
  ];
  data.frames.forEach((f, i) => {
    if (f.length !== data.names.length * 3)
      throw new Error(`TRC frame ${i} has ${f.length} values, expected ${data.names.length * 3}`);
    lines.push([String(i + 1), data.time[i].toFixed(6), ...Array.from(f, (v) => fmt(v * k))].join('\t'));
  });
  return lines.join('\n') + '\n';
}

/** Reads a .trc into metres; empty cells become NaN. */
export function readTrc(text: string): MarkerTrajectories & { dataRate: number; units: string } {
  const lines = text.split(/\r?\n/);
  if (!lines[0]?.startsWith('PathFileType'))
    throw new Error("Not a TRC file: first line must start with 'PathFileType'");
  const keys = (lines[1] ?? '').split('\t').map((s) => s.trim());
  const vals = (lines[2] ?? '').split('\t').map((s) => s.trim());
  const header = new Map(keys.map((k, i) => [k, vals[i]]));
  const nMarkers = Number(header.get('NumMarkers'));
  const units = header.get('Units') ?? 'm';
  const k = units === 'mm' ? 0.001 : units === 'm' ? 1 : NaN;
  if (Number.isNaN(k)) throw new Error(`TRC units '${units}' are not supported (m or mm)`);
  const names = (lines[3] ?? '')
    .split('\t')
    .slice(2)
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (names.length !== nMarkers)
    throw new Error(`TRC header says ${nMarkers} markers but names ${names.length}`);
  const time: number[] = [];
  const frames: Float64Array[] = [];
  for (let i = 5; i < lines.length; i++) {
    if (lines[i].trim() === '') continue;
    const cells = lines[i].split('\t');
    time.push(Number(cells[1]));
    const f = new Float64Array(nMarkers * 3);
    for (let c = 0; c < nMarkers * 3; c++) {
      const s = (cells[c + 2] ?? '').trim();
      f[c] = s === '' ? NaN : Number(s) * k;
    }
    frames.push(f);
  }
  return { names, time, frames, dataRate: Number(header.get('DataRate')), units };
}
