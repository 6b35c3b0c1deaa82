import type { GrayImage, Point2 } from '../types';
import { checkBoardExtent } from './extent';
import { growGrid } from './grid';
import { blur121, downscale, type FloatImage } from './image-ops';
import { orderGrid, squareColours } from './orientation';
import { refineCorner } from './subpix';
import { chessResponse, findXCorners, type XCorner } from './x-corners';

export interface CheckerboardDetectOptions {
  /** Downscale factors to try, coarse first (default: from ~640 px on the long side down to full size). */
  levels?: number[];
  /** Smallest acceptable mean square side in full-resolution pixels (default 10): smaller is 'too-small'. */
  minSquarePx?: number;
  /** Refine corners to sub-pixel at full resolution (default true). */
  subPixel?: boolean;
}

export interface CheckerboardDetection {
  found: true;
  /** rows·cols inner corners in board order (see orientation.ts / README), full-resolution pixels. */
  corners: Point2[];
  rows: number;
  cols: number;
  /** Mean square side in pixels. */
  squarePx: number;
  /** True when the board's pattern cannot tell corner 0 from its half-turn twin (rows + cols even). */
  ambiguousOrientation: boolean;
  /** Downscale factor the board was found at. */
  level: number;
}

/** 'wrong-size': a bigger board than rows × cols (a bigger grid, or X-corners beyond the grid's sides). */
export type DetectionFailureReason = 'not-found' | 'too-small' | 'wrong-size';

export interface CheckerboardFailure {
  found: false;
  reason: DetectionFailureReason;
  message: string;
  /** Mean square side of the board that was too small ('too-small'), full-resolution pixels. */
  squarePx?: number;
}

export type CheckerboardResult = CheckerboardDetection | CheckerboardFailure;

const RADIUS = 4; // ChESS ring radius at the pyramid level: squares ≥ ~9 level pixels
const MAX_SEEDS = 80;

export function defaultLevels(width: number, height: number): number[] {
  const f0 = Math.max(1, Math.round(Math.max(width, height) / 640));
  const out: number[] = [];
  for (let f = f0; f >= 1; f = f > 2 ? Math.ceil(f / 1.5) : f - 1) out.push(f);
  return out;
}

/** Finds a checkerboard of rows×cols inner corners; see README "Calibration" for the corner order. */
export function detectCheckerboard(
  gray: GrayImage,
  rows: number,
  cols: number,
  opts: CheckerboardDetectOptions = {},
): CheckerboardResult {
  if (!Number.isInteger(rows) || !Number.isInteger(cols) || rows < 2 || cols < 2)
    throw new Error(
      `detectCheckerboard: rows and cols must be integers ≥ 2 (inner corners), got ${rows}×${cols}`,
    );
  if (gray.data.length < gray.width * gray.height)
    throw new Error('detectCheckerboard: image data shorter than width·height');
  const levels = opts.levels ?? defaultLevels(gray.width, gray.height);
  const minSquarePx = opts.minSquarePx ?? 10;
  let best = { size: 0, desc: '' };
  let tooBig = false;
  // Mean square side (full-resolution px) of the largest partial grid (≥ 3×3) seen so far.
  let partialSquarePx = 0;
  for (const f of levels) {
    // A partial board whose squares would be huge at this level did not fail for lack of pixels: searching
    // it (the costly full-resolution pass) would not help. Moderate sizes still get the finer level, which
    // rescues boards that a coarse level missed through blur or a lost corner.
    if (partialSquarePx / f > 24 * RADIUS) break;
    const level = blur121(downscale(gray, f));
    const response = chessResponse(level, RADIUS);
    const cands = findXCorners(level, response, RADIUS);
    const tried = new Set<number>();
    const seeds = cands.map((_, i) => i).slice(0, MAX_SEEDS);
    for (const s of seeds) {
      if (tried.has(s)) continue;
      const grid = growGrid(cands, s, Math.max(rows, cols) + 1, 2 * RADIUS);
      if (!grid) continue;
      grid.flat().forEach((q) => tried.add(q));
      const m = grid.length;
      const n = grid[0].length;
      if (m * n > best.size) best = { size: m * n, desc: `${m}×${n}` };
      if (m >= 3 && n >= 3) partialSquarePx = Math.max(partialSquarePx, gridStep(cands, grid) * f);
      const fits = (m === rows && n === cols) || (m === cols && n === rows);
      if (!fits) {
        if (m >= Math.min(rows, cols) && n >= Math.min(rows, cols) && m * n > rows * cols) tooBig = true;
        continue;
      }
      // A grid of the given size must be the whole board, not a piece of a bigger one.
      const pts = grid.map((row) => row.map((q): Point2 => [cands[q].x, cands[q].y]));
      if (checkBoardExtent(level, response, pts, RADIUS) === 'continues') {
        tooBig = true;
        continue;
      }
      const result = finish(gray, level, f, cands, grid, rows, cols, opts.subPixel ?? true);
      if (!result) continue;
      if (result.squarePx < minSquarePx)
        return {
          found: false,
          reason: 'too-small',
          squarePx: result.squarePx,
          message: `board too small in the image: squares of ${result.squarePx.toFixed(1)} px (need ≥ ${minSquarePx})`,
        };
      return result;
    }
  }
  if (tooBig)
    return {
      found: false,
      reason: 'wrong-size',
      message: wrongSizeMessage(rows, cols),
    };
  return {
    found: false,
    reason: 'not-found',
    message: `board of ${rows}×${cols} inner corners not found${best.size ? ` (largest partial grid ${best.desc})` : ''}`,
  };
}

/** The words users see for a board bigger than the one they entered (rows × columns of inner corners). */
export function wrongSizeMessage(rows: number, cols: number): string {
  return `wrong board size: found a bigger board than ${rows} × ${cols} — check rows and columns`;
}

function finish(
  gray: GrayImage,
  level: FloatImage,
  f: number,
  cands: XCorner[],
  grid: number[][],
  rows: number,
  cols: number,
  subPixel: boolean,
): CheckerboardDetection | null {
  const pts = grid.map((row) => row.map((q): [number, number] => [cands[q].x, cands[q].y]));
  const colours = squareColours(level, pts);
  if (colours.agreement < 0.85 || colours.contrast < 8) return null;
  const ordered = orderGrid(pts, rows, cols, colours.darkParity);
  if (!ordered) return null;
  const toFull = (p: Point2): Point2 => [(p[0] + 0.5) * f - 0.5, (p[1] + 0.5) * f - 0.5];
  let corners = ordered.corners.map(toFull);
  const squarePx = meanSquareSide(corners, rows, cols);
  if (subPixel) {
    // Window as large as the local spacing allows (more edge pixels, less noise) without reaching a
    // neighbouring corner, also where perspective squeezes the squares in one direction.
    corners = corners.map((p, k) => {
      const half = Math.max(2, Math.min(15, Math.floor(0.4 * nearestNeighbour(corners, k, rows, cols))));
      return refineCorner(gray, p[0], p[1], half) ?? p;
    });
  }
  return { found: true, corners, rows, cols, squarePx, ambiguousOrientation: ordered.ambiguous, level: f };
}

/** Mean distance between neighbouring grid corners, level pixels. */
function gridStep(cands: XCorner[], grid: number[][]): number {
  let s = 0;
  let n = 0;
  for (let i = 0; i < grid.length; i++)
    for (let j = 0; j < grid[0].length; j++) {
      const p = cands[grid[i][j]];
      if (j + 1 < grid[0].length) {
        const q = cands[grid[i][j + 1]];
        s += Math.hypot(q.x - p.x, q.y - p.y);
        n++;
      }
      if (i + 1 < grid.length) {
        const q = cands[grid[i + 1][j]];
        s += Math.hypot(q.x - p.x, q.y - p.y);
        n++;
      }
    }
  return n ? s / n : 0;
}

function nearestNeighbour(c: Point2[], k: number, rows: number, cols: number): number {
  const r = Math.floor(k / cols);
  const col = k % cols;
  let best = Infinity;
  for (const [dr, dc] of [
    [0, 1],
    [0, -1],
    [1, 0],
    [-1, 0],
    [1, 1],
    [1, -1],
    [-1, 1],
    [-1, -1],
  ]) {
    const rr = r + dr;
    const cc = col + dc;
    if (rr < 0 || rr >= rows || cc < 0 || cc >= cols) continue;
    const q = c[rr * cols + cc];
    // Diagonal neighbours count at half their distance: the window is a square, its corner reaches √2·half.
    const d = Math.hypot(q[0] - c[k][0], q[1] - c[k][1]) / (dr && dc ? Math.SQRT2 / 1.2 : 1);
    if (d < best) best = d;
  }
  return best;
}

function meanSquareSide(c: Point2[], rows: number, cols: number): number {
  let s = 0;
  let n = 0;
  for (let r = 0; r < rows; r++)
    for (let k = 0; k < cols; k++) {
      const p = c[r * cols + k];
      if (k + 1 < cols) {
        const q = c[r * cols + k + 1];
        s += Math.hypot(q[0] - p[0], q[1] - p[1]);
        n++;
      }
      if (r + 1 < rows) {
        const q = c[(r + 1) * cols + k];
        s += Math.hypot(q[0] - p[0], q[1] - p[1]);
        n++;
      }
    }
  return s / n;
}
