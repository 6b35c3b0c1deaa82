import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { markerPositions, readOsim, visualizerTransforms, type Motion } from '@poselab/biomech/browser';
import { nearestFrame, overlaySkeleton, overlayTimeOfFrame, poseSkeleton } from './overlay-data';
import { parseVisualizerTransforms } from './transforms';

const model = readOsim(
  readFileSync(resolve(__dirname, '../../../../packages/biomech/models/poselab_fullbody.osim'), 'utf8'),
);
const DEG = Math.PI / 180;
const pose: Record<string, number> = {
  pelvis_tx: 0.3,
  pelvis_ty: 0.93,
  pelvis_tz: -0.2,
  pelvis_rotation: 35,
  pelvis_tilt: -8,
  hip_flexion_r: 40,
  knee_angle_r: 55,
  hip_adduction_l: -10,
  lumbar_extension: -15,
  arm_flex_l: 70,
  elbow_flex_l: 45,
};
const names = model.coordinates.map((c) => c.name);
const motion: Motion = {
  name: 'Coordinates',
  inDegrees: true,
  columns: names,
  time: [0, 1 / 60, 2 / 60],
  rows: [0, 1, 2].map((k) => names.map((n) => (k === 1 ? (pose[n] ?? 0) : n === 'pelvis_ty' ? 0.93 : 0))),
};
const transforms = parseVisualizerTransforms(JSON.parse(JSON.stringify(visualizerTransforms(model, motion))));

describe('overlay skeleton', () => {
  it('poses the model’s markers where forward kinematics puts them', () => {
    const skeleton = overlaySkeleton(model, transforms);
    expect(skeleton.markers.length).toBe(model.markers.length);
    const posed = poseSkeleton(skeleton, transforms, 1);
    const coords = Object.fromEntries(
      names.map((n) => {
        const c = model.coordinates.find((x) => x.name === n)!;
        const v = pose[n] ?? (n === 'pelvis_ty' ? 0.93 : 0);
        return [n, c.motionType === 'rotational' ? v * DEG : v];
      }),
    );
    const fk = markerPositions(model, coords);
    skeleton.markers.forEach((m, i) => {
      for (let k = 0; k < 3; k++)
        expect(posed.markers[i][k], `${m.name}[${k}]`).toBeCloseTo(fk[m.name][k], 6);
    });
  });

  it('has a bone per joint below the ground, from joint centre to joint centre', () => {
    const skeleton = overlaySkeleton(model, transforms);
    expect(skeleton.bones).toContainEqual(['femur_r', 'tibia_r']);
    expect(skeleton.bones).toContainEqual(['torso', 'humerus_l']);
    expect(skeleton.bones.some(([a]) => a === 'ground')).toBe(false);
    expect(skeleton.bones).toHaveLength(model.joints.length - 1);
    const posed = poseSkeleton(skeleton, transforms, 1);
    const knee = skeleton.bones.findIndex(([a, b]) => a === 'femur_r' && b === 'tibia_r');
    expect(posed.bones[knee][1]).toEqual(transforms.bodies.tibia_r.translation[1]);
  });

  it('picks the sample nearest to a video frame’s time', () => {
    const time = [0, 1 / 60, 2 / 60, 3 / 60];
    expect(nearestFrame(time, 0)).toBe(0);
    expect(nearestFrame(time, 1 / 60 - 1e-6)).toBe(1);
    expect(nearestFrame(time, 1.49 / 60)).toBe(1);
    expect(nearestFrame(time, 1.51 / 60)).toBe(2);
    expect(nearestFrame(time, 5)).toBe(3);
    expect(nearestFrame(time, -1)).toBe(0);
  });

  it('draws a paused video at its position when the reported frame is from before a seek', () => {
    const paused = { paused: true, seeking: false, currentTime: 1.2 };
    // The frame the seek asked for (it starts up to a frame before the position): drawn as presented.
    expect(overlayTimeOfFrame(1.1833, paused)).toEqual({ t: 1.1833, kind: 'presented' });
    // A frame from before the seek, reported after it: the position wins.
    expect(overlayTimeOfFrame(0, paused)).toEqual({ t: 1.2, kind: 'position' });
    // While playing or still seeking, frames are drawn as reported (the next one follows within a frame).
    expect(overlayTimeOfFrame(0, { ...paused, paused: false })).toEqual({ t: 0, kind: 'presented' });
    expect(overlayTimeOfFrame(0, { ...paused, seeking: true })).toEqual({ t: 0, kind: 'presented' });
  });
});
