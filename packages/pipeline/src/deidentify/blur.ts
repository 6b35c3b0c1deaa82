/**
 * Blurs regions of an RGB frame in place (pure). A region is replaced by a smooth surface through the mean
 * colours of a coarse grid of cells (bilinear between cell centres): no edge, eye or mouth survives, which a
 * mosaic of small blocks does not promise (face detectors still find pixelated faces, such as the demo's).
 */
import type { RgbImage } from './face-scan';
import type { Region } from './regions';

/**
 * Cells across a region: 2 leaves a face a smooth skin-coloured blob. With 3, the shading of a blurred head over a
 * dark jacket still read as a face to the check's detector at 0.3 (cam01, frames 91 and 93, at 1920 px scans).
 */
const CELLS = 2;

export function blurRegions(image: RgbImage, regions: readonly Region[]): void {
  for (const r of regions) blurRegion(image, r);
}

function blurRegion(image: RgbImage, r: Region): void {
  const { width, height, data } = image;
  const x0 = Math.max(0, Math.floor(r.x));
  const y0 = Math.max(0, Math.floor(r.y));
  const x1 = Math.min(width, Math.ceil(r.x + r.width));
  const y1 = Math.min(height, Math.ceil(r.y + r.height));
  const w = x1 - x0;
  const h = y1 - y0;
  if (w <= 0 || h <= 0) return;
  const means = new Float64Array(CELLS * CELLS * 3);
  const counts = new Float64Array(CELLS * CELLS);
  for (let y = y0; y < y1; y++) {
    const cy = Math.min(CELLS - 1, Math.floor(((y - y0) * CELLS) / h));
    for (let x = x0; x < x1; x++) {
      const c = cy * CELLS + Math.min(CELLS - 1, Math.floor(((x - x0) * CELLS) / w));
      const s = (y * width + x) * 3;
      means[c * 3] += data[s];
      means[c * 3 + 1] += data[s + 1];
      means[c * 3 + 2] += data[s + 2];
      counts[c]++;
    }
  }
  for (let c = 0; c < counts.length; c++)
    for (let k = 0; k < 3; k++) means[c * 3 + k] /= Math.max(1, counts[c]);
  for (let y = y0; y < y1; y++) {
    const gy = Math.min(CELLS - 1, Math.max(0, ((y - y0 + 0.5) * CELLS) / h - 0.5));
    const iy = Math.min(CELLS - 2, Math.floor(gy));
    const ty = gy - iy;
    for (let x = x0; x < x1; x++) {
      const gx = Math.min(CELLS - 1, Math.max(0, ((x - x0 + 0.5) * CELLS) / w - 0.5));
      const ix = Math.min(CELLS - 2, Math.floor(gx));
      const tx = gx - ix;
      const s = (y * width + x) * 3;
      for (let k = 0; k < 3; k++) {
        const a = means[(iy * CELLS + ix) * 3 + k];
        const b = means[(iy * CELLS + ix + 1) * 3 + k];
        const c = means[((iy + 1) * CELLS + ix) * 3 + k];
        const d = means[((iy + 1) * CELLS + ix + 1) * 3 + k];
        data[s + k] = Math.round((a * (1 - tx) + b * tx) * (1 - ty) + (c * (1 - tx) + d * tx) * ty);
      }
    }
  }
}
