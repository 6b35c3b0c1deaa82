import type { GrayImage, Point2 } from '../types';

/**
 * Sub-pixel corner position (the cornerSubPix principle): at the true corner q every image gradient g at a
 * point p of the window is orthogonal to (p − q), so q solves Σ w·g·gᵀ·q = Σ w·g·gᵀ·p.
 * Gradients are Sobel differences on the pixel grid itself, with Gaussian weights centred on the current
 * estimate. (Resampling the window bilinearly around the estimate, as OpenCV does, smooths it by an amount
 * that depends on the sub-pixel phase and biases the corner by ~0.01–0.02 px.) Returns null when the corner
 * drifts away (not a corner there).
 */
export function refineCorner(
  img: GrayImage,
  x: number,
  y: number,
  halfWin: number,
  maxIter = 30,
): Point2 | null {
  const { width: W, height: H, data } = img;
  const w = halfWin;
  const sigma2 = (w * w) / 2;
  const reach = w + 1;
  let cx = x;
  let cy = y;
  for (let it = 0; it < maxIter; it++) {
    const x0 = Math.round(cx);
    const y0 = Math.round(cy);
    if (x0 - reach < 1 || y0 - reach < 1 || x0 + reach > W - 2 || y0 + reach > H - 2) return null;
    let a = 0;
    let b = 0;
    let c = 0;
    let bx = 0;
    let by = 0;
    for (let py = y0 - reach; py <= y0 + reach; py++) {
      const oy = py - cy;
      for (let px = x0 - reach; px <= x0 + reach; px++) {
        const ox = px - cx;
        const d2 = ox * ox + oy * oy;
        if (d2 > reach * reach) continue;
        const k = py * W + px;
        // Sobel gradients: smoothing across the derivative lowers noise without any sub-pixel phase effect.
        const gx =
          (data[k - W + 1] -
            data[k - W - 1] +
            2 * (data[k + 1] - data[k - 1]) +
            data[k + W + 1] -
            data[k + W - 1]) *
          0.125;
        const gy =
          (data[k + W - 1] -
            data[k - W - 1] +
            2 * (data[k + W] - data[k - W]) +
            data[k + W + 1] -
            data[k - W + 1]) *
          0.125;
        const wt = Math.exp(-d2 / sigma2);
        const gxx = gx * gx * wt;
        const gxy = gx * gy * wt;
        const gyy = gy * gy * wt;
        a += gxx;
        b += gxy;
        c += gyy;
        bx += gxx * ox + gxy * oy;
        by += gxy * ox + gyy * oy;
      }
    }
    const det = a * c - b * b;
    if (!(det > 1e-9 * (a + c) * (a + c))) return null;
    const dx = (c * bx - b * by) / det;
    const dy = (a * by - b * bx) / det;
    cx += dx;
    cy += dy;
    if (Math.hypot(cx - x, cy - y) > w) return null;
    if (dx * dx + dy * dy < 1e-8) break;
  }
  return [cx, cy];
}
