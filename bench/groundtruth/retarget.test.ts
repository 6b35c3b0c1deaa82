import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { readOsim } from '@poselab/biomech';
import { Vector3 } from 'three';
import { describe, expect, it } from 'vitest';
import { avatarAvailable, avatarGlb } from './avatar-file';
import { Retargeter } from './retarget';
import { readRig } from './rig';

const OSIM = resolve(import.meta.dirname, '../../../shared/data/opencap-models/LaiUhlrich2022.osim');
const DEG = Math.PI / 180;

describe.skipIf(!avatarAvailable())('retargeting the avatar from LaiUhlrich2022', () => {
  const model = readOsim(readFileSync(OSIM, 'utf8'));
  const rt = new Retargeter(readRig(readFileSync(avatarGlb())), model);
  const angle = (a: Vector3, b: Vector3) => a.angleTo(b) / DEG;

  it('stands facing +X with its right side at +Z and straight limbs at the zero pose', () => {
    const j = rt.pose({}).joints;
    expect(j.r_hip.z).toBeGreaterThan(j.l_hip.z + 0.1);
    const thigh = j.r_knee.clone().sub(j.r_hip);
    const arm = j.r_elbow.clone().sub(j.r_shoulder);
    expect(angle(thigh, new Vector3(0, -1, 0))).toBeLessThan(6);
    expect(angle(arm, new Vector3(0, -1, 0))).toBeLessThan(6);
    expect(rt.legScale).toBeGreaterThan(0.8);
    expect(rt.legScale).toBeLessThan(1.3);
  });

  it("turns segments by the model bodies' rotations (knee, hip, elbow, pelvis)", () => {
    const zero = rt.pose({}).joints;
    const seg = (j: typeof zero, a: string, b: string) => j[b].clone().sub(j[a]);
    const knee = rt.pose({ knee_angle_r: 60 * DEG }).joints;
    const flex = angle(seg(knee, 'r_knee', 'r_ankle'), seg(knee, 'r_hip', 'r_knee'));
    const flex0 = angle(seg(zero, 'r_knee', 'r_ankle'), seg(zero, 'r_hip', 'r_knee'));
    // The knee's axis is not quite normal to the leg's plane: the angle between segments differs by < 1.5°.
    expect(Math.abs(flex - flex0 - 60)).toBeLessThan(1.5);
    // The left leg does not move.
    expect(knee.l_ankle.distanceTo(zero.l_ankle)).toBeLessThan(1e-9);

    const hip = rt.pose({ hip_flexion_l: 30 * DEG }).joints;
    expect(angle(seg(hip, 'l_hip', 'l_knee'), seg(zero, 'l_hip', 'l_knee'))).toBeCloseTo(30, 0);
    // Flexion brings the knee forward (+X).
    expect(hip.l_knee.x).toBeGreaterThan(zero.l_knee.x + 0.1);

    const elbow = rt.pose({ elbow_flex_r: 90 * DEG }).joints;
    expect(angle(seg(elbow, 'r_elbow', 'r_wrist'), seg(elbow, 'r_shoulder', 'r_elbow'))).toBeCloseTo(90, 0);

    const turned = rt.pose({ pelvis_rotation: 90 * DEG }).joints;
    expect(angle(seg(turned, 'l_hip', 'r_hip'), seg(zero, 'l_hip', 'r_hip'))).toBeCloseTo(90, 0);
  });

  it('moves the hip centre with the pelvis translation, scaled by leg length', () => {
    const mid = (j: Record<string, Vector3>) => j.l_hip.clone().add(j.r_hip).multiplyScalar(0.5);
    const a = mid(rt.pose({}).joints);
    const b = mid(rt.pose({ pelvis_tx: 1, pelvis_ty: 0.2 }).joints);
    expect(b.x - a.x).toBeCloseTo(rt.legScale, 6);
    expect(b.y - a.y).toBeCloseTo(0.2 * rt.legScale, 6);
  });
});
