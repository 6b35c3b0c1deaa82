import type { AnalysisResult } from '@poselab/contract';
import { dot2, facingHeading, legLength, rightOf, trunkAngles } from '../common/geometry';
import { metric, quantity, roundSeries, stored, summary } from '../common/result';
import { trialTiming } from '../common/timing';
import { dataError } from '../errors';
import { feetSignals } from '../events/contacts';
import { stancePhases, type StancePhase } from '../events/stance';
import type { AnalysisSubject, TrialKinematics } from '../types';

/** Single-leg stance of at least this long in all makes the trial a single-leg balance task (s). */
export const MIN_SINGLE_LEG = 0.5;
/** χ² (2 degrees of freedom) at 95 %: the confidence ellipse holding 95 % of the sway positions. */
const CHI2_95 = 5.991;

/**
 * Balance (single-leg stance or standing on both legs): the stance phases from the feet's heights, time on one
 * leg (the longest uninterrupted stance on each), touchdowns of each foot after it was lifted, the pelvis'
 * horizontal sway while standing (path length, 95 % confidence-ellipse area, mean velocity; Prieto et al.,
 * IEEE Trans Biomed Eng 1996, on the body's sway instead of the centre of pressure), and the trunk's lean to
 * each side relative to the facing direction. A trial with single-leg stance of MIN_SINGLE_LEG or more is
 * analysed over its single-leg phases; else over its double-leg stance.
 */
export function analyzeBalance(kin: TrialKinematics, subject: AnalysisSubject): AnalysisResult {
  const timing = trialTiming(kin, 1);
  const leg = legLength(kin);
  const feet = feetSignals(kin, timing.dt);
  const phases = stancePhases(feet, leg, timing.dt);
  const t = kin.time;
  const sum = (list: StancePhase[]) => list.reduce((s, p) => s + (t[p.end] - t[p.start]), 0);
  const single = phases.filter((p) => p.kind === 'r' || p.kind === 'l');
  const double = phases.filter((p) => p.kind === 'double');
  const task = sum(single) >= MIN_SINGLE_LEG ? 'single_leg' : 'double_leg';
  const window = task === 'single_leg' ? single : double;
  if (!window.length || sum(window) < 0.5) throw dataError('no_stance');

  const longest = (side: 'r' | 'l') =>
    Math.max(0, ...single.filter((p) => p.kind === side).map((p) => t[p.end] - t[p.start]));
  const touchdowns = { r: 0, l: 0 };
  for (let k = 1; k < phases.length; k++)
    for (const s of ['r', 'l'] as const) {
      const wasUp = phases[k - 1].kind === 'none' || phases[k - 1].kind === (s === 'r' ? 'l' : 'r');
      const isDown = phases[k].kind === 'double' || phases[k].kind === s;
      if (wasUp && isDown) touchdowns[s]++;
    }

  // Sway: the pelvis' horizontal position along the facing direction (anterior–posterior) and to the right
  // (medio-lateral), each phase about its own mean, so a shift of stance between phases is no sway.
  const first = window[0].start;
  const last = window[window.length - 1].end;
  const heading = facingHeading(kin, first, last + 1);
  const right = rightOf(heading);
  const pelvis = kin.points.pelvis;
  let path = 0;
  let duration = 0;
  let sxx = 0;
  let szz = 0;
  let sxz = 0;
  let count = 0;
  for (const p of window) {
    let mx = 0;
    let mz = 0;
    const m = p.end - p.start + 1;
    for (let i = p.start; i <= p.end; i++) {
      mx += pelvis[3 * i] / m;
      mz += pelvis[3 * i + 2] / m;
    }
    for (let i = p.start; i <= p.end; i++) {
      const ap = dot2(heading, pelvis[3 * i] - mx, pelvis[3 * i + 2] - mz);
      const ml = dot2(right, pelvis[3 * i] - mx, pelvis[3 * i + 2] - mz);
      sxx += ap * ap;
      szz += ml * ml;
      sxz += ap * ml;
      count++;
      if (i > p.start)
        path += Math.hypot(pelvis[3 * i] - pelvis[3 * i - 3], pelvis[3 * i + 2] - pelvis[3 * i - 1]);
    }
    duration += t[p.end] - t[p.start];
  }
  const cov = [sxx / count, sxz / count, szz / count];
  const area = Math.PI * CHI2_95 * Math.sqrt(Math.max(0, cov[0] * cov[2] - cov[1] * cov[1]));

  const lean: number[] = [];
  for (const p of window) for (let i = p.start; i <= p.end; i++) lean.push(trunkAngles(kin, i, heading).lean);
  const H = subject.heightM;
  const metrics: AnalysisResult['metrics'] = {
    single_leg_stance_time: metric(
      'single_leg_stance_time',
      { left: longest('l'), right: longest('r') },
      's',
      2,
      H,
    ),
    foot_touchdowns: metric('foot_touchdowns', { left: touchdowns.l, right: touchdowns.r }, '', 0, H),
    sway_path_length: metric('sway_path_length', path * 100, 'cm', 1, H),
    sway_area: metric('sway_area', area * 1e4, 'cm²', 1, H),
    sway_velocity: metric('sway_velocity', duration > 0 ? (path * 100) / duration : null, 'cm/s', 1, H),
    trunk_lean_balance: metric(
      'trunk_lean_balance',
      { left: Math.max(0, ...lean.map((a) => -a)), right: Math.max(0, ...lean.map((a) => a)) },
      '°',
      1,
      H,
    ),
  };

  // Curves over the whole trial: pelvis sway about its mean over the analysed phases, trunk lean, feet heights.
  let cx = 0;
  let cz = 0;
  for (const p of window)
    for (let i = p.start; i <= p.end; i++) {
      cx += pelvis[3 * i] / count;
      cz += pelvis[3 * i + 2] / count;
    }
  const n = t.length;
  const ap: number[] = [];
  const ml: number[] = [];
  const trunk: number[] = [];
  for (let i = 0; i < n; i++) {
    ap.push(dot2(heading, pelvis[3 * i] - cx, pelvis[3 * i + 2] - cz) * 100);
    ml.push(dot2(right, pelvis[3 * i] - cx, pelvis[3 * i + 2] - cz) * 100);
    trunk.push(trunkAngles(kin, i, heading).lean);
  }
  const series: Record<string, number[]> = {
    pelvis_sway_ap: roundSeries(ap, 2),
    pelvis_sway_ml: roundSeries(ml, 2),
    trunk_lean: roundSeries(trunk, 2),
    foot_height_r: roundSeries(
      Array.from(feet.height.r, (h) => h * 100),
      2,
    ),
    foot_height_l: roundSeries(
      Array.from(feet.height.l, (h) => h * 100),
      2,
    ),
  };
  const at = (x: number) => Number(x.toFixed(2));
  const text =
    task === 'single_leg'
      ? summary('balance_single_leg', {
          right: at(longest('r')),
          left: at(longest('l')),
          touchdowns: touchdowns.r + touchdowns.l,
          start: at(t[first]),
          end: at(t[last]),
        })
      : summary('balance_double_leg', { seconds: at(sum(double)), start: at(t[first]), end: at(t[last]) });
  const quantities = Object.keys(series);
  return {
    function_id: 'balance',
    indices: { start: 0, end: n },
    x_axis: 'time',
    y_axis: quantities,
    y_axis_normalized: [],
    datasets: { time: roundSeries(t, 4), ...series },
    datasets_normalized_mean: {},
    datasets_normalized_std: {},
    quantities: Object.fromEntries(
      ['time', ...quantities].map((q) => [
        q,
        quantity(q, q === 'time' ? 's' : q === 'trunk_lean' ? '°' : 'cm'),
      ]),
    ),
    metrics,
    amplitudes: {},
    scalar_values: {},
    info_text: text.info_text,
    details: {
      summary: text.summary,
      task,
      leg_length_m: stored(leg, 3),
      analysed_seconds: stored(duration, 3),
      phases: phases.map((p) => ({ kind: p.kind, start: stored(t[p.start], 3), end: stored(t[p.end], 3) })),
    },
  };
}
