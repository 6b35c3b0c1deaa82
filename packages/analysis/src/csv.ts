import type { AnalysisResult } from '@poselab/contract';
import { catalogueEntry } from './i18n';

const HEADER = ['section', 'key', 'label', 'side', 'value', 'sd', 'min', 'max', 'units'];

function cell(v: string | number | null | undefined): string {
  if (v === null || v === undefined) return '';
  const s = String(v);
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function round(v: number | null | undefined, decimals: number): number | null {
  if (v === null || v === undefined || !Number.isFinite(v)) return null;
  return Number(v.toFixed(decimals));
}

/**
 * One analysis result's numbers as CSV (RFC 4180, header row, '\n' line ends): every metric (a row per side for
 * bilateral ones), scalar value (with SD) and amplitude (with its ends). Labels come from the catalogue in
 * `lang`, else the stored English. Used by the CLI, the web's download and the data archives.
 */
export function metricsCsv(result: AnalysisResult, lang = 'en'): string {
  const label = (section: string, key: string, stored: string) =>
    catalogueEntry(lang, `${section}.${key}.label`) ?? stored;
  const rows: (string | number | null)[][] = [HEADER];
  for (const [key, m] of Object.entries(result.metrics)) {
    const text = label('metrics', key, m.label);
    if (m.value !== null && typeof m.value === 'object') {
      rows.push(['metric', key, text, 'left', round(m.value.left, m.decimals), null, null, null, m.units]);
      rows.push(['metric', key, text, 'right', round(m.value.right, m.decimals), null, null, null, m.units]);
    } else {
      rows.push(['metric', key, text, '', round(m.value, m.decimals), null, null, null, m.units]);
    }
  }
  for (const [key, s] of Object.entries(result.scalar_values)) {
    rows.push([
      'scalar_value',
      key,
      label('scalar_values', key, s.label),
      '',
      round(s.value, s.decimals),
      round(s.sd, s.decimals),
      null,
      null,
      s.units,
    ]);
  }
  for (const [key, a] of Object.entries(result.amplitudes)) {
    rows.push([
      'amplitude',
      key,
      label('amplitudes', key, a.label),
      '',
      round(a.value, 2),
      null,
      round(a.min, 2),
      round(a.max, 2),
      a.units,
    ]);
  }
  return rows.map((r) => r.map(cell).join(',')).join('\n') + '\n';
}
