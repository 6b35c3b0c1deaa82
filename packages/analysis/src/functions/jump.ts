import type { AnalysisResult } from '@poselab/contract';
import { heights, kneeFrontalAngle, legLength } from '../common/geometry';
import { metric, quantity, roundSeries, stored, summary } from '../common/result';
import { requireCoordinates, trialTiming } from '../common/timing';
import { dataError } from '../errors';
import { airborneRuns, feetSignals, type Airborne } from '../events/contacts';
import type { AnalysisSubject, TrialKinematics } from '../types';

const G = 9.81;
const SIDES = ['r', 'l'] as const;
type Side = (typeof SIDES)[number];
export const JUMP_COORDINATES = ['hip_flexion', 'knee_angle', 'ankle_angle'].flatMap((j) => [
  `${j}_r`,
  `${j}_l`,
]);
/** Shortest flight that counts as a jump (s). */
export const MIN_FLIGHT = 0.1;
/** A foot is on the floor below this share of leg length (about 3 cm for an adult). */
const CONTACT = 0.035;
/** The landing is absorbed within this long after touch-down (s). */
const ABSORPTION = 1.0;

export type JumpKind = 'drop_jump' | 'counter_movement_jump';

/**
 * Drop jump and countermovement jump: flight from the feet's height and vertical velocity (both feet off the
 * floor), jump height from the flight time (g·T²/8) and from the pelvis' rise from take-off to its apex, ground
 * contact time (drop jump: landing from the box to take-off), joint flexion peaks while absorbing the landing
 * (drop jump: the landing from the box, whose loading the test screens; countermovement jump: the landing
 * after the flight), the frontal-plane knee angle at the deepest point and the left/right asymmetry.
 */
export function analyzeJump(kin: TrialKinematics, subject: AnalysisSubject, kind: JumpKind): AnalysisResult {
  const timing = trialTiming(kin, 0.5);
  requireCoordinates(kin, JUMP_COORDINATES);
  const leg = legLength(kin);
  const feet = feetSignals(kin, timing.dt);
  const runs = airborneRuns(kin, feet, CONTACT * leg);
  const t = kin.time;
  const frameAt = (time: number) =>
    Math.min(t.length - 1, Math.max(0, Math.round((time - t[0]) / timing.dt)));

  // The box: a drop jump starts with the feet above the floor. The jump: the first flight after it (drop
  // jump) or the longest flight (countermovement jump).
  let boxLanding: number | null = null;
  let candidates = runs;
  if (kind === 'drop_jump') {
    const box = runs[0];
    if (!box || box.first !== 0 || box.landing === null) throw dataError('no_box_landing');
    boxLanding = box.landing;
    candidates = runs.slice(1);
  }
  const flights = candidates.filter(
    (r) => r.takeOff === null || r.landing === null || r.landing - r.takeOff >= MIN_FLIGHT,
  );
  const flight = kind === 'drop_jump' ? flights[0] : longest(flights);
  if (!flight || flight.takeOff === null) throw dataError('no_jump', { ms: MIN_FLIGHT * 1000 });
  if (flight.landing === null) throw dataError('no_landing');
  const takeOff = flight.takeOff;
  const landing = flight.landing;
  const flightTime = landing - takeOff;

  const pelvisY = heights(kin, 'pelvis');
  const pelvisAt = (time: number) => {
    const f = (time - t[0]) / timing.dt;
    const i = Math.min(t.length - 2, Math.max(0, Math.floor(f)));
    return pelvisY[i] + (pelvisY[i + 1] - pelvisY[i]) * (f - i);
  };
  let apex = pelvisY[flight.first];
  for (let i = flight.first; i <= flight.last; i++) apex = Math.max(apex, pelvisY[i]);
  const pelvisRise = apex - pelvisAt(takeOff);

  // The landing that is screened and its deepest point (lowest pelvis).
  const absorbFrom = frameAt(kind === 'drop_jump' ? boxLanding! : landing);
  const absorbTo =
    kind === 'drop_jump' ? frameAt(takeOff) : Math.min(t.length - 1, frameAt(landing + ABSORPTION));
  let deepest = absorbFrom;
  for (let i = absorbFrom; i <= absorbTo; i++) if (pelvisY[i] < pelvisY[deepest]) deepest = i;
  const peak = (q: string) => Math.max(...kin.coordinates[q].subarray(absorbFrom, absorbTo + 1));
  const pair = (joint: string) => ({ left: peak(`${joint}_l`), right: peak(`${joint}_r`) });
  const knee = pair('knee_angle');
  const asymmetry = (Math.abs(knee.left - knee.right) / ((knee.left + knee.right) / 2 || 1)) * 100;
  const frontal = Object.fromEntries(SIDES.map((s) => [s, kneeFrontalAngle(kin, deepest, s)])) as Record<
    Side,
    number
  >;

  const H = subject.heightM;
  const jumpHeight = (G * flightTime ** 2) / 8;
  const metrics: AnalysisResult['metrics'] = {
    jump_height_flight: metric('jump_height_flight', jumpHeight * 100, 'cm', 1, H),
    jump_height_pelvis: metric('jump_height_pelvis', pelvisRise * 100, 'cm', 1, H),
    flight_time: metric('flight_time', flightTime * 1000, 'ms', 0, H),
  };
  let contactTime: number | null = null;
  if (kind === 'drop_jump') {
    contactTime = takeOff - boxLanding!;
    metrics.contact_time = metric('contact_time', contactTime * 1000, 'ms', 0, H);
    metrics.reactive_strength_index = metric(
      'reactive_strength_index',
      jumpHeight / contactTime,
      'm/s',
      2,
      H,
    );
  }
  Object.assign(metrics, {
    peak_hip_flexion_landing: metric('peak_hip_flexion_landing', pair('hip_flexion'), '°', 1, H),
    peak_knee_flexion_landing: metric('peak_knee_flexion_landing', knee, '°', 1, H),
    peak_ankle_dorsiflexion_landing: metric(
      'peak_ankle_dorsiflexion_landing',
      pair('ankle_angle'),
      '°',
      1,
      H,
    ),
    knee_frontal_angle_landing: metric(
      'knee_frontal_angle_landing',
      { left: frontal.l, right: frontal.r },
      '°',
      1,
      H,
    ),
    landing_asymmetry: metric('landing_asymmetry', asymmetry, '%', 1, H),
  });

  // Series around the jump: the pelvis relative to its take-off height (cm) and the joints.
  const start = frameAt(Math.max(t[0], (boxLanding ?? takeOff) - 1));
  const end = Math.min(t.length - 1, frameAt(landing + ABSORPTION));
  const base = pelvisAt(takeOff);
  const series: Record<string, number[]> = {
    pelvis_height: roundSeries(Array.from(pelvisY.subarray(start, end + 1), (y) => (y - base) * 100)),
    ...Object.fromEntries(
      JUMP_COORDINATES.map((q) => [q, roundSeries(kin.coordinates[q].subarray(start, end + 1))]),
    ),
  };
  const quantities = Object.keys(series);
  const at = (x: number) => Number(x.toFixed(3));
  const text =
    kind === 'drop_jump'
      ? summary('drop_jump', { contact: at(boxLanding!), take_off: at(takeOff), landing: at(landing) })
      : summary('counter_movement_jump', { take_off: at(takeOff), landing: at(landing) });
  const footTimes = (a: Airborne) =>
    Object.fromEntries(
      SIDES.map((s) => [
        s,
        { take_off: stored(a.feet[s].takeOff, 4), landing: stored(a.feet[s].landing, 4) },
      ]),
    );
  return {
    function_id: kind,
    indices: { start, end: end + 1 },
    x_axis: 'time',
    y_axis: quantities,
    y_axis_normalized: [],
    datasets: { time: roundSeries(t.subarray(start, end + 1), 4), ...series },
    datasets_normalized_mean: {},
    datasets_normalized_std: {},
    quantities: Object.fromEntries(
      ['time', ...quantities].map((q) => [
        q,
        quantity(q, q === 'time' ? 's' : q === 'pelvis_height' ? 'cm' : '°'),
      ]),
    ),
    metrics,
    amplitudes: {},
    scalar_values: {},
    info_text: text.info_text,
    details: {
      summary: text.summary,
      leg_length_m: stored(leg, 3),
      box_landing: stored(boxLanding, 4),
      take_off: stored(takeOff, 4),
      landing: stored(landing, 4),
      flight_time_s: stored(flightTime, 4),
      contact_time_s: stored(contactTime, 4),
      deepest_time: stored(t[deepest], 3),
      feet: footTimes(flight),
    },
  };
}

function longest(runs: Airborne[]): Airborne | undefined {
  const length = (r: Airborne) =>
    r.takeOff !== null && r.landing !== null ? r.landing - r.takeOff : r.last - r.first;
  return runs.reduce<Airborne | undefined>(
    (best, r) => (!best || length(r) > length(best) ? r : best),
    undefined,
  );
}
