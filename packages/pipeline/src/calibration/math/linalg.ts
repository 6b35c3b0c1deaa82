/** Small dense linear algebra (row-major number[] matrices) for calibration-sized problems. */

/** Eigen-decomposition of a symmetric n×n matrix by cyclic Jacobi; eigenvalues ascending, vectors as columns. */
export function symmetricEigen(A: number[], n: number): { values: number[]; vectors: number[] } {
  const a = A.slice();
  const v = new Array(n * n).fill(0);
  for (let i = 0; i < n; i++) v[i * n + i] = 1;
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0;
    for (let p = 0; p < n; p++) for (let q = p + 1; q < n; q++) off += a[p * n + q] ** 2;
    if (off < 1e-30) break;
    for (let p = 0; p < n; p++)
      for (let q = p + 1; q < n; q++) {
        const apq = a[p * n + q];
        if (Math.abs(apq) < 1e-300) continue;
        const theta = (a[q * n + q] - a[p * n + p]) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k * n + p];
          const akq = a[k * n + q];
          a[k * n + p] = c * akp - s * akq;
          a[k * n + q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p * n + k];
          const aqk = a[q * n + k];
          a[p * n + k] = c * apk - s * aqk;
          a[q * n + k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k * n + p];
          const vkq = v[k * n + q];
          v[k * n + p] = c * vkp - s * vkq;
          v[k * n + q] = s * vkp + c * vkq;
        }
      }
  }
  const order = [...Array(n).keys()].sort((i, j) => a[i * n + i] - a[j * n + j]);
  const values = order.map((i) => a[i * n + i]);
  const vectors = new Array(n * n);
  order.forEach((src, dst) => {
    for (let k = 0; k < n; k++) vectors[k * n + dst] = v[k * n + src];
  });
  return { values, vectors };
}

/** Unit vector x minimising |M x| for an m×n matrix M (smallest eigenvector of MᵀM). */
export function nullVector(M: number[], rows: number, n: number): number[] {
  const AtA = new Array(n * n).fill(0);
  for (let r = 0; r < rows; r++)
    for (let i = 0; i < n; i++) {
      const mi = M[r * n + i];
      if (mi === 0) continue;
      for (let j = i; j < n; j++) AtA[i * n + j] += mi * M[r * n + j];
    }
  for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) AtA[i * n + j] = AtA[j * n + i];
  const { vectors } = symmetricEigen(AtA, n);
  const x = [];
  for (let k = 0; k < n; k++) x.push(vectors[k * n]);
  return x;
}

/**
 * Solves A x = b (n×n, row-major) by Gaussian elimination with partial pivoting; null when singular (a pivot
 * below `tiny` in absolute value).
 */
export function solveLinear(A: number[], b: number[], n: number, tiny = 1e-300): number[] | null {
  const m = A.slice();
  const x = b.slice();
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r * n + c]) > Math.abs(m[piv * n + c])) piv = r;
    if (Math.abs(m[piv * n + c]) < tiny) return null;
    if (piv !== c) {
      for (let k = 0; k < n; k++) [m[c * n + k], m[piv * n + k]] = [m[piv * n + k], m[c * n + k]];
      [x[c], x[piv]] = [x[piv], x[c]];
    }
    for (let r = c + 1; r < n; r++) {
      const f = m[r * n + c] / m[c * n + c];
      if (f === 0) continue;
      for (let k = c; k < n; k++) m[r * n + k] -= f * m[c * n + k];
      x[r] -= f * x[c];
    }
  }
  for (let r = n - 1; r >= 0; r--) {
    let s = x[r];
    for (let k = r + 1; k < n; k++) s -= m[r * n + k] * x[k];
    x[r] = s / m[r * n + r];
  }
  return x;
}

/** Homography H (row-major 3x3, H[8] = 1 when possible) with dst ~ H·src, normalised DLT. */
export function fitHomography(src: [number, number][], dst: [number, number][]): number[] {
  if (src.length < 4 || src.length !== dst.length) throw new Error('fitHomography needs ≥ 4 matching points');
  const norm = (pts: [number, number][]) => {
    let mx = 0;
    let my = 0;
    for (const p of pts) {
      mx += p[0];
      my += p[1];
    }
    mx /= pts.length;
    my /= pts.length;
    let d = 0;
    for (const p of pts) d += Math.hypot(p[0] - mx, p[1] - my);
    const s = Math.SQRT2 / (d / pts.length || 1);
    return { mx, my, s };
  };
  const ns = norm(src);
  const nd = norm(dst);
  const rows: number[] = [];
  for (let k = 0; k < src.length; k++) {
    const x = (src[k][0] - ns.mx) * ns.s;
    const y = (src[k][1] - ns.my) * ns.s;
    const u = (dst[k][0] - nd.mx) * nd.s;
    const v = (dst[k][1] - nd.my) * nd.s;
    rows.push(x, y, 1, 0, 0, 0, -u * x, -u * y, -u);
    rows.push(0, 0, 0, x, y, 1, -v * x, -v * y, -v);
  }
  const h = nullVector(rows, src.length * 2, 9);
  // H = Td⁻¹ · Hn · Ts
  const Ts = [ns.s, 0, -ns.s * ns.mx, 0, ns.s, -ns.s * ns.my, 0, 0, 1];
  const TdInv = [1 / nd.s, 0, nd.mx, 0, 1 / nd.s, nd.my, 0, 0, 1];
  const H = mul3(TdInv, mul3(h, Ts));
  const scale = Math.abs(H[8]) > 1e-12 ? H[8] : 1;
  return H.map((v) => v / scale);
}

export function mul3(a: number[], b: number[]): number[] {
  const o = new Array(9).fill(0);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++)
      o[i * 3 + j] = a[i * 3] * b[j] + a[i * 3 + 1] * b[3 + j] + a[i * 3 + 2] * b[6 + j];
  return o;
}

export function applyHomography(H: number[], x: number, y: number): [number, number] {
  const w = H[6] * x + H[7] * y + H[8];
  return [(H[0] * x + H[1] * y + H[2]) / w, (H[3] * x + H[4] * y + H[5]) / w];
}
