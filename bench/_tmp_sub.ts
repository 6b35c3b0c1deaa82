import { detectCheckerboard, renderBoard, lookAt, encodePng } from '@poselab/pipeline';
import { rollCamera } from '../packages/pipeline/src/calibration/synthetic/scene';
import { writeFileSync } from 'node:fs';
const intr = { width: 540, height: 960, fx: 842, fy: 840, cx: 272.5, cy: 483.2, dist: [-0.06, 0.14, 0.0008, -0.0006, 0] as [number,number,number,number,number] };
const board = { rows: 4, cols: 7, squareSize: 0.06 };
for (const tx of [0.22, 0.24, 0.26, 0.28]) for (const roll of [0.2, 0.3]) {
  const d = 0.62;
  const pose = rollCamera(lookAt([tx, 0.09, -d], [tx, 0.09, 0], [0, -1, 0]), roll);
  const r = renderBoard({ intrinsics: intr, pose, board, blurSigma: 1, noiseSigma: 2, supersample: 1, seed: 3 });
  const d5 = detectCheckerboard(r.image, 4, 5);
  const d7 = detectCheckerboard(r.image, 4, 7);
  console.log(tx, d, roll, d5.found ? 'found 4x5' : d5.message, '|', d7.found ? 'found 4x7' : d7.message);
  writeFileSync(`/tmp/issue-15-calibration/sub-${tx}-${roll}.png`, encodePng(540, 960, 1, r.image.data));
}
