/**
 * The bench's figures from one processed session against the truth: angles per DOF (on the pipeline's own
 * clock, mapped to the motion's through the sync it found), BlazePose's landmarks against the projected rig
 * joints, the scaled model's joint centres against the rig's, and segment lengths.
 */
import { forwardKinematics, framesFromMotion, type Model, type Motion } from '@poselab/biomech';
import { projectPoint, rawPosesToKeypoints, type TrialPipelineResult } from '@poselab/pipeline';
import { Vector3 } from 'three';
import {
  ARM_DOFS,
  OPENCAP_DOFS,
  dofError,
  lengthErrPct,
  mean,
  meanRmse,
  pointError,
  type DofError,
} from './metrics';
import type { PhoneClip } from './recording';
import { RIG_JOINTS, type AvatarPose } from './retarget';
import type { TruthMotion } from './motion';

type Vec = [number, number, number];

/** Motion time of each frame of the pipeline's common clock (mean over the cameras it used). */
export function truthClock(kp: TrialPipelineResult, clips: readonly PhoneClip[]): (tauSec: number) => number {
  const shifts = kp.cameras.map((c) => clips[c].frameTimes[0] - kp.sync.startSec[c]);
  const shift = mean(shifts);
  return (tau) => kp.keypoints.startTimeSec + tau + shift;
}

/** How far the pipeline's sync put each camera from the truth (ms, relative to the mean). */
export function syncErrorsMs(kp: TrialPipelineResult, clips: readonly PhoneClip[]): number[] {
  const shifts = clips.map((clip, c) => clip.frameTimes[0] - kp.sync.startSec[c]);
  const used = mean(kp.cameras.map((c) => shifts[c]));
  return shifts.map((s, c) => (kp.cameras.includes(c) ? (s - used) * 1000 : NaN));
}

export interface AngleFigures {
  perDof: Record<string, DofError>;
  arms: Record<string, DofError>;
  rmseMeanDeg: number;
  armRmseMeanDeg: number;
  kneeRmseDeg: number;
  hipFlexRmseDeg: number;
  ankleRmseDeg: number;
  /**
   * Sagittal pitch of the thighs (pelvis_tilt + hip_flexion) and of the trunk (pelvis_tilt + lumbar_extension)
   * in the world: what keypoints see, whatever the split between the pelvis and its neighbours.
   */
  pitch: Record<string, DofError>;
}

/** Sums of coordinates whose error is observable when the single terms are not. */
const PITCHES: Record<string, readonly string[]> = {
  thigh_pitch_r: ['pelvis_tilt', 'hip_flexion_r'],
  thigh_pitch_l: ['pelvis_tilt', 'hip_flexion_l'],
  trunk_pitch: ['pelvis_tilt', 'lumbar_extension'],
};

export function angleFigures(
  motion: Motion,
  truth: TruthMotion,
  clock: (tau: number) => number,
): AngleFigures {
  const errors = (dofs: readonly string[]) =>
    Object.fromEntries(
      dofs
        .filter((d) => truth.present.includes(d) && motion.columns.includes(d))
        .map((d) => {
          const j = motion.columns.indexOf(d);
          const est = motion.rows.map((r) => r[j]);
          const tru = motion.time.map((tau) => truth.valueDeg(d, clock(tau)));
          return [d, dofError(est, tru)];
        }),
    );
  if (!motion.inDegrees) throw new Error('the pipeline wrote its angles in radians');
  const perDof = errors(OPENCAP_DOFS);
  const pitch = Object.fromEntries(
    Object.entries(PITCHES)
      .filter(([, terms]) => terms.every((d) => truth.present.includes(d) && motion.columns.includes(d)))
      .map(([name, terms]) => {
        const cols = terms.map((d) => motion.columns.indexOf(d));
        const est = motion.rows.map((r) => cols.reduce((sum, j) => sum + r[j], 0));
        const tru = motion.time.map((tau) =>
          terms.reduce((sum, d) => sum + truth.valueDeg(d, clock(tau)), 0),
        );
        return [name, dofError(est, tru)];
      }),
  );
  const arms = errors(ARM_DOFS);
  const pair = (name: string) => meanRmse(perDof, [`${name}_r`, `${name}_l`]);
  return {
    perDof,
    arms,
    rmseMeanDeg: meanRmse(perDof, OPENCAP_DOFS),
    armRmseMeanDeg: meanRmse(arms, ARM_DOFS),
    kneeRmseDeg: pair('knee_angle'),
    hipFlexRmseDeg: pair('hip_flexion'),
    ankleRmseDeg: pair('ankle_angle'),
    pitch,
  };
}

/** BlazePose's landmarks (the pipeline's 2D keypoints) against the rig's joints projected, per joint (px). */
export function landmarkFigures(
  kp: TrialPipelineResult,
  clips: readonly PhoneClip[],
  poseAt: (t: number) => AvatarPose,
  step = 2,
): { meanPx: number; maxPx: number; perJointPx: Record<string, number> } {
  const est: Record<string, number[][]> = {};
  const tru: Record<string, number[][]> = {};
  clips.forEach((clip, c) => {
    const views = rawPosesToKeypoints(kp.tracks[c]);
    for (let f = 0; f < views.frameCount && f < clip.frameTimes.length; f += step) {
      const joints = poseAt(clip.frameTimes[f]).joints;
      for (const j of RIG_JOINTS) {
        const k = views.names.indexOf(j.name);
        const uv = projectPoint(clip.camera, joints[j.name].toArray() as Vec);
        if (k < 0 || !uv) continue;
        const o = (f * views.names.length + k) * 3;
        const kind = j.name.slice(2);
        (est[kind] ??= []).push([views.data[o], views.data[o + 1]]);
        (tru[kind] ??= []).push(uv);
      }
    }
  });
  const perJoint = Object.fromEntries(Object.keys(est).map((k) => [k, pointError(est[k], tru[k])]));
  const all = pointError(Object.values(est).flat(), Object.values(tru).flat());
  return {
    meanPx: all.mean,
    maxPx: all.max,
    perJointPx: Object.fromEntries(Object.entries(perJoint).map(([k, v]) => [k, v.mean])),
  };
}

function coordsOf(model: Model, q: Float64Array): Record<string, number> {
  return Object.fromEntries(model.coordinates.map((c, i) => [c.name, q[i]]));
}

/** The scaled model's joint centres over the trial's IK against the rig's joints (mm, per joint). */
export function jointCentreFigures(
  scaled: Model,
  motion: Motion,
  clock: (tau: number) => number,
  poseAt: (t: number) => AvatarPose,
  step = 2,
): { meanMm: number; perJointMm: Record<string, number> } {
  const frames = framesFromMotion(scaled, motion);
  const est: Record<string, number[][]> = {};
  const tru: Record<string, number[][]> = {};
  for (let f = 0; f < frames.length; f += step) {
    const fk = forwardKinematics(scaled, coordsOf(scaled, frames[f]));
    const joints = poseAt(clock(motion.time[f])).joints;
    for (const j of RIG_JOINTS) {
      const kind = j.name.slice(2);
      (est[kind] ??= []).push(fk[j.body].p.map((v) => v * 1000));
      (tru[kind] ??= []).push(joints[j.name].toArray().map((v) => v * 1000));
    }
  }
  const perJointMm = Object.fromEntries(Object.keys(est).map((k) => [k, pointError(est[k], tru[k]).mean]));
  return { meanMm: mean(Object.values(perJointMm)), perJointMm };
}

/** Segments compared: between joints of the rig and origins of the model's bodies. */
const SEGMENTS: ReadonlyArray<{ name: string; a: string[]; b: string[] }> = [
  ...(['r', 'l'] as const).flatMap((s) => [
    { name: `thigh_${s}`, a: [`${s}_hip`], b: [`${s}_knee`] },
    { name: `shank_${s}`, a: [`${s}_knee`], b: [`${s}_ankle`] },
    { name: `upper_arm_${s}`, a: [`${s}_shoulder`], b: [`${s}_elbow`] },
    { name: `forearm_${s}`, a: [`${s}_elbow`], b: [`${s}_wrist`] },
  ]),
  { name: 'pelvis_width', a: ['r_hip'], b: ['l_hip'] },
  { name: 'shoulder_width', a: ['r_shoulder'], b: ['l_shoulder'] },
  { name: 'torso', a: ['r_hip', 'l_hip'], b: ['r_shoulder', 'l_shoulder'] },
];

function centre(points: Vector3[]): Vector3 {
  return points.reduce((s, p) => s.add(p), new Vector3()).multiplyScalar(1 / points.length);
}

/** Segment lengths of the scaled model (zero pose) against the avatar's (any pose: the rig is rigid). */
export function scaleFigures(
  scaled: Model,
  avatar: AvatarPose,
): { maxErrPct: number; segments: Record<string, { avatarMm: number; modelMm: number; errPct: number }> } {
  const fk = forwardKinematics(scaled, Object.fromEntries(scaled.coordinates.map((c) => [c.name, 0])));
  const bodyOf = Object.fromEntries(RIG_JOINTS.map((j) => [j.name, j.body]));
  const modelPoint = (n: string) => new Vector3(...fk[bodyOf[n]].p);
  const segments = Object.fromEntries(
    SEGMENTS.map((s) => {
      const avatarMm =
        centre(s.a.map((n) => avatar.joints[n].clone())).distanceTo(
          centre(s.b.map((n) => avatar.joints[n].clone())),
        ) * 1000;
      const modelMm = centre(s.a.map(modelPoint)).distanceTo(centre(s.b.map(modelPoint))) * 1000;
      return [s.name, { avatarMm, modelMm, errPct: lengthErrPct(modelMm, avatarMm) }];
    }),
  );
  const maxErrPct = Math.max(...Object.values(segments).map((s) => Math.abs(s.errPct)));
  return { maxErrPct, segments };
}
