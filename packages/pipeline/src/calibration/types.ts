/** An 8-bit single-channel image, row-major, width·height bytes. */
export interface GrayImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export type Point2 = [number, number];

/**
 * A checkerboard. `rows` and `cols` count INNER corners (the points where four squares meet), as OpenCV's
 * findChessboardCorners and OpenCap do: a board of 5 × 8 squares has rows = 4, cols = 7.
 */
export interface BoardSpec {
  rows: number;
  cols: number;
  /** Side of one square in metres. */
  squareSize: number;
}

/** Board placement (SPEC): upright facing the cameras (default) or lying face-up on the floor. */
export type BoardPlacement = 'Perpendicular' | 'Lying';

/** Board-frame 3D coordinates of the inner corners in detection order (z = 0, metres). */
export function boardObjectPoints(board: BoardSpec): [number, number, number][] {
  const pts: [number, number, number][] = [];
  for (let r = 0; r < board.rows; r++)
    for (let c = 0; c < board.cols; c++) pts.push([c * board.squareSize, r * board.squareSize, 0]);
  return pts;
}

/** Converts an ffmpeg gray RawFrame-like object into a GrayImage (checks its shape). */
export function toGrayImage(frame: {
  width: number;
  height: number;
  data: Uint8Array;
  channels?: number;
}): GrayImage {
  const channels = frame.channels ?? 1;
  if (channels === 1) {
    if (frame.data.length < frame.width * frame.height)
      throw new Error('toGrayImage: data is shorter than width·height');
    return { width: frame.width, height: frame.height, data: frame.data };
  }
  if (channels !== 3) throw new Error(`toGrayImage: unsupported channel count ${channels}`);
  const n = frame.width * frame.height;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const j = i * 3;
    // ITU-R BT.601 luma, as ffmpeg's gray conversion.
    out[i] = (frame.data[j] * 77 + frame.data[j + 1] * 150 + frame.data[j + 2] * 29 + 128) >> 8;
  }
  return { width: frame.width, height: frame.height, data: out };
}
