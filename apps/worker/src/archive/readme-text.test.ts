import { describe, expect, it } from 'vitest';
import { writeTrc } from '@poselab/biomech';
import type { ArchiveSession } from '@poselab/contract';
import { readTrcAsOpenCap } from '../../../../packages/biomech/src/testing/opencap-reader';
import { readmeText } from './readme-text';

const session = {
  folder: 'OpenCapData_s1',
  metadata: { session_id: 's1', session_name: null },
  cameras: [],
  trials: [{ name: 'walk', kind: 'dynamic', status: 'done' }],
  files: [],
  analyses: [],
  calibration_images: 'included',
} as unknown as ArchiveSession;

/** The README's CalibrationImages/ section. */
const calibrationSection = (s: ArchiveSession) => {
  const readme = readmeText(s, false, '2026-01-01T00:00:00Z');
  return readme.slice(readme.indexOf('CalibrationImages/'), readme.indexOf('MarkerData/'));
};

describe('archive README', () => {
  it('states the units the .trc header declares and its values have (metres)', () => {
    // The .trc as the worker stores it (processors/dynamic.ts: writeTrc with its defaults), one marker 1.2 m up.
    const trc = readTrcAsOpenCap(
      writeTrc({
        names: ['C7_study'],
        time: [0, 0.01],
        frames: [
          [0.1, 1.2, 0.3],
          [0.1, 1.2, 0.3],
        ].map((f) => Float64Array.from(f)),
      }),
    );
    expect(trc.units).toBe('m');
    expect(trc.marker('C7_study')[0][1]).toBeCloseTo(1.2, 6);
    const readme = readmeText(session, false, '2026-01-01T00:00:00Z');
    const markerData = readme.slice(readme.indexOf('MarkerData/'), readme.indexOf('OpenSimData/Model/'));
    expect(markerData).toMatch(/\.trc, metres, the Units field of its header/);
    expect(readme).not.toMatch(/millimet/i);
    expect(readme).toMatch(/neutral\.mot/);
  });

  it('says what CalibrationImages/ holds, and why it is empty when it is', () => {
    expect(calibrationSection(session)).toMatch(/calib_imgCam<i>\.png: the checkerboard as camera i saw it/);
    const imported = calibrationSection({ ...session, calibration_images: 'imported' });
    expect(imported).toMatch(/Empty: the cameras were calibrated from a file/);
    expect(imported).not.toMatch(/calib_imgCam/);
    expect(calibrationSection({ ...session, calibration_images: 'withheld' })).toMatch(/leaves them out/);
    expect(calibrationSection({ ...session, calibration_images: 'none' })).toMatch(
      /Empty: no calibration images/,
    );
    // A payload queued before the field existed.
    const { calibration_images: _old, ...older } = session;
    expect(calibrationSection(older as ArchiveSession)).toMatch(/Empty: no calibration images/);
  });

  it('says which copy of the videos the folder holds, and which videos have no de-identified copy', () => {
    const videos = (s: Partial<ArchiveSession>, withVideos = true) => {
      const readme = readmeText({ ...session, ...s }, withVideos, '2026-01-01T00:00:00Z');
      return readme.slice(readme.indexOf('calibration.toml:'), readme.indexOf('Trials in the recycle bin'));
    };
    expect(videos({ videos: 'original' })).toMatch(/<trial>\.mp4: the video camera i recorded\.\n/);
    expect(videos({ videos: 'original' })).not.toMatch(/blurred|Left out/);
    const blurred = videos({
      videos: 'deidentified',
      videos_left_out: [
        'Videos/Cam0/InputMedia/squat/squat.mp4',
        'Videos/Cam1/InputMedia/squat/squat_sync.mp4',
      ],
    });
    expect(blurred).toMatch(/de-identified: every face\s+blurred/);
    expect(blurred).toMatch(
      /Left out because no de-identified copy[^]*\n {4}Videos\/Cam0\/InputMedia\/squat\/squat\.mp4\n {4}Videos\/Cam1\/InputMedia\/squat\/squat_sync\.mp4\n/,
    );
    expect(videos({ videos: 'deidentified', videos_left_out: [] })).not.toMatch(/Left out/);
    expect(videos({ videos: 'none' })).toMatch(/Videos were left out of this download/);
    // A payload queued before the field existed: as with_videos says.
    expect(videos({}, true)).toMatch(/the video camera i recorded\.\n/);
    expect(videos({}, false)).toMatch(/Videos were left out/);
  });
});
