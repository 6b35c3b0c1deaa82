import { forwardKinematics, framesFromMotion, type Model, type Motion } from '@poselab/biomech';
import { dataError } from '../errors';
import { coordinateConventions, reverseColumns } from './conventions';
import type { KinematicPoint, TrialKinematics } from '../types';

/**
 * Where each named point sits: a body's origin, the same in every OpenSim full-body model that follows
 * Rajagopal/LaiUhlrich2022 (and the built-in model, which shares its body names): calcn = heel (subtalar
 * region), toes = MTP joint, talus = ankle joint centre, tibia = knee joint centre, femur = hip joint centre.
 * Events use these points relative to their own standing level, so their height above the sole does not matter.
 */
export const POINT_BODIES: Record<KinematicPoint, string> = {
  heel_r: 'calcn_r',
  heel_l: 'calcn_l',
  toe_r: 'toes_r',
  toe_l: 'toes_l',
  ankle_r: 'talus_r',
  ankle_l: 'talus_l',
  knee_r: 'tibia_r',
  knee_l: 'tibia_l',
  hip_r: 'femur_r',
  hip_l: 'femur_l',
  pelvis: 'pelvis',
  torso: 'torso',
};

const DEG = 180 / Math.PI;

/**
 * A trial's kinematics for the analyses: its IK motion (.mot) through forward kinematics of its model. The
 * coordinates are the model's, rotational ones in degrees (whatever the file's inDegrees), couplers applied,
 * in the analyses' sign convention (knee flexion positive, kinematics/conventions.ts): a model that measures
 * knee flexion negative (gait2392) has its knee values reversed. `modelIsTheMotions: false` says the model only
 * stands in (the built-in one, no model given): the motion's values then decide, and a motion with negative
 * knee flexion is reversed before forward kinematics so the stand-in's knees bend the right way.
 */
export function trialKinematics(
  model: Model,
  source: Motion,
  options: { modelIsTheMotions?: boolean } = {},
): TrialKinematics {
  const bodies = new Set(model.bodies.map((b) => b.name));
  const missing = [...new Set(Object.values(POINT_BODIES))].filter((b) => !bodies.has(b));
  if (missing.length) throw dataError('missing_bodies', { names: missing.join(', ') });
  const modelIsTheMotions = options.modelIsTheMotions ?? true;
  const conventions = coordinateConventions(model, source, modelIsTheMotions);
  const reverseBefore = !modelIsTheMotions && conventions.reversed.length > 0;
  const motion = reverseBefore ? reverseColumns(source, conventions.reversed) : source;
  const reverseAfter = new Set(reverseBefore ? [] : conventions.reversed);
  const frames = framesFromMotion(model, motion);
  const n = frames.length;
  const coordinates: Record<string, Float64Array> = {};
  model.coordinates.forEach((c) => (coordinates[c.name] = new Float64Array(n)));
  const points = Object.fromEntries(
    Object.keys(POINT_BODIES).map((p) => [p, new Float64Array(3 * n)]),
  ) as Record<KinematicPoint, Float64Array>;
  const segments = { pelvis: new Float64Array(9 * n), torso: new Float64Array(9 * n) };
  const named: Record<string, number> = {};
  for (let i = 0; i < n; i++) {
    const q = frames[i];
    model.coordinates.forEach((c, k) => {
      named[c.name] = q[k];
      const value = c.motionType === 'rotational' ? q[k] * DEG : q[k];
      coordinates[c.name][i] = reverseAfter.has(c.name) ? -value : value;
    });
    const pose = forwardKinematics(model, named, false);
    for (const [p, body] of Object.entries(POINT_BODIES) as [KinematicPoint, string][])
      points[p].set(pose[body].p, 3 * i);
    segments.pelvis.set(pose.pelvis.R, 9 * i);
    segments.torso.set(pose.torso.R, 9 * i);
  }
  return { time: Float64Array.from(motion.time), coordinates, points, segments, conventions };
}
