import { solveLinear } from './linalg';

export interface LmOptions {
  maxIterations?: number;
  /** Relative cost decrease below which the solver stops. */
  tolerance?: number;
  /** Parameter indices kept fixed. */
  fixed?: Set<number>;
  /**
   * Optional sparsity: blocks[k] lists the residual indices that parameter k influences; columns of the
   * numeric Jacobian then evaluate only those residuals (through residualSubset).
   */
  residualSubset?: (x: number[], param: number) => { indices: number[]; values: (x: number[]) => number[] };
}

export interface LmResult {
  x: number[];
  cost: number;
  iterations: number;
}

/** Levenberg–Marquardt on a residual vector with a forward-difference Jacobian. */
export function levenbergMarquardt(
  residuals: (x: number[]) => number[],
  x0: number[],
  opts: LmOptions = {},
): LmResult {
  const maxIt = opts.maxIterations ?? 100;
  const tol = opts.tolerance ?? 1e-12;
  const free = x0.map((_, i) => i).filter((i) => !opts.fixed?.has(i));
  const n = free.length;
  let x = x0.slice();
  let r = residuals(x);
  let cost = sumSq(r);
  let lambda = 1e-3;
  let it = 0;
  for (; it < maxIt; it++) {
    const m = r.length;
    // Jacobian columns (forward differences), J is m × n stored by column.
    const J: Float64Array[] = [];
    for (const k of free) {
      const h = 1e-6 * Math.max(1, Math.abs(x[k]));
      const col = new Float64Array(m);
      if (opts.residualSubset) {
        const { indices, values } = opts.residualSubset(x, k);
        const xp = x.slice();
        xp[k] += h;
        const rp = values(xp);
        for (let q = 0; q < indices.length; q++) col[indices[q]] = (rp[q] - r[indices[q]]) / h;
      } else {
        const xp = x.slice();
        xp[k] += h;
        const rp = residuals(xp);
        for (let q = 0; q < m; q++) col[q] = (rp[q] - r[q]) / h;
      }
      J.push(col);
    }
    const JtJ = new Array(n * n).fill(0);
    const Jtr = new Array(n).fill(0);
    for (let a = 0; a < n; a++) {
      const ca = J[a];
      let s = 0;
      for (let q = 0; q < m; q++) s += ca[q] * r[q];
      Jtr[a] = s;
      for (let b = a; b < n; b++) {
        const cb = J[b];
        let t = 0;
        for (let q = 0; q < m; q++) t += ca[q] * cb[q];
        JtJ[a * n + b] = t;
        JtJ[b * n + a] = t;
      }
    }
    let improved = false;
    for (let tries = 0; tries < 12; tries++) {
      const A = JtJ.slice();
      for (let a = 0; a < n; a++) A[a * n + a] += lambda * (JtJ[a * n + a] || 1);
      const step = solveLinear(
        A,
        Jtr.map((v) => -v),
        n,
      );
      if (!step) {
        lambda *= 10;
        continue;
      }
      const xn = x.slice();
      free.forEach((k, a) => (xn[k] += step[a]));
      const rn = residuals(xn);
      const cn = sumSq(rn);
      if (Number.isFinite(cn) && cn < cost) {
        const rel = (cost - cn) / Math.max(cost, 1e-300);
        x = xn;
        r = rn;
        cost = cn;
        lambda = Math.max(lambda / 10, 1e-12);
        improved = true;
        if (rel < tol) return { x, cost, iterations: it + 1 };
        break;
      }
      lambda *= 10;
    }
    if (!improved) break;
  }
  return { x, cost, iterations: it };
}

function sumSq(r: number[]): number {
  let s = 0;
  for (const v of r) s += v * v;
  return s;
}
