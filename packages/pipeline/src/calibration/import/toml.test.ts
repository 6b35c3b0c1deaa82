import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { projectPoint } from '../../camera/camera-model';
import { importQualisysCalibration } from './qualisys';
import { exportTomlCalibration, importTomlCalibration } from './toml';
import { parseToml } from './toml-subset';

const POSE2SIM_STYLE = `
# written by Pose2Sim
[cam_01]
name = "cam_01"
size = [ 1088.0, 1920.0,]
matrix = [ [ 1000.0, 0.0, 500.0,], [ 0.0, 1000.0, 400.0,], [ 0.0, 0.0, 1.0,],]
distortions = [ 0.0, 0.0, 0.0, 0.0,]
rotation = [ 0.0, 0.0, 0.0,]
translation = [ 0.0, 0.0, 2.0,]
fisheye = false

[metadata]
adjusted = false
error = 0.0
`;

describe('parseToml (subset)', () => {
  it('reads tables, strings, numbers, booleans and nested multi-line arrays', () => {
    const doc = parseToml(
      `top = 1\n[a]\ns = "x\\ty" # c\nl = 'raw\\n'\nb = true\nn = -1.5e-3\narr = [\n [1, 2,],\n [3],\n]\n["quoted name"]\nk = 1_000`,
    );
    expect(doc.root.top).toBe(1);
    expect(doc.tables.get('a')).toEqual({ s: 'x\ty', l: 'raw\\n', b: true, n: -1.5e-3, arr: [[1, 2], [3]] });
    expect(doc.tables.get('quoted name')).toEqual({ k: 1000 });
  });
  it('gives the line of an error', () => {
    expect(() => parseToml('[a]\nx = {y = 1}')).toThrow(/line 2: inline tables/);
    expect(() => parseToml('x = [1, 2')).toThrow(/line 1/);
    expect(() => parseToml('x = 1 2')).toThrow(/unexpected '2'/);
  });
});

describe('importTomlCalibration', () => {
  it('reads a Pose2Sim file and converts its Z-up world to Y up', () => {
    const [cam] = importTomlCalibration(POSE2SIM_STYLE);
    expect(cam.name).toBe('cam_01');
    expect(cam.intrinsics).toMatchObject({ width: 1088, height: 1920, fx: 1000, fy: 1000, cx: 500, cy: 400 });
    // File world point (0.1, 0.2, 0) is 2 m in front of the camera: pixel (500 + 1000·0.05, 400 + 1000·0.1).
    // In PoseLab's Y-up world that point is (x, z, −y) = (0.1, 0, −0.2).
    const p = projectPoint(cam, [0.1, 0, -0.2])!;
    expect(p[0]).toBeCloseTo(550, 9);
    expect(p[1]).toBeCloseTo(500, 9);
    const [keep] = importTomlCalibration(POSE2SIM_STYLE, { upAxis: 'y' });
    const q = projectPoint(keep, [0.1, 0.2, 0])!;
    expect(q[0]).toBeCloseTo(550, 9);
  });

  it('rejects fisheye cameras and malformed matrices clearly', () => {
    expect(() => importTomlCalibration(POSE2SIM_STYLE.replace('fisheye = false', 'fisheye = true'))).toThrow(
      /fisheye/,
    );
    expect(() => importTomlCalibration(POSE2SIM_STYLE.replace('[ 0.0, 0.0, 1.0,],]', ']'))).toThrow(/3x3/);
    expect(() => importTomlCalibration('[metadata]\nerror = 0')).toThrow(/no camera tables/);
  });

  const CALIB = fileURLToPath(
    new URL('../../../../../../shared/data/pose2sim-demo/calibration/Calib.qca.txt', import.meta.url),
  );
  it.skipIf(!existsSync(CALIB))('round-trips the demo Qualisys calibration through export and import', () => {
    const cams = importQualisysCalibration(readFileSync(CALIB, 'utf8'));
    const text = exportTomlCalibration(cams);
    expect(text).toContain('[cam_03]');
    const back = importTomlCalibration(text);
    expect(back).toHaveLength(4);
    const pt: [number, number, number] = [0.3, 1.1, -0.2];
    for (let i = 0; i < 4; i++) {
      const a = projectPoint(cams[i], pt)!;
      const b = projectPoint(back[i], pt)!;
      expect(b[0]).toBeCloseTo(a[0], 6);
      expect(b[1]).toBeCloseTo(a[1], 6);
    }
  });
});
