import type { Keypoints3D } from './types';

/**
 * Small toes, which BlazePose does not detect, placed on the foot from its heel, big toe and the hip line:
 * 12% of the heel–toe length behind the big toe and 20% of it to the lateral side (an average forefoot: the
 * fifth toe tip lies ~3 cm behind and ~5 cm lateral to the tip of the first/second toe). This is an
 * anatomical approximation, not a measurement.
 */
export const SMALL_TOE_BACK_RATIO = 0.12;
export const SMALL_TOE_LATERAL_RATIO = 0.2;

function get(p: Float64Array, f: number): [number, number, number] {
  return [p[f * 3], p[f * 3 + 1], p[f * 3 + 2]];
}

function smallToe(heel: number[], toe: number[], hipLateral: number[]): [number, number, number] {
  const u = [toe[0] - heel[0], toe[1] - heel[1], toe[2] - heel[2]];
  const L = Math.hypot(u[0], u[1], u[2]);
  if (!(L > 1e-6)) return [NaN, NaN, NaN];
  for (let i = 0; i < 3; i++) u[i] /= L;
  const d = hipLateral[0] * u[0] + hipLateral[1] * u[1] + hipLateral[2] * u[2];
  const lat = [hipLateral[0] - d * u[0], hipLateral[1] - d * u[1], hipLateral[2] - d * u[2]];
  const ll = Math.hypot(lat[0], lat[1], lat[2]);
  if (!(ll > 1e-6)) return [NaN, NaN, NaN];
  return [0, 1, 2].map(
    (i) => toe[i] - SMALL_TOE_BACK_RATIO * L * u[i] + (SMALL_TOE_LATERAL_RATIO * L * lat[i]) / ll,
  ) as [number, number, number];
}

/**
 * Returns keypoints in the order of `names`: measured ones copied, r_small_toe / l_small_toe derived.
 * Any other missing name is an error.
 */
export function withDerivedKeypoints(kp: Keypoints3D, names: readonly string[]): Keypoints3D {
  const idx = (n: string): number => kp.names.indexOf(n);
  const positions: Float64Array[] = [];
  const errors: Float64Array[] = [];
  const counts: Uint8Array[] = [];
  for (const name of names) {
    const i = idx(name);
    if (i >= 0) {
      positions.push(kp.positions[i]);
      errors.push(kp.reprojectionErrorPx[i]);
      counts.push(kp.cameraCount[i]);
      continue;
    }
    const side = name === 'r_small_toe' ? 'r' : name === 'l_small_toe' ? 'l' : null;
    if (!side) throw new Error(`Keypoint ${name} is neither measured nor derivable`);
    const other = side === 'r' ? 'l' : 'r';
    const need = [`${side}_heel`, `${side}_big_toe`, `${side}_hip`, `${other}_hip`].map(idx);
    if (need.some((j) => j < 0))
      throw new Error(`Cannot derive ${name}: heel, big toe and both hips are needed`);
    const out = new Float64Array(kp.frameCount * 3).fill(NaN);
    for (let f = 0; f < kp.frameCount; f++) {
      const [heel, toe, hip, otherHip] = need.map((j) => get(kp.positions[j], f));
      const lateral = [hip[0] - otherHip[0], hip[1] - otherHip[1], hip[2] - otherHip[2]];
      out.set(smallToe(heel, toe, lateral), f * 3);
    }
    positions.push(out);
    errors.push(new Float64Array(kp.frameCount).fill(NaN));
    counts.push(new Uint8Array(kp.frameCount));
  }
  return { ...kp, names, positions, reprojectionErrorPx: errors, cameraCount: counts };
}
