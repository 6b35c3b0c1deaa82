/** Crops an RGB image to a box (clamped to the image, rounded to whole pixels). */
export function cropRgb(
  data: Uint8Array,
  width: number,
  height: number,
  box: { x: number; y: number; width: number; height: number },
): { data: Uint8Array; width: number; height: number; x0: number; y0: number } {
  const x0 = Math.max(0, Math.floor(box.x));
  const y0 = Math.max(0, Math.floor(box.y));
  const x1 = Math.min(width, Math.ceil(box.x + box.width));
  const y1 = Math.min(height, Math.ceil(box.y + box.height));
  const w = Math.max(1, x1 - x0);
  const h = Math.max(1, y1 - y0);
  const out = new Uint8Array(w * h * 3);
  for (let y = 0; y < h; y++) {
    const src = ((y0 + y) * width + x0) * 3;
    out.set(data.subarray(src, src + w * 3), y * w * 3);
  }
  return { data: out, width: w, height: h, x0, y0 };
}
