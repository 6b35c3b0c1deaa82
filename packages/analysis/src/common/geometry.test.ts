import { describe, expect, it } from 'vitest';
import { loadBuiltinModel, type Motion } from '@poselab/biomech';
import { trialKinematics } from '../kinematics/from-motion';
import { HAS_SHARED_DATA, MODELS, sharedMotion } from '../testing/shared-data';
import { KinematicsBuilder, pelvisRotation, trunkRotation } from '../testing/synthetic';
import { KINEMATIC_POINTS } from '../types';
import { kneeFrontalAngle, pelvisAnglesInHeading, trunkAngles } from './geometry';

function oneFrame(points: Record<string, [number, number, number]>, heading: [number, number] = [1, 0]) {
  const b = new KinematicsBuilder();
  const all = Object.fromEntries(KINEMATIC_POINTS.map((p) => [p, points[p] ?? [0, 0, 0]]));
  b.frame(0, all, pelvisRotation(heading, 0, 0, 0), trunkRotation(heading, 0, 0), {});
  return b.build();
}

describe('geometry', () => {
  it('frontal-plane knee angle: valgus positive on both sides, from the projected thigh and shank', () => {
    // Hips along z. Right knee 5 cm medial of the hip–ankle line over 40 cm segments: 2·atan(5/40).
    const kin = oneFrame({
      hip_r: [0, 0.9, 0.1],
      knee_r: [0.05, 0.5, 0.05],
      ankle_r: [0, 0.1, 0.1],
      hip_l: [0, 0.9, -0.1],
      knee_l: [0, 0.5, -0.15],
      ankle_l: [0, 0.1, -0.1],
    });
    const expected = (2 * Math.atan(0.05 / 0.4) * 180) / Math.PI;
    expect(kneeFrontalAngle(kin, 0, 'r')).toBeCloseTo(expected, 6);
    // The left knee lies lateral (varus): negative.
    expect(kneeFrontalAngle(kin, 0, 'l')).toBeCloseTo(-expected, 6);
  });

  it('trunk angles: flexion forward and lean right in the heading frame', () => {
    const b = new KinematicsBuilder();
    const pts = Object.fromEntries(KINEMATIC_POINTS.map((p) => [p, [0, 0, 0] as [number, number, number]]));
    b.frame(0, pts, pelvisRotation([0, 1], 0, 0, 0), trunkRotation([0, 1], 30, 0), {});
    b.frame(0.01, pts, pelvisRotation([0, 1], 0, 0, 0), trunkRotation([0, 1], 0, -12), {});
    const kin = b.build();
    expect(trunkAngles(kin, 0, [0, 1]).flexion).toBeCloseTo(30, 6);
    expect(trunkAngles(kin, 1, [0, 1]).lean).toBeCloseTo(-12, 6);
  });

  it.skipIf(!HAS_SHARED_DATA)(
    'pelvis angles relative to +x equal the IK pelvis coordinates (walking1, both models)',
    () => {
      for (const [, load] of MODELS) {
        const kin = trialKinematics(load(), sharedMotion('opencap-motions/walking1.mot'));
        for (let i = 0; i < kin.time.length; i += 7) {
          const a = pelvisAnglesInHeading(kin, i, [1, 0]);
          expect(a.tilt).toBeCloseTo(kin.coordinates.pelvis_tilt[i], 6);
          expect(a.list).toBeCloseTo(kin.coordinates.pelvis_list[i], 6);
          expect(a.rotation).toBeCloseTo(kin.coordinates.pelvis_rotation[i], 6);
        }
      }
    },
  );

  it('trunk lean through a model: the torso from vertical, pelvis list and lumbar bending together', () => {
    // The Pose2Sim demo's balancing trial leans the trunk about 45° over the stance leg (its IK: pelvis_list
    // −28°, lumbar_bending −18°; the triangulated mid-hip → neck line 42°, the frontal video about 45°): the
    // lean is the torso's, from vertical, not the lumbar coordinate and not the trunk relative to the pelvis.
    const model = loadBuiltinModel();
    const columns = ['pelvis_ty', 'pelvis_list', 'lumbar_bending'];
    const rows = [
      [0.9, 0, 0],
      [0.9, 30, 15],
      [0.9, -28, -18],
      [0.9, 20, -20],
    ];
    const motion: Motion = { name: 'lean', inDegrees: true, columns, time: [0, 0.1, 0.2, 0.3], rows };
    const kin = trialKinematics(model, motion);
    const lean = [0, 1, 2, 3].map((i) => trunkAngles(kin, i, [1, 0]).lean);
    expect(lean[0]).toBeCloseTo(0, 6);
    // OpenSim: list and bending turn about the forward axis, positive tipping the trunk to the right.
    expect(lean[1]).toBeCloseTo(45, 1);
    expect(lean[2]).toBeCloseTo(-46, 1);
    expect(lean[3]).toBeCloseTo(0, 1);
  });
});
