/**
 * Shapes of the built-in model's geometry names, for the viewer to generate meshes: each is a capsule between
 * two points (or an ellipsoid for the head/pelvis) in the body frame at the generic size. The viewer multiplies
 * them by the body's scaleFactors from visualizerTransforms.
 */
import type { Vec3 } from '../math/transform';
import { buildBuiltinModel } from './build-builtin-model';
import { markerPositions, forwardKinematics } from '../kinematics/forward';

export interface GeometryShape {
  kind: 'capsule' | 'ellipsoid';
  /** Capsule: segment end points; ellipsoid: centre in `from`, semi-axes in `to`. */
  from: Vec3;
  to: Vec3;
  radius: number;
}

export function builtinGeometryShapes(): Record<string, GeometryShape> {
  const model = buildBuiltinModel();
  const pose = forwardKinematics(model, {});
  const world = markerPositions(model, {});
  const local = (body: string, p: Vec3): Vec3 => {
    const o = pose[body].p;
    return [p[0] - o[0], p[1] - o[1], p[2] - o[2]]; // bodies are parallel to ground in the default pose
  };
  const jointOrigin = (child: string): Vec3 => pose[child].p;
  const out: Record<string, GeometryShape> = {};
  const capsule = (mesh: string, body: string, a: Vec3, b: Vec3, radius: number): void => {
    out[mesh] = { kind: 'capsule', from: local(body, a), to: local(body, b), radius };
  };
  out.poselab_pelvis = {
    kind: 'ellipsoid',
    from: local('pelvis', [world.midhip[0] + 0.02, world.midhip[1] + 0.06, 0]),
    to: [0.09, 0.08, 0.15],
    radius: 0,
  };
  out.poselab_torso = {
    kind: 'ellipsoid',
    from: local('torso', [world.neck[0] - 0.01, (world.neck[1] + jointOrigin('torso')[1]) / 2, 0]),
    to: [0.11, 0.24, 0.17],
    radius: 0,
  };
  for (const s of ['r', 'l']) {
    const w = (n: string): Vec3 => world[`${s}_${n}`];
    capsule(`poselab_femur_${s}`, `femur_${s}`, w('hip'), w('knee'), 0.06);
    capsule(`poselab_tibia_${s}`, `tibia_${s}`, w('knee'), w('ankle'), 0.045);
    capsule(`poselab_talus_${s}`, `talus_${s}`, w('ankle'), jointOrigin(`calcn_${s}`), 0.03);
    capsule(`poselab_foot_${s}`, `calcn_${s}`, w('heel'), jointOrigin(`toes_${s}`), 0.03);
    capsule(`poselab_toes_${s}`, `toes_${s}`, jointOrigin(`toes_${s}`), w('big_toe'), 0.02);
    capsule(`poselab_humerus_${s}`, `humerus_${s}`, w('shoulder'), w('elbow'), 0.04);
    capsule(`poselab_ulna_${s}`, `ulna_${s}`, w('elbow'), w('wrist'), 0.025);
    capsule(`poselab_radius_${s}`, `radius_${s}`, w('elbow'), w('wrist'), 0.025);
    const wrist = w('wrist');
    capsule(`poselab_hand_${s}`, `hand_${s}`, wrist, [wrist[0], wrist[1] - 0.15, wrist[2]], 0.03);
  }
  // The head rides on the torso: an ellipsoid around the eyes and ears.
  const eyeMid: Vec3 = [(world.r_eye[0] + world.r_ear[0]) / 2, world.r_eye[1] - 0.01, 0];
  out.poselab_head = { kind: 'ellipsoid', from: local('torso', eyeMid), to: [0.1, 0.12, 0.08], radius: 0 };
  return out;
}
