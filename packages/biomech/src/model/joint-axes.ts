import type { JointType, TransformAxis } from './types';
import type { Vec3 } from '../math/transform';

const X: Vec3 = [1, 0, 0];
const Y: Vec3 = [0, 1, 0];
const Z: Vec3 = [0, 0, 1];

function rot(axis: Vec3, coord: string): TransformAxis {
  return {
    kind: 'rotation',
    axis,
    coordinates: [coord],
    fn: { type: 'LinearFunction', slope: 1, intercept: 0 },
  };
}
function trans(axis: Vec3, coord: string): TransformAxis {
  return {
    kind: 'translation',
    axis,
    coordinates: [coord],
    fn: { type: 'LinearFunction', slope: 1, intercept: 0 },
  };
}

/**
 * Transform axes of OpenSim's fixed-form joints, expressed like a CustomJoint
 * (Pin: about Z; Slider: along X; Universal: X then Y; Ball/Gimbal: body-fixed X, Y, Z; Free: those plus X, Y, Z).
 */
export function standardJointAxes(type: JointType, coords: string[], where: string): TransformAxis[] {
  const need = (n: number): void => {
    if (coords.length !== n)
      throw new Error(`${where}: ${type} needs ${n} coordinates, has ${coords.length}`);
  };
  switch (type) {
    case 'WeldJoint':
      need(0);
      return [];
    case 'PinJoint':
      need(1);
      return [rot(Z, coords[0])];
    case 'SliderJoint':
      need(1);
      return [trans(X, coords[0])];
    case 'UniversalJoint':
      need(2);
      return [rot(X, coords[0]), rot(Y, coords[1])];
    case 'BallJoint':
    case 'GimbalJoint':
      need(3);
      return [rot(X, coords[0]), rot(Y, coords[1]), rot(Z, coords[2])];
    case 'FreeJoint':
      need(6);
      return [
        rot(X, coords[0]),
        rot(Y, coords[1]),
        rot(Z, coords[2]),
        trans(X, coords[3]),
        trans(Y, coords[4]),
        trans(Z, coords[5]),
      ];
    case 'CustomJoint':
      throw new Error(`${where}: CustomJoint axes come from its SpatialTransform`);
  }
}
