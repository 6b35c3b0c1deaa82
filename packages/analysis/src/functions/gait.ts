import type { AnalysisResult } from '@poselab/contract';
import { dot2, legLength, pelvisAnglesInHeading, point, rightOf } from '../common/geometry';
import { amplitude, metric, quantity, roundSeries, scalarValue, stored, summary } from '../common/result';
import { curveStats, mean, resample } from '../common/signal';
import { requireCoordinates, trialTiming } from '../common/timing';
import { dataError } from '../errors';
import {
  detectGaitEvents,
  other,
  SIDES,
  type GaitCycle,
  type GaitEvent,
  type Side,
} from '../events/gait-events';
import type { AnalysisSubject, TrialKinematics } from '../types';

const JOINTS = ['hip_flexion', 'hip_adduction', 'knee_angle', 'ankle_angle'] as const;
export const GAIT_COORDINATES = [...JOINTS.flatMap((j) => [`${j}_r`, `${j}_l`]), 'lumbar_extension'];
const PELVIS = ['pelvis_tilt', 'pelvis_list', 'pelvis_rotation'] as const;

export interface GaitOptions {
  /** 'gait' detects treadmill walking (pelvis in place); 'treadmill_gait' always treats it so. */
  mode: 'auto' | 'treadmill';
  functionId: string;
}

interface StepSample {
  side: Side;
  frame: number;
  length: number;
  width: number;
}

/**
 * Gait analysis (overground or treadmill): Zeni events, cycles walked straight, spatiotemporal metrics, peak
 * angles and ranges per side, and joint curves normalised to the cycle (101 samples, mean ± SD over cycles).
 */
export function analyzeGait(
  kin: TrialKinematics,
  subject: AnalysisSubject,
  options: GaitOptions,
): AnalysisResult {
  const timing = trialTiming(kin, 1);
  requireCoordinates(kin, GAIT_COORDINATES);
  const leg = legLength(kin);
  const detection = detectGaitEvents(kin, timing, leg, options.mode === 'treadmill' ? 'treadmill' : 'auto');
  const { cycles, treadmill } = detection;
  if (cycles.length < 2) throw dataError('not_enough_gait_cycles');
  const t0 = kin.time[0];
  const frameAt = (e: GaitEvent) => (e.time - t0) / timing.dt;

  // Steps at every heel strike of the analysed cycles (a strike ending one cycle starts the next: once).
  const steps = new Map<string, StepSample>();
  const stepAt = (side: Side, e: GaitEvent, heading: [number, number]): StepSample => {
    const key = `${side}:${e.frame}`;
    const known = steps.get(key);
    if (known) return known;
    const a = point(kin, `heel_${side}`, e.frame);
    const b = point(kin, `heel_${other(side)}`, e.frame);
    const s: StepSample = {
      side,
      frame: e.frame,
      length: dot2(heading, a[0] - b[0], a[2] - b[2]),
      width: Math.abs(dot2(rightOf(heading), a[0] - b[0], a[2] - b[2])),
    };
    steps.set(key, s);
    return s;
  };

  const perCycle = cycles.map((c) => {
    const T = c.end.time - c.start.time;
    stepAt(c.side, c.start, c.heading);
    const oppStep = stepAt(other(c.side), c.oppositeHeelStrike, c.heading);
    const endStep = stepAt(c.side, c.end, c.heading);
    const h0 = point(kin, `heel_${c.side}`, c.start.frame);
    const h1 = point(kin, `heel_${c.side}`, c.end.frame);
    const strideLength = treadmill
      ? oppStep.length + endStep.length
      : dot2(c.heading, h1[0] - h0[0], h1[2] - h0[2]);
    return {
      cycle: c,
      T,
      strideLength,
      speed: strideLength / T,
      stance: c.toeOff.time - c.start.time,
      swing: c.end.time - c.toeOff.time,
      doubleSupport:
        ((c.oppositeToeOff.time - c.start.time + (c.toeOff.time - c.oppositeHeelStrike.time)) / T) * 100,
      singleSupport: ((c.oppositeHeelStrike.time - c.oppositeToeOff.time) / T) * 100,
    };
  });

  const bySide = (side: Side) => perCycle.filter((p) => p.cycle.side === side);
  const sideMean = (side: Side, f: (p: (typeof perCycle)[number]) => number) => {
    const v = bySide(side).map(f);
    return v.length ? mean(v) : null;
  };
  const stepList = [...steps.values()];
  const stepMean = (side: Side) => {
    const v = stepList.filter((s) => s.side === side).map((s) => s.length);
    return v.length ? mean(v) : null;
  };
  const stepL = stepMean('l');
  const stepR = stepMean('r');
  const H = subject.heightM;

  // Curves per cycle: a leg's joints over its own cycles; pelvis and trunk over right cycles (left if none).
  const curves: Record<string, number[][]> = {};
  const add = (key: string, values: number[]) => (curves[key] ??= []).push(values);
  const pelvisSide: Side = bySide('r').length ? 'r' : 'l';
  for (const { cycle: c } of perCycle) {
    const a = frameAt(c.start);
    const b = frameAt(c.end);
    for (const j of JOINTS) add(`${j}_${c.side}`, resample(kin.coordinates[`${j}_${c.side}`], a, b));
    if (c.side === pelvisSide) {
      const angles = pelvisSeries(kin, c.start.frame, c.end.frame, c.heading);
      for (const p of PELVIS) add(p, resample(angles[p], a - c.start.frame, b - c.start.frame));
      add('lumbar_extension', resample(kin.coordinates.lumbar_extension, a, b));
    }
  }
  const quantities = [...JOINTS.flatMap((j) => [`${j}_r`, `${j}_l`]), ...PELVIS, 'lumbar_extension'].filter(
    (q) => curves[q],
  );
  const datasetsMean: Record<string, number[]> = {};
  const datasetsSd: Record<string, number[]> = {};
  for (const q of quantities) {
    const s = curveStats(curves[q]);
    datasetsMean[q] = roundSeries(s.mean);
    datasetsSd[q] = roundSeries(s.sd);
  }
  const peak = (key: string, side: Side, f: (c: number[]) => number) => {
    const cs = (curves[`${key}_${side}`] ?? []).map(f);
    return cs.length ? mean(cs) : null;
  };
  const bilateral = (key: string, f: (c: number[]) => number) => ({
    left: peak(key, 'l', f),
    right: peak(key, 'r', f),
  });
  const max = (c: number[]) => Math.max(...c);
  const min = (c: number[]) => Math.min(...c);
  const ranges = (key: string) => (curves[key] ?? []).map((c) => ({ min: min(c), max: max(c) }));

  const metrics: AnalysisResult['metrics'] = {};
  if (!treadmill) metrics.gait_speed = metric('gait_speed', mean(perCycle.map((p) => p.speed)), 'm/s', 2, H);
  Object.assign(metrics, {
    stride_length: metric('stride_length', mean(perCycle.map((p) => p.strideLength)), 'm', 2, H),
    step_length: metric('step_length', { left: stepL, right: stepR }, 'm', 2, H),
    step_length_symmetry: metric(
      'step_length_symmetry',
      stepL !== null && stepR !== null && stepR > 0 ? (stepL / stepR) * 100 : null,
      '%',
      0,
      H,
    ),
    cadence: metric('cadence', 120 / mean(perCycle.map((p) => p.T)), 'steps/min', 0, H),
    step_width: metric('step_width', mean(stepList.map((s) => s.width)) * 100, 'cm', 1, H),
    stance_time: metric(
      'stance_time',
      { left: sideMean('l', (p) => p.stance), right: sideMean('r', (p) => p.stance) },
      's',
      2,
      H,
    ),
    swing_time: metric(
      'swing_time',
      { left: sideMean('l', (p) => p.swing), right: sideMean('r', (p) => p.swing) },
      's',
      2,
      H,
    ),
    double_support: metric('double_support', mean(perCycle.map((p) => p.doubleSupport)), '%', 1, H),
    single_support: metric(
      'single_support',
      { left: sideMean('l', (p) => p.singleSupport), right: sideMean('r', (p) => p.singleSupport) },
      '%',
      1,
      H,
    ),
    peak_hip_flexion_gait: metric('peak_hip_flexion_gait', bilateral('hip_flexion', max), '°', 1, H),
    peak_hip_extension_gait: metric(
      'peak_hip_extension_gait',
      bilateral('hip_flexion', (c) => -min(c)),
      '°',
      1,
      H,
    ),
    peak_knee_flexion_swing: metric('peak_knee_flexion_swing', bilateral('knee_angle', max), '°', 1, H),
    peak_ankle_dorsiflexion_gait: metric(
      'peak_ankle_dorsiflexion_gait',
      bilateral('ankle_angle', max),
      '°',
      1,
      H,
    ),
    peak_ankle_plantarflexion_gait: metric(
      'peak_ankle_plantarflexion_gait',
      bilateral('ankle_angle', (c) => -min(c)),
      '°',
      1,
      H,
    ),
  });

  const amplitudes: AnalysisResult['amplitudes'] = {};
  const rom: [string, string][] = [
    ['rom_hip_flexion', 'hip_flexion'],
    ['rom_knee_flexion', 'knee_angle'],
    ['rom_ankle_flexion', 'ankle_angle'],
    ['rom_hip_adduction', 'hip_adduction'],
  ];
  for (const [key, q] of rom)
    for (const s of SIDES)
      if (curves[`${q}_${s}`]) amplitudes[`${key}_${s}`] = amplitude(`${key}_${s}`, ranges(`${q}_${s}`), '°');
  for (const p of PELVIS) if (curves[p]) amplitudes[`rom_${p}`] = amplitude(`rom_${p}`, ranges(p), '°');

  const first = cycles[0].start.frame;
  const last = Math.max(...cycles.map((c) => c.end.frame));
  const raw = rawSeries(kin, cycles, first, last);
  const countOf = (s: Side) => bySide(s).length;
  const params = {
    cycles_r: countOf('r'),
    cycles_l: countOf('l'),
    start: Number(kin.time[first].toFixed(2)),
    end: Number(kin.time[last].toFixed(2)),
    excluded: detection.excluded,
  };
  const text = summary(treadmill ? 'treadmill_gait' : detection.excluded ? 'gait_turns' : 'gait', params);
  const eventTimes = (list: Record<Side, GaitEvent[]>) => ({
    r: list.r.map((e) => stored(e.time, 3)),
    l: list.l.map((e) => stored(e.time, 3)),
  });
  return {
    function_id: options.functionId,
    indices: { start: first, end: last + 1 },
    x_axis: 'time',
    y_axis: Object.keys(raw).filter((k) => k !== 'time'),
    y_axis_normalized: quantities,
    datasets: raw,
    datasets_normalized_mean: datasetsMean,
    datasets_normalized_std: datasetsSd,
    quantities: Object.fromEntries(
      ['time', ...quantities].map((q) => [q, quantity(q, q === 'time' ? 's' : '°')]),
    ),
    metrics,
    amplitudes,
    scalar_values: {
      stride_time: scalarValue(
        'stride_time',
        perCycle.map((p) => p.T),
        's',
        2,
      ),
      cycles_r: scalarValue('cycles_r', [countOf('r')], '', 0),
      cycles_l: scalarValue('cycles_l', [countOf('l')], '', 0),
    },
    info_text: text.info_text,
    details: {
      summary: text.summary,
      treadmill,
      leg_length_m: stored(leg, 3),
      excluded_cycles: detection.excluded,
      heel_strikes: eventTimes(detection.events.heelStrikes),
      toe_offs: eventTimes(detection.events.toeOffs),
      cycles: perCycle.map((p) => ({
        side: p.cycle.side,
        start: stored(p.cycle.start.time, 3),
        end: stored(p.cycle.end.time, 3),
        toe_off: stored(p.cycle.toeOff.time, 3),
        stride_length: stored(p.strideLength, 3),
        speed: treadmill ? null : stored(p.speed, 3),
      })),
      steps: stepList.map((s) => ({
        side: s.side,
        time: stored(kin.time[s.frame], 3),
        length: stored(s.length, 3),
        width: stored(s.width, 3),
      })),
    },
  };
}

/** Pelvis tilt, list and rotation relative to the cycle's walking direction, frames a..b. */
function pelvisSeries(kin: TrialKinematics, a: number, b: number, heading: [number, number]) {
  const out = { pelvis_tilt: [] as number[], pelvis_list: [] as number[], pelvis_rotation: [] as number[] };
  for (let i = a; i <= b; i++) {
    const p = pelvisAnglesInHeading(kin, i, heading);
    out.pelvis_tilt.push(p.tilt);
    out.pelvis_list.push(p.list);
    out.pelvis_rotation.push(p.rotation);
  }
  return out;
}

/** The curves over time for the analysed range; pelvis angles relative to the nearest cycle's direction. */
function rawSeries(kin: TrialKinematics, cycles: GaitCycle[], first: number, last: number) {
  const out: Record<string, number[]> = { time: roundSeries(kin.time.subarray(first, last + 1), 4) };
  for (const j of JOINTS)
    for (const s of SIDES)
      out[`${j}_${s}`] = roundSeries(kin.coordinates[`${j}_${s}`].subarray(first, last + 1));
  const tilt: number[] = [];
  const list: number[] = [];
  const rotation: number[] = [];
  for (let i = first; i <= last; i++) {
    const c =
      cycles.find((x) => x.start.frame <= i && i <= x.end.frame) ??
      cycles.reduce((best, x) => (Math.abs(x.start.frame - i) < Math.abs(best.start.frame - i) ? x : best));
    const p = pelvisAnglesInHeading(kin, i, c.heading);
    tilt.push(p.tilt);
    list.push(p.list);
    rotation.push(p.rotation);
  }
  out.pelvis_tilt = roundSeries(tilt);
  out.pelvis_list = roundSeries(list);
  out.pelvis_rotation = roundSeries(rotation);
  out.lumbar_extension = roundSeries(kin.coordinates.lumbar_extension.subarray(first, last + 1));
  return out;
}
