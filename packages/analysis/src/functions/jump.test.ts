import { describe, expect, it } from 'vitest';
import { analysisResult } from '@poselab/contract';
import { legLength } from '../common/geometry';
import { syntheticJump, type SyntheticJump } from '../testing/synthetic-jump';
import type { AnalysisDataError } from '../types';
import { analyzeJump } from './jump';

const subject = { heightM: 1.75, massKg: 70, sex: null };
const G = 9.81;
const peaks = { hip: 70, knee: { r: 80, l: 92 }, ankle: 30 };
type D = { take_off: number; landing: number; box_landing: number | null };
const val = (r: ReturnType<typeof analyzeJump>, k: string) => r.metrics[k].value as number;

/**
 * What the take-off definition gives on a foot built to leave the floor ballistically at the flight's start:
 * its tip passes the contact height (3.5 % of leg length) `delay` seconds later, so the detected flight is that
 * much shorter and the pelvis has risen `rise` metres at the detected take-off. (The plates show why the
 * definition is the contact height: events/contacts.ts.)
 */
function contactHeightPassage(kin: Parameters<typeof legLength>[0], flight: number) {
  const c = 0.035 * legLength(kin);
  const v0 = (G * flight) / 2;
  const delay = (v0 - Math.sqrt(v0 * v0 - 2 * G * c)) / G;
  return { delay, rise: v0 * delay - (G * delay * delay) / 2 };
}

describe('jumps built by construction', () => {
  for (const fps of [60, 100]) {
    it(`countermovement jump at ${fps} fps: take-off and landing within a frame, heights within 1 cm`, () => {
      const spec: SyntheticJump = {
        kind: 'counter_movement_jump',
        fps,
        flight: 0.52,
        peaks,
        kneeInward: { r: 0.03, l: 0 },
        heading: [0, -1],
      };
      const { kinematics, truth } = syntheticJump(spec);
      const r = analyzeJump(kinematics, subject, 'counter_movement_jump');
      expect(() => analysisResult.parse(r)).not.toThrow();
      const d = r.details as D;
      const { delay, rise } = contactHeightPassage(kinematics, spec.flight);
      expect(Math.abs(d.take_off - (truth.takeOff + delay))).toBeLessThanOrEqual(1 / fps);
      expect(Math.abs(d.landing - truth.landing)).toBeLessThanOrEqual(1 / fps);
      const flight = spec.flight - delay;
      expect(Math.abs(val(r, 'jump_height_flight') / 100 - (G * flight ** 2) / 8)).toBeLessThanOrEqual(0.01);
      const apex = (G * spec.flight ** 2) / 8;
      expect(Math.abs(val(r, 'jump_height_pelvis') / 100 - (apex - rise))).toBeLessThanOrEqual(0.01);
      expect(Math.abs(val(r, 'flight_time') - flight * 1000)).toBeLessThanOrEqual(5);
      const knee = r.metrics.peak_knee_flexion_landing.value as { left: number; right: number };
      expect(Math.abs(knee.right - 80)).toBeLessThanOrEqual(0.8);
      expect(Math.abs(knee.left - 92)).toBeLessThanOrEqual(0.92);
      expect(Math.abs(val(r, 'landing_asymmetry') - (12 / 86) * 100)).toBeLessThanOrEqual(0.14);
      const frontal = r.metrics.knee_frontal_angle_landing.value as { left: number; right: number };
      expect(frontal.right).toBeGreaterThan(3);
      expect(Math.abs(frontal.left)).toBeLessThan(0.5);
      expect(r.metrics.contact_time).toBeUndefined();
    });
  }

  it('drop jump: box landing, contact time and reactive strength index', () => {
    const spec: SyntheticJump = { kind: 'drop_jump', fps: 60, flight: 0.48, box: 0.3, contact: 0.23, peaks };
    const { kinematics, truth } = syntheticJump(spec);
    const r = analyzeJump(kinematics, subject, 'drop_jump');
    expect(() => analysisResult.parse(r)).not.toThrow();
    const d = r.details as D;
    expect(Math.abs(d.box_landing! - truth.boxLanding!)).toBeLessThanOrEqual(1 / 60);
    const { delay, rise } = contactHeightPassage(kinematics, spec.flight);
    expect(Math.abs(d.take_off - (truth.takeOff + delay))).toBeLessThanOrEqual(1 / 60);
    expect(Math.abs(d.landing - truth.landing)).toBeLessThanOrEqual(1 / 60);
    const height = (G * (spec.flight - delay) ** 2) / 8;
    const contact = 0.23 + delay;
    expect(Math.abs(val(r, 'jump_height_flight') / 100 - height)).toBeLessThanOrEqual(0.01);
    const apex = (G * spec.flight ** 2) / 8;
    expect(Math.abs(val(r, 'jump_height_pelvis') / 100 - (apex - rise))).toBeLessThanOrEqual(0.01);
    expect(Math.abs(val(r, 'contact_time') - contact * 1000)).toBeLessThanOrEqual(2.3);
    expect(Math.abs(val(r, 'reactive_strength_index') - height / contact)).toBeLessThanOrEqual(
      (0.02 * height) / contact,
    );
    const knee = r.metrics.peak_knee_flexion_landing.value as { left: number; right: number };
    expect(Math.abs(knee.left - 92)).toBeLessThanOrEqual(0.92);
  });

  it('asks for the landing when the recording stops in the air, and for a jump when there is none', () => {
    const { kinematics } = syntheticJump({ kind: 'counter_movement_jump', fps: 60, flight: 0.5, peaks });
    const cut = { ...kinematics, time: kinematics.time.subarray(0, 120) };
    const short = {
      time: cut.time,
      coordinates: Object.fromEntries(
        Object.entries(kinematics.coordinates).map(([k, v]) => [k, v.subarray(0, 120)]),
      ),
      points: Object.fromEntries(
        Object.entries(kinematics.points).map(([k, v]) => [k, v.subarray(0, 360)]),
      ) as typeof kinematics.points,
      segments: {
        pelvis: kinematics.segments.pelvis.subarray(0, 1080),
        torso: kinematics.segments.torso.subarray(0, 1080),
      },
    };
    expect(() => analyzeJump(short, subject, 'counter_movement_jump')).toThrow(/ends before the landing/);
    const standing = {
      ...short,
      time: short.time.subarray(0, 55),
      coordinates: Object.fromEntries(
        Object.entries(short.coordinates).map(([k, v]) => [k, v.subarray(0, 55)]),
      ),
      points: Object.fromEntries(
        Object.entries(short.points).map(([k, v]) => [k, v.subarray(0, 165)]),
      ) as typeof kinematics.points,
      segments: {
        pelvis: short.segments.pelvis.subarray(0, 495),
        torso: short.segments.torso.subarray(0, 495),
      },
    };
    try {
      analyzeJump(standing, subject, 'counter_movement_jump');
      expect.unreachable();
    } catch (e) {
      expect((e as AnalysisDataError).code).toBe('no_jump');
    }
    expect(() => analyzeJump(kinematics, subject, 'drop_jump')).toThrow(/No landing from the box/);
  });
});
