/**
 * Drives the avatar from a model's coordinates: each bone takes its body's world rotation change from the
 * model's zero pose (forward kinematics of LaiUhlrich2022), parents first. The avatar faces +Z with its left at
 * +X; the model faces +X with its right at +Z, so the avatar is first turned 90° about the vertical. The limb
 * bones' rest directions are aligned once to the model's segment directions at its zero pose (the arms of the
 * rest pose hang 10° out, the model's straight down), and the pelvis follows the model's hip centres scaled by
 * the ratio of leg lengths.
 */
import { forwardKinematics, type BodyPose, type Model } from '@poselab/biomech';
import { Matrix3, Matrix4, Quaternion, Vector3 } from 'three';
import { nodeIndex, positionOf, worldMatrices, type Rig } from './rig';

const SIDES = [
  ['Left', 'l'],
  ['Right', 'r'],
] as const;

/** Bones that follow a body; bones not named follow their parent's body. */
export const BONE_BODIES: Readonly<Record<string, string>> = Object.fromEntries([
  ['B_Root_Pelvis_L', 'pelvis'],
  ['B_Spine1', 'torso'],
  ...SIDES.flatMap(([a, m]) => [
    [`B_Hip_${a}`, `femur_${m}`],
    [`B_Knee_${a}`, `tibia_${m}`],
    [`B_Ankle_${a}`, `calcn_${m}`],
    [`B_Toe_${a}`, `toes_${m}`],
    [`B_UpperArm_${a}`, `humerus_${m}`],
    [`B_ForeArm_${a}`, `radius_${m}`],
    [`B_Hand_${a}`, `hand_${m}`],
  ]),
]);

/** Limb bones aligned at rest: [bone, its child bone, model body from, model body to]. */
const ALIGNED: ReadonlyArray<readonly [string, string, string, string]> = SIDES.flatMap(([a, m]) => [
  [`B_Hip_${a}`, `B_Knee_${a}`, `femur_${m}`, `tibia_${m}`],
  [`B_Knee_${a}`, `B_Ankle_${a}`, `tibia_${m}`, `talus_${m}`],
  [`B_Ankle_${a}`, `B_Toe_${a}`, `talus_${m}`, `toes_${m}`],
  [`B_UpperArm_${a}`, `B_ForeArm_${a}`, `humerus_${m}`, `ulna_${m}`],
  [`B_ForeArm_${a}`, `B_Hand_${a}`, `ulna_${m}`, `hand_${m}`],
]);

/** Rig joints compared with the model's joint centres (the body whose origin is the joint). */
export const RIG_JOINTS: ReadonlyArray<{ name: string; bone: string; body: string }> = SIDES.flatMap(
  ([a, m]) => [
    { name: `${m}_hip`, bone: `B_Hip_${a}`, body: `femur_${m}` },
    { name: `${m}_knee`, bone: `B_Knee_${a}`, body: `tibia_${m}` },
    { name: `${m}_ankle`, bone: `B_Ankle_${a}`, body: `talus_${m}` },
    { name: `${m}_shoulder`, bone: `B_UpperArm_${a}`, body: `humerus_${m}` },
    { name: `${m}_elbow`, bone: `B_ForeArm_${a}`, body: `ulna_${m}` },
    { name: `${m}_wrist`, bone: `B_Hand_${a}`, body: `hand_${m}` },
  ],
);

export const ROOT_BONE = 'B_Root_Pelvis_L';

export type Coordinates = Record<string, number>;

export interface AvatarPose {
  /** Local rotation of every node (glTF node order). */
  local: Quaternion[];
  /** Local position of the root bone. */
  rootPosition: Vector3;
  /** World positions of RIG_JOINTS by name (metres, model frame: X forward, Y up, Z right). */
  joints: Record<string, Vector3>;
}

function quaternionOf(pose: BodyPose): Quaternion {
  const R = pose.R;
  const m = new Matrix4().setFromMatrix3(
    new Matrix3().set(R[0], R[1], R[2], R[3], R[4], R[5], R[6], R[7], R[8]),
  );
  return new Quaternion().setFromRotationMatrix(m);
}

function vec(p: readonly number[]): Vector3 {
  return new Vector3(p[0], p[1], p[2]);
}

function zeroPose(model: Model): Coordinates {
  return Object.fromEntries(model.coordinates.map((c) => [c.name, 0]));
}

export class Retargeter {
  readonly legScale: number;
  private readonly bodyOf: Array<string | null>;
  private readonly restWorld: Quaternion[];
  private readonly zero: Record<string, Quaternion>;
  private readonly rootIndex: number;
  /** Hip centre relative to the root bone, in the aligned rest pose (world directions). */
  private readonly hipFromRoot: Vector3;
  /** Added to the root's height (the floor is at 0). */
  lift = 0;

  constructor(
    readonly rig: Rig,
    readonly model: Model,
  ) {
    this.rootIndex = nodeIndex(rig, ROOT_BONE);
    const turn = new Matrix4().makeRotationY(Math.PI / 2);
    const rest = worldMatrices(rig, null, undefined, turn);
    const zero = forwardKinematics(model, zeroPose(model));
    this.zero = Object.fromEntries(Object.entries(zero).map(([b, p]) => [b, quaternionOf(p)]));

    // Body of each bone of the skeleton (descendants of the root bone), inherited from the parent.
    this.bodyOf = rig.nodes.map(() => null);
    const offset: Quaternion[] = rig.nodes.map(() => new Quaternion());
    const aligned = new Map(ALIGNED.map((a) => [a[0], a]));
    for (const i of rig.order) {
      const n = rig.nodes[i];
      const parentBody = n.parent >= 0 ? this.bodyOf[n.parent] : null;
      if (i !== this.rootIndex && parentBody === null) continue;
      this.bodyOf[i] = BONE_BODIES[n.name] ?? parentBody;
      const a = aligned.get(n.name);
      if (a) {
        const from = positionOf(rest[nodeIndex(rig, a[1])]).sub(positionOf(rest[i])).normalize();
        const to = vec(zero[a[3]].p).sub(vec(zero[a[2]].p)).normalize();
        offset[i] = new Quaternion().setFromUnitVectors(from, to);
      } else if (n.parent >= 0 && i !== this.rootIndex) offset[i] = offset[n.parent].clone();
    }
    for (const b of this.bodyOf) if (b && !zero[b]) throw new Error(`the model has no body '${b}'`);
    this.restWorld = rest.map((m, i) =>
      offset[i].clone().multiply(new Quaternion().setFromRotationMatrix(m)).normalize(),
    );

    const hip = (m: Matrix4[]) =>
      positionOf(m[nodeIndex(rig, 'B_Hip_Left')])
        .add(positionOf(m[nodeIndex(rig, 'B_Hip_Right')]))
        .multiplyScalar(0.5);
    this.hipFromRoot = hip(rest).sub(positionOf(rest[this.rootIndex]));
    const len = (a: string, b: string) =>
      positionOf(rest[nodeIndex(rig, a)]).distanceTo(positionOf(rest[nodeIndex(rig, b)]));
    const avatarLeg = len('B_Hip_Left', 'B_Knee_Left') + len('B_Knee_Left', 'B_Ankle_Left');
    const modelLeg =
      vec(zero.femur_l.p).distanceTo(vec(zero.tibia_l.p)) +
      vec(zero.tibia_l.p).distanceTo(vec(zero.talus_l.p));
    this.legScale = avatarLeg / modelLeg;
  }

  /** The avatar's pose for named coordinate values (radians, metres; missing ones at 0). */
  pose(coords: Coordinates): AvatarPose {
    const fk = forwardKinematics(this.model, { ...zeroPose(this.model), ...coords });
    const { rig } = this;
    const world: Array<Quaternion | null> = rig.nodes.map(() => null);
    const local = rig.nodes.map((n) => n.rotation.clone());
    for (const i of rig.order) {
      const body = this.bodyOf[i];
      if (!body) continue;
      const delta = quaternionOf(fk[body]).multiply(this.zero[body].clone().invert());
      world[i] = delta.multiply(this.restWorld[i]).normalize();
      const parent = world[rig.nodes[i].parent] ?? null;
      local[i] = parent ? parent.clone().invert().multiply(world[i]!) : world[i]!.clone();
    }
    const hipCentre = vec(fk.femur_l.p)
      .add(vec(fk.femur_r.p))
      .multiplyScalar(0.5 * this.legScale);
    const pelvisTurn = quaternionOf(fk.pelvis).multiply(this.zero.pelvis.clone().invert());
    const rootPosition = hipCentre.sub(this.hipFromRoot.clone().applyQuaternion(pelvisTurn));
    rootPosition.y += this.lift;
    const m = worldMatrices(rig, local, { node: this.rootIndex, position: rootPosition });
    const joints = Object.fromEntries(RIG_JOINTS.map((j) => [j.name, positionOf(m[nodeIndex(rig, j.bone)])]));
    return { local, rootPosition, joints };
  }

  /** Sets `lift` so that the lowest ankle over these poses stands `ankleHeight` above the floor. */
  standOnFloor(poses: Coordinates[], ankleHeight = 0.08): void {
    this.lift = 0;
    let low = Infinity;
    for (const c of poses) {
      const j = this.pose(c).joints;
      low = Math.min(low, j.l_ankle.y, j.r_ankle.y);
    }
    this.lift = ankleHeight - low;
  }
}
