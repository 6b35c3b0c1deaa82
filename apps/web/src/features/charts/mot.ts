import { i18n } from '../../i18n';
/** An OpenSim .mot/.sto table: column names and one array of numbers per column. */
export interface MotTable {
  columns: string[];
  data: Record<string, number[]>;
  inDegrees: boolean;
  rows: number;
}

/** Parses an OpenSim storage file (header up to 'endheader', then a tab/space separated table). */
export function parseMot(text: string): MotTable {
  const lines = text.split(/\r?\n/);
  const end = lines.findIndex((l) => l.trim().toLowerCase() === 'endheader');
  if (end < 0) throw new Error(i18n.t('charts:notMot'));
  const header = lines.slice(0, end);
  const inDegrees = header.some((l) => /^\s*inDegrees\s*=\s*yes/i.test(l));
  const columns = (lines[end + 1] ?? '').trim().split(/\s+/).filter(Boolean);
  if (columns.length === 0) throw new Error(i18n.t('charts:motNoColumns'));
  const data: Record<string, number[]> = Object.fromEntries(columns.map((c) => [c, [] as number[]]));
  let rows = 0;
  for (let i = end + 2; i < lines.length; i++) {
    const line = lines[i].trim();
    if (!line) continue;
    const cells = line.split(/\s+/).map(Number);
    if (cells.length !== columns.length || cells.some((n) => Number.isNaN(n))) {
      throw new Error(`The .mot file's line ${i + 1} does not have ${columns.length} numbers`);
    }
    columns.forEach((c, k) => data[c].push(cells[k]));
    rows++;
  }
  return { columns, data, inDegrees, rows };
}

/** Kind of a coordinate by its name: pelvis translations are lengths, all other coordinates are angles. */
export function quantityKind(column: string): 'time' | 'length' | 'angle' {
  if (column === 'time') return 'time';
  return /_t[xyz]$/.test(column) ? 'length' : 'angle';
}
