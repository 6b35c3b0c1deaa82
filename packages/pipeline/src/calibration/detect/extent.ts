import { applyHomography, fitHomography } from '../math/linalg';
import type { Point2 } from '../types';
import type { FloatImage } from './image-ops';
import { ringEdges } from './x-corners';

/**
 * Is a grid of inner corners the whole board? One square beyond each side of the grid lies the board's outer
 * edge, where squares meet the white margin: there the pattern has T-junctions, never X-corners. A grid that is
 * only part of a bigger board (a 4 × 5 piece of a 4 × 7 board, when the detector lost a corner of the next
 * column, or when that column runs out of the image) has X-corners there.
 *
 * Predicted points outside the image tell nothing: boards held close to a camera often run out of the frame
 * (most of the Pose2Sim demo's photos do) and are still whole boards, as OpenCV accepts them too.
 * - 'ok': no side shows further corners;
 * - 'continues': a side has X-corners beyond the grid (a bigger board).
 */
export type BoardExtent = 'ok' | 'continues';

/** A side counts as continuing when at least this share of its predicted points in view are X-corners. */
const CONTINUE_SHARE = 0.5;

export function checkBoardExtent(
  level: FloatImage,
  response: Float32Array,
  grid: Point2[][],
  radius: number,
): BoardExtent {
  const m = grid.length;
  const n = grid[0].length;
  const src: [number, number][] = [];
  const dst: [number, number][] = [];
  const responses: number[] = [];
  for (let i = 0; i < m; i++)
    for (let j = 0; j < n; j++) {
      src.push([j, i]);
      dst.push(grid[i][j]);
      responses.push(peakAt(level, response, grid[i][j][0], grid[i][j][1], 1).value);
    }
  const H = fitHomography(src, dst);
  const at = (j: number, i: number) => applyHomography(H, j, i);
  const margin = radius + 2;
  const inside = ([x, y]: Point2) =>
    x >= margin && y >= margin && x <= level.width - 1 - margin && y <= level.height - 1 - margin;
  const sides: Point2[][] = [
    Array.from({ length: n }, (_, j) => at(j, -1)),
    Array.from({ length: n }, (_, j) => at(j, m)),
    Array.from({ length: m }, (_, i) => at(-1, i)),
    Array.from({ length: m }, (_, i) => at(n, i)),
  ];
  responses.sort((a, b) => a - b);
  const typical = responses[responses.length >> 1];
  for (const side of sides) {
    let hits = 0;
    let seen = 0;
    for (let k = 0; k < side.length; k++) {
      if (!inside(side[k])) continue;
      seen++;
      // Search around the prediction within a quarter of the local grid step (perspective, lens distortion).
      const next = side[k + 1] ?? side[k - 1];
      const step = Math.hypot(next[0] - side[k][0], next[1] - side[k][1]);
      if (isXCorner(level, response, side[k], Math.max(1, Math.round(step / 4)), radius, typical)) hits++;
    }
    // Two corners beyond a side (one where only one or two points of the line are in view), and at least
    // half of those in view: a stray X-like pattern in the background is not enough.
    if ((hits >= 2 || (hits === 1 && seen <= 2)) && hits >= CONTINUE_SHARE * seen) return 'continues';
  }
  return 'ok';
}

/** Largest response within `r` pixels of (x, y), with its position. */
function peakAt(
  level: FloatImage,
  response: Float32Array,
  x: number,
  y: number,
  r: number,
): { value: number; x: number; y: number } {
  const cx = Math.round(x);
  const cy = Math.round(y);
  let best = { value: 0, x: cx, y: cy };
  for (let yy = cy - r; yy <= cy + r; yy++)
    for (let xx = cx - r; xx <= cx + r; xx++) {
      if (xx < 0 || yy < 0 || xx >= level.width || yy >= level.height) continue;
      const v = response[yy * level.width + xx];
      if (v > best.value) best = { value: v, x: xx, y: yy };
    }
  return best;
}

function isXCorner(
  level: FloatImage,
  response: Float32Array,
  p: Point2,
  r: number,
  radius: number,
  typical: number,
): boolean {
  const best = peakAt(level, response, p[0], p[1], r);
  // A real X-corner of the same board responds about as strongly as the grid's own corners.
  if (best.value < 0.25 * typical) return false;
  return ringEdges(level, best.x, best.y, radius) !== null;
}
