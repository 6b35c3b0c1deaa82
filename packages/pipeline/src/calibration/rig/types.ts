import type { CameraExtrinsics, CameraIntrinsics, CameraModel, Mat3 } from '../../camera/camera-model';
import type { CheckerboardDetectOptions } from '../detect/checkerboard';
import type { BoardPlacement, GrayImage, Point2 } from '../types';
import type { CalibrationIssue, CalibrationIssueCode } from './issues';

export interface RigCameraInput {
  name: string;
  /** Frames of this camera's calibration recording (gray, as displayed: rotation applied), board held still. */
  frames: GrayImage[];
  /**
   * Time of each frame on a clock all cameras share (seconds; the server clock of the phones' recordings).
   * Only when every camera has them can the rig check that the cameras saw the board at the same time.
   */
  frameTimesSec?: number[];
  /** Optional extra views of a board moved in front of this camera, for intrinsics. */
  intrinsicFrames?: GrayImage[];
  /** Stored camera profile for this phone model and resolution (preferred source of intrinsics). */
  profile?: CameraIntrinsics;
  /**
   * This camera's model from an earlier calibration, kept as it is: the other cameras are then calibrated into
   * that calibration's world through it (re-recording one camera). Its frames must show the board at the same
   * time as the cameras being calibrated.
   */
  anchor?: CameraModel;
}

export type IntrinsicsSource = 'profile' | 'board-views' | 'estimated' | 'kept';

export interface RigCameraResult {
  name: string;
  ok: boolean;
  /** Code of the first issue (why this camera was refused). */
  reason?: CalibrationIssueCode;
  /** Why this camera was refused, as coded messages; empty when it was calibrated. */
  issues: CalibrationIssue[];
  /** Human-readable outcome: the first issue's words, or a summary of the calibration. */
  message: string;
  framesSearched: number;
  framesWithBoard: number;
  intrinsicsSource?: IntrinsicsSource;
  /** RMS of the intrinsic calibration (board-views source) in pixels. */
  intrinsicsRmsPx?: number;
  intrinsicViews?: number;
  /** RMS reprojection error of the board in the extrinsics frames, pixels. */
  extrinsicsRmsPx?: number;
  /** Camera centre height: above the floor (Lying) or above the board's first inner corner (Perpendicular). */
  heightM?: number;
  /** Distance from the camera centre to the board's centre while it was used for the extrinsics. */
  distanceToBoardM?: number;
  /**
   * Worst disagreement with another camera on where the board was, over the other moments both saw it still
   * (metres, mean over the corners); undefined when the board was only seen still at one place.
   */
  agreementM?: number;
  /** The same check in pixels: the board placed by another camera, reprojected into this one (RMS). */
  agreementPx?: number;
  /** When the board was seen still for the extrinsics (seconds from the first frame of any camera). */
  boardWindowSec?: [number, number];
  /** True for a camera kept from an earlier calibration (an anchor). */
  kept?: boolean;
  /** Index (in `frames`) of the frame used for the extrinsics, and its corners: for the calibration image. */
  frameIndex?: number;
  corners?: Point2[];
  /** The other planar-PnP solution (world → camera), kept so a later step (neutral pose) can prefer it. */
  alternativeExtrinsics?: CameraExtrinsics;
  alternativeRmsPx?: number;
}

export interface PlacementCheck {
  chosen: BoardPlacement;
  /** Angle between the board's face and the floor as measured (0 flat, 90 upright); undefined if unknown. */
  boardTiltDeg?: number;
  agrees: boolean;
}

export interface RigResult {
  /** True when at least 2 cameras were calibrated and nothing refused the rig as a whole. */
  ok: boolean;
  /** Calibrated cameras (only the ones that succeeded), world frame as documented in solve/world-frame.ts. */
  cameras: CameraModel[];
  perCamera: RigCameraResult[];
  calibratedCount: number;
  /** 'N devices calibrated successfully.' when ok, else the first reason in words. */
  message: string;
  /** Why the rig as a whole was refused (placement, too few cameras). */
  issues: CalibrationIssue[];
  /** Whether the frames' times allowed checking that the cameras saw the board at the same time. */
  timing: 'checked' | 'unchecked';
  placement: PlacementCheck;
  /** Rotation board → world (rows: world axes in board coordinates); identity when anchored. */
  worldFromBoard: Mat3;
}

export interface RigOptions {
  placement?: BoardPlacement;
  /** Distinct board views needed to compute intrinsics from the board (default 4). */
  minIntrinsicViews?: number;
  detect?: CheckerboardDetectOptions;
  /** Optional hook to report progress (0..1). */
  onProgress?: (fraction: number) => void;
}
