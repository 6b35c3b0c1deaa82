import type { OsimFunction } from './functions';
import type { Vec3 } from '../math/transform';

export type MotionType = 'rotational' | 'translational' | 'coupled';

export interface Coordinate {
  name: string;
  /** Joint that owns the coordinate. */
  joint: string;
  defaultValue: number;
  range: [number, number];
  clamped: boolean;
  locked: boolean;
  motionType: MotionType;
}

/** A fixed frame on a body (OpenSim PhysicalOffsetFrame): x_body = R(orientation) * x_frame + translation. */
export interface OffsetFrame {
  name: string;
  body: string;
  translation: Vec3;
  /** Body-fixed XYZ Euler angles in radians. */
  orientation: Vec3;
}

export interface TransformAxis {
  kind: 'rotation' | 'translation';
  axis: Vec3; // unit vector in the joint's parent frame
  /** Coordinates the function reads; empty means the function is evaluated at 0. */
  coordinates: string[];
  fn: OsimFunction;
}

export type JointType =
  | 'CustomJoint'
  | 'PinJoint'
  | 'WeldJoint'
  | 'SliderJoint'
  | 'UniversalJoint'
  | 'BallJoint'
  | 'GimbalJoint'
  | 'FreeJoint';

export interface Joint {
  name: string;
  type: JointType;
  parentBody: string;
  childBody: string;
  /** Joint frame on the parent body (the joint's F frame). */
  parentFrame: OffsetFrame;
  /** Joint frame on the child body (the joint's M frame). */
  childFrame: OffsetFrame;
  /** Rotations (body-fixed, in order) then translations (along parent-frame axes). */
  axes: TransformAxis[];
  coordinates: string[];
}

export interface Geometry {
  meshFile: string;
  scaleFactors: Vec3;
}

export interface Body {
  name: string;
  mass: number;
  massCenter: Vec3;
  /** Ixx Iyy Izz Ixy Ixz Iyz */
  inertia: [number, number, number, number, number, number];
  geometries: Geometry[];
}

export interface Marker {
  name: string;
  /** Body the marker is fixed to (offset frames are resolved into the location at read time). */
  body: string;
  location: Vec3;
  fixed: boolean;
}

export interface CoordinateCoupler {
  name: string;
  independent: string[];
  dependent: string;
  fn: OsimFunction;
  scaleFactor: number;
}

export interface Model {
  name: string;
  /** Bodies other than ground. */
  bodies: Body[];
  /** Sorted so that every joint's parent body is ground or the child of an earlier joint. */
  joints: Joint[];
  coordinates: Coordinate[];
  markers: Marker[];
  couplers: CoordinateCoupler[];
  /** Free PhysicalOffsetFrames declared outside joints (kept for markers and the writer). */
  frames: OffsetFrame[];
  credits?: string;
}

export const GROUND = 'ground';

export type CoordinateValues = Record<string, number>;
