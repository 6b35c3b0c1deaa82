import { describe, it, expect } from 'vitest';
import { triangulateKeypoints } from '../triangulation/triangulate';
import { projectMotion, syntheticMotion, syntheticRig } from '../triangulation/synthetic-rig';
import { KEYPOINTS_2D } from './keypoint-set';
import { selectPerson } from './person-selection';

describe('selectPerson', () => {
  const rig = syntheticRig();
  const frames = 60;
  const times = Array.from({ length: frames }, (_, i) => i / 60);
  const subject = syntheticMotion(KEYPOINTS_2D, times, 1);
  const bystander = syntheticMotion(KEYPOINTS_2D, times, 3, [1.6, 0, -1.2]);
  const K = KEYPOINTS_2D.length;

  it('drops frames where a camera tracked a bystander, un-mirrors swapped left/right labels, and proposes a subject ROI', () => {
    const views = rig.map((cam, c) => projectMotion(cam, subject, KEYPOINTS_2D, 60, 2, c));
    // Camera 2 locks onto the bystander in frames 10..19.
    const other = projectMotion(rig[1], bystander, KEYPOINTS_2D, 60, 2, 9);
    for (let f = 10; f < 20; f++)
      views[1].data.set(other.data.subarray(f * K * 3, (f + 1) * K * 3), f * K * 3);
    // Camera 3 labels left as right in frames 30..39 (a view from behind).
    const mirrored = views[2].data.slice();
    for (let f = 30; f < 40; f++) {
      KEYPOINTS_2D.forEach((name, k) => {
        const partner = name.startsWith('l_')
          ? `r_${name.slice(2)}`
          : name.startsWith('r_')
            ? `l_${name.slice(2)}`
            : name;
        const j = KEYPOINTS_2D.indexOf(partner as (typeof KEYPOINTS_2D)[number]);
        views[2].data.set(mirrored.subarray((f * K + j) * 3, (f * K + j) * 3 + 3), (f * K + k) * 3);
      });
    }
    const sel = selectPerson(rig, views);
    expect(sel.rejectedFrames[1]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(sel.rejectedFrames.filter((_, c) => c !== 1).flat()).toEqual([]);
    expect(sel.mirroredFrames[2]).toEqual([30, 31, 32, 33, 34, 35, 36, 37, 38, 39]);
    // The proposed region in camera 2 contains the subject's projected keypoints, not the bystander's.
    const roi = sel.rois[1][12]!;
    const truth = projectMotion(rig[1], subject, KEYPOINTS_2D, 60, 0, 0).data;
    const midhip = KEYPOINTS_2D.indexOf('midhip');
    const [u, v] = [truth[(12 * K + midhip) * 3], truth[(12 * K + midhip) * 3 + 1]];
    expect(u).toBeGreaterThan(roi.x);
    expect(u).toBeLessThan(roi.x + roi.width);
    expect(v).toBeGreaterThan(roi.y);
    expect(v).toBeLessThan(roi.y + roi.height);

    // After selection, every keypoint triangulates within a few centimetres of the subject.
    const { keypoints } = triangulateKeypoints(rig, sel.views);
    let worst = 0;
    for (let f = 0; f < frames; f++) {
      for (let k = 0; k < K; k++) {
        const p = keypoints.positions[k];
        const d = Math.hypot(
          p[f * 3] - subject[f][k][0],
          p[f * 3 + 1] - subject[f][k][1],
          p[f * 3 + 2] - subject[f][k][2],
        );
        worst = Math.max(worst, d);
      }
    }
    expect(worst).toBeLessThan(0.03);
  });
});
