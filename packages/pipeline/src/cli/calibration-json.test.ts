import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportTomlCalibration, importTomlCalibration } from '../calibration/import/toml';
import { syntheticRig } from '../triangulation/synthetic-rig';
import { importPoseLabCalibration, loadCalibration } from './inputs';

describe("the CLI's --calibration camera-calibration.json (a PoseLab trial's calibration)", () => {
  const cameras = syntheticRig();
  const result = {
    source: 'toml',
    created_at: '2026-01-01T00:00:00Z',
    cameras: cameras.map((camera, i) => ({ device_id: `d${i}`, camera, alternative_extrinsics: null })),
  };

  it('reads the cameras bit for bit, in order, where a .toml round trip does not', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'poselab-calib-json-'));
    try {
      const file = path.join(dir, 'camera-calibration.json');
      await writeFile(file, JSON.stringify(result));
      const loaded = await loadCalibration(file);
      // (JSON has no -0: the stored calibration the worker reads has none either.)
      expect(loaded.cameras).toEqual(JSON.parse(JSON.stringify(cameras)));
      // Through Rodrigues vectors the rotations come back a few ulps off: enough to change the subject regions
      // of a second detection pass, and with them the detections.
      const viaToml = importTomlCalibration(exportTomlCalibration(cameras));
      expect(viaToml.some((c, i) => c.extrinsics.R.some((v, k) => v !== cameras[i].extrinsics.R[k]))).toBe(
        true,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('names what is wrong with a file that is not one', () => {
    expect(() => importPoseLabCalibration('{', 'c.json')).toThrow(/c\.json is not valid JSON/);
    expect(() => importPoseLabCalibration('{"cameras": []}', 'c.json')).toThrow(/c\.json has no cameras/);
    const broken = structuredClone(result);
    (broken.cameras[1].camera.extrinsics as { t: number[] }).t = [0, 1];
    expect(() => importPoseLabCalibration(JSON.stringify(broken), 'c.json')).toThrow(
      /camera 2 has no complete camera model/,
    );
  });
});
