import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CameraIntrinsics, Vec3 } from '../../camera/camera-model';
import { encodePng } from '../render/png';
import { renderBoard } from '../synthetic/render-board';
import { lookAt } from '../synthetic/scene';
import { calibrateRecordings } from './calibrate-recordings';

const dir = mkdtempSync(join(tmpdir(), 'poselab-calib-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('calibrateRecordings (files → rig → calibration images)', () => {
  it('calibrates two cameras from their recordings with a stored profile and draws their images', async () => {
    const intr: CameraIntrinsics = {
      width: 480,
      height: 640,
      fx: 600,
      fy: 600,
      cx: 239.5,
      cy: 319.5,
      dist: [0, 0, 0, 0, 0],
    };
    const board = { rows: 4, cols: 5, squareSize: 0.035 };
    const centre: Vec3 = [0.07, 0.05, 0];
    const files = (
      [
        [0.25, 0.1, -0.6],
        [-0.2, 0.05, -0.65],
      ] as Vec3[]
    ).map((eye, i) => {
      const img = renderBoard({
        intrinsics: intr,
        pose: lookAt(eye, centre, [0, -1, 0]),
        board,
        blurSigma: 0.8,
        supersample: 1,
        seed: i,
      }).image;
      const file = join(dir, `cam${i + 1}.png`);
      writeFileSync(file, encodePng(img.width, img.height, 1, img.data));
      return file;
    });
    const { rig, images } = await calibrateRecordings(
      files.map((file, i) => ({ name: `phone${i + 1}`, file, phoneModel: 'TestPhone' })),
      board,
      {
        placement: 'Perpendicular',
        profiles: [{ phoneModel: 'TestPhone', intrinsics: intr, rmsPx: 0.1, views: 10 }],
      },
    );
    expect(rig.message).toBe('2 devices calibrated successfully.');
    expect(rig.perCamera.map((p) => p.intrinsicsSource)).toEqual(['profile', 'profile']);
    expect(images.map((i) => i.name)).toEqual(['phone1', 'phone2']);
    expect([...images[0].png.subarray(1, 4)].map((c) => String.fromCharCode(c)).join('')).toBe('PNG');
  });
});
