/**
 * Acceptance 1 and 4 of the calibration issue: checkerboard detection and intrinsic calibration on the 28 real
 * images of ../shared/data/pose2sim-demo/calibration/intrinsics (4x7 inner corners, 60 mm squares), compared
 * with the lab's Qualisys calibration (Calib.qca.txt). Also reports the synthetic-render figures (acceptance 2).
 * `--images` writes the calibration images (corners + board axes) to bench/.out/calibration/.
 * Last line: {"boardsFound", "boardsTotal", "maxRmsPx", "maxFocalErrorPct", "msPerImage"}.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  calibrateIntrinsics,
  cameraCenter,
  calibrateRig,
  decodeImage,
  detectCheckerboard,
  drawCalibrationImage,
  importQualisysCalibration,
  lookAt,
  probeVideo,
  renderBoard,
  type BoardView,
  type CameraIntrinsics,
  type Mat3,
  type Point2,
  type Vec3,
} from '@poselab/pipeline';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const demo = resolve(root, '../shared/data/pose2sim-demo/calibration');
if (!existsSync(demo)) {
  console.error(`bench:calibration needs ${demo} (the shared test data); it is absent.`);
  process.exit(1);
}
const writeImages = process.argv.includes('--images');
const outDir = resolve(root, 'bench/.out/calibration');
if (writeImages) mkdirSync(outDir, { recursive: true });

const board = { rows: 4, cols: 7, squareSize: 0.06 };
const reference = importQualisysCalibration(readFileSync(resolve(demo, 'Calib.qca.txt'), 'utf8'));
const dir = resolve(demo, 'intrinsics');
const files = readdirSync(dir)
  .filter((f) => /\.(jpe?g|png)$/i.test(f))
  .sort();
const byCamera = new Map<string, string[]>();
for (const f of files) {
  const cam = f.split('_')[0];
  byCamera.set(cam, [...(byCamera.get(cam) ?? []), f]);
}

let found = 0;
let total = 0;
let detectMs = 0;
let maxDetectMs = 0;
let detectCpuMs = 0;
let maxDetectCpuMs = 0;
let maxRms = 0;
let maxFocalErr = 0;
console.log('camera  found  rmsPx   fx       fy       cx      cy      ref fx   focal err %  ms/image');
for (const [cam, camFiles] of byCamera) {
  const views: BoardView[] = [];
  const frames: { file: string; img: Awaited<ReturnType<typeof decodeImage>>; corners: Point2[] }[] = [];
  let size = { width: 0, height: 0 };
  let camMs = 0;
  for (const f of camFiles) {
    const info = await probeVideo(resolve(dir, f));
    const img = await decodeImage(resolve(dir, f), info.displayWidth, info.displayHeight, 'gray');
    size = { width: img.width, height: img.height };
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const d = detectCheckerboard(
      { width: img.width, height: img.height, data: img.data },
      board.rows,
      board.cols,
    );
    const cpu = process.cpuUsage(c0);
    const ms = performance.now() - t0;
    // CPU time too: on this shared 2-core machine wall time depends on what else runs.
    const cpuMs = (cpu.user + cpu.system) / 1000;
    detectCpuMs += cpuMs;
    maxDetectCpuMs = Math.max(maxDetectCpuMs, cpuMs);
    camMs += ms;
    maxDetectMs = Math.max(maxDetectMs, ms);
    total++;
    if (d.found) {
      found++;
      views.push({ corners: d.corners });
      frames.push({ file: f, img, corners: d.corners });
    } else console.log(`  ${f}: ${d.message}`);
  }
  detectMs += camMs;
  const res = calibrateIntrinsics(views, board, size);
  const camNumber = Number(cam.replace(/\D/g, ''));
  const ref = reference[camNumber - 1].intrinsics;
  const focalErr =
    Math.max(Math.abs(res.intrinsics.fx / ref.fx - 1), Math.abs(res.intrinsics.fy / ref.fy - 1)) * 100;
  maxRms = Math.max(maxRms, res.rmsPx);
  maxFocalErr = Math.max(maxFocalErr, focalErr);
  const i = res.intrinsics;
  console.log(
    `${cam.padEnd(7)} ${`${views.length}/${camFiles.length}`.padEnd(6)} ${res.rmsPx.toFixed(3).padEnd(7)} ${i.fx.toFixed(1).padEnd(8)} ${i.fy.toFixed(1).padEnd(8)} ${i.cx.toFixed(1).padEnd(7)} ${i.cy.toFixed(1).padEnd(7)} ${ref.fx.toFixed(1).padEnd(8)} ${focalErr.toFixed(2).padEnd(12)} ${(camMs / camFiles.length).toFixed(0)}`,
  );
  if (writeImages)
    frames.forEach((fr, k) => {
      // Camera model whose "world" is the board of this view: the drawn axes are the board axes.
      const camera = { name: cam, intrinsics: res.intrinsics, extrinsics: res.poses[k] };
      const png = drawCalibrationImage(fr.img, fr.corners, camera, {
        rows: board.rows,
        cols: board.cols,
        squareSize: board.squareSize,
      });
      writeFileSync(resolve(outDir, fr.file.replace(/\.\w+$/, '.png')), png);
    });
}

// Acceptance 2 figures: a synthetic 3-camera rig at 3 m (1080x1920 phones, 60 mm board, blur, noise, clutter).
const phone: CameraIntrinsics = {
  width: 1080,
  height: 1920,
  fx: 1684,
  fy: 1680,
  cx: 545,
  cy: 966.4,
  dist: [-0.05, 0.12, 0.0008, -0.0006, 0],
};
const synthetic = (placement: 'Perpendicular' | 'Lying', B: Mat3, eyes: Vec3[]) => {
  const c2: Vec3 = [0.18, 0.09, 0];
  const centre: Vec3 = [
    B[0] * c2[0] + B[1] * c2[1],
    B[3] * c2[0] + B[4] * c2[1],
    B[6] * c2[0] + B[7] * c2[1],
  ];
  let se = 0;
  let n = 0;
  const inputs = eyes.map((eye, k) => {
    const cw = lookAt(eye, centre, [0, 1, 0]);
    const R = cw.R;
    const Rcb = [0, 1, 2].flatMap((r) =>
      [0, 1, 2].map((c) => R[r * 3] * B[c] + R[r * 3 + 1] * B[3 + c] + R[r * 3 + 2] * B[6 + c]),
    ) as Mat3;
    const frames = [0, 1, 2, 3].map((f) => {
      const r = renderBoard({
        intrinsics: phone,
        pose: { R: Rcb, t: cw.t },
        board,
        blurSigma: 1.2,
        noiseSigma: 3,
        lightGradient: 0.5,
        supersample: 1,
        seed: 100 * k + f,
      });
      const d = detectCheckerboard(r.image, board.rows, board.cols);
      if (d.found)
        d.corners.forEach((p, q) => {
          se += (p[0] - r.corners[q][0]) ** 2 + (p[1] - r.corners[q][1]) ** 2;
          n++;
        });
      return r.image;
    });
    return { name: `cam${k + 1}`, frames, profile: phone };
  });
  const rig = calibrateRig(inputs, board, { placement });
  const posErr = rig.cameras.map((c, k) => {
    const C = cameraCenter(c.extrinsics);
    return Math.hypot(C[0] - eyes[k][0], C[1] - eyes[k][1], C[2] - eyes[k][2]) * 1000;
  });
  console.log(
    `synthetic ${placement}: ${rig.message} corner RMS ${Math.sqrt(se / n).toFixed(3)} px, camera position error ${posErr.map((e) => e.toFixed(1)).join(', ')} mm at 3 m`,
  );
};
const ring = (c: Vec3, height: number, degs: number[]): Vec3[] =>
  degs.map((d) => {
    const a = (d * Math.PI) / 180;
    const h = Math.sqrt(3.05 ** 2 - height ** 2);
    return [c[0] + h * Math.cos(a), c[1] + height, c[2] + h * Math.sin(a)];
  });
synthetic('Perpendicular', [0, 0, -1, 0, -1, 0, -1, 0, 0], ring([0, -0.09, -0.18], 0.3, [-40, 0, 25, 50]));
synthetic('Lying', [1, 0, 0, 0, 0, -1, 0, 1, 0], ring([0.18, 0, 0.09], 1.3, [200, 250, 300]));

console.log(
  `detection: ${found}/${total} boards; wall mean ${(detectMs / total).toFixed(0)} ms, max ${maxDetectMs.toFixed(0)} ms; CPU mean ${(detectCpuMs / total).toFixed(0)} ms, max ${maxDetectCpuMs.toFixed(0)} ms per image`,
);
console.log(
  JSON.stringify({
    boardsFound: found,
    boardsTotal: total,
    maxRmsPx: Number(maxRms.toFixed(3)),
    maxFocalErrorPct: Number(maxFocalErr.toFixed(2)),
    msPerImage: Number((detectMs / total).toFixed(1)),
  }),
);
