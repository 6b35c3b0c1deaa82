/**
 * Why a camera (or a whole calibration) was refused, as a coded message: a stable `code`, its `params` and the
 * English `message`, so that an app can show it in the user's language (same shape as the contract's
 * processing warnings). Cameras are numbered from 1 in input order (the worker passes them in pairing order).
 */
export type CalibrationIssueCode =
  | 'board_not_found'
  | 'board_too_small'
  | 'wrong_board_size'
  | 'too_few_views'
  | 'board_never_still'
  | 'board_seen_apart'
  | 'camera_turned'
  | 'cameras_disagree'
  | 'camera_too_far'
  | 'camera_too_close_to_board'
  | 'camera_below_floor'
  | 'cameras_too_close'
  | 'no_shared_view'
  | 'calibrated_cameras_disagree'
  | 'placement_mismatch'
  | 'too_few_cameras';

export interface CalibrationIssue {
  code: CalibrationIssueCode;
  params: Record<string, string | number>;
  message: string;
}

const fixed = (v: number, digits: number) => Number(v.toFixed(digits));
const KEEP_STILL = 'keep the board still while calibrating';

/** Builders of every issue, so that code, params and words always match. */
export const issues = {
  boardNotFound: (camera: number, frames: number): CalibrationIssue => ({
    code: 'board_not_found',
    params: { camera, frames },
    message: `camera ${camera} did not see the whole board in any of the ${frames} frames searched: make sure every camera sees the whole board`,
  }),
  boardTooSmall: (camera: number, squarePx: number, minPx: number): CalibrationIssue => ({
    code: 'board_too_small',
    params: { camera, square_px: fixed(squarePx, 1), min_px: minPx },
    message: `the board is too small in camera ${camera} (squares of ${squarePx.toFixed(1)} px, at least ${minPx} needed): bring the board closer or use a bigger board`,
  }),
  wrongBoardSize: (camera: number, rows: number, cols: number): CalibrationIssue => ({
    code: 'wrong_board_size',
    params: { camera, rows, cols },
    message: `wrong board size: found a bigger board than ${rows} × ${cols} — check rows and columns`,
  }),
  tooFewViews: (camera: number, views: number): CalibrationIssue => ({
    code: 'too_few_views',
    params: { camera, views },
    message: `camera ${camera}'s lens could not be measured from ${views} view${views === 1 ? '' : 's'} of the board: tilt the board towards the camera a little`,
  }),
  boardNeverStill: (camera: number): CalibrationIssue => ({
    code: 'board_never_still',
    params: { camera },
    message: `camera ${camera} never saw the board still: ${KEEP_STILL}`,
  }),
  boardSeenApart: (
    camera: number,
    seconds: number,
    when: 'after' | 'before',
    others: number[],
  ): CalibrationIssue => ({
    code: 'board_seen_apart',
    params: { camera, seconds: fixed(seconds, 1), when, others: others.join(', ') },
    message: `camera ${camera} saw the board ${seconds.toFixed(1)} s ${when} ${others.length === 1 ? `camera ${others[0]}` : 'the others'}: ${KEEP_STILL}`,
  }),
  cameraTurned: (camera: number, degrees: number): CalibrationIssue => ({
    code: 'camera_turned',
    params: { camera, degrees: Math.round(degrees) },
    message: `camera ${camera} sees the board turned by ${Math.round(degrees)}° compared with the other cameras: stand the phones upright (portrait) and keep the board still`,
  }),
  camerasDisagree: (camera: number, other: number, metres: number): CalibrationIssue => ({
    code: 'cameras_disagree',
    params: { camera: Math.min(camera, other), other: Math.max(camera, other), cm: Math.round(metres * 100) },
    message: `cameras ${Math.min(camera, other)} and ${Math.max(camera, other)} disagree on the board's position by ${Math.round(metres * 100)} cm`,
  }),
  cameraTooFar: (camera: number, metres: number): CalibrationIssue => ({
    code: 'camera_too_far',
    params: { camera, m: fixed(metres, 1) },
    message: `camera ${camera} would be ${metres.toFixed(1)} m from the board: check the square size`,
  }),
  cameraTooCloseToBoard: (camera: number, metres: number): CalibrationIssue => ({
    code: 'camera_too_close_to_board',
    params: { camera, m: fixed(metres, 2) },
    message: `camera ${camera} would be only ${metres.toFixed(2)} m from the board: check the square size`,
  }),
  cameraBelowFloor: (camera: number, metres: number): CalibrationIssue => ({
    code: 'camera_below_floor',
    params: { camera, m: fixed(metres, 2) },
    message: `camera ${camera} would be ${metres.toFixed(2)} m above the floor: lay the board flat on the floor, or choose Perpendicular`,
  }),
  camerasTooClose: (camera: number, other: number, metres: number): CalibrationIssue => ({
    code: 'cameras_too_close',
    params: { camera: Math.min(camera, other), other: Math.max(camera, other), cm: Math.round(metres * 100) },
    message: `cameras ${Math.min(camera, other)} and ${Math.max(camera, other)} are only ${Math.round(metres * 100)} cm apart: place the phones at least 1 m apart`,
  }),
  noSharedView: (camera: number): CalibrationIssue => ({
    code: 'no_shared_view',
    params: { camera },
    message: `camera ${camera} and the calibrated cameras never saw the board at the same time: hold the board still where camera ${camera} and at least one calibrated camera see it`,
  }),
  calibratedCamerasDisagree: (camera: number, other: number, metres: number): CalibrationIssue => ({
    code: 'calibrated_cameras_disagree',
    params: { camera: Math.min(camera, other), other: Math.max(camera, other), cm: Math.round(metres * 100) },
    message: `calibrated cameras ${Math.min(camera, other)} and ${Math.max(camera, other)} now disagree on the board's position by ${Math.round(metres * 100)} cm: a phone has moved since the calibration — re-record all cameras`,
  }),
  /** `tiltDeg`: angle between the board's face and the floor (0 lying flat, 90 upright). */
  placementMismatch: (chosen: 'Perpendicular' | 'Lying', tiltDeg: number): CalibrationIssue =>
    chosen === 'Lying'
      ? {
          code: 'placement_mismatch',
          params: { chosen, degrees: Math.round(90 - tiltDeg) },
          message: `the board stands upright (its face is ${Math.round(90 - tiltDeg)}° from vertical) but Lying was chosen: choose Perpendicular, or lay the board flat on the floor`,
        }
      : {
          code: 'placement_mismatch',
          params: { chosen, degrees: Math.round(tiltDeg) },
          message: `the board lies flat (its face is ${Math.round(tiltDeg)}° from horizontal) but Perpendicular was chosen: choose Lying, or stand the board upright`,
        },
  tooFewCameras: (calibrated: number): CalibrationIssue => ({
    code: 'too_few_cameras',
    params: { calibrated, required: 2 },
    message: `${calibrated === 0 ? 'no camera was' : calibrated === 1 ? 'only 1 camera was' : `only ${calibrated} cameras were`} calibrated: at least 2 cameras must see the whole board at the same time`,
  }),
};
