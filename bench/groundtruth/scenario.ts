/**
 * One bench scenario: the motion window, the avatar standing on the floor, the neutral (all coordinates at 0,
 * facing the front phone, where the movement happens) and the phones placed around the movement.
 */
import type { Model } from '@poselab/biomech';
import type { CameraModel, Vec3 } from '@poselab/pipeline';
import { defaultAzimuths, placePhone } from './cameras';
import type { TruthMotion } from './motion';
import { Retargeter, type AvatarPose, type Coordinates } from './retarget';
import type { Rig } from './rig';

export interface Scenario {
  retargeter: Retargeter;
  startSec: number;
  seconds: number;
  poseAt: (t: number) => AvatarPose;
  neutral: AvatarPose;
  cameras: CameraModel[];
  azimuthsDeg: number[];
  /** Centre of the movement on the floor. */
  centre: Vec3;
}

export function buildScenario(
  rig: Rig,
  model: Model,
  truth: TruthMotion,
  opts: {
    startSec: number;
    seconds: number;
    cameras: number;
    azimuthsDeg: number[] | null;
    maxOffsetSec: number;
  },
): Scenario {
  const startSec = truth.startSec + opts.startSec;
  const seconds = Math.min(opts.seconds, truth.endSec - startSec - opts.maxOffsetSec);
  if (!(seconds > 0.5))
    throw new Error(`the motion has only ${(truth.endSec - startSec).toFixed(2)} s after --start`);
  const rt = new Retargeter(rig, model);
  const samples: Coordinates[] = [];
  for (let t = startSec; t <= startSec + seconds + opts.maxOffsetSec; t += 0.05) samples.push(truth.at(t));
  rt.standOnFloor(samples);
  const poseAt = (t: number) => rt.pose(truth.at(t));

  const poses = samples.map((c) => rt.pose(c));
  const hips = poses.map((p) => p.joints.r_hip.clone().add(p.joints.l_hip).multiplyScalar(0.5));
  const centre: Vec3 = [
    hips.reduce((s, h) => s + h.x, 0) / hips.length,
    0,
    hips.reduce((s, h) => s + h.z, 0) / hips.length,
  ];
  // The subject's extent: the joints and a head 30 cm above the shoulders, the feet 10 cm below the ankles.
  const points: Vec3[] = poses.flatMap((p) => {
    const j = p.joints;
    const head = j.r_shoulder.clone().add(j.l_shoulder).multiplyScalar(0.5);
    return [
      ...Object.values(j).map((v) => v.toArray() as Vec3),
      [head.x, head.y + 0.3, head.z] as Vec3,
      [j.r_ankle.x, j.r_ankle.y - 0.1, j.r_ankle.z] as Vec3,
      [j.l_ankle.x, j.l_ankle.y - 0.1, j.l_ankle.z] as Vec3,
    ];
  });
  const azimuths = opts.azimuthsDeg ?? defaultAzimuths(opts.cameras);
  const cameras = azimuths.map((a, i) => placePhone(`Camera ${i + 1}`, a, centre, points));

  // The neutral: every coordinate at 0, the hips above the movement's centre, the ankles as high as standing.
  const at = (ty: number) =>
    rt.pose({ pelvis_tx: centre[0] / rt.legScale, pelvis_ty: ty, pelvis_tz: centre[2] / rt.legScale });
  const low = at(0).joints;
  const ty = (0.08 - Math.min(low.r_ankle.y, low.l_ankle.y)) / rt.legScale;
  return {
    retargeter: rt,
    startSec,
    seconds,
    poseAt,
    neutral: at(ty),
    cameras,
    azimuthsDeg: azimuths,
    centre,
  };
}
