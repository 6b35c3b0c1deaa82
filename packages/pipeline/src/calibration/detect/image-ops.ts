import type { GrayImage } from '../types';

/** Float image used inside the detector. */
export interface FloatImage {
  width: number;
  height: number;
  data: Float32Array;
}

/** Area-averaging downscale by an integer factor (pixel centres: level (x+0.5)·f − 0.5 = full-res x). */
export function downscale(img: GrayImage, factor: number): FloatImage {
  const f = Math.max(1, Math.floor(factor));
  const w = Math.floor(img.width / f);
  const h = Math.floor(img.height / f);
  const out = new Float32Array(w * h);
  const src = img.data;
  const inv = 1 / (f * f);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let dy = 0; dy < f; dy++) {
        let k = (y * f + dy) * img.width + x * f;
        for (let dx = 0; dx < f; dx++) s += src[k++];
      }
      out[y * w + x] = s * inv;
    }
  }
  return { width: w, height: h, data: out };
}

/** Separable [1 2 1]/4 blur, edges clamped. */
export function blur121(img: FloatImage): FloatImage {
  const { width: w, height: h, data } = img;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const l = data[row + (x > 0 ? x - 1 : 0)];
      const r = data[row + (x < w - 1 ? x + 1 : w - 1)];
      tmp[row + x] = (l + 2 * data[row + x] + r) * 0.25;
    }
  }
  for (let y = 0; y < h; y++) {
    const up = (y > 0 ? y - 1 : 0) * w;
    const dn = (y < h - 1 ? y + 1 : h - 1) * w;
    const row = y * w;
    for (let x = 0; x < w; x++) out[row + x] = (tmp[up + x] + 2 * tmp[row + x] + tmp[dn + x]) * 0.25;
  }
  return { width: w, height: h, data: out };
}

/** Bilinear sample; coordinates are clamped to the image. */
export function sample(
  img: { width: number; height: number; data: ArrayLike<number> },
  x: number,
  y: number,
): number {
  const w = img.width;
  const h = img.height;
  const xc = x < 0 ? 0 : x > w - 1 ? w - 1 : x;
  const yc = y < 0 ? 0 : y > h - 1 ? h - 1 : y;
  const x0 = Math.min(Math.floor(xc), w - 2 < 0 ? 0 : w - 2);
  const y0 = Math.min(Math.floor(yc), h - 2 < 0 ? 0 : h - 2);
  const ax = xc - x0;
  const ay = yc - y0;
  const d = img.data;
  const k = y0 * w + x0;
  const top = d[k] + (d[k + 1] - d[k]) * ax;
  const bot = d[k + w] + (d[k + w + 1] - d[k + w]) * ax;
  return top + (bot - top) * ay;
}
