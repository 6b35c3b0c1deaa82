import { CanvasTexture, NearestFilter, RepeatWrapping, SRGBColorSpace } from 'three';

/** Draws the checker pattern into a 2D context (squares of `cell` pixels, `cells` per side). */
export function drawChecker(
  ctx: CanvasRenderingContext2D,
  cells: number,
  cell: number,
  light: string,
  dark: string,
): void {
  for (let y = 0; y < cells; y++) {
    for (let x = 0; x < cells; x++) {
      ctx.fillStyle = (x + y) % 2 === 0 ? light : dark;
      ctx.fillRect(x * cell, y * cell, cell, cell);
    }
  }
}

/** The floor's checker texture, made locally on a canvas (nothing is fetched from a third party). */
export function createCheckerTexture(repeat: number, light = '#d9dde3', dark = '#9aa3ad'): CanvasTexture {
  const canvas = document.createElement('canvas');
  canvas.width = 64;
  canvas.height = 64;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('2D canvas is not available for the floor texture');
  drawChecker(ctx, 2, 32, light, dark);
  const tex = new CanvasTexture(canvas);
  tex.wrapS = RepeatWrapping;
  tex.wrapT = RepeatWrapping;
  tex.repeat.set(repeat, repeat);
  tex.magFilter = NearestFilter;
  tex.colorSpace = SRGBColorSpace;
  return tex;
}
