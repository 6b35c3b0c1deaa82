import { encodePng } from '@poselab/pipeline';

/** Draws filled squares of `colour` centred on points into an RGB buffer. */
function drawMarks(
  rgb: Uint8Array,
  width: number,
  height: number,
  points: [number, number][],
  colour: [number, number, number],
  radius: number,
): void {
  for (const [px, py] of points) {
    const cx = Math.round(px);
    const cy = Math.round(py);
    for (let y = cy - radius; y <= cy + radius; y++)
      for (let x = cx - radius; x <= cx + radius; x++) {
        if (x < 0 || y < 0 || x >= width || y >= height) continue;
        const o = (y * width + x) * 3;
        rgb[o] = colour[0];
        rgb[o + 1] = colour[1];
        rgb[o + 2] = colour[2];
      }
  }
}

/** A neutral image: an RGB frame with the subject's 2D keypoints marked. */
export function keypointImagePng(
  width: number,
  height: number,
  rgbFrame: Uint8Array,
  points: [number, number][],
): Uint8Array {
  const rgb = new Uint8Array(rgbFrame);
  drawMarks(
    rgb,
    width,
    height,
    points,
    [0, 200, 255],
    Math.max(2, Math.round(Math.min(width, height) / 150)),
  );
  return encodePng(width, height, 3, rgb);
}
