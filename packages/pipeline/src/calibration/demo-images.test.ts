import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodeImage } from '../video/decode';
import { probeVideo } from '../video/probe';
import { detectCheckerboard } from './detect/checkerboard';
import { importQualisysCalibration } from './import/qualisys';
import { calibrateIntrinsics } from './solve/intrinsics';
import { calibrateRig } from './rig';

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

/*
 * The demo's checkerboard photos are separate shots per camera, never simultaneous (FINDINGS.md). Played as if
 * four phones had filmed them at the same moments (photo k of every camera shown from 0.6·k s for 0.6 s, two
 * frames each), they are a board that moves differently in every camera: no calibration can come of it.
 */
describe.skipIf(!hasData)('calibrateRig on the demo photos played as simultaneous recordings', () => {
  it('refuses every camera: the cameras disagree on where the board was', async () => {
    const dir = `${DEMO}/intrinsics`;
    const inputs = [];
    for (const cam of ['cam01', 'cam02', 'cam03', 'cam04']) {
      const frames = [];
      const frameTimesSec = [];
      const files = readdirSync(dir)
        .filter((f) => f.startsWith(`${cam}_`))
        .sort();
      for (const [k, f] of files.entries()) {
        const info = await probeVideo(`${dir}/${f}`);
        const img = await decodeImage(`${dir}/${f}`, info.displayWidth, info.displayHeight, 'gray');
        const gray = { width: img.width, height: img.height, data: img.data };
        frames.push(gray, gray);
        frameTimesSec.push(0.6 * k, 0.6 * k + 0.3);
      }
      inputs.push({ name: cam, frames, frameTimesSec });
    }
    const rig = calibrateRig(inputs, { rows: 4, cols: 7, squareSize: 0.06 });
    expect(rig.ok).toBe(false);
    expect(rig.calibratedCount).toBeLessThan(2);
    const codes = rig.perCamera.map((p) => p.reason);
    expect(codes).toEqual(['cameras_disagree', 'cameras_disagree', 'cameras_disagree', 'cameras_disagree']);
    for (const p of rig.perCamera)
      expect(p.message).toMatch(/^cameras \d and \d disagree on the board's position by \d+ cm$/);
    console.log(rig.perCamera.map((p) => `${p.name}: ${p.message}`).join('\n'));
  });
});
