import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ReportJobPayload } from '@poselab/contract';
import { gaitResultFixture, squatResultFixture } from './analysis-results.test-fixture';
import { reportPdfBuffer } from './build-report';
import { reportCatalogs } from './i18n';
import { legKind, mixesLegTypes } from './leg-type';

const hasPoppler = existsSync('/usr/bin/pdftotext') && existsSync('/usr/bin/pdftoppm');

function payload(n: number, language: 'en' | 'de'): ReportJobPayload {
  return {
    report_id: 'r1',
    function_id: 'gait',
    function_title: 'Gait',
    language,
    requested_at: '2025-03-04T10:00:00Z',
    author: 'Dr. Änne Öztürk',
    trials: Array.from({ length: n }, (_v, i) => ({
      trial_id: `t${i}`,
      name: `walk_${i + 1}`,
      session_id: `s${i}`,
      session_name: 'Morning',
      subject_name: 'Jürgen Müller',
      recorded_at: '2025-01-02T10:00:00Z',
      input_id: `result:${i}`,
    })),
  };
}

async function makePdf(n: number, language: 'en' | 'de'): Promise<string> {
  const buf = await reportPdfBuffer({
    payload: payload(n, language),
    results: Array.from({ length: n }, (_v, i) => gaitResultFixture({ speed: 1 + i * 0.07, seed: i })),
  });
  const dir = mkdtempSync(join(tmpdir(), 'poselab-report-test-'));
  writeFileSync(join(dir, 'report.pdf'), buf);
  return join(dir, 'report.pdf');
}

const text = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });

interface Word {
  page: number;
  text: string;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Every word of the PDF with its box (pdftotext -bbox). */
function words(file: string): Word[] {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const out: Word[] = [];
  let page = 0;
  for (const line of html.split('\n')) {
    if (line.includes('<page ')) page++;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*)<\/word>/.exec(line);
    if (m) out.push({ page, x0: +m[1], y0: +m[2], x1: +m[3], y1: +m[4], text: m[5] });
  }
  return out;
}

describe('comparison report PDF', () => {
  it('the German catalogue has every English key', () => {
    const keys = (c: object, p = ''): string[] =>
      Object.entries(c).flatMap(([k, v]) =>
        typeof v === 'object' ? keys(v as object, `${p}${k}.`) : [`${p}${k}`],
      );
    expect(keys(reportCatalogs.de).sort()).toEqual(keys(reportCatalogs.en).sort());
  });

  it('tells single-leg from double-leg results', () => {
    expect(legKind(squatResultFixture('single_leg_r'))).toBe('single');
    expect(legKind(gaitResultFixture())).toBeNull();
    expect(mixesLegTypes([squatResultFixture('double_leg'), squatResultFixture('double_leg')])).toBe(false);
    expect(mixesLegTypes([squatResultFixture('double_leg'), squatResultFixture('single_leg_l')])).toBe(true);
  });

  it.skipIf(!hasPoppler)(
    'English: cover, metrics with values, curves, asymmetry, method; fonts embedded',
    async () => {
      const file = await makePdf(2, 'en');
      const t = text(file);
      for (const s of [
        'Gait analysis comparison report',
        'walk_1',
        'walk_2',
        'Jürgen Müller',
        'Dr. Änne Öztürk',
        'Gait speed',
      ]) {
        expect(t).toContain(s);
      }
      for (const s of [
        '1.00',
        '1.07',
        'Reference range: 1.00 – 1.12 m/s',
        'Normalised curves',
        'Left/right asymmetry',
      ]) {
        expect(t).toContain(s);
      }
      expect(t).toContain('Method');
      const fonts = execFileSync('pdffonts', [file], { encoding: 'utf8' });
      expect(fonts).toMatch(/NotoSans-Regular\s+CID TrueType\s+Identity-H\s+yes\s+yes/);
    },
  );

  it.skipIf(!hasPoppler)('German: labels, numbers and method in German', async () => {
    const t = text(await makePdf(2, 'de'));
    for (const s of [
      'Vergleichsbericht Ganganalyse',
      'Kennwerte',
      'Ganggeschwindigkeit',
      'Normierte Verläufe',
    ]) {
      expect(t).toContain(s);
    }
    for (const s of ['Links-rechts-Asymmetrie', 'Methode', 'Referenzbereich: 1,00 – 1,12 m/s', '1,07']) {
      expect(t).toContain(s);
    }
    expect(t).not.toContain('Gait speed');
  });

  it.skipIf(!hasPoppler)(
    '12 trials stay readable: every page renders and no trial label overlaps anything',
    async () => {
      const file = await makePdf(12, 'en');
      const dir = mkdtempSync(join(tmpdir(), 'poselab-report-pages-'));
      execFileSync('pdftoppm', ['-r', '30', '-png', file, join(dir, 'p')]);
      const pages = readdirSync(dir).filter((f) => f.endsWith('.png'));
      expect(pages.length).toBeGreaterThanOrEqual(5);
      const all = words(file);
      const labels = all.filter((w) => /^walk_\d+$/.test(w.text));
      // Each trial is named on the cover, in every metric block and in every chart's legend.
      for (let i = 1; i <= 12; i++)
        expect(labels.filter((w) => w.text === `walk_${i}`).length).toBeGreaterThan(10);
      const overlaps = (a: Word, b: Word) =>
        a !== b &&
        a.page === b.page &&
        a.x0 < b.x1 - 0.5 &&
        b.x0 < a.x1 - 0.5 &&
        a.y0 < b.y1 - 0.5 &&
        b.y0 < a.y1 - 0.5;
      const clashes = labels.flatMap((l) =>
        all.filter((w) => overlaps(l, w)).map((w) => `${l.text}×${w.text} p${l.page}`),
      );
      expect(clashes).toEqual([]);
      // Legends sit below their chart's x axis title, never inside the plot.
      const axes = all.filter(
        (w, i) => w.text === 'cycle' && all[i - 1]?.text === 'of' && all[i - 2]?.text === '%',
      );
      expect(axes.length).toBe(3);
      for (const axis of axes) {
        const inPlot = labels.filter((l) => l.page === axis.page && l.y0 > axis.y0 - 185 && l.y1 < axis.y0);
        expect(inPlot).toEqual([]);
        const legend = labels.filter((l) => l.page === axis.page && l.y0 > axis.y1 && l.y0 < axis.y1 + 60);
        expect(legend).toHaveLength(12);
      }
    },
  );
});
