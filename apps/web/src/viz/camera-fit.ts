import { Box3, Vector3 } from 'three';

/** SPEC §9: camera field of view 45. */
export const CAMERA_FOV = 45;

/**
 * Distance from `centre` along `dir` at which every corner of `box` is inside the camera's view (vertical field
 * of view CAMERA_FOV, horizontal from the aspect ratio), with a small margin.
 */
export function fitDistance(box: Box3, centre: Vector3, dir: Vector3, aspect: number): number {
  const back = dir.clone().normalize();
  const right = new Vector3(0, 1, 0).cross(back).normalize();
  const up = back.clone().cross(right);
  const tanV = Math.tan((CAMERA_FOV * Math.PI) / 360) * 0.92;
  const tanH = tanV * Math.max(aspect, 0.3);
  let distance = 0.5;
  for (const x of [box.min.x, box.max.x]) {
    for (const y of [box.min.y, box.max.y]) {
      for (const z of [box.min.z, box.max.z]) {
        const p = new Vector3(x, y, z).sub(centre);
        const towardCamera = p.dot(back);
        distance = Math.max(
          distance,
          towardCamera + Math.abs(p.dot(right)) / tanH,
          towardCamera + Math.abs(p.dot(up)) / tanV,
        );
      }
    }
  }
  return distance;
}
