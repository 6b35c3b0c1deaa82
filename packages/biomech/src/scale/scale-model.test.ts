import { describe, expect, it } from 'vitest';
import { loadBuiltinModel } from '../builtin/load-builtin';
import { KEYPOINT_NAMES } from '../keypoints';
import { markerPositions } from '../kinematics/forward';
import type { Model } from '../model/types';
import { applyScaleFactors, type ScaleFactors } from './apply-scale';
import { BUILTIN_MEASUREMENTS } from './measurements';
import { scaleModel } from './scale-model';
import { findStaticWindow } from './static-window';

const DEG = Math.PI / 180;

function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** A neutral trial of `model`: 1.5 s of walking in, 1.2 s standing (with sway below 2 mm), 0.5 s walking out. */
function neutralTrial(model: Model, pose: Record<string, number>, rand: () => number) {
  const names = [...KEYPOINT_NAMES];
  const time: number[] = [];
  const frames: Float64Array[] = [];
  for (let i = 0; i < 3.2 * 60; i++) {
    const t = i / 60;
    const moving = t < 1.5 ? (1.5 - t) * 0.6 : t > 2.7 ? (t - 2.7) * 0.6 : 0;
    const p = markerPositions(model, {
      ...pose,
      pelvis_tx: (pose.pelvis_tx ?? 0) - moving,
      knee_angle_r: (pose.knee_angle_r ?? 0) + moving * 0.5,
    });
    time.push(t);
    frames.push(Float64Array.from(names.flatMap((n) => p[n].map((v) => v + (rand() - 0.5) * 0.002))));
  }
  return { names, time, frames };
}

describe('scaleModel', () => {
  it('recovers random segment scale factors (0.85–1.15) within 2% from a synthetic neutral pose', () => {
    const generic = loadBuiltinModel();
    for (const seed of [1, 2, 3]) {
      const rand = rng(seed);
      const truthFactors: Record<string, number> = {};
      const bodyFactors: ScaleFactors = {};
      for (const m of BUILTIN_MEASUREMENTS) truthFactors[m.name] = 0.85 + 0.3 * rand();
      // Keep left and right within the plausibility check's 20% band.
      for (const name of Object.keys(truthFactors)) {
        if (!name.endsWith('_l')) continue;
        const r = truthFactors[name.slice(0, -2) + '_r'];
        truthFactors[name] = Math.min(r * 1.15, Math.max(r / 1.15, truthFactors[name]));
      }
      // Segments scaled from others (the pelvis, the thighs) are, in this subject, what scaling assumes.
      for (let pass = 0; pass < 2; pass++)
        for (const m of BUILTIN_MEASUREMENTS.filter((x) => x.meanOf))
          truthFactors[m.name] = m.meanOf!.reduce((sum, n) => sum + truthFactors[n], 0) / m.meanOf!.length;
      for (const m of BUILTIN_MEASUREMENTS.filter((x) => x.checks))
        truthFactors[m.name] = truthFactors[m.checks!];
      // Each measurement scales its bodies along its axes (the torso: width X/Z, height Y).
      for (const m of BUILTIN_MEASUREMENTS)
        for (const b of m.bodies) {
          const f = (bodyFactors[b] ??= [1, 1, 1]);
          for (const axis of m.bodyAxes?.[b] ?? ['X', 'Y', 'Z'])
            f['XYZ'.indexOf(axis)] = truthFactors[m.name];
        }
      const subject = applyScaleFactors(generic, bodyFactors);
      const pose = {
        pelvis_ty: 0.95,
        pelvis_rotation: 30 * DEG,
        pelvis_tx: 1,
        hip_flexion_r: 3 * DEG,
        knee_angle_l: 4 * DEG,
        ankle_angle_r: 5 * DEG,
        arm_add_r: -10 * DEG,
        arm_add_l: -10 * DEG,
        elbow_flex_r: 10 * DEG,
      };
      const result = scaleModel(generic, neutralTrial(subject, pose, rand), {
        setup: 'upright_standing_pose',
      });
      expect(result.window.start).toBeGreaterThanOrEqual(88);
      for (const [name, f] of Object.entries(truthFactors)) {
        expect(Math.abs(result.segmentFactors[name] / f - 1), `${name} seed ${seed}`).toBeLessThan(0.02);
      }
      // The subject stands with 3-5° in hip, knee and ankle; the upright assumption poses the model at 0 there,
      // so the generic markers miss by millimetres until they are placed on the data.
      expect(result.markerRmsM).toBeLessThan(0.015);
      expect(Math.abs(result.pose.hip_flexion_r) / DEG).toBeLessThan(2.5); // truth 3°, assumed 0°
      expect(result.pose.arm_add_r / DEG).toBeCloseTo(-10, 0);
      // The scaled model stands in that pose by default, its keypoint markers where the neutral data put them.
      const defaults = Object.fromEntries(result.model.coordinates.map((c) => [c.name, c.defaultValue]));
      expect(defaults).toEqual(result.pose);
      expect(Math.abs(defaults.pelvis_rotation / DEG - 30)).toBeLessThan(3);
      const placed = markerPositions(result.model, {});
      const trial = neutralTrial(subject, pose, rng(seed));
      const still = trial.frames.slice(result.window.start, result.window.end);
      for (const [k, name] of trial.names.entries()) {
        const mean = [0, 1, 2].map((a) => still.reduce((s, f) => s + f[3 * k + a], 0) / still.length);
        const d = Math.hypot(...mean.map((v, a) => v - placed[name][a]));
        expect(d, name).toBeLessThan(0.002);
      }
    }
  });

  it('accepts a still clip shorter than the shortest window as a whole (5 frames at 60 fps)', () => {
    const trial = {
      names: ['a'],
      time: Array.from({ length: 5 }, (_v, i) => i / 60),
      frames: Array.from({ length: 5 }, (_v, i) => Float64Array.of(0.001 * (i % 2), 0, 0)),
    };
    const w = findStaticWindow(trial);
    expect([w.start, w.end]).toEqual([0, 5]);
  });

  it('any_pose scales without the neutral-pose targets', () => {
    const generic = loadBuiltinModel();
    const pose = {
      pelvis_ty: 0.9,
      hip_flexion_r: 40 * DEG,
      knee_angle_r: 50 * DEG,
      lumbar_extension: -20 * DEG,
    };
    const result = scaleModel(generic, neutralTrial(generic, pose, rng(9)), { setup: 'any_pose' });
    expect(result.pose.knee_angle_r / DEG).toBeCloseTo(50, 0);
    for (const f of Object.values(result.segmentFactors)) expect(Math.abs(f - 1)).toBeLessThan(0.02);
  });

  it('refuses implausible scale factors and trials without a still period', () => {
    const generic = loadBuiltinModel();
    const giant = applyScaleFactors(generic, { femur_r: [1.9, 1.9, 1.9], femur_l: [1.9, 1.9, 1.9] });
    expect(() => scaleModel(generic, neutralTrial(giant, { pelvis_ty: 1.4 }, rng(4)), {})).toThrow(
      /Implausible scale factor 1\.[89]\d for thigh_keypoints_r/,
    );
    const names = ['a'];
    const moving = {
      names,
      time: Array.from({ length: 60 }, (_v, i) => i / 60),
      frames: Array.from({ length: 60 }, (_v, i) => Float64Array.of(i * 0.05, 0, 0)),
    };
    expect(() => findStaticWindow(moving)).toThrow(/no still period of at least 0.1 s/);
  });

  it('tries the shortest window too when the trial lasts less than twice as long (11 frames at 60 fps)', () => {
    // Still for frames 0-6 (0.1 s), then moving 3 cm per frame: only the 0.1 s window is still.
    const trial = {
      names: ['a'],
      time: Array.from({ length: 11 }, (_v, i) => i / 60),
      frames: Array.from({ length: 11 }, (_v, i) => Float64Array.of(Math.max(0, i - 6) * 0.03, 0, 0)),
    };
    const w = findStaticWindow(trial);
    expect([w.start, w.end]).toEqual([0, 7]);
    expect(w.thresholdMm).toBe(3);
  });
});
