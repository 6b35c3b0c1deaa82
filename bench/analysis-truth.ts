/**
 * bench:analysis-truth — the analyses' events and contact phases against force plates (issue #25), on the
 * marker-based trials in ../shared/data/mocap-ground-truth: each trial's IK (.mot) through forward kinematics
 * of the model it was solved with (its final.osim), then
 * - gait events (Camargo et al. 2021's level-ground circuit, OpenCap's lab-validation walking2/3): each whole
 *   plate contact (vertical force above 20 N) is given to the foot nearest its centre of pressure; the heel
 *   strike (toe off) of that foot detected nearest the plate's onset (offset), within half the contact, is
 *   compared with it;
 * - drop jumps (OpenCap DJ1, DJ4): contact from the first rise of the plates' summed vertical force above 20 N
 *   to its fall, flight from there to the next rise; jump height from flight time (g·T²/8);
 * - the circuit's gait analysis: cycles kept per leg (turns left out) and peak knee flexion in swing.
 * Ends with one JSON line {"hsMeanAbsErrMs", "toMeanAbsErrMs", "djContactErrMs", "djFlightErrMs",
 * "djHeightErrCm", "circuitCyclesR", "circuitCyclesL", …}; the drop-jump figures are the worst over the jumps.
 * BENCH_VERBOSE=1 prints every matched event.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMot, readOsim, type Motion } from '@poselab/biomech';
import { runAnalysis, trialKinematics, type TrialKinematics } from '@poselab/analysis';
import { legLength, point } from '../packages/analysis/src/common/geometry';
import { trialTiming } from '../packages/analysis/src/common/timing';
import { detectGaitEvents, type Side } from '../packages/analysis/src/events/gait-events';
import { plateContacts, runsAbove, summedVerticalForce, type PlateContact } from './analysis-truth/plates';

const THRESHOLD_N = 20;
/** A walking contact lasts this long (s): shorter is a glitch, longer is standing. */
const CONTACT_RANGE_S = [0.2, 1.5];
/** Slower pelvis over a contact is standing or stepping in place, no gait (m/s). */
const MIN_WALKING_SPEED = 0.3;
const G = 9.81;
const VERBOSE = process.env.BENCH_VERBOSE === '1';
const ROOT = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  'shared',
  'data',
  'mocap-ground-truth',
);
const CIRCUIT = 'camargo2021-levelground/levelground_ccw_fast_01_01';
const WALKS = [CIRCUIT, 'opencap-labvalidation/walking2', 'opencap-labvalidation/walking3'];
const JUMPS = ['opencap-labvalidation/DJ1', 'opencap-labvalidation/DJ4'];
const subject = { heightM: null, massKg: null, sex: null };

if (!existsSync(ROOT)) {
  console.error(`bench:analysis-truth needs ${ROOT} (shared data beside the checkout)`);
  process.exit(1);
}

const mot = (file: string): Motion => readMot(readFileSync(resolve(ROOT, file), 'utf8'));
function trial(name: string): { kin: TrialKinematics; grf: Motion } {
  const osim = readOsim(readFileSync(resolve(ROOT, dirname(name), 'final.osim'), 'utf8'));
  return { kin: trialKinematics(osim, mot(`${name}_ik.mot`)), grf: mot(`${name}_grf.mot`) };
}

/** 3-D distance from a point to the segment a→b. */
function toSegment(p: number[], a: number[], b: number[]): number {
  const ab = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const len2 = ab[0] ** 2 + ab[1] ** 2 + ab[2] ** 2;
  const s = Math.max(
    0,
    Math.min(1, ((p[0] - a[0]) * ab[0] + (p[1] - a[1]) * ab[1] + (p[2] - a[2]) * ab[2]) / len2),
  );
  return Math.hypot(p[0] - a[0] - s * ab[0], p[1] - a[1] - s * ab[1], p[2] - a[2] - s * ab[2]);
}

const frameOf = (kin: TrialKinematics, time: number) => {
  const t = kin.time;
  const dt = (t[t.length - 1] - t[0]) / (t.length - 1);
  return Math.min(t.length - 1, Math.max(0, Math.round((time - t[0]) / dt)));
};

/**
 * The foot on a plate contact: at 25, 50 and 75 % of it, the foot (heel to 8 cm past the toe origin) nearest
 * the centre of pressure, when clearly nearer than the other; null when the samples disagree or none is clear
 * (two feet on one plate, a glitch away from both).
 */
function footOf(kin: TrialKinematics, c: PlateContact): Side | null {
  const votes: Side[] = [];
  for (const [k, cop] of c.cop.entries()) {
    const f = frameOf(kin, c.onset + ((k + 1) / 4) * (c.offset - c.onset));
    const dist = (s: Side) => {
      const h = point(kin, `heel_${s}`, f);
      const o = point(kin, `toe_${s}`, f);
      const len = Math.hypot(o[0] - h[0], o[1] - h[1], o[2] - h[2]);
      const tip = o.map((v, i) => v + ((v - h[i]) / len) * 0.08);
      return toSegment([cop[0], 0, cop[1]], h, tip);
    };
    const [r, l] = [dist('r'), dist('l')];
    if (Math.min(r, l) < 0.15 && Math.abs(r - l) > 0.05) votes.push(r < l ? 'r' : 'l');
  }
  return votes.length >= 2 && votes.every((v) => v === votes[0]) ? votes[0] : null;
}

/** The pelvis' mean horizontal speed over a contact (m/s): walking, not standing or stepping in place. */
function pelvisSpeed(kin: TrialKinematics, c: PlateContact): number {
  const a = frameOf(kin, c.onset);
  const b = frameOf(kin, c.offset);
  const p = kin.points.pelvis;
  return Math.hypot(p[3 * b] - p[3 * a], p[3 * b + 2] - p[3 * a + 2]) / (kin.time[b] - kin.time[a]);
}

const hsErr: number[] = [];
const toErr: number[] = [];
let platesUsed = 0;
let platesSkipped = 0;
for (const name of WALKS) {
  const { kin, grf } = trial(name);
  const det = detectGaitEvents(kin, trialTiming(kin, 0.5), legLength(kin), 'overground');
  for (const c of plateContacts(grf, THRESHOLD_N)) {
    const duration = c.offset - c.onset;
    const speed = pelvisSpeed(kin, c);
    const side = footOf(kin, c);
    if (VERBOSE)
      console.log(
        `${name} plate ${c.plate} ${c.onset.toFixed(3)}–${c.offset.toFixed(3)} s: foot ${side ?? '?'}, pelvis ${speed.toFixed(2)} m/s`,
      );
    if (
      !side ||
      duration < CONTACT_RANGE_S[0] ||
      duration > CONTACT_RANGE_S[1] ||
      speed < MIN_WALKING_SPEED
    ) {
      platesSkipped++;
      continue;
    }
    platesUsed++;
    const half = (c.offset - c.onset) / 2;
    const nearest = (times: number[], at: number) => {
      const best = times.reduce((b, x) => (Math.abs(x - at) < Math.abs(b - at) ? x : b), Infinity);
      return Math.abs(best - at) <= half ? best - at : null;
    };
    const hs = nearest(
      det.events.heelStrikes[side].map((e) => e.time),
      c.onset,
    );
    const to = nearest(
      det.events.toeOffs[side].map((e) => e.time),
      c.offset,
    );
    if (hs !== null) hsErr.push(hs * 1000);
    if (to !== null) toErr.push(to * 1000);
    if (VERBOSE)
      console.log(
        `${name} plate ${c.plate} ${side} ${c.onset.toFixed(3)}–${c.offset.toFixed(3)} s: heel strike ${hs === null ? 'none' : (hs * 1000).toFixed(0)} ms, toe off ${to === null ? 'none' : (to * 1000).toFixed(0)} ms`,
      );
  }
}

const meanAbs = (v: number[]) => v.reduce((s, x) => s + Math.abs(x), 0) / Math.max(1, v.length);
const meanOf = (v: number[]) => v.reduce((s, x) => s + x, 0) / Math.max(1, v.length);
const r1 = (x: number) => Number(x.toFixed(1));

const jumps = JUMPS.map((name) => {
  const { kin, grf } = trial(name);
  const runs = runsAbove(grf.time, summedVerticalForce(grf), THRESHOLD_N, true);
  if (runs.length < 2 || runs[0].offset === null)
    throw new Error(`${name}: the plates show no contact and landing`);
  const takeOff = runs[0].offset;
  const contact = takeOff - runs[0].onset;
  const flight = runs[1].onset - takeOff;
  const d = runAnalysis('drop_jump', kin, subject).details as Record<string, number>;
  const ourContact = d.contact_time_s;
  const ourFlight = d.flight_time_s;
  const row = {
    name,
    contactErrMs: (ourContact - contact) * 1000,
    flightErrMs: (ourFlight - flight) * 1000,
    heightErrCm: ((G * ourFlight ** 2) / 8 - (G * flight ** 2) / 8) * 100,
    boxLandingErrMs: (d.box_landing - runs[0].onset) * 1000,
    takeOffErrMs: (d.take_off - takeOff) * 1000,
    landingErrMs: (d.landing - runs[1].onset) * 1000,
  };
  console.log(
    `${name}: plates contact ${(contact * 1000).toFixed(0)} ms, flight ${(flight * 1000).toFixed(0)} ms; ours ${(ourContact * 1000).toFixed(0)} / ${(ourFlight * 1000).toFixed(0)} ms; errors contact ${row.contactErrMs.toFixed(1)} ms, flight ${row.flightErrMs.toFixed(1)} ms, height ${row.heightErrCm.toFixed(2)} cm (box landing ${row.boxLandingErrMs.toFixed(1)}, take-off ${row.takeOffErrMs.toFixed(1)}, landing ${row.landingErrMs.toFixed(1)} ms)`,
  );
  return row;
});

const circuit = runAnalysis('gait', trial(CIRCUIT).kin, subject);
const cyclesR = circuit.scalar_values.cycles_r.value;
const cyclesL = circuit.scalar_values.cycles_l.value;
const knee = circuit.metrics.peak_knee_flexion_swing.value as { left: number; right: number };
console.log(`circuit gait: ${circuit.info_text}`);
console.log(
  `gait events: ${hsErr.length} heel strikes, ${toErr.length} toe offs on ${platesUsed} plate contacts (${platesSkipped} left out: no one foot on the plate, standing, or a glitch shorter than 0.2 s); heel strike bias ${meanOf(hsErr).toFixed(1)} ms, toe off bias ${meanOf(toErr).toFixed(1)} ms`,
);
const worst = (k: 'contactErrMs' | 'flightErrMs' | 'heightErrCm') =>
  jumps.reduce((w, j) => (Math.abs(j[k]) > Math.abs(w) ? j[k] : w), 0);
console.log(
  JSON.stringify({
    hsMeanAbsErrMs: r1(meanAbs(hsErr)),
    toMeanAbsErrMs: r1(meanAbs(toErr)),
    hsEvents: hsErr.length,
    toEvents: toErr.length,
    djContactErrMs: r1(worst('contactErrMs')),
    djFlightErrMs: r1(worst('flightErrMs')),
    djHeightErrCm: Number(worst('heightErrCm').toFixed(2)),
    circuitCyclesR: cyclesR,
    circuitCyclesL: cyclesL,
    circuitExcludedCycles: circuit.details.excluded_cycles,
    circuitKneeFlexionSwingDeg: { left: r1(knee.left), right: r1(knee.right) },
  }),
);
