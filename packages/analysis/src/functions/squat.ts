import type { AnalysisResult } from '@poselab/contract';
import { facingHeading, heights, kneeFrontalAngle, legLength, trunkAngles } from '../common/geometry';
import { amplitude, metric, quantity, roundSeries, scalarValue, stored, summary } from '../common/result';
import { curveStats, mean, median, resample, restLevel } from '../common/signal';
import { requireCoordinates, trialTiming } from '../common/timing';
import { analysisText } from '../i18n';
import { dataError } from '../errors';
import { findDips, type Dip } from '../events/repetitions';
import type { AnalysisSubject, TrialKinematics } from '../types';

const SIDES = ['r', 'l'] as const;
type Side = (typeof SIDES)[number];
const JOINTS = ['hip_flexion', 'knee_angle', 'ankle_angle'] as const;
export const SQUAT_COORDINATES = JOINTS.flatMap((j) => [`${j}_r`, `${j}_l`]);
export type SquatType = 'double_leg' | 'single_leg_r' | 'single_leg_l';

/** A repetition must lower the pelvis by this share of leg length (about 8 cm for an adult). */
export const MIN_SQUAT_DROP = 0.1;
/** A foot more than this share of leg length above the floor for half a repetition is lifted. */
const LIFTED = 0.1;

/**
 * Squats: repetitions from the pelvis height, the type of each (a lifted foot makes a single-leg squat on the
 * other leg), depth, peak joint flexions, trunk flexion and lean, frontal-plane knee angle at the deepest
 * point; mean ± SD over repetitions and curves normalised per repetition.
 */
export function analyzeSquat(kin: TrialKinematics, subject: AnalysisSubject): AnalysisResult {
  const timing = trialTiming(kin, 1);
  requireCoordinates(kin, SQUAT_COORDINATES);
  const leg = legLength(kin);
  const pelvisY = heights(kin, 'pelvis');
  const dips = findDips(pelvisY, MIN_SQUAT_DROP * leg, Math.round(0.5 / timing.dt));
  if (!dips.length) throw dataError('no_squats', { cm: Math.round(MIN_SQUAT_DROP * leg * 100) });
  const lifted = liftedFeet(kin, leg);
  const standing = median(dips.flatMap((d) => [pelvisY[d.windowStart], pelvisY[d.windowEnd]]));

  const reps = dips.map((d) => {
    const heading = facingHeading(kin, d.start, d.end + 1);
    const type = squatType(lifted, d);
    const trunk = range(d.start, d.end).map((i) => trunkAngles(kin, i, heading));
    const peak = (q: string) => Math.max(...kin.coordinates[q].subarray(d.start, d.end + 1));
    const stance = (s: Side) => type === 'double_leg' || type === `single_leg_${s}`;
    return {
      dip: d,
      type,
      heading,
      duration: kin.time[d.end] - kin.time[d.start],
      peaks: Object.fromEntries(SQUAT_COORDINATES.map((q) => [q, peak(q)])) as Record<string, number>,
      trunkFlexion: Math.max(...trunk.map((a) => a.flexion)),
      trunkLean: trunk.reduce((best, a) => (Math.abs(a.lean) > Math.abs(best) ? a.lean : best), 0),
      kneeFrontal: Object.fromEntries(
        SIDES.map((s) => [s, stance(s) ? kneeFrontalAngle(kin, d.bottom, s) : null]),
      ) as Record<Side, number | null>,
    };
  });

  const H = subject.heightM;
  const depthsCm = reps.map((r) => r.dip.depth * 100);
  const pairOf = (key: string) => ({
    left: mean(reps.map((r) => r.peaks[`${key}_l`])),
    right: mean(reps.map((r) => r.peaks[`${key}_r`])),
  });
  const frontal = (s: Side) => {
    const v = reps.map((r) => r.kneeFrontal[s]).filter((x): x is number => x !== null);
    return v.length ? mean(v) : null;
  };
  const metrics: AnalysisResult['metrics'] = {
    squat_depth: metric('squat_depth', mean(depthsCm), 'cm', 1, H),
    peak_knee_flexion: metric('peak_knee_flexion', pairOf('knee_angle'), '°', 1, H),
    peak_hip_flexion: metric('peak_hip_flexion', pairOf('hip_flexion'), '°', 1, H),
    peak_ankle_dorsiflexion: metric('peak_ankle_dorsiflexion', pairOf('ankle_angle'), '°', 1, H),
    max_trunk_flexion: metric('max_trunk_flexion', mean(reps.map((r) => r.trunkFlexion)), '°', 1, H),
    max_trunk_lean: metric('max_trunk_lean', mean(reps.map((r) => Math.abs(r.trunkLean))), '°', 1, H),
    knee_frontal_angle: metric('knee_frontal_angle', { left: frontal('l'), right: frontal('r') }, '°', 1, H),
  };
  const scalar_values: AnalysisResult['scalar_values'] = {
    repetitions: scalarValue('repetitions', [reps.length], '', 0),
    squat_depth: scalarValue('squat_depth', depthsCm, 'cm', 1),
    rep_duration: scalarValue(
      'rep_duration',
      reps.map((r) => r.duration),
      's',
      2,
    ),
  };
  for (const [key, q] of [
    ['peak_hip_flexion', 'hip_flexion'],
    ['peak_knee_flexion', 'knee_angle'],
    ['peak_ankle_dorsiflexion', 'ankle_angle'],
  ] as const)
    for (const s of SIDES)
      scalar_values[`${key}_${s}`] = scalarValue(
        `${key}_${s}`,
        reps.map((r) => r.peaks[`${q}_${s}`]),
        '°',
        1,
      );
  scalar_values.max_trunk_flexion = scalarValue(
    'max_trunk_flexion',
    reps.map((r) => r.trunkFlexion),
    '°',
    1,
  );
  scalar_values.max_trunk_lean = scalarValue(
    'max_trunk_lean',
    reps.map((r) => Math.abs(r.trunkLean)),
    '°',
    1,
  );

  // Series: joint angles, the pelvis' height below standing (cm) and the trunk's inclination.
  const first = reps[0].dip.windowStart;
  const last = reps[reps.length - 1].dip.windowEnd;
  const trunkSeries = range(first, last).map((i) => {
    const rep = reps.find((r) => i <= r.dip.windowEnd) ?? reps[reps.length - 1];
    return trunkAngles(kin, i, rep.heading);
  });
  const series: Record<string, ArrayLike<number>> = {
    ...Object.fromEntries(SQUAT_COORDINATES.map((q) => [q, kin.coordinates[q].subarray(first, last + 1)])),
    pelvis_height: range(first, last).map((i) => (pelvisY[i] - standing) * 100),
    trunk_flexion: trunkSeries.map((a) => a.flexion),
    trunk_lean: trunkSeries.map((a) => a.lean),
  };
  const quantities = Object.keys(series);
  const datasetsMean: Record<string, number[]> = {};
  const datasetsSd: Record<string, number[]> = {};
  const curves: Record<string, number[][]> = {};
  for (const q of quantities) {
    curves[q] = reps.map((r) => resample(series[q], r.dip.start - first, r.dip.end - first));
    const s = curveStats(curves[q]);
    datasetsMean[q] = roundSeries(s.mean);
    datasetsSd[q] = roundSeries(s.sd);
  }
  const ranges = (q: string) => curves[q].map((c) => ({ min: Math.min(...c), max: Math.max(...c) }));
  const amplitudes: AnalysisResult['amplitudes'] = {
    rom_trunk_flexion: amplitude('rom_trunk_flexion', ranges('trunk_flexion'), '°'),
  };
  for (const [key, q] of [
    ['rom_hip_flexion', 'hip_flexion'],
    ['rom_knee_flexion', 'knee_angle'],
    ['rom_ankle_flexion', 'ankle_angle'],
  ] as const)
    for (const s of SIDES) amplitudes[`${key}_${s}`] = amplitude(`${key}_${s}`, ranges(`${q}_${s}`), '°');

  const typeCounts = new Map<SquatType, number>();
  for (const r of reps) typeCounts.set(r.type, (typeCounts.get(r.type) ?? 0) + 1);
  const types = [...typeCounts]
    .map(([t, c]) => `${c} × ${analysisText('en', `squat_types.${t}`)}`)
    .join(', ');
  const text = summary('squat', { count: reps.length, types });
  return {
    function_id: 'squat',
    indices: { start: first, end: last + 1 },
    x_axis: 'time',
    y_axis: quantities,
    y_axis_normalized: quantities,
    datasets: {
      time: roundSeries(kin.time.subarray(first, last + 1), 4),
      ...Object.fromEntries(quantities.map((q) => [q, roundSeries(series[q])])),
    },
    datasets_normalized_mean: datasetsMean,
    datasets_normalized_std: datasetsSd,
    quantities: Object.fromEntries(
      ['time', ...quantities].map((q) => [
        q,
        quantity(q, q === 'time' ? 's' : q === 'pelvis_height' ? 'cm' : '°'),
      ]),
    ),
    metrics,
    amplitudes,
    scalar_values,
    info_text: text.info_text,
    details: {
      summary: text.summary,
      leg_length_m: stored(leg, 3),
      standing_pelvis_height_m: stored(standing, 3),
      types: Object.fromEntries(typeCounts),
      repetitions: reps.map((r) => ({
        type: r.type,
        start: stored(kin.time[r.dip.start], 3),
        bottom: stored(kin.time[r.dip.bottom], 3),
        end: stored(kin.time[r.dip.end], 3),
        depth_m: stored(r.dip.depth, 4),
        duration_s: stored(r.duration, 3),
        trunk_flexion: stored(r.trunkFlexion, 2),
        trunk_lean: stored(r.trunkLean, 2),
        knee_frontal_angle: { right: stored(r.kneeFrontal.r, 2), left: stored(r.kneeFrontal.l, 2) },
        peaks: Object.fromEntries(Object.entries(r.peaks).map(([k, v]) => [k, stored(v, 2)])),
      })),
    },
  };
}

function range(a: number, b: number): number[] {
  return Array.from({ length: b - a + 1 }, (_, k) => a + k);
}

/** Per frame, whether each foot is off the floor (its lower point above the floor by LIFTED × leg length). */
function liftedFeet(kin: TrialKinematics, leg: number): Record<Side, Uint8Array> {
  const n = kin.time.length;
  const y = Object.fromEntries(
    (['heel_r', 'heel_l', 'toe_r', 'toe_l'] as const).map((p) => [p, heights(kin, p)]),
  ) as Record<'heel_r' | 'heel_l' | 'toe_r' | 'toe_l', Float64Array>;
  // A body origin sits at the same height above the sole on both sides: the floor of a point is the lowest
  // level where either side rests (a foot lifted all along does not raise its own floor).
  const rest = { band: 0.03, minSeconds: 0.2, maxSpeed: 0.3 };
  const dt = kin.time[1] - kin.time[0];
  const heelFloor = restLevel([y.heel_r, y.heel_l], dt, rest);
  const toeFloor = restLevel([y.toe_r, y.toe_l], dt, rest);
  const out = { r: new Uint8Array(n), l: new Uint8Array(n) };
  for (const s of SIDES)
    for (let i = 0; i < n; i++)
      out[s][i] = Math.min(y[`heel_${s}`][i] - heelFloor, y[`toe_${s}`][i] - toeFloor) > LIFTED * leg ? 1 : 0;
  return out;
}

function squatType(lifted: Record<Side, Uint8Array>, d: Dip): SquatType {
  const share = (s: Side) => {
    let k = 0;
    for (let i = d.start; i <= d.end; i++) k += lifted[s][i];
    return k / (d.end - d.start + 1);
  };
  const r = share('r') >= 0.5;
  const l = share('l') >= 0.5;
  if (r && !l) return 'single_leg_l';
  if (l && !r) return 'single_leg_r';
  return 'double_leg';
}
