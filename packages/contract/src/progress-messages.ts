/**
 * The texts the worker reports as a trial's processing progress (progress_info.message), kept here so that the
 * web app can show them in the user's language (its `contract` catalogue). The worker's own test checks that
 * every progress text it reports is one of these.
 */
export const PROGRESS_MESSAGES = {
  started: 'Processing started',
  downloading: 'Downloading videos',
  readingCalibration: 'Reading calibration videos',
  calibrating: 'Finding the checkerboard and calibrating cameras',
  savingCalibration: 'Saving calibration',
  detecting: 'Detecting the subject in the videos',
  detectingPercent: (percent: number) => `Detecting the subject in the videos (${percent}%)`,
  separating: 'Separating the subject from other people',
  reconstructing: 'Synchronising videos and reconstructing 3D keypoints',
  checkingCameras: 'Checking the camera positions against the subject',
  augmenting: 'Estimating anatomical markers',
  scaling: 'Scaling the model to the subject',
  savingNeutral: 'Saving the scaled model and neutral images',
  inverseKinematics: 'Computing joint angles (inverse kinematics)',
  writingResults: 'Writing results',
  writingVideos: 'Writing synchronised videos',
  blurringFaces: 'Blurring faces in the videos',
  aligningVideos: 'Aligning the videos in time',
  neutralDone: 'Neutral pose processed.',
  preparingArchive: 'Preparing the archive',
  archiveReady: 'Archive ready',
  done: 'Done',
} as const;
