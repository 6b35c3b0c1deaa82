import { projectPoint, type CameraModel, type Vec3 } from '../../camera/camera-model';
import type { Point2 } from '../types';
import { encodePng } from './png';

/** An RGB canvas for the calibration images. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array;
}

type Rgb = [number, number, number];

export function toRgb(frame: {
  width: number;
  height: number;
  data: Uint8Array;
  channels?: number;
}): RgbImage {
  const n = frame.width * frame.height;
  if ((frame.channels ?? 1) === 3)
    return { width: frame.width, height: frame.height, data: frame.data.slice(0, n * 3) };
  const data = new Uint8Array(n * 3);
  for (let i = 0; i < n; i++) data[i * 3] = data[i * 3 + 1] = data[i * 3 + 2] = frame.data[i];
  return { width: frame.width, height: frame.height, data };
}

export function fillCircle(img: RgbImage, cx: number, cy: number, r: number, c: Rgb): void {
  for (let y = Math.max(0, Math.floor(cy - r)); y <= Math.min(img.height - 1, Math.ceil(cy + r)); y++)
    for (let x = Math.max(0, Math.floor(cx - r)); x <= Math.min(img.width - 1, Math.ceil(cx + r)); x++) {
      if ((x - cx) ** 2 + (y - cy) ** 2 > r * r) continue;
      const k = (y * img.width + x) * 3;
      img.data[k] = c[0];
      img.data[k + 1] = c[1];
      img.data[k + 2] = c[2];
    }
}

export function drawLine(img: RgbImage, a: Point2, b: Point2, width: number, c: Rgb): void {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const steps = Math.max(1, Math.ceil(len / Math.max(0.5, width / 3)));
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    fillCircle(img, a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, width / 2, c);
  }
}

const ROW_COLOURS: Rgb[] = [
  [255, 0, 0],
  [255, 128, 0],
  [200, 200, 0],
  [0, 200, 0],
  [0, 200, 200],
  [0, 0, 255],
  [200, 0, 255],
];

export interface CalibrationImageOptions {
  /** Board size, to join the corners row by row. */
  rows: number;
  cols: number;
  /** Length of the drawn world axes in metres (default 3 squares when squareSize is given, else 0.2). */
  axisLength?: number;
  squareSize?: number;
}

/**
 * Draws the detected corners (joined row by row, corner 0 ringed in white) and the world axes (X red, Y green,
 * Z blue, projected through the calibrated lens) over a camera frame, and returns it as PNG bytes.
 */
export function drawCalibrationImage(
  frame: { width: number; height: number; data: Uint8Array; channels?: number },
  corners: Point2[],
  camera: CameraModel | null,
  opts: CalibrationImageOptions,
): Uint8Array {
  const img = toRgb(frame);
  const scale = Math.max(1, Math.round(Math.max(img.width, img.height) / 640));
  for (let r = 0; r < opts.rows; r++) {
    const colour = ROW_COLOURS[r % ROW_COLOURS.length];
    for (let c = 0; c < opts.cols; c++) {
      const p = corners[r * opts.cols + c];
      if (!p) continue;
      if (c > 0) drawLine(img, corners[r * opts.cols + c - 1], p, scale, colour);
      else if (r > 0) drawLine(img, corners[(r - 1) * opts.cols + opts.cols - 1], p, scale, colour);
    }
    for (let c = 0; c < opts.cols; c++) {
      const p = corners[r * opts.cols + c];
      if (p) fillCircle(img, p[0], p[1], 3 * scale, colour);
    }
  }
  if (corners[0]) {
    fillCircle(img, corners[0][0], corners[0][1], 5 * scale, [255, 255, 255]);
    fillCircle(img, corners[0][0], corners[0][1], 3 * scale, ROW_COLOURS[0]);
  }
  if (camera) {
    const len = opts.axisLength ?? (opts.squareSize ? 3 * opts.squareSize : 0.2);
    const axes: [Vec3, Rgb][] = [
      [
        [1, 0, 0],
        [255, 0, 0],
      ],
      [
        [0, 1, 0],
        [0, 220, 0],
      ],
      [
        [0, 0, 1],
        [0, 90, 255],
      ],
    ];
    for (const [dir, colour] of axes) {
      // Follow the axis in small steps so the lens distortion bends it as in the image.
      let prev = projectPoint(camera, [0, 0, 0]);
      for (let i = 1; i <= 20 && prev; i++) {
        const s = (len * i) / 20;
        const next = projectPoint(camera, [dir[0] * s, dir[1] * s, dir[2] * s]);
        if (!next) break;
        drawLine(img, prev, next, 2 * scale, colour);
        prev = next;
      }
      if (prev) fillCircle(img, prev[0], prev[1], 4 * scale, colour);
    }
  }
  return encodePng(img.width, img.height, 3, img.data);
}
