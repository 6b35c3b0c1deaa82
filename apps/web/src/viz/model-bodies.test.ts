import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Box3, Mesh, Vector3 } from 'three';
import { readOsim, visualizerTransforms, type Motion } from '@poselab/biomech/browser';
import { generateBodyGeometryWithSource } from './bone-geometry';
import { applyBodyPose } from './pose';
import { parseVisualizerTransforms, type VisualizerTransforms } from './transforms';

/**
 * Every body of every model PoseLab produces gets a bone mesh: the built-in model (meshes named poselab_femur_r
 * and so on, which no OpenSim file shape knows) and LaiUhlrich2022 with and without shoulders. The transforms are
 * made with biomech's own writer, as the worker makes them.
 */
const root = resolve(__dirname, '../../../..');
const BUILTIN = resolve(root, 'packages/biomech/models/poselab_fullbody.osim');
const OPENCAP = resolve(root, '../shared/data/opencap-models');

/** Two frames: standing, then a squat-like pose with the arms raised. */
function transformsOf(osimFile: string): VisualizerTransforms {
  const model = readOsim(readFileSync(osimFile, 'utf8'));
  const names = model.coordinates.map((c) => c.name);
  const pose = (values: Record<string, number>) =>
    names.map((n) => values[n] ?? (n === 'pelvis_ty' ? 0.95 : 0));
  const motion: Motion = {
    name: 'Coordinates',
    inDegrees: true,
    columns: names,
    time: [0, 0.01],
    rows: [
      pose({}),
      pose({
        hip_flexion_r: 60,
        hip_flexion_l: 60,
        knee_angle_r: 70,
        knee_angle_l: 70,
        arm_flex_r: 80,
        arm_flex_l: 80,
        elbow_flex_r: 30,
        elbow_flex_l: 30,
      }),
    ],
  };
  return parseVisualizerTransforms(JSON.parse(JSON.stringify(visualizerTransforms(model, motion))));
}

/** World-space box of a body's mesh at a frame, as the viewer places it. */
function worldBox(t: VisualizerTransforms, name: string, frame = 0): Box3 {
  const { geometry } = generateBodyGeometryWithSource(t.bodies, name, 'low');
  const mesh = new Mesh(geometry!);
  mesh.scale.set(...t.bodies[name].scaleFactors);
  applyBodyPose(mesh, t.bodies[name], frame);
  mesh.updateMatrixWorld(true);
  return new Box3().setFromObject(mesh);
}

const origin = (t: VisualizerTransforms, name: string, frame = 0) =>
  new Vector3(...(t.bodies[name].translation[frame] as [number, number, number]));

/** Bodies the viewer draws: all but hidden helpers (LaiUhlrich2022_shoulder's scapula phantoms). */
const drawn = (t: VisualizerTransforms) => Object.keys(t.bodies).filter((n) => !/phantom/i.test(n));

function expectWholeSkeleton(t: VisualizerTransforms) {
  const names = drawn(t);
  for (const name of names) {
    const box = worldBox(t, name);
    expect(box.isEmpty(), name).toBe(false);
    const size = box.getSize(new Vector3());
    expect(Math.max(size.x, size.y, size.z), `${name} is drawn at a visible size`).toBeGreaterThan(0.015);
  }
  // The long bones reach the next joint down the limb, in both poses.
  for (const [bone, next] of [
    ['femur', 'tibia'],
    ['tibia', 'talus'],
    ['humerus', 'ulna'],
  ])
    for (const side of ['r', 'l'])
      for (const frame of [0, 1]) {
        const box = worldBox(t, `${bone}_${side}`, frame).expandByScalar(0.03);
        expect(box.containsPoint(origin(t, `${next}_${side}`, frame)), `${bone}_${side} @${frame}`).toBe(
          true,
        );
        expect(box.containsPoint(origin(t, `${bone}_${side}`, frame)), `${bone}_${side} @${frame}`).toBe(
          true,
        );
      }
  // Standing: the skeleton spans from the floor to a head well above the shoulders.
  const all = new Box3();
  for (const name of names) all.union(worldBox(t, name));
  expect(all.max.y - all.min.y).toBeGreaterThan(1.5);
  const shoulder = origin(t, 'humerus_r');
  expect(all.max.y).toBeGreaterThan(shoulder.y + 0.2);
}

describe('bone meshes for every body', () => {
  it('the built-in model: all 20 bodies, drawn by segment from their joints', () => {
    const t = transformsOf(BUILTIN);
    expect(Object.keys(t.bodies)).toHaveLength(20);
    for (const name of Object.keys(t.bodies))
      expect(generateBodyGeometryWithSource(t.bodies, name).source, name).toBe('segment');
    expectWholeSkeleton(t);
    // The pelvis spans both hips (the old file-name match drew only its right half).
    const pelvis = worldBox(t, 'pelvis');
    expect(pelvis.containsPoint(origin(t, 'femur_r'))).toBe(true);
    expect(pelvis.containsPoint(origin(t, 'femur_l'))).toBe(true);
  });

  for (const file of ['LaiUhlrich2022.osim', 'LaiUhlrich2022_shoulder.osim'])
    it.skipIf(!existsSync(resolve(OPENCAP, file)))(
      `${file} (../shared/data): every body from its files`,
      () => {
        const t = transformsOf(resolve(OPENCAP, file));
        for (const name of drawn(t))
          expect(generateBodyGeometryWithSource(t.bodies, name).source, name).toBe('files');
        for (const name of Object.keys(t.bodies).filter((n) => !drawn(t).includes(n)))
          expect(generateBodyGeometryWithSource(t.bodies, name).source, name).toBe('none');
        expectWholeSkeleton(t);
      },
    );

  it('a body of no known segment still gets a joint ball', () => {
    const t = transformsOf(BUILTIN);
    const renamed = { ...t.bodies, gizmo: { ...t.bodies.talus_r, attachedGeometries: ['gizmo.vtp'] } };
    const { geometry, source } = generateBodyGeometryWithSource(renamed, 'gizmo');
    expect(source).toBe('segment');
    expect(geometry!.getAttribute('position').count).toBeGreaterThan(10);
  });
});
