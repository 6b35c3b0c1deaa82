import type { AnalysisResult } from '@poselab/contract';
import { facingHeading, heights, legLength, trunkAngles } from '../common/geometry';
import { metric, quantity, roundSeries, scalarValue, stored, summary } from '../common/result';
import { curveStats, mean, resample } from '../common/signal';
import { requireCoordinates, trialTiming } from '../common/timing';
import { dataError } from '../errors';
import { findRises, type Rise } from '../events/repetitions';
import type { AnalysisSubject, TrialKinematics } from '../types';

export const STS_COORDINATES = ['hip_flexion_r', 'hip_flexion_l', 'knee_angle_r', 'knee_angle_l'];
/** A rise must lift the pelvis by this share of leg length (about 13 cm for an adult; sitting down drops it 30–45 cm). */
export const MIN_RISE = 0.15;
/** The trunk leans forward before the pelvis leaves the seat: its peak is looked for up to this long before. */
const LEAN_BEFORE = 1.0;

/**
 * Sit-to-stand: each rise of the pelvis from its seated to its standing level (onset and end where the pelvis
 * is 5 % of the way up or below the top), the time for five repetitions (first onset to fifth stand), each
 * repetition's duration (onset to the next onset, or to seated again) and rise time, and the peak forward
 * trunk flexion of each rise.
 */
export function analyzeSitToStand(kin: TrialKinematics, subject: AnalysisSubject): AnalysisResult {
  const timing = trialTiming(kin, 1);
  requireCoordinates(kin, STS_COORDINATES);
  const leg = legLength(kin);
  const pelvisY = heights(kin, 'pelvis');
  const t = kin.time;
  const rises = findRises(pelvisY, MIN_RISE * leg, Math.round(0.8 / timing.dt));
  if (!rises.length) throw dataError('no_sit_to_stand', { cm: Math.round(MIN_RISE * leg * 100) });
  const n = t.length;
  const heading = facingHeading(kin, rises[0].start, rises[rises.length - 1].end + 1);
  const flexion = Float64Array.from({ length: n }, (_, i) => trunkAngles(kin, i, heading).flexion);
  const lookBack = Math.round(LEAN_BEFORE / timing.dt);

  const reps = rises.map((r, k) => {
    const from = Math.max(k ? rises[k - 1].end : 0, r.start - lookBack);
    const next = rises[k + 1]?.start ?? seatedAgain(pelvisY, r);
    return {
      rise: r,
      riseTime: t[r.end] - t[r.start],
      cycleEnd: next,
      duration: next === null ? null : t[next] - t[r.start],
      trunkPeak: Math.max(...flexion.subarray(from, r.end + 1)),
    };
  });
  const fiveTime = rises.length >= 5 ? t[rises[4].end] - t[rises[0].start] : null;
  const durations = reps.map((r) => r.duration).filter((d): d is number => d !== null);
  const H = subject.heightM;
  const seated = mean(rises.map((r) => r.seatedHeight));

  const first = rises[0].start;
  const last = Math.min(n - 1, reps[reps.length - 1].cycleEnd ?? rises[rises.length - 1].end);
  const series: Record<string, ArrayLike<number>> = {
    pelvis_height: Array.from(pelvisY.subarray(first, last + 1), (y) => (y - seated) * 100),
    trunk_flexion: flexion.subarray(first, last + 1),
    ...Object.fromEntries(STS_COORDINATES.map((q) => [q, kin.coordinates[q].subarray(first, last + 1)])),
  };
  const quantities = Object.keys(series);
  const cycles = reps.map((r) => [r.rise.start - first, (r.cycleEnd ?? r.rise.end) - first] as const);
  const datasetsMean: Record<string, number[]> = {};
  const datasetsSd: Record<string, number[]> = {};
  for (const q of quantities) {
    const s = curveStats(cycles.map(([a, b]) => resample(series[q], a, b)));
    datasetsMean[q] = roundSeries(s.mean);
    datasetsSd[q] = roundSeries(s.sd);
  }
  const text = summary(rises.length >= 5 ? 'sit_to_stand' : 'sit_to_stand_short', {
    count: rises.length,
    start: Number(t[first].toFixed(2)),
    end: Number(t[rises[rises.length - 1].end].toFixed(2)),
  });
  return {
    function_id: 'sit_to_stand',
    indices: { start: first, end: last + 1 },
    x_axis: 'time',
    y_axis: quantities,
    y_axis_normalized: quantities,
    datasets: {
      time: roundSeries(t.subarray(first, last + 1), 4),
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
    metrics: {
      five_rep_time: metric('five_rep_time', fiveTime, 's', 1, H),
      sts_repetitions: metric('sts_repetitions', rises.length, '', 0, H),
      rise_time: metric('rise_time', mean(reps.map((r) => r.riseTime)), 's', 2, H),
      peak_trunk_flexion: metric('peak_trunk_flexion', mean(reps.map((r) => r.trunkPeak)), '°', 1, H),
    },
    amplitudes: {},
    scalar_values: {
      repetitions: scalarValue('repetitions', [rises.length], '', 0),
      rep_duration: scalarValue('rep_duration', durations, 's', 2),
      rise_time: scalarValue(
        'rise_time',
        reps.map((r) => r.riseTime),
        's',
        2,
      ),
      peak_trunk_flexion: scalarValue(
        'peak_trunk_flexion',
        reps.map((r) => r.trunkPeak),
        '°',
        1,
      ),
    },
    info_text: text.info_text,
    details: {
      summary: text.summary,
      leg_length_m: stored(leg, 3),
      five_rep_time_s: stored(fiveTime, 3),
      repetitions: reps.map((r) => ({
        start: stored(t[r.rise.start], 3),
        standing: stored(t[r.rise.end], 3),
        rise_time_s: stored(r.riseTime, 3),
        duration_s: stored(r.duration, 3),
        peak_trunk_flexion: stored(r.trunkPeak, 2),
      })),
    },
  };
}

/** The first frame after a rise's top where the pelvis is back within 5 % of the rise above its seated level. */
function seatedAgain(height: Float64Array, r: Rise): number | null {
  const limit = r.seatedHeight + 0.05 * (r.standingHeight - r.seatedHeight);
  for (let i = r.end; i < height.length; i++) if (height[i] <= limit) return i;
  return null;
}
