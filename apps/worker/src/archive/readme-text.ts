import type { ArchiveSession } from '@poselab/contract';

/**
 * The units of the stored .trc files: the worker writes them with biomech's writeTrc, whose default is metres
 * (header 'Units m'); the README must say what the header says.
 */
export const TRC_UNITS_TEXT = 'metres';

/** What the README says of CalibrationImages/, by what it holds (ArchiveSession.calibration_images). */
export const CALIBRATION_IMAGES_TEXT: Record<ArchiveSession['calibration_images'], string[]> = {
  included: [
    '  calib_imgCam<i>.png: the checkerboard as camera i saw it during calibration, with the detected corners.',
  ],
  imported: [
    '  Empty: the cameras were calibrated from a file (Videos/calibration.toml holds them), not from',
    '  checkerboard recordings, so no calibration images exist.',
  ],
  withheld: [
    '  Empty: the calibration images show the room and may show people; this download leaves them out,',
    '  as it does the original videos.',
  ],
  none: [
    '  Empty: no calibration images are stored for this session (no checkerboard calibration, or its',
    '  images were deleted).',
  ],
};

/**
 * What the README says of the videos, by the copy the folder holds (ArchiveSession.videos; a payload made
 * before the field: the originals when with_videos).
 */
export function videosText(session: ArchiveSession, withVideos: boolean): string[] {
  const copy = session.videos ?? (withVideos ? 'original' : 'none');
  if (copy === 'none') return ['  Videos were left out of this download.'];
  const lines =
    copy === 'original'
      ? ['  Cam<i>/InputMedia/<trial>/<trial>.mp4: the video camera i recorded.']
      : [
          '  Cam<i>/InputMedia/<trial>/<trial>.mp4: the video camera i recorded, de-identified: every face',
          '  blurred (the original videos are not in this download).',
        ];
  lines.push(
    '  Cam<i>/InputMedia/<trial>/<trial>_sync.mp4: the same, cut to the synchronised range of the trial',
    `  (H.264), frame for frame with the .trc and .mot${copy === 'deidentified' ? ', faces blurred too' : ''}.`,
  );
  const leftOut = session.videos_left_out ?? [];
  if (copy === 'deidentified' && leftOut.length > 0)
    lines.push(
      '  Left out because no de-identified copy of them exists (recorded before de-identification, or',
      '  their de-identification failed):',
      ...leftOut.map((p) => `    ${p}`),
    );
  return lines;
}

/** README.txt of a session folder: what every folder holds, in which units and frames. */
export function readmeText(session: ArchiveSession, withVideos: boolean, exportedAt: string): string {
  const m = session.metadata;
  const lines = [
    `PoseLab data of session ${m.session_id}${m.session_name ? ` (${m.session_name})` : ''}`,
    `Exported ${exportedAt.slice(0, 10)}. The layout follows OpenCap's data downloads, so scripts`,
    'written for those read these folders too.',
    '',
    'Coordinates: metres, world frame with its origin at the first inner corner of the calibration board,',
    'Y up (OpenSim convention). Times: seconds from the start of the synchronised recording.',
    '',
    'sessionMetadata.yaml',
    '  Subject (subjectID, mass_kg, height_m, sex), the OpenSim model and marker augmenter used, the filter',
    "  frequency (Hz, or 'default'), the frame rate (frames/s), the checkerboard (inner corners, square side in",
    '  mm, placement) and the phone model of each camera. PoseLab-specific fields sit under `poselab`.',
    '',
    'CalibrationImages/',
    ...(CALIBRATION_IMAGES_TEXT[session.calibration_images] ?? CALIBRATION_IMAGES_TEXT.none),
    '',
    'MarkerData/',
    `  <trial>.trc: 3D marker trajectories (OpenSim .trc, ${TRC_UNITS_TEXT}, the Units field of its header) of each`,
    '  trial: the video keypoints (OpenPose names), then the anatomical markers (*_study) when the marker',
    '  augmenter ran. The neutral pose is neutral.trc.',
    '',
    'OpenSimData/Model/',
    '  <model>_scaled.osim: the OpenSim model scaled to the subject from the neutral pose.',
    '',
    'OpenSimData/Kinematics/',
    '  <trial>.mot: joint kinematics from inverse kinematics (OpenSim .mot, inDegrees=yes: angles in degrees,',
    '  pelvis translations in metres; one column per coordinate of the model, in its order). The neutral',
    '  pose is neutral.mot.',
    '',
    'Videos/',
    '  Cam<i>/cameraIntrinsicsExtrinsics.json: camera i (pairing order, from 0): intrinsics in pixels (fx, fy,',
    '  cx, cy, distortion k1 k2 p1 p2 k3) and extrinsics world -> camera (Xc = R Xw + t, metres).',
    '  calibration.toml: the same cameras in the format Pose2Sim and anipose read (their world is Z up).',
  ];
  lines.push(...videosText(session, withVideos));
  if (session.analyses.length > 0) {
    lines.push(
      '',
      'Analyses/',
      '  <trial>/<function>.json: the result of an analysis function (series, metrics, events).',
      '  <trial>/<function>_metrics.csv: its metrics, amplitudes and scalar values as a table.',
    );
  }
  lines.push(
    '',
    'Trials in the recycle bin are not included.',
    `Trials: ${session.trials.map((t) => `${t.name} (${t.status})`).join(', ') || 'none'}.`,
    '',
  );
  return lines.join('\n');
}
