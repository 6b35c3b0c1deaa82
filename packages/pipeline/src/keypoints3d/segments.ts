import type { Keypoints3D } from './types';

/** Body segments whose length must stay constant: used to judge the quality of 3D keypoints. */
export const RIGID_SEGMENTS: ReadonlyArray<[string, string, string]> = [
  ['r_thigh', 'r_hip', 'r_knee'],
  ['l_thigh', 'l_hip', 'l_knee'],
  ['r_shank', 'r_knee', 'r_ankle'],
  ['l_shank', 'l_knee', 'l_ankle'],
  ['r_upper_arm', 'r_shoulder', 'r_elbow'],
  ['l_upper_arm', 'l_shoulder', 'l_elbow'],
  ['r_forearm', 'r_elbow', 'r_wrist'],
  ['l_forearm', 'l_elbow', 'l_wrist'],
];

export interface SegmentStats {
  name: string;
  meanMm: number;
  medianMm: number;
  sdMm: number;
  frames: number;
}

export function segmentLengthStats(kp: Keypoints3D): SegmentStats[] {
  return RIGID_SEGMENTS.map(([name, a, b]) => {
    const pa = kp.positions[kp.names.indexOf(a)];
    const pb = kp.positions[kp.names.indexOf(b)];
    if (!pa || !pb) throw new Error(`Segment ${name} needs keypoints ${a} and ${b}`);
    const lengths: number[] = [];
    for (let f = 0; f < kp.frameCount; f++) {
      const d = Math.hypot(
        pa[f * 3] - pb[f * 3],
        pa[f * 3 + 1] - pb[f * 3 + 1],
        pa[f * 3 + 2] - pb[f * 3 + 2],
      );
      if (!Number.isNaN(d)) lengths.push(d * 1000);
    }
    const mean = lengths.reduce((s, x) => s + x, 0) / lengths.length;
    const sd = Math.sqrt(lengths.reduce((s, x) => s + (x - mean) ** 2, 0) / lengths.length);
    const sorted = [...lengths].sort((x, y) => x - y);
    const mid = sorted.length >> 1;
    const median = sorted.length % 2 ? sorted[mid] : 0.5 * (sorted[mid - 1] + sorted[mid]);
    return { name, meanMm: mean, medianMm: median, sdMm: sd, frames: lengths.length };
  });
}
