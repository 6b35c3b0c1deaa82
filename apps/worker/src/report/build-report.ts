import type { Writable } from 'node:stream';
import type { AnalysisResult, ReportJobPayload } from '@poselab/contract';
import {
  analysisFunctionSpec,
  analysisSummary,
  referenceSources,
  signConvention,
} from '@poselab/analysis/browser';
import { analysisLabel, formatDate, functionTitleOf, reportTranslator, type ReportLanguage } from './i18n';
import { drawCurveChart, type CurveSeries } from './pdf-chart';
import { CONTENT_WIDTH, MUTED, PAGE, ReportLayout } from './pdf-layout';
import {
  drawAmplitudeBlock,
  drawAsymmetryBlock,
  drawMetricBlock,
  drawScalarBlock,
  metricValueText,
  type ReportTrialView,
} from './pdf-metrics';

/** What a report is made of: the job's payload and each trial's result, in the payload's order. */
export interface ReportInput {
  payload: ReportJobPayload;
  results: AnalysisResult[];
}

/** Keys of a record field over all results, in first-seen order. */
/** Functions whose curves are normalised over each repetition rather than a gait cycle. */
const REPETITION_FUNCTIONS = new Set(['squat', 'sit_to_stand']);

function keysOf<K extends 'metrics' | 'amplitudes' | 'scalar_values'>(
  results: AnalysisResult[],
  field: K,
): string[] {
  const keys: string[] = [];
  for (const r of results) for (const k of Object.keys(r[field])) if (!keys.includes(k)) keys.push(k);
  return keys;
}

function normalizedQuantities(results: AnalysisResult[]): string[] {
  const keys: string[] = [];
  for (const r of results) {
    for (const q of r.y_axis_normalized) {
      if (!keys.includes(q) && r.datasets_normalized_mean[q]?.length) keys.push(q);
    }
  }
  return keys;
}

/** Trial labels: the name, with the session's name where two trials share a name. */
function trialViews(payload: ReportJobPayload): ReportTrialView[] {
  return payload.trials.map((t, index) => {
    const twins = payload.trials.filter((o) => o.name === t.name).length > 1;
    const extra = twins ? ` (${t.session_name || t.session_id.slice(0, 8)})` : '';
    return { index, label: `${t.name}${extra}` };
  });
}

function functionTitle(lang: ReportLanguage, payload: ReportJobPayload): string {
  return functionTitleOf(lang, payload.function_id, payload.function_title);
}

function cover(L: ReportLayout, input: ReportInput, title: string, trials: ReportTrialView[]): void {
  const { payload } = input;
  const t = L.t;
  const d = L.doc;
  L.y = PAGE.margin + 30;
  d.font('bold')
    .fontSize(24)
    .fillColor('#0b3d62')
    .text(t('title', { function: title }), PAGE.margin, L.y, { width: CONTENT_WIDTH });
  L.y = d.y + 4;
  L.paragraph(t('subtitle', { count: payload.trials.length }), { size: 12, color: MUTED, gap: 18 });
  const subjects = [
    ...new Set(payload.trials.map((x) => x.subject_name).filter((s): s is string => Boolean(s))),
  ];
  const sessions = [...new Set(payload.trials.map((x) => x.session_name || x.session_id.slice(0, 8)))];
  const facts: Array<[string, string]> = [
    [subjects.length > 1 ? t('cover.subjects') : t('cover.subject'), subjects.join(', ') || '–'],
    [sessions.length > 1 ? t('cover.sessions') : t('cover.session'), sessions.join(', ')],
    [t('cover.model'), modelsOf(L, input.results, trials) || '–'],
    [t('cover.date'), formatDate(L.lang, payload.requested_at)],
    [t('cover.author'), payload.author || '–'],
  ];
  for (const [k, v] of facts) {
    L.cell(k, PAGE.margin, L.y, 110, { color: MUTED, size: 10 });
    // Values wrap (several models or sessions).
    d.font('body').fontSize(10).fillColor('#1d2329');
    d.text(v, PAGE.margin + 115, L.y, { width: CONTENT_WIDTH - 115 });
    L.y = Math.max(L.y + 18, d.y + 4);
  }
  L.y += 14;
  L.heading(t('cover.trials'), 13);
  const cols = [
    { x: PAGE.margin + 24, w: 150, head: t('cover.trial') },
    { x: PAGE.margin + 178, w: 130, head: t('cover.session') },
    { x: PAGE.margin + 312, w: 110, head: t('cover.subject') },
    { x: PAGE.margin + 426, w: CONTENT_WIDTH - 426, head: t('cover.recorded') },
  ];
  for (const c of cols) L.cell(c.head, c.x, L.y, c.w, { bold: true });
  L.y += 14;
  L.rule();
  payload.trials.forEach((tr, k) => {
    L.ensureSpace(16);
    L.swatch(k, PAGE.margin, L.y + 5);
    const row = [
      trials[k].label,
      tr.session_name || tr.session_id.slice(0, 8),
      tr.subject_name ?? '–',
      formatDate(L.lang, tr.recorded_at),
    ];
    row.forEach((text, i) => L.cell(text, cols[i].x, L.y, cols[i].w - 4));
    L.y += 16;
  });
  L.y += 16;
  keyMetrics(L, input, trials);
  L.paragraph(t('cover.contents'), { size: 9, color: MUTED });
}

/**
 * The models the results were computed on, in words (details.model and details.model_name): one model for
 * all trials once, different models each with its trial ('walk_1: LaiUhlrich2022, scaled to the subject;
 * walk_2: PoseLab built-in model (unscaled)'), so no number is read against the wrong model.
 */
function modelsOf(L: ReportLayout, results: AnalysisResult[], trials: ReportTrialView[]): string {
  const words = results.map((r) => {
    const source = r.details.model;
    const name = typeof r.details.model_name === 'string' ? r.details.model_name : null;
    if (source === 'trial') return L.t('cover.modelTrial', { name: name ?? 'OpenSim' });
    if (source === 'builtin_scaled_to_height') return L.t('cover.modelBuiltinScaled');
    if (source === 'builtin') return L.t('cover.modelBuiltin');
    return null;
  });
  const distinct = [...new Set(words.filter((w): w is string => w !== null))];
  if (distinct.length <= 1) return distinct[0] ?? '';
  return words.map((w, i) => `${trials[i]?.label ?? i + 1}: ${w ?? '–'}`).join('; ');
}

/** The function's first dashboard metrics (its key figures), at most this many on the cover. */
const KEY_METRICS = 4;

/** The cover's short summary: each key metric with every trial's value. */
function keyMetrics(L: ReportLayout, input: ReportInput, trials: ReportTrialView[]): void {
  const layout = analysisFunctionSpec(input.payload.function_id)?.layout;
  const bars = layout?.columns.flatMap((c) => c.widgets).find((w) => w.type === 'metric_bars');
  const keys = (bars?.keys ?? Object.keys(input.results[0]?.metrics ?? {}))
    .filter((k) => input.results.some((r) => r.metrics[k]))
    .slice(0, KEY_METRICS);
  if (!keys.length) return;
  L.heading(L.t('cover.keyMetrics'), 13);
  for (const key of keys) {
    const first = input.results.map((r) => r.metrics[key]).find(Boolean)!;
    // 'Gait speed: walk_1 1.04 m/s · walk_2 0.87 m/s' (the metrics section titles carry '(m/s)').
    const label = analysisLabel(L.lang, 'metrics', key, first.label);
    const units = first.units ? ` ${first.units}` : '';
    const values = input.results
      .map((r, k) =>
        r.metrics[key] ? `${trials[k].label} ${metricValueText(L, r.metrics[key])}${units}` : null,
      )
      .filter(Boolean)
      .join(' · ');
    L.paragraph(`${label}: ${values}`, { size: 9.5, gap: 3 });
  }
  L.y += 10;
}

/** The sources of the reference ranges the report draws, numbered in order of first use. */
function citedSources(results: AnalysisResult[]): string[] {
  const cited: string[] = [];
  for (const r of results)
    for (const [key, m] of Object.entries(r.metrics))
      if (m.min_limit !== null || m.max_limit !== null)
        for (const s of referenceSources(key)) if (!cited.includes(s)) cited.push(s);
  return cited;
}

/** Appendix: the published sources of the reference ranges the report draws. */
function references(L: ReportLayout, cited: string[]): void {
  const t = L.t;
  L.heading(t('sections.references'), 14);
  L.paragraph(cited.length ? t('references.intro') : t('references.none'), { size: 9, color: MUTED });
  cited.forEach((s, i) => L.paragraph(`[${i + 1}] ${s}`, { size: 8.5, gap: 4 }));
}

function method(L: ReportLayout, input: ReportInput, trials: ReportTrialView[]): void {
  const t = L.t;
  L.heading(t('sections.method'));
  L.paragraph(t('method.common'));
  const key = `method.${input.payload.function_id}`;
  L.paragraph(t(key, { defaultValue: '' }) || t('method.other'));
  L.paragraph(t('method.references'), { color: MUTED });
  // Each result's summary in the report's language (the stored info_text is English), named by its trials
  // when the trials' summaries differ.
  const notes = new Map<string, string[]>();
  input.results.forEach((r, k) => {
    const text = analysisSummary(L.lang, r).trim();
    if (text) notes.set(text, [...(notes.get(text) ?? []), trials[k].label]);
  });
  if (notes.size > 0) {
    L.heading(t('sections.notes'), 12);
    for (const [n, labels] of notes)
      L.paragraph(notes.size > 1 ? `${labels.join(', ')}: ${n}` : n, { size: 9, color: MUTED });
  }
}

/**
 * Writes the comparison report as a PDF to `out`: cover (subject, date, trials), metrics with their colour
 * bands and reference ranges, amplitudes and values ± SD, the normalised curves of all trials overlaid as
 * vector charts, left/right asymmetry, and the method. Resolves when the whole file is written.
 */
export async function writeReportPdf(input: ReportInput, out: Writable): Promise<void> {
  const lang = input.payload.language;
  const t = reportTranslator(lang);
  const title = functionTitle(lang, input.payload);
  const L = new ReportLayout(t, lang, {
    title: t('title', { function: title }),
    author: input.payload.author,
  });
  const done = new Promise<void>((resolve, reject) => {
    out.on('finish', () => resolve());
    out.on('error', reject);
    L.doc.on('error', reject);
  });
  L.doc.pipe(out);
  const trials = trialViews(input.payload);
  const { results } = input;
  cover(L, input, title, trials);

  L.newPage();
  L.heading(t('sections.metrics'));
  L.paragraph(t('metrics.introAxis'), { size: 9, color: MUTED });
  const cited = citedSources(results);
  const sourcesOf = (key: string) => {
    const m = results.map((r) => r.metrics[key]).find(Boolean);
    if (!m || (m.min_limit === null && m.max_limit === null)) return [];
    return referenceSources(key).map((s) => cited.indexOf(s) + 1);
  };
  for (const key of keysOf(results, 'metrics'))
    drawMetricBlock(
      L,
      trials,
      key,
      results.map((r) => r.metrics[key]),
      sourcesOf(key),
    );

  const ampKeys = keysOf(results, 'amplitudes');
  if (ampKeys.length) {
    L.heading(t('sections.amplitudes'), 14);
    for (const key of ampKeys)
      drawAmplitudeBlock(
        L,
        trials,
        key,
        results.map((r) => r.amplitudes[key]),
      );
  }
  const scalarKeys = keysOf(results, 'scalar_values');
  if (scalarKeys.length) {
    L.heading(t('sections.scalars'), 14);
    for (const key of scalarKeys)
      drawScalarBlock(
        L,
        trials,
        key,
        results.map((r) => r.scalar_values[key]),
      );
  }

  L.newPage();
  L.heading(t('sections.curves'));
  // Squats and sit-to-stands are normalised per repetition, gait per cycle: the axis says which.
  const perRepetition = REPETITION_FUNCTIONS.has(input.payload.function_id);
  L.paragraph(t(perRepetition ? 'curves.introRepetition' : 'curves.intro'), { size: 9, color: MUTED });
  const quantities = normalizedQuantities(results);
  if (quantities.length === 0) L.paragraph(t('curves.none'));
  for (const q of quantities) {
    const info = results.map((r) => r.quantities[q]).find(Boolean);
    const label = `${analysisLabel(lang, 'quantities', q, info?.label ?? q)}${info?.units ? ` (${info.units})` : ''}`;
    const series: CurveSeries[] = [];
    results.forEach((r, i) => {
      const mean = r.datasets_normalized_mean[q];
      if (mean?.length)
        series.push({ index: i, label: trials[i].label, mean, std: r.datasets_normalized_std[q] ?? null });
    });
    const convention = info?.units === '°' ? signConvention(lang, q) : undefined;
    drawCurveChart(
      L,
      label,
      t(perRepetition ? 'curves.xAxisRepetition' : 'curves.xAxis'),
      series,
      convention ? t('curves.sign', { convention }) : undefined,
    );
  }

  L.ensureSpace(140);
  L.heading(t('sections.asymmetry'));
  L.paragraph(t('asymmetry.intro'), { size: 9, color: MUTED });
  const bilateral = keysOf(results, 'metrics').filter((k) => results.some((r) => r.metrics[k]?.bilateral));
  if (bilateral.length === 0) L.paragraph(t('asymmetry.none'));
  for (const key of bilateral)
    drawAsymmetryBlock(
      L,
      trials,
      key,
      results.map((r) => r.metrics[key]),
    );

  L.ensureSpace(200);
  method(L, input, trials);
  L.ensureSpace(120);
  references(L, cited);
  L.footers(title);
  L.doc.end();
  await done;
}

/** The report as one buffer (tests and the benchmark). */
export async function reportPdfBuffer(input: ReportInput): Promise<Buffer> {
  const { PassThrough } = await import('node:stream');
  const sink = new PassThrough();
  const chunks: Buffer[] = [];
  sink.on('data', (c: Buffer) => chunks.push(c));
  await writeReportPdf(input, sink);
  return Buffer.concat(chunks);
}
