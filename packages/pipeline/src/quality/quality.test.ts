import { describe, expect, it } from 'vitest';
import { checkQuality, QualityError } from './limits';
import type { QualityFigures } from './figures';
import { fillTemplate, processingWarning, renumberCameras, WARNING_MESSAGES } from './warnings';

const figures = (over: Partial<QualityFigures> = {}): QualityFigures => ({
  ik_marker_rms_mm: 15,
  ik_marker_worst: [{ marker: 'r_knee', rms_mm: 30 }],
  coordinates_at_limit: [],
  reprojection: {
    mean_px: 10,
    per_camera: [
      { device_id: 'a', camera: 'Camera 1', mean_px: 9 },
      { device_id: 'b', camera: 'Camera 2', mean_px: 10 },
      { device_id: 'c', camera: 'Camera 3', mean_px: 11 },
    ],
    per_keypoint: [],
  },
  cameras_left_out: [],
  ...over,
});

describe('coded warnings', () => {
  it('fill their English templates from the params, with {{name}} placeholders the web catalogue shares', () => {
    const w = processingWarning('coordinate_at_limit', {
      coordinate: 'knee_angle_r',
      limit: 'min',
      frames_pct: 12,
    });
    expect(w).toEqual({
      code: 'coordinate_at_limit',
      params: { coordinate: 'knee_angle_r', limit: 'min', frames_pct: 12 },
      message: 'knee_angle_r sits at its min limit in 12 % of the frames.',
    });
    expect(fillTemplate('{{a}} and {{b}}', { a: 1 })).toBe('1 and {{b}}');
    for (const template of Object.values(WARNING_MESSAGES)) expect(template).toMatch(/^[A-Z{]/);
  });

  it('take the users’ camera numbers (videos of uncalibrated phones never reach the pipeline)', () => {
    const [w] = renumberCameras([processingWarning('camera_no_overlap', { camera: 2 })], [1, 3, 4]);
    expect(w.params.camera).toBe(3);
    expect(w.message).toMatch(/^Camera 3 was left out/);
  });
});

describe('quality limits', () => {
  it('end a trial whose model does not follow the keypoints in an error that says what to do', () => {
    // Four fake phones with a wrong calibration fitted to 153 mm with shoulders at 262° and were shown as done.
    const bad = figures({ ik_marker_rms_mm: 153 });
    expect(() => checkQuality('trial', bad)).toThrow(QualityError);
    expect(() => checkQuality('trial', bad)).toThrow(
      /153 mm.*calibration is current.*record the trial again/s,
    );
    expect(() => checkQuality('neutral', figures({ ik_marker_rms_mm: 45 }))).toThrow(/neutral pose again/);
    expect(checkQuality('trial', figures({ ik_marker_rms_mm: 45 })).map((w) => w.code)).toEqual([
      'ik_marker_error_high',
    ]);
  });

  it('warn about coordinates at a limit in a trial (not in the neutral) and a camera far off the others', () => {
    const limits = figures({
      coordinates_at_limit: [
        { coordinate: 'hip_flexion_r', limit: 'min', frames_pct: 8 },
        { coordinate: 'knee_angle_l', limit: 'min', frames_pct: 3 },
      ],
    });
    expect(checkQuality('trial', limits).map((w) => w.params.coordinate)).toEqual(['hip_flexion_r']);
    expect(checkQuality('neutral', limits)).toEqual([]);
    const q = figures();
    q.reprojection!.per_camera[2].mean_px = 31;
    expect(checkQuality('trial', q)).toEqual([
      processingWarning('reprojection_high', { camera: 3, px: 31, others_px: 10 }),
    ]);
  });
});
