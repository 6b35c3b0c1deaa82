/**
 * What every analysis function reads: a trial's kinematics as the pipeline (or the CLI) produced them. Units:
 * seconds, metres, degrees. Frames: OpenSim's ground frame, Y up (the walking/facing direction is found from
 * the data, never assumed).
 */

import type { CoordinateConventions } from './kinematics/conventions';

/** Named points the functions use, from forward kinematics of the trial's model (kinematics/points.ts). */
export const KINEMATIC_POINTS = [
  'heel_r',
  'heel_l',
  'toe_r',
  'toe_l',
  'ankle_r',
  'ankle_l',
  'knee_r',
  'knee_l',
  'hip_r',
  'hip_l',
  /** The pelvis body's origin (OpenSim: between the hip joints' level and the ASIS); its height is 'pelvis_ty'. */
  'pelvis',
  /** The torso body's origin (lumbar joint). */
  'torso',
] as const;
export type KinematicPoint = (typeof KINEMATIC_POINTS)[number];

/** Orientations kept per frame: row-major 3×3 rotation matrices, body → ground, 9 numbers per frame. */
export const KINEMATIC_SEGMENTS = ['pelvis', 'torso'] as const;
export type KinematicSegment = (typeof KINEMATIC_SEGMENTS)[number];

export interface TrialKinematics {
  /** Frame times (s), strictly increasing, evenly spaced. */
  time: Float64Array;
  /**
   * IK coordinates by their .mot names (LaiUhlrich2022 names: hip_flexion_r, knee_angle_l, pelvis_tilt …):
   * rotational ones in degrees, translational ones in metres, as the .mot file stores them.
   */
  coordinates: Record<string, Float64Array>;
  /** Ground-frame positions (m), 3 numbers per frame: [x0, y0, z0, x1, …]. */
  points: Record<KinematicPoint, Float64Array>;
  segments: Record<KinematicSegment, Float64Array>;
  /**
   * How the motion's coordinates were read (kinematics/conventions.ts); absent for kinematics built otherwise
   * (tests), which are in the analyses' convention.
   */
  conventions?: CoordinateConventions;
}

export interface AnalysisSubject {
  heightM: number | null;
  massKg: number | null;
  sex: string | null;
}

export const UNKNOWN_SUBJECT: AnalysisSubject = { heightM: null, massKg: null, sex: null };

/**
 * The data cannot give what the function needs (too few gait cycles, no jump …): the user can act on `message`
 * (English), the web renders `errors.<code>` with `params` from the catalogue. Never retried.
 */
export class AnalysisDataError extends Error {
  constructor(
    readonly code: string,
    readonly params: Record<string, string | number>,
    message: string,
  ) {
    super(message);
    this.name = 'AnalysisDataError';
  }
}
