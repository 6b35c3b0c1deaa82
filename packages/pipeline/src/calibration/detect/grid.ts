import { angleToLine, type XCorner } from './x-corners';

/** A rectangular grid of candidate indices: grid[i][j]. */
export type IndexGrid = number[][];

const LINE_TOL = 0.22; // rad: neighbours lie on the corner's edge lines (straight under perspective)

function alignedWithEdge(q: XCorner, dx: number, dy: number): boolean {
  return angleToLine(dx, dy, q.edges[0]) < LINE_TOL || angleToLine(dx, dy, q.edges[1]) < LINE_TOL;
}

/** Nearest candidate along one edge line of p in direction sign (±1), itself having that line as an edge. */
function neighbourAlong(cands: XCorner[], p: number, line: number, sign: number, minDist: number): number {
  const c = cands[p];
  const ux = Math.cos(line) * sign;
  const uy = Math.sin(line) * sign;
  let best = -1;
  let bestD = Infinity;
  for (let q = 0; q < cands.length; q++) {
    if (q === p) continue;
    const dx = cands[q].x - c.x;
    const dy = cands[q].y - c.y;
    const along = dx * ux + dy * uy;
    if (along < minDist) continue;
    const d = Math.hypot(dx, dy);
    if (d >= bestD || Math.abs(dx * uy - dy * ux) / d > Math.sin(LINE_TOL)) continue;
    if (!alignedWithEdge(cands[q], dx, dy)) continue;
    best = q;
    bestD = d;
  }
  return best;
}

function nearest(cands: XCorner[], x: number, y: number, radius: number, used: Set<number>): number {
  let best = -1;
  let bestD = radius;
  for (let q = 0; q < cands.length; q++) {
    if (used.has(q)) continue;
    const d = Math.hypot(cands[q].x - x, cands[q].y - y);
    if (d < bestD) {
      best = q;
      bestD = d;
    }
  }
  return best;
}

/** 2×2 seed around candidate s: s, its neighbours along both edge lines, and the diagonal one. */
function seedGrid(cands: XCorner[], s: number, minDist: number): IndexGrid | null {
  const p = cands[s];
  for (const s1 of [1, -1])
    for (const s2 of [1, -1]) {
      const a = neighbourAlong(cands, s, p.edges[0], s1, minDist);
      const b = neighbourAlong(cands, s, p.edges[1], s2, minDist);
      if (a < 0 || b < 0 || a === b) continue;
      const ca = cands[a];
      const cb = cands[b];
      const r = 0.3 * Math.min(Math.hypot(ca.x - p.x, ca.y - p.y), Math.hypot(cb.x - p.x, cb.y - p.y));
      const c = nearest(cands, ca.x + cb.x - p.x, ca.y + cb.y - p.y, r, new Set([s, a, b]));
      if (c >= 0)
        return [
          [s, b],
          [a, c],
        ];
    }
  return null;
}

type Side = 'i+' | 'i-' | 'j+' | 'j-';

/** Line of grid cells from the border inward for one side: [last, previous, before-previous] per position. */
function borderLines(grid: IndexGrid, side: Side): number[][] {
  const m = grid.length;
  const n = grid[0].length;
  const out: number[][] = [];
  if (side === 'i+' || side === 'i-') {
    for (let j = 0; j < n; j++) {
      const col = [];
      for (let k = 0; k < Math.min(3, m); k++) col.push(grid[side === 'i+' ? m - 1 - k : k][j]);
      out.push(col);
    }
  } else {
    for (let i = 0; i < m; i++) {
      const row = [];
      for (let k = 0; k < Math.min(3, n); k++) row.push(grid[i][side === 'j+' ? n - 1 - k : k]);
      out.push(row);
    }
  }
  return out;
}

/** Predicts and matches a new row/column beyond one side; null when any corner of it is missing. */
function extend(cands: XCorner[], grid: IndexGrid, side: Side, used: Set<number>): number[] | null {
  const added: number[] = [];
  const taken = new Set(used);
  for (const line of borderLines(grid, side)) {
    const p1 = cands[line[0]];
    const p0 = cands[line[1]];
    let dx = p1.x - p0.x;
    let dy = p1.y - p0.y;
    const step = Math.hypot(dx, dy);
    if (line.length === 3) {
      // Perspective: spacing changes geometrically along a line of the board.
      const pm = cands[line[2]];
      const ratio = Math.min(1.3, Math.max(0.77, step / Math.hypot(p0.x - pm.x, p0.y - pm.y)));
      dx *= ratio;
      dy *= ratio;
    }
    const q = nearest(cands, p1.x + dx, p1.y + dy, 0.3 * step, taken);
    if (q < 0 || !alignedWithEdge(cands[q], cands[q].x - p1.x, cands[q].y - p1.y)) return null;
    added.push(q);
    taken.add(q);
  }
  return added;
}

/** Grows a grid from a seed until no side can be extended (or it exceeds maxDim in a direction). */
export function growGrid(cands: XCorner[], seed: number, maxDim: number, minDist: number): IndexGrid | null {
  let grid = seedGrid(cands, seed, minDist);
  if (!grid) return null;
  const used = new Set(grid.flat());
  const open = new Set<Side>(['i+', 'i-', 'j+', 'j-']);
  while (open.size) {
    for (const side of [...open]) {
      const horizontal = side === 'i+' || side === 'i-';
      if ((horizontal ? grid.length : grid[0].length) > maxDim) {
        open.delete(side);
        continue;
      }
      const added = extend(cands, grid, side, used);
      if (!added) {
        open.delete(side);
        continue;
      }
      added.forEach((q) => used.add(q));
      if (side === 'i+') grid = [...grid, added];
      else if (side === 'i-') grid = [added, ...grid];
      else if (side === 'j+') grid = grid.map((row, i) => [...row, added[i]]);
      else grid = grid.map((row, i) => [added[i], ...row]);
    }
  }
  return grid;
}
