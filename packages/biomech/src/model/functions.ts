/**
 * OpenSim function types used by CustomJoint transform axes and coordinate couplers,
 * evaluated exactly as OpenSim/Simbody do (value and first derivative).
 */
export type OsimFunction =
  | { type: 'LinearFunction'; slope: number; intercept: number }
  | { type: 'Constant'; value: number }
  | { type: 'PolynomialFunction'; coefficients: number[] } // highest power first (SimTK::Function::Polynomial)
  | { type: 'SimmSpline'; x: number[]; y: number[]; b: number[]; c: number[]; d: number[] }
  | { type: 'PiecewiseLinearFunction'; x: number[]; y: number[] }
  | { type: 'MultiplierFunction'; scale: number; fn: OsimFunction };

const TINY = 1e-7;

/** Builds a SimmSpline with the Forsythe–Malcolm–Moler end conditions used by OpenSim's SimmSpline. */
export function makeSimmSpline(x: number[], y: number[]): OsimFunction {
  const n = x.length;
  if (n !== y.length) throw new Error(`SimmSpline: x has ${n} values but y has ${y.length}`);
  if (n < 2) throw new Error('SimmSpline needs at least 2 points');
  for (let i = 1; i < n; i++) {
    if (!(x[i] > x[i - 1])) throw new Error('SimmSpline: x values must increase strictly');
  }
  const b = new Array<number>(n).fill(0);
  const c = new Array<number>(n).fill(0);
  const d = new Array<number>(n).fill(0);
  if (n === 2) {
    const t = Math.max(TINY, x[1] - x[0]);
    b[0] = b[1] = (y[1] - y[0]) / t;
    return { type: 'SimmSpline', x: [...x], y: [...y], b, c, d };
  }
  const nm1 = n - 1;
  const nm2 = n - 2;
  d[0] = Math.max(TINY, x[1] - x[0]);
  c[1] = (y[1] - y[0]) / d[0];
  for (let i = 1; i < nm1; i++) {
    d[i] = Math.max(TINY, x[i + 1] - x[i]);
    b[i] = 2 * (d[i - 1] + d[i]);
    c[i + 1] = (y[i + 1] - y[i]) / d[i];
    c[i] = c[i + 1] - c[i];
  }
  b[0] = -d[0];
  b[nm1] = -d[nm2];
  c[0] = 0;
  c[nm1] = 0;
  if (n > 3) {
    const d31 = Math.max(TINY, x[3] - x[1]);
    const d20 = Math.max(TINY, x[2] - x[0]);
    const d1 = Math.max(TINY, x[nm1] - x[n - 3]);
    const d2 = Math.max(TINY, x[nm2] - x[n - 4]);
    const d30 = Math.max(TINY, x[3] - x[0]);
    const d3 = Math.max(TINY, x[nm1] - x[n - 4]);
    c[0] = c[2] / d31 - c[1] / d20;
    c[nm1] = c[nm2] / d1 - c[n - 3] / d2;
    c[0] = (c[0] * d[0] * d[0]) / d30;
    c[nm1] = (-c[nm1] * d[nm2] * d[nm2]) / d3;
  }
  for (let i = 1; i < n; i++) {
    const t = d[i - 1] / b[i - 1];
    b[i] -= t * d[i - 1];
    c[i] -= t * c[i - 1];
  }
  c[nm1] /= b[nm1];
  for (let j = 0; j < nm1; j++) {
    const i = nm2 - j;
    c[i] = (c[i] - d[i] * c[i + 1]) / b[i];
  }
  b[nm1] = (y[nm1] - y[nm2]) / d[nm2] + d[nm2] * (c[nm2] + 2 * c[nm1]);
  for (let i = 0; i < nm1; i++) {
    b[i] = (y[i + 1] - y[i]) / d[i] - d[i] * (c[i + 1] + 2 * c[i]);
    d[i] = (c[i + 1] - c[i]) / d[i];
    c[i] *= 3;
  }
  c[nm1] *= 3;
  d[nm1] = d[nm2];
  return { type: 'SimmSpline', x: [...x], y: [...y], b, c, d };
}

function findInterval(x: number[], v: number): number {
  let lo = 0;
  let hi = x.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (x[mid] <= v) lo = mid;
    else hi = mid;
  }
  return lo;
}

export function evalFunction(f: OsimFunction, v: number): number {
  switch (f.type) {
    case 'LinearFunction':
      return f.slope * v + f.intercept;
    case 'Constant':
      return f.value;
    case 'PolynomialFunction': {
      let acc = 0;
      for (const c of f.coefficients) acc = acc * v + c;
      return acc;
    }
    case 'SimmSpline': {
      const n = f.x.length;
      if (v < f.x[0]) return f.y[0] + (v - f.x[0]) * f.b[0];
      if (v > f.x[n - 1]) return f.y[n - 1] + (v - f.x[n - 1]) * f.b[n - 1];
      const k = findInterval(f.x, v);
      const dx = v - f.x[k];
      return f.y[k] + dx * (f.b[k] + dx * (f.c[k] + dx * f.d[k]));
    }
    case 'PiecewiseLinearFunction': {
      const n = f.x.length;
      if (n === 1) return f.y[0];
      const k = v <= f.x[0] ? 0 : v >= f.x[n - 1] ? n - 2 : findInterval(f.x, v);
      const t = (v - f.x[k]) / (f.x[k + 1] - f.x[k]);
      return f.y[k] + t * (f.y[k + 1] - f.y[k]);
    }
    case 'MultiplierFunction':
      return f.scale * evalFunction(f.fn, v);
  }
}

export function evalDerivative(f: OsimFunction, v: number): number {
  switch (f.type) {
    case 'LinearFunction':
      return f.slope;
    case 'Constant':
      return 0;
    case 'PolynomialFunction': {
      const n = f.coefficients.length - 1;
      let acc = 0;
      for (let i = 0; i < n; i++) acc = acc * v + f.coefficients[i] * (n - i);
      return acc;
    }
    case 'SimmSpline': {
      const n = f.x.length;
      if (v < f.x[0]) return f.b[0];
      if (v > f.x[n - 1]) return f.b[n - 1];
      const k = findInterval(f.x, v);
      const dx = v - f.x[k];
      return f.b[k] + dx * (2 * f.c[k] + 3 * dx * f.d[k]);
    }
    case 'PiecewiseLinearFunction': {
      const n = f.x.length;
      if (n === 1) return 0;
      const k = v <= f.x[0] ? 0 : v >= f.x[n - 1] ? n - 2 : findInterval(f.x, v);
      return (f.y[k + 1] - f.y[k]) / (f.x[k + 1] - f.x[k]);
    }
    case 'MultiplierFunction':
      return f.scale * evalDerivative(f.fn, v);
  }
}

/** True for y = ±x (OpenSim then treats the coordinate as a plain rotation/translation, not coupled). */
export function isIdentityLike(f: OsimFunction): boolean {
  return f.type === 'LinearFunction' && Math.abs(Math.abs(f.slope) - 1) < 1e-12 && f.intercept === 0;
}
