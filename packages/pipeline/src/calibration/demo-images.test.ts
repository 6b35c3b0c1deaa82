import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeImage } from '../video/decode';
import { probeVideo } from '../video/probe';
import { detectCheckerboard } from './detect/checkerboard';
import { importQualisysCalibration } from './import/qualisys';
import { calibrateIntrinsics } from './solve/intrinsics';

const DEMO = fileURLToPath(new URL('../../../../../shared/data/pose2sim-demo/calibration', import.meta.url));
const hasData = existsSync(DEMO);

// The full 28-image run (acceptance 1) is `npm run bench:calibration`; this checks one camera.
describe.skipIf(!hasData)('checkerboard calibration on the Pose2Sim demo images (cam01)', () => {
  if (!hasData) console.warn(`skipping: ${DEMO} not found (../shared/data absent)`);
  it('finds the 4x7 board in all 7 images, RMS ≤ 0.3 px, fx and fy within 1% of the Qualisys reference', async () => {
    const dir = `${DEMO}/intrinsics`;
    const files = readdirSync(dir)
      .filter((f) => f.startsWith('cam01_'))
      .sort();
    const views = [];
    let size = { width: 0, height: 0 };
    for (const f of files) {
      const info = await probeVideo(`${dir}/${f}`);
      const img = await decodeImage(`${dir}/${f}`, info.displayWidth, info.displayHeight, 'gray');
      size = { width: img.width, height: img.height };
      const d = detectCheckerboard({ width: img.width, height: img.height, data: img.data }, 4, 7);
      if (d.found) views.push({ corners: d.corners });
    }
    expect(views.length).toBe(7);
    const res = calibrateIntrinsics(views, { rows: 4, cols: 7, squareSize: 0.06 }, size);
    const ref = importQualisysCalibration(readFileSync(`${DEMO}/Calib.qca.txt`, 'utf8'))[0].intrinsics;
    expect(res.rmsPx).toBeLessThanOrEqual(0.3);
    expect(Math.abs(res.intrinsics.fx / ref.fx - 1)).toBeLessThan(0.01);
    expect(Math.abs(res.intrinsics.fy / ref.fy - 1)).toBeLessThan(0.01);
    // OpenCV 4.6 on the same images: cx 563.3, cy 932.9.
    expect(Math.abs(res.intrinsics.cx - 563.3)).toBeLessThan(5);
    expect(Math.abs(res.intrinsics.cy - 932.9)).toBeLessThan(5);
  });
});
