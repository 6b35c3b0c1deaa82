import { describe, expect, it } from 'vitest';
import type { CameraCalibrationResult, JobVideo } from '@poselab/contract';
import { ProcessingError } from '../host';
import { camerasOfTrial, leftOutCameras, markersOf, withPairedNames } from './keypoint-stage';
import { dropUnsteadyMarkers, medianJumpsMm } from './marker-quality';

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
  it('pairs videos with their phone camera and names cameras as their phones were paired', () => {
    const views = camerasOfTrial([video('v1', 'a'), video('v2', 'c'), video('v3', 'b')], cal);
    expect(views.map((v) => [v.number, v.camera.name, v.alternative !== null])).toEqual([
      [1, 'ca', true],
      [3, 'cb', false],
    ]);
    expect(leftOutCameras(views, [1])).toEqual(['Subject not visible in phone a; it was left out.']);
  });
  it("uses the pairing name 'Camera N', not the upload order, in every text users read", () => {
    // Camera 2 uploaded first, Camera 1 second.
    const paired = (id: string, device: string, name: string) => ({
      ...video(id, device),
      device_name: name,
    });
    const views = camerasOfTrial([paired('v1', 'b', 'Camera 2'), paired('v2', 'a', 'Camera 1')], cal);
    expect(views.map((v) => v.number)).toEqual([2, 1]);
    expect(leftOutCameras(views, [1])).toEqual(['Subject not visible in Camera 2; it was left out.']);
    expect(
      withPairedNames(['Camera 1 does not match the trial: no motion', 'Camera 2: too little motion'], views),
    ).toEqual(['Camera 2 does not match the trial: no motion', 'Camera 1: too little motion']);
  });
  it('refuses a trial with fewer than 2 calibrated cameras in user words', () => {
    expect(() => camerasOfTrial([video('v1', 'a'), video('v2', 'c')], cal)).toThrow(ProcessingError);
    expect(() => camerasOfTrial([video('v1', 'a'), video('v2', 'c')], cal)).toThrow(/Only 1 of the 2 videos/);
  });
});

describe('markers and their steadiness', () => {
  // Two keypoints over 5 frames: 'still' jitters by 1 mm, 'flip' jumps 5 cm every frame.
  const positions = [
    Float64Array.from([0, 0, 0, 0.001, 0, 0, 0, 0, 0, 0.001, 0, 0, 0, 0, 0]),
    Float64Array.from([0, 1, 0, 0.05, 1, 0, 0, 1, 0, 0.05, 1, 0, 0, 1, 0]),
  ];
  const kp = {
    names: ['still', 'flip'],
    fps: 50,
    frameCount: 5,
    startTimeSec: 2,
    positions,
    reprojectionErrorPx: [],
    cameraCount: [],
  };
  it('turns 3D keypoints into marker trajectories on the common clock', () => {
    const m = markersOf(kp);
    expect(m.names).toEqual(['still', 'flip']);
    expect(m.time).toEqual([2, 2.02, 2.04, 2.06, 2.08]);
    expect([...m.frames[1]]).toEqual([0.001, 0, 0, 0.05, 1, 0]);
  });
  it('leaves out keypoints that jump while the subject stands still', () => {
    const m = markersOf(kp);
    expect(medianJumpsMm(m).map((v) => Math.round(v))).toEqual([1, 50]);
    const { data, dropped } = dropUnsteadyMarkers(m, 15);
    expect(dropped).toEqual(['flip']);
    expect(Number.isNaN(data.frames[0][3])).toBe(true);
    expect(data.frames[0][0]).toBe(0);
  });
  it('leaves out a keypoint that drifts by centimetres in every window, even with small jumps', () => {
    // 'slide' drifts 14 mm per frame (a detection sliding along the limb): median jump 14 mm, under the 15 mm
    // jump limit, but about 24 mm RMS in every 0.1 s window.
    const frames = 11;
    const slide = Float64Array.from({ length: frames * 3 }, (_, i) => (i % 3 === 0 ? (0.014 * i) / 3 : 0));
    const still = Float64Array.from({ length: frames * 3 }, (_, i) => (i % 3 === 0 ? 0.001 * (i % 2) : 1));
    const m = markersOf({ ...kp, names: ['still', 'slide'], frameCount: frames, positions: [still, slide] });
    expect(dropUnsteadyMarkers(m, 15).dropped).toEqual([]);
    const { dropped } = dropUnsteadyMarkers(m, 15, { maxStillMm: 15, stillWindowSec: 0.1 });
    expect(dropped).toEqual(['slide']);
  });
});
