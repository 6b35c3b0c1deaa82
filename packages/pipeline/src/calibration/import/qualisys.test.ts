import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cameraCenter, projectPoint } from '../../camera/camera-model';
import { importQualisysCalibration } from './qualisys';

const CALIB = fileURLToPath(
  new URL('../../../../../../shared/data/pose2sim-demo/calibration/Calib.qca.txt', import.meta.url),
);
const hasData = existsSync(CALIB);

describe.skipIf(!hasData)('importQualisysCalibration on the Pose2Sim demo Calib.qca.txt', () => {
  if (!hasData) console.warn(`skipping: ${CALIB} not found (../shared/data absent)`);
  const xml = hasData ? readFileSync(CALIB, 'utf8') : '';

  it('reads 4 cameras with intrinsics in 1/64 pixel units', () => {
    const cams = importQualisysCalibration(xml);
    expect(cams.map((c) => c.name)).toEqual(['cam_01', 'cam_02', 'cam_03', 'cam_04']);
    const i = cams[0].intrinsics;
    expect(i.width).toBe(1088);
    expect(i.height).toBe(1920);
    expect(i.fx).toBeCloseTo(107599.671875 / 64, 9);
    expect(i.fy).toBeCloseTo(107588.828125 / 64, 9);
    expect(i.cx).toBeCloseTo(34110.316406 / 64, 9);
    expect(i.cy).toBeCloseTo(60680.792969 / 64, 9);
    // Distortion coefficients are dimensionless: not scaled (see qualisys.ts).
    expect(i.dist).toEqual([-0.046183, 0.139983, 0.000608, 0.00069, 0]);
  });

  it('projects a 3D point to the pixel computed by hand from the file numbers (cam_01)', () => {
    // cam_01 <transform>: rows of M are the Qualisys camera axes in world coordinates; x, y, z = camera centre (mm).
    const M = [
      [0.5536380477336265, 0.8046719867383512, 0.2144479094331626],
      [-0.4345300743838753, 0.05946489349975602, 0.8986921279821063],
      [0.7104002579937896, -0.5907342212870501, 0.3825762057979294],
    ];
    const C = [1460.2323709212087, -1909.1590482454608, 1896.5058524092062];
    // A point in the lab's Z-up frame, mm: 0.2 m along X, −0.1 m along Y, 1 m up.
    const Xq = [200, -100, 1000];
    const d = [Xq[0] - C[0], Xq[1] - C[1], Xq[2] - C[2]];
    const q = M.map((row) => row[0] * d[0] + row[1] * d[1] + row[2] * d[2]);
    // Qualisys cameras look along −Z with Y up: OpenCV camera coordinates are (q0, −q1, −q2).
    const xc = q[0];
    const yc = -q[1];
    const zc = -q[2];
    expect(zc).toBeCloseTo(2306.98337047, 6);
    const x = xc / zc;
    const y = yc / zc;
    const [k1, k2, p1, p2] = [-0.046183, 0.139983, 0.000608, 0.00069];
    const r2 = x * x + y * y;
    const radial = 1 + k1 * r2 + k2 * r2 * r2;
    const xd = x * radial + 2 * p1 * x * y + p2 * (r2 + 2 * x * x);
    const yd = y * radial + p1 * (r2 + 2 * y * y) + 2 * p2 * x * y;
    const u = (107599.671875 / 64) * xd + 34110.316406 / 64;
    const v = (107588.828125 / 64) * yd + 60680.792969 / 64;
    // Same numbers evaluated independently (numpy, float64).
    expect(u).toBeCloseTo(944.5775046407897, 8);
    expect(v).toBeCloseTo(1057.6488359075154, 8);

    const [cam01] = importQualisysCalibration(xml);
    // PoseLab world is Y up: (x, y, z)_poselab = (x, z, −y)_qualisys, in metres.
    const px = projectPoint(cam01, [0.2, 1.0, 0.1]);
    expect(px).not.toBeNull();
    expect(px![0]).toBeCloseTo(u, 6);
    expect(px![1]).toBeCloseTo(v, 6);

    const zUp = importQualisysCalibration(xml, { yUp: false })[0];
    const pz = projectPoint(zUp, [0.2, -0.1, 1.0]);
    expect(pz![0]).toBeCloseTo(u, 6);
    expect(pz![1]).toBeCloseTo(v, 6);
  });

  it('places each camera at its file position (converted to Y up, metres) with a proper rotation', () => {
    const cams = importQualisysCalibration(xml);
    const c = cameraCenter(cams[1].extrinsics);
    expect(c[0]).toBeCloseTo(2.5820136248568124, 9);
    expect(c[1]).toBeCloseTo(1.6909818366061595, 9);
    expect(c[2]).toBeCloseTo(-0.7065662881637625, 9);
    for (const cam of cams) {
      const R = cam.extrinsics.R;
      const det =
        R[0] * (R[4] * R[8] - R[5] * R[7]) -
        R[1] * (R[3] * R[8] - R[5] * R[6]) +
        R[2] * (R[3] * R[7] - R[4] * R[6]);
      expect(det).toBeCloseTo(1, 6);
    }
  });
});

describe('importQualisysCalibration errors', () => {
  it('rejects text that is not a Qualisys calibration', () => {
    expect(() => importQualisysCalibration('hello')).toThrow(/no <calibration> root/);
    expect(() => importQualisysCalibration('<calibration><cameras></cameras></calibration>')).toThrow(
      /no <camera>/,
    );
  });
  it('names the missing attribute', () => {
    const xml = `<calibration><cameras><camera serial="c1" model="none"><fov_video left="0" top="0" right="9" bottom="9"/>
      <transform r11="1" r12="0" r13="0" r21="0" r22="1" r23="0" r31="0" r32="0" r33="1" x="0" y="0" z="0"/>
      <intrinsic focalLengthU="64" centerPointU="0" centerPointV="0" radialDistortion1="0" radialDistortion2="0"
        tangentalDistortion1="0" tangentalDistortion2="0"/></camera></cameras></calibration>`;
    expect(() => importQualisysCalibration(xml)).toThrow(/camera c1 has no numeric "focalLengthV"/);
  });
});
