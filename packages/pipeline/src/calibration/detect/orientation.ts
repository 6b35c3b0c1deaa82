import { applyHomography, fitHomography } from '../math/linalg';
import type { Point2 } from '../types';
import { sample, type FloatImage } from './image-ops';

/**
 * Corner order (documented in the README):
 * - Corners are listed row by row: index = r·cols + c, r < rows, c < cols (inner corners).
 * - Board axes: x along a row (increasing c), y along a column (increasing r); z = x × y points INTO the board,
 *   away from the camera (OpenCV's layout: seen head-on, corner 0 top-left, x right, y down).
 * - Corner 0 is next to a DARK corner square of the board. When rows + cols is odd (e.g. 4×7, 4×5) exactly one
 *   of the board's two dark corner squares satisfies the rule, so the order survives any in-plane rotation,
 *   including a board held upside down. When rows + cols is even the pattern is symmetric under a half turn;
 *   corner 0 is then the candidate nearest the image's top-left and the result is flagged ambiguous.
 */
export interface OrderedGrid {
  corners: Point2[];
  ambiguous: boolean;
}

interface SquareColours {
  /** Parity ((a + b) mod 2, square indices) of the dark squares. */
  darkParity: number;
  /** Fraction of inner squares that agree with the alternating pattern. */
  agreement: number;
  contrast: number;
}

/** Measures the square colours of an m×n corner grid (points[i][j]) on the pyramid level. */
export function squareColours(img: FloatImage, points: Point2[][]): SquareColours {
  const m = points.length;
  const n = points[0].length;
  const src: [number, number][] = [];
  const dst: [number, number][] = [];
  for (let i = 0; i < m; i++)
    for (let j = 0; j < n; j++) {
      src.push([j, i]);
      dst.push(points[i][j]);
    }
  const H = fitHomography(src, dst);
  const vals: { parity: number; v: number }[] = [];
  // Inner squares only: border squares may be covered by the hands holding the board.
  for (let i = 0; i < m - 1; i++)
    for (let j = 0; j < n - 1; j++) {
      let s = 0;
      for (const dy of [-0.2, 0, 0.2])
        for (const dx of [-0.2, 0, 0.2]) {
          const [x, y] = applyHomography(H, j + 0.5 + dx, i + 0.5 + dy);
          s += sample(img, x, y);
        }
      // Square index (a, b) = (i + 1, j + 1): square (0, 0) is the outer one before corner (0, 0).
      vals.push({ parity: (i + j) % 2, v: s / 9 });
    }
  const mean = (p: number) => {
    const sel = vals.filter((q) => q.parity === p);
    return sel.reduce((a, q) => a + q.v, 0) / Math.max(1, sel.length);
  };
  const m0 = mean(0);
  const m1 = vals.some((q) => q.parity === 1) ? mean(1) : m0;
  const mid = (m0 + m1) / 2;
  const darkInner = m0 < m1 ? 0 : 1;
  const agree = vals.filter((q) => q.v < mid === (q.parity === darkInner)).length;
  // Inner square (i, j) has square index (i + 1, j + 1), whose parity equals (i + j) mod 2.
  return { darkParity: darkInner, agreement: agree / vals.length, contrast: Math.abs(m1 - m0) };
}

/** Orders an m×n grid of points into rows×cols board order following the rule above; null if dims mismatch. */
export function orderGrid(
  points: Point2[][],
  rows: number,
  cols: number,
  darkParity: number,
): OrderedGrid | null {
  const m = points.length;
  const n = points[0].length;
  type Option = { corners: Point2[]; originDark: boolean };
  const options: Option[] = [];
  for (const swap of [false, true]) {
    if (!swap && !(m === rows && n === cols)) continue;
    if (swap && !(m === cols && n === rows)) continue;
    for (const flipI of [false, true])
      for (const flipJ of [false, true]) {
        const at = (r: number, c: number): Point2 => {
          let i = swap ? c : r;
          let j = swap ? r : c;
          if (flipI) i = m - 1 - i;
          if (flipJ) j = n - 1 - j;
          return points[i][j];
        };
        // Mean row (x) and column (y) steps in the image; z = x × y into the board means cross > 0 (y down).
        let xx = 0;
        let xy = 0;
        let yx = 0;
        let yy = 0;
        for (let r = 0; r < rows; r++) {
          xx += at(r, cols - 1)[0] - at(r, 0)[0];
          xy += at(r, cols - 1)[1] - at(r, 0)[1];
        }
        for (let c = 0; c < cols; c++) {
          yx += at(rows - 1, c)[0] - at(0, c)[0];
          yy += at(rows - 1, c)[1] - at(0, c)[1];
        }
        if (xx * yy - xy * yx <= 0) continue;
        const i0 = flipI ? m : 0;
        const j0 = flipJ ? n : 0;
        const corners: Point2[] = [];
        for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) corners.push(at(r, c));
        options.push({ corners, originDark: (i0 + j0) % 2 === darkParity });
      }
  }
  if (options.length === 0) return null;
  const dark = options.filter((o) => o.originDark);
  if (dark.length === 1) return { corners: dark[0].corners, ambiguous: false };
  const pool = dark.length ? dark : options;
  pool.sort((a, b) => a.corners[0][0] + a.corners[0][1] - (b.corners[0][0] + b.corners[0][1]));
  return { corners: pool[0].corners, ambiguous: true };
}
