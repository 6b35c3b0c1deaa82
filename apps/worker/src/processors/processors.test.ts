import { describe, expect, it } from 'vitest';
import type { CameraCalibrationResult, JobVideo } from '@poselab/contract';
import { ProcessingError } from '../host';
import { cameraRefs, camerasOfTrial } from './keypoint-stage';

const camera = (name: string) => ({
  name,
  intrinsics: {
    width: 100,
    height: 200,
    fx: 100,
    fy: 100,
    cx: 50,
    cy: 100,
    dist: [0, 0, 0, 0, 0] as [number, number, number, number, number],
  },
  extrinsics: {
    R: [1, 0, 0, 0, 1, 0, 0, 0, 1] as [
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
      number,
    ],
    t: [0, 0, 2] as [number, number, number],
  },
});
const video = (id: string, device: string): JobVideo => ({
  id,
  device_id: device,
  device_name: `phone ${device}`,
  fps: 60,
  width: 100,
  height: 200,
  rotation: 0,
  duration_sec: 1,
  start_time_ms: null,
  frame_timestamps: null,
  file_name: `${device}.mp4`,
});

describe('camerasOfTrial', () => {
  const cal: CameraCalibrationResult = {
    source: 'recorded',
    created_at: '2026-01-01T00:00:00Z',
    cameras: [
      { device_id: 'b', camera: camera('cb'), alternative_extrinsics: null },
      { device_id: 'a', camera: camera('ca'), alternative_extrinsics: camera('x').extrinsics },
    ],
  };
  it('pairs videos with their phone camera and numbers cameras in video order', () => {
    const views = camerasOfTrial([video('v1', 'a'), video('v2', 'c'), video('v3', 'b')], cal);
    expect(views.map((v) => [v.number, v.camera.name, v.alternative !== null])).toEqual([
      [1, 'ca', true],
      [3, 'cb', false],
    ]);
    // Users know cameras by pairing order ('Camera 3' is the third video), with their phone.
    expect(cameraRefs(views)).toEqual([
      { device_id: 'a', camera: 'Camera 1' },
      { device_id: 'b', camera: 'Camera 3' },
    ]);
  });
  it("names cameras by the phone's pairing name ('Camera 2'), not by upload order", () => {
    const paired = (id: string, device: string, name: string) => ({
      ...video(id, device),
      device_name: name,
    });
    const views = camerasOfTrial([paired('v1', 'b', 'Camera 2'), paired('v2', 'a', 'Camera 1')], cal);
    expect(views.map((v) => v.number)).toEqual([2, 1]);
    expect(cameraRefs(views)).toEqual([
      { device_id: 'b', camera: 'Camera 2' },
      { device_id: 'a', camera: 'Camera 1' },
    ]);
  });
  it('refuses a trial with fewer than 2 calibrated cameras in user words', () => {
    expect(() => camerasOfTrial([video('v1', 'a'), video('v2', 'c')], cal)).toThrow(ProcessingError);
    expect(() => camerasOfTrial([video('v1', 'a'), video('v2', 'c')], cal)).toThrow(/Only 1 of the 2 videos/);
  });
});
