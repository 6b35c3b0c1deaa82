import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { forwardKinematics, readOsim } from '@poselab/biomech';
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

  it("turns segments by the model bodies' rotations, as the model's own segments turn", () => {
    const zero = rt.pose({}).joints;
    const seg = (j: Record<string, Vector3>, a: string, b: string) => j[b].clone().sub(j[a]);
    // The angle between two segments of the avatar equals the model's between the same joint centres.
    const modelAngle = (coords: Record<string, number>, a: string, b: string, c: string) => {
      const fk = forwardKinematics(model, coords);
      const p = (n: string) => new Vector3(...fk[n].p);
      return angle(p(b).sub(p(a)), p(c).sub(p(b)));
    };
    const cases: Array<[Record<string, number>, string[], string[]]> = [
      [{ knee_angle_r: 60 * DEG }, ['r_hip', 'r_knee', 'r_ankle'], ['femur_r', 'tibia_r', 'talus_r']],
      [{ elbow_flex_r: 90 * DEG }, ['r_shoulder', 'r_elbow', 'r_wrist'], ['humerus_r', 'ulna_r', 'hand_r']],
      [{ knee_angle_l: 100 * DEG }, ['l_hip', 'l_knee', 'l_ankle'], ['femur_l', 'tibia_l', 'talus_l']],
    ];
    for (const [coords, [a, b, c], [ma, mb, mc]] of cases) {
      const j = rt.pose(coords).joints;
      const avatar = angle(seg(j, a, b), seg(j, b, c));
      expect(avatar).toBeGreaterThan(50);
      // Within 1°: the model's knee centre also slides with the knee angle (its coupled translations).
      expect(Math.abs(avatar - modelAngle(coords, ma, mb, mc))).toBeLessThan(1);
    }
    // The left leg does not move when the right knee bends.
    const knee = rt.pose({ knee_angle_r: 60 * DEG }).joints;
    expect(knee.l_ankle.distanceTo(zero.l_ankle)).toBeLessThan(1e-9);

    const hip = rt.pose({ hip_flexion_l: 30 * DEG }).joints;
    expect(angle(seg(hip, 'l_hip', 'l_knee'), seg(zero, 'l_hip', 'l_knee'))).toBeCloseTo(30, 0);
    // Flexion brings the knee forward (+X).
    expect(hip.l_knee.x).toBeGreaterThan(zero.l_knee.x + 0.1);

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
