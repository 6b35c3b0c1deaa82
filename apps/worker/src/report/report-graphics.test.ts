import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readMot, readOsim, type Model, type Motion } from '@poselab/biomech';
import { runAnalysis, trialKinematics } from '@poselab/analysis';
import type { AnalysisResult, ReportJobPayload } from '@poselab/contract';
import { repeatedRealStep } from '../../../../packages/analysis/src/testing/real-walk';
import { reportPdfBuffer } from './build-report';

/**
 * Issue #25 acceptance 4: comparison reports of two real gait trials (Camargo et al.'s circuit on its
 * gait2392-style model, OpenCap walking1's step repeated on LaiUhlrich2022) and of two real squats (OpenCap
 * squats1 on LaiUhlrich2022 and on the built-in model), checked in the PDF's text: metrics without a reference
 * range on a numbered axis with units, left and right on one axis, every angle's sign convention, the
 * reference ranges' sources in the appendix, a cover with subject, session, trials, date, model and key
 * metrics. REPORT_RENDER_DIR=<dir> keeps the PDFs and their pages as PNGs (pdftoppm) for looking at them.
 */
const SHARED = resolve(import.meta.dirname, '../../../../../shared/data');
const hasData = existsSync(join(SHARED, 'mocap-ground-truth')) && existsSync(join(SHARED, 'opencap-motions'));
const hasPoppler = existsSync('/usr/bin/pdftotext') && existsSync('/usr/bin/pdftoppm');
const subject = { heightM: 1.75, massKg: 70, sex: null };

const osim = (file: string): Model => readOsim(readFileSync(join(SHARED, file), 'utf8'));
const mot = (file: string): Motion => readMot(readFileSync(join(SHARED, file), 'utf8'));

/** A result as the worker stores it: the model's source and name in its details. */
function analyse(fn: string, model: Model, motion: Motion, source: 'trial' | 'builtin'): AnalysisResult {
  const r = runAnalysis(fn, trialKinematics(model, motion), subject);
  r.details = { ...r.details, model: source, model_name: model.name };
  return r;
}

function payload(fn: string, title: string, names: string[]): ReportJobPayload {
  return {
    report_id: 'r1',
    function_id: fn,
    function_title: title,
    language: 'en',
    requested_at: '2026-11-27T10:00:00Z',
    author: 'Dr. Test',
    trials: names.map((name, i) => ({
      trial_id: `t${i}`,
      name,
      session_id: `s${i}`,
      session_name: 'Clinic visit',
      subject_name: 'Test Subject',
      recorded_at: '2026-11-20T09:00:00Z',
      input_id: `result:${i}`,
    })),
  };
}

async function pdfText(name: string, p: ReportJobPayload, results: AnalysisResult[]) {
  const dir = process.env.REPORT_RENDER_DIR || mkdtempSync(join(tmpdir(), 'poselab-report-graphics-'));
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.pdf`);
  writeFileSync(file, await reportPdfBuffer({ payload: p, results }));
  if (process.env.REPORT_RENDER_DIR) execFileSync('pdftoppm', ['-r', '72', '-png', file, join(dir, name)]);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  const bbox = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  return { text, bbox };
}

/** Words with their boxes and pages (pdftotext -bbox). */
function words(bbox: string) {
  const out: { page: number; text: string; x0: number; y0: number; x1: number }[] = [];
  let page = 0;
  for (const line of bbox.split('\n')) {
    if (line.includes('<page ')) page++;
    const m = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="[\d.]+">(.*)<\/word>/.exec(line);
    if (m) out.push({ page, x0: +m[1], y0: +m[2], x1: +m[3], text: m[4] });
  }
  return out;
}

/** The common checks: cover, axes of metrics without a range, sign conventions, sources. */
function checkCommon(text: string, results: AnalysisResult[]) {
  for (const s of ['Test Subject', 'Clinic visit', 'Model', 'Key metrics', 'Report date', 'Trials compared'])
    expect(text, s).toContain(s);
  // Every angle states its sign convention.
  const angles = Object.values(results[0].metrics).filter((m) => m.units === '°').length;
  expect((text.match(/Sign convention: /g) ?? []).length).toBeGreaterThanOrEqual(angles);
  // Metrics without a reference range sit on a numbered axis whose last number carries the units.
  for (const m of Object.values(results[0].metrics))
    if (m.min_limit === null && m.max_limit === null && m.units)
      expect(text, `${m.label}: axis ends with '${m.units}'`).toMatch(
        new RegExp(`\\d ${escape(m.units)}(\\s|$)`),
      );
  expect(text).toContain('Appendix: sources of the reference ranges');
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe.skipIf(!hasData || !hasPoppler)('comparison reports of real trials (issue #25)', () => {
  it('two gait trials: models on the cover, sources cited, angles signed, one axis per metric', async () => {
    const walk = repeatedRealStep(mot('opencap-motions/walking1.mot'), 53, 122, 8);
    const results = [
      analyse(
        'gait',
        osim('mocap-ground-truth/camargo2021-levelground/final.osim'),
        mot('mocap-ground-truth/camargo2021-levelground/levelground_ccw_fast_01_01_ik.mot'),
        'trial',
      ),
      analyse('gait', osim('opencap-models/LaiUhlrich2022.osim'), walk, 'trial'),
    ];
    const { text, bbox } = await pdfText('gait', payload('gait', 'Gait', ['circuit', 'walking1']), results);
    checkCommon(text, results);
    for (const s of [
      'Sign convention: knee flexion +, extension −',
      'Sign convention: dorsiflexion +, plantarflexion −',
      'scaled to the subject',
      'Gait speed: circuit 1.83 m/s',
      'Perry J, Burnfield JM. Gait Analysis',
      'Tudor-Locke C',
      'Studenski S',
    ])
      expect(text, s).toContain(s);
    // Gait speed is better the higher: its usual band is from 1.0 m/s, the 0.8–1.0 band between the limits
    // borderline (the report called 0.80 – 1.00 m/s the reference range). Pelvic tilt's title names no sign
    // against its convention (positive posterior).
    expect(text).toMatch(/Reference range: at least 1\.00 m\/s \(0\.80 – 1\.00 m\/s borderline\) \[1, 2\]/);
    expect(text).not.toContain('Pelvic tilt (anterior +)');
    expect(text).toContain('% of cycle');
    expect(text).toContain('Sign convention: front of the pelvis rotating up + (posterior tilt)');
    // Close L and R ticks keep both letters readable, each outside its tick: the circuit's single support is
    // L 39.9 / R 39.3 %, so R's letter lies left of L's and they do not overlap (both sat in the gap before).
    const w = words(bbox);
    const title = w.findIndex((x, i) => x.text === 'Single' && w[i + 1]?.text === 'support');
    const row = w.slice(title, title + 30).filter((x) => x.page === w[title].page && x.x0 > 330);
    const l = row.find((x) => x.text === 'L');
    const r = row.find((x) => x.text === 'R');
    const single = results[0].metrics.single_support.value as { left: number; right: number };
    expect(single.left).toBeGreaterThan(single.right);
    expect(r!.x1).toBeLessThanOrEqual(l!.x0);
    // The circuit's model measures knee flexion negative: the report shows it positive, near 60–70°.
    const knee = results[0].metrics.peak_knee_flexion_swing.value as { left: number; right: number };
    expect(knee.left).toBeGreaterThan(55);
  });

  it('two squats: the knee frontal-plane angle on a ±10° axis, L and R close together, valgus stated', async () => {
    const squats = mot('opencap-motions/squats1.mot');
    const results = [
      analyse('squat', osim('opencap-models/LaiUhlrich2022.osim'), squats, 'trial'),
      analyse('squat', (await import('@poselab/biomech')).loadBuiltinModel(), squats, 'builtin'),
    ];
    const { text, bbox } = await pdfText('squat', payload('squat', 'Squat', ['squat_a', 'squat_b']), results);
    checkCommon(text, results);
    expect(text).toContain('Sign convention: valgus + (knee medial of the hip–ankle line), varus −');
    expect(text).toContain('Escamilla RF');
    // Different models: each named with its trial.
    expect(text.replace(/\s+/g, ' ')).toContain(
      'squat_a: LaiUhlrich2022, scaled to the subject; squat_b: PoseLab built-in model (unscaled)',
    );
    // Squat curves run over a repetition, not a gait cycle.
    expect(text).toContain('% of repetition');
    expect(text).not.toContain('% of cycle');
    // Left and right of the frontal-plane knee angle share one axis: their ticks' labels lie as close as
    // their values on an axis of at least 20°, not at the two ends of the bar.
    const w = words(bbox);
    const title = w.findIndex((x, i) => x.text === 'Knee' && w[i + 1]?.text === 'frontal-plane');
    expect(title).toBeGreaterThan(-1);
    const after = w.slice(title, title + 60).filter((x) => x.page === w[title].page);
    const l = after.find((x) => x.text === 'L' && x.x0 > 330);
    const r = after.find((x) => x.text === 'R' && x.x0 > 330);
    const v = results[0].metrics.knee_frontal_angle.value as { left: number; right: number };
    const barWidth = 595.28 - 50 - (50 + 22 + 150 + 110);
    const gap = Math.abs(r!.x0 - l!.x1);
    expect(gap).toBeLessThanOrEqual((Math.abs(v.left - v.right) / 20) * barWidth + 20);
  });
});
