/**
 * Builds the built-in PoseLab full-body model (authored here, written to models/poselab_fullbody.osim by
 * scripts/generate-builtin.ts). Body frames are parallel to ground in the neutral standing pose (all
 * coordinates 0): X forward, Y up, Z to the subject's right. Dimensions: see ./anthropometry.ts.
 */
import type { Vec3 } from '../math/transform';
import type { Body, Coordinate, Joint, Marker, Model, TransformAxis } from '../model/types';
import { DIM, MASS_FRACTION, REFERENCE_MASS } from './anthropometry';

type Side = 'r' | 'l';
const DEG = Math.PI / 180;
const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const round = (v: Vec3): Vec3 => v.map((x) => Math.round(x * 1e6) / 1e6) as Vec3;
/** Mirrors a point of the right side onto the left (z → -z). */
const mirrorPoint = (p: Vec3, side: Side): Vec3 => (side === 'r' ? p : [p[0], p[1], -p[2]]);
/** Mirrors a rotation axis so the left coordinate has the same anatomical sign as the right one. */
const mirrorAxis = (a: Vec3, side: Side): Vec3 => (side === 'r' ? a : [-a[0], -a[1], a[2]]);

/** Right-side anatomical joint axes in the parent body frame (sources in anthropometry.ts). */
const AXIS = {
  knee: [0, -0.0707, -0.9975] as Vec3,
  ankle: [-0.105, -0.174, 0.9791] as Vec3,
  subtalar: [0.787, 0.6049, -0.1209] as Vec3,
  mtp: [0.581, 0, -0.8139] as Vec3,
  elbow: [0.226, 0.0223, 0.9739] as Vec3,
  radioulnar: [0.0564, 0.9984, 0.002] as Vec3,
};

/** Neutral standing positions in ground of the landmarks and joint centres (right side, metres). */
function landmarks(): Record<string, Vec3> {
  const W = DIM.interAsis;
  const hipY = DIM.hipHeight;
  const asis: Vec3 = [0, hipY + 0.3 * W, 0]; // pelvis origin: mid-ASIS
  const hip: Vec3 = [-0.19 * W, hipY, 0.36 * W];
  const knee: Vec3 = [hip[0], hipY - DIM.thigh, hip[2]];
  // The detector's hip keypoint is not the joint centre (see anthropometry.ts).
  const hipKeypoint: Vec3 = [hip[0], hip[1] + DIM.hipKeypointAboveHjc, hip[2] + DIM.hipKeypointLateralToHjc];
  const ankle: Vec3 = [hip[0], knee[1] - DIM.leg, hip[2]];
  const Lf = DIM.footLength;
  const subtalar: Vec3 = [ankle[0] - 0.18 * Lf, ankle[1] * 0.4, ankle[2] + 0.03 * Lf];
  const mtp: Vec3 = [ankle[0] + 0.48 * Lf, 0.35 * DIM.ankleHeight, ankle[2]];
  const lumbar: Vec3 = [-DIM.lumbarBehindAsis, asis[1] + DIM.lumbarAboveAsis, 0];
  const gh: Vec3 = [
    hip[0] - 0.01,
    DIM.acromionHeight - DIM.ghBelowAcromion,
    DIM.shoulderWidth / 2 - DIM.ghMedialToAcromion,
  ];
  const elbow: Vec3 = [gh[0], gh[1] - DIM.upperArm, gh[2]];
  const wrist: Vec3 = [gh[0], elbow[1] - DIM.forearm, gh[2]];
  const headX = gh[0] + 0.02;
  return {
    asis,
    hip,
    hipKeypoint,
    knee,
    ankle,
    subtalar,
    mtp,
    heel: [ankle[0] - 0.22 * Lf, 0.025, ankle[2]],
    bigToe: [ankle[0] + 0.76 * Lf, 0.02, ankle[2] - 0.35 * DIM.footWidth],
    smallToe: [ankle[0] + 0.6 * Lf, 0.02, ankle[2] + 0.4 * DIM.footWidth],
    lumbar,
    gh,
    elbow,
    wrist,
    neck: [gh[0], gh[1], 0],
    nose: [headX + 0.1, DIM.eyeHeight - 0.045, 0],
    eye: [headX + 0.085, DIM.eyeHeight, 0.032],
    ear: [headX, DIM.eyeHeight - 0.02, 0.075],
  };
}

const lin: TransformAxis['fn'] = { type: 'LinearFunction', slope: 1, intercept: 0 };
const rot = (axis: Vec3, coord: string, slope = 1): TransformAxis => ({
  kind: 'rotation',
  axis,
  coordinates: [coord],
  fn: slope === 1 ? lin : { type: 'LinearFunction', slope, intercept: 0 },
});
const trans = (axis: Vec3, coord: string): TransformAxis => ({
  kind: 'translation',
  axis,
  coordinates: [coord],
  fn: lin,
});

function coord(
  name: string,
  joint: string,
  minDeg: number,
  maxDeg: number,
  clamped = true,
  def = 0,
): Coordinate {
  return {
    name,
    joint,
    defaultValue: def,
    range: [minDeg * DEG, maxDeg * DEG],
    clamped,
    locked: false,
    motionType: 'rotational',
  };
}

function body(
  name: string,
  massFraction: number,
  length: number,
  mesh: string,
  comFraction = 0.433,
  k = 0.3,
): Body {
  const m = Math.round(REFERENCE_MASS * massFraction * 1e4) / 1e4;
  const It = Math.round(m * (k * length) ** 2 * 1e6) / 1e6;
  return {
    name,
    mass: m,
    massCenter: [0, -Math.round(comFraction * length * 1e4) / 1e4, 0],
    inertia: [It, It * 0.2, It, 0, 0, 0],
    geometries: [{ meshFile: mesh, scaleFactors: [1, 1, 1] }],
  };
}

export const BUILTIN_MODEL_NAME = 'PoseLab_FullBody';

export function buildBuiltinModel(): Model {
  const L = landmarks();
  const bodies: Body[] = [body('pelvis', MASS_FRACTION.pelvis, 0.1, 'poselab_pelvis', 0.3)];
  const joints: Joint[] = [];
  const coordinates: Coordinate[] = [];
  const markers: Marker[] = [];
  const origin: Record<string, Vec3> = { ground: [0, 0, 0], pelvis: L.asis };
  const addJoint = (
    name: string,
    parent: string,
    child: string,
    childOrigin: Vec3,
    axes: TransformAxis[],
    coords: Coordinate[],
  ): void => {
    origin[child] = childOrigin;
    joints.push({
      name,
      type: 'CustomJoint',
      parentBody: parent,
      childBody: child,
      parentFrame: {
        name: `${parent}_offset`,
        body: parent,
        translation: round(sub(childOrigin, origin[parent])),
        orientation: [0, 0, 0],
      },
      childFrame: { name: `${child}_offset`, body: child, translation: [0, 0, 0], orientation: [0, 0, 0] },
      axes,
      coordinates: coords.map((c) => c.name),
    });
    coordinates.push(...coords);
  };
  const marker = (name: string, bodyName: string, world: Vec3): void => {
    markers.push({ name, body: bodyName, location: round(sub(world, origin[bodyName])), fixed: false });
  };

  // Pelvis: 6 DOF about ground, rotations body-fixed Z (tilt), X (list), Y (rotation) as in OpenSim's gait models.
  origin.pelvis = [0, 0, 0];
  const pelvisY = L.asis[1];
  joints.push({
    name: 'ground_pelvis',
    type: 'CustomJoint',
    parentBody: 'ground',
    childBody: 'pelvis',
    parentFrame: { name: 'ground_offset', body: 'ground', translation: [0, 0, 0], orientation: [0, 0, 0] },
    childFrame: { name: 'pelvis_offset', body: 'pelvis', translation: [0, 0, 0], orientation: [0, 0, 0] },
    axes: [
      rot([0, 0, 1], 'pelvis_tilt'),
      rot([1, 0, 0], 'pelvis_list'),
      rot([0, 1, 0], 'pelvis_rotation'),
      trans([1, 0, 0], 'pelvis_tx'),
      trans([0, 1, 0], 'pelvis_ty'),
      trans([0, 0, 1], 'pelvis_tz'),
    ],
    coordinates: ['pelvis_tilt', 'pelvis_list', 'pelvis_rotation', 'pelvis_tx', 'pelvis_ty', 'pelvis_tz'],
  });
  coordinates.push(
    coord('pelvis_tilt', 'ground_pelvis', -90, 90),
    coord('pelvis_list', 'ground_pelvis', -90, 90),
    coord('pelvis_rotation', 'ground_pelvis', -360, 360, false),
    { ...coord('pelvis_tx', 'ground_pelvis', 0, 0, false), range: [-50, 50], motionType: 'translational' },
    {
      ...coord('pelvis_ty', 'ground_pelvis', 0, 0, false, pelvisY),
      range: [-5, 5],
      motionType: 'translational',
    },
    { ...coord('pelvis_tz', 'ground_pelvis', 0, 0, false), range: [-50, 50], motionType: 'translational' },
  );
  // Landmarks were laid out with the pelvis origin at L.asis; express them relative to a pelvis at the origin
  // so that pelvis_ty carries the standing height.
  const shift = (p: Vec3): Vec3 => [p[0] - L.asis[0], p[1] - L.asis[1], p[2] - L.asis[2]];
  const P = Object.fromEntries(Object.entries(L).map(([k, v]) => [k, shift(v)])) as Record<
    keyof typeof L,
    Vec3
  >;

  for (const s of ['r', 'l'] as Side[]) {
    const m = (p: Vec3): Vec3 => mirrorPoint(p, s);
    const ax = (a: Vec3): Vec3 => mirrorAxis(a, s);
    bodies.push(
      body(`femur_${s}`, MASS_FRACTION.thigh, DIM.thigh, `poselab_femur_${s}`, 0.433, 0.323),
      body(`tibia_${s}`, MASS_FRACTION.leg, DIM.leg, `poselab_tibia_${s}`, 0.433, 0.302),
      body(`talus_${s}`, 0.1 * MASS_FRACTION.foot, 0.04, `poselab_talus_${s}`, 0.5),
      body(`calcn_${s}`, 0.75 * MASS_FRACTION.foot, DIM.footLength * 0.7, `poselab_foot_${s}`, 0.0),
      body(`toes_${s}`, 0.15 * MASS_FRACTION.foot, DIM.footLength * 0.3, `poselab_toes_${s}`, 0.0),
    );
    addJoint(
      `hip_${s}`,
      'pelvis',
      `femur_${s}`,
      m(P.hip),
      [
        rot([0, 0, 1], `hip_flexion_${s}`),
        rot(ax([1, 0, 0]), `hip_adduction_${s}`),
        rot(ax([0, 1, 0]), `hip_rotation_${s}`),
      ],
      [
        coord(`hip_flexion_${s}`, `hip_${s}`, -30, 120),
        coord(`hip_adduction_${s}`, `hip_${s}`, -50, 30),
        coord(`hip_rotation_${s}`, `hip_${s}`, -40, 40),
      ],
    );
    addJoint(
      `knee_${s}`,
      `femur_${s}`,
      `tibia_${s}`,
      m(P.knee),
      [rot(ax(AXIS.knee), `knee_angle_${s}`)],
      [coord(`knee_angle_${s}`, `knee_${s}`, 0, 140)],
    );
    addJoint(
      `ankle_${s}`,
      `tibia_${s}`,
      `talus_${s}`,
      m(P.ankle),
      [rot(ax(AXIS.ankle), `ankle_angle_${s}`)],
      [coord(`ankle_angle_${s}`, `ankle_${s}`, -50, 50)],
    );
    addJoint(
      `subtalar_${s}`,
      `talus_${s}`,
      `calcn_${s}`,
      m(P.subtalar),
      [rot(ax(AXIS.subtalar), `subtalar_angle_${s}`)],
      [coord(`subtalar_angle_${s}`, `subtalar_${s}`, -35, 35)],
    );
    addJoint(
      `mtp_${s}`,
      `calcn_${s}`,
      `toes_${s}`,
      m(P.mtp),
      [rot(ax(AXIS.mtp), `mtp_angle_${s}`)],
      [coord(`mtp_angle_${s}`, `mtp_${s}`, -45, 30)],
    );
    marker(`${s}_hip`, 'pelvis', m(P.hipKeypoint));
    marker(`${s}_knee`, `femur_${s}`, m(P.knee));
    marker(`${s}_ankle`, `tibia_${s}`, m(P.ankle));
    marker(`${s}_heel`, `calcn_${s}`, m(P.heel));
    marker(`${s}_big_toe`, `toes_${s}`, m(P.bigToe));
    marker(`${s}_small_toe`, `toes_${s}`, m(P.smallToe));
  }
  marker('midhip', 'pelvis', [P.hipKeypoint[0], P.hipKeypoint[1], 0]);

  const torso = body('torso', MASS_FRACTION.torso, 0.6, 'poselab_torso', -0.45);
  torso.geometries.push({ meshFile: 'poselab_head', scaleFactors: [1, 1, 1] });
  bodies.push(torso);
  addJoint(
    'back',
    'pelvis',
    'torso',
    P.lumbar,
    [rot([0, 0, 1], 'lumbar_extension'), rot([1, 0, 0], 'lumbar_bending'), rot([0, 1, 0], 'lumbar_rotation')],
    [
      coord('lumbar_extension', 'back', -90, 90),
      coord('lumbar_bending', 'back', -90, 90),
      coord('lumbar_rotation', 'back', -90, 90),
    ],
  );
  marker('neck', 'torso', P.neck);
  marker('nose', 'torso', P.nose);
  for (const s of ['r', 'l'] as Side[]) {
    const m = (p: Vec3): Vec3 => mirrorPoint(p, s);
    const ax = (a: Vec3): Vec3 => mirrorAxis(a, s);
    marker(`${s}_eye`, 'torso', m(P.eye));
    marker(`${s}_ear`, 'torso', m(P.ear));
    bodies.push(
      body(`humerus_${s}`, MASS_FRACTION.upperArm, DIM.upperArm, `poselab_humerus_${s}`, 0.436, 0.322),
      body(`ulna_${s}`, MASS_FRACTION.forearm / 2, DIM.forearm, `poselab_ulna_${s}`, 0.43, 0.303),
      body(`radius_${s}`, MASS_FRACTION.forearm / 2, DIM.forearm, `poselab_radius_${s}`, 0.43, 0.303),
      body(`hand_${s}`, MASS_FRACTION.hand, DIM.hand, `poselab_hand_${s}`, 0.506, 0.297),
    );
    addJoint(
      `acromial_${s}`,
      'torso',
      `humerus_${s}`,
      m(P.gh),
      [
        rot([0, 0, 1], `arm_flex_${s}`),
        rot(ax([1, 0, 0]), `arm_add_${s}`),
        rot(ax([0, 1, 0]), `arm_rot_${s}`),
      ],
      [
        coord(`arm_flex_${s}`, `acromial_${s}`, -573, 573, false),
        coord(`arm_add_${s}`, `acromial_${s}`, -573, 573, false),
        coord(`arm_rot_${s}`, `acromial_${s}`, -573, 573, false),
      ],
    );
    addJoint(
      `elbow_${s}`,
      `humerus_${s}`,
      `ulna_${s}`,
      m(P.elbow),
      [rot(ax(AXIS.elbow), `elbow_flex_${s}`)],
      [coord(`elbow_flex_${s}`, `elbow_${s}`, 0, 150)],
    );
    addJoint(
      `radioulnar_${s}`,
      `ulna_${s}`,
      `radius_${s}`,
      m(P.elbow),
      [rot(ax(AXIS.radioulnar), `pro_sup_${s}`)],
      [coord(`pro_sup_${s}`, `radioulnar_${s}`, 0, 119.7)],
    );
    origin[`hand_${s}`] = m(P.wrist);
    joints.push({
      name: `radius_hand_${s}`,
      type: 'WeldJoint',
      parentBody: `radius_${s}`,
      childBody: `hand_${s}`,
      parentFrame: {
        name: `radius_${s}_offset`,
        body: `radius_${s}`,
        translation: round(sub(m(P.wrist), m(P.elbow))),
        orientation: [0, 0, 0],
      },
      childFrame: {
        name: `hand_${s}_offset`,
        body: `hand_${s}`,
        translation: [0, 0, 0],
        orientation: [0, 0, 0],
      },
      axes: [],
      coordinates: [],
    });
    marker(`${s}_shoulder`, 'torso', m(P.gh));
    marker(`${s}_elbow`, `humerus_${s}`, m(P.elbow));
    marker(`${s}_wrist`, `radius_${s}`, m(P.wrist));
  }
  return {
    name: BUILTIN_MODEL_NAME,
    bodies,
    joints,
    coordinates,
    markers,
    couplers: [],
    frames: [],
    credits:
      'PoseLab built-in full-body kinematic model (generated by packages/biomech/scripts/generate-builtin.ts)',
  };
}
