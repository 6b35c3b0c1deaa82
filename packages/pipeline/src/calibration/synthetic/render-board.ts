import type { CameraExtrinsics, CameraIntrinsics, Vec3 } from '../../camera/camera-model';
import { undistortToNormalized } from '../../camera/camera-model';
import { projectWith } from '../solve/planar-pose';
import { boardObjectPoints, type BoardSpec, type GrayImage, type Point2 } from '../types';

/**
 * Renders a checkerboard seen by a pinhole camera with Brown–Conrady distortion, for tests and benchmarks.
 * Board frame as in detection: corner (r, c) at (c·s, r·s, 0); the outer square before corner 0 is dark
 * (so the detector's corner 0 is the renderer's corner 0). Each pixel is traced back through the lens
 * (exact undistortion per pixel centre, interpolated between centres), super-sampled with box-filtered
 * (soft) square edges, then optionally blurred, lit unevenly and noised.
 */
export interface RenderBoardOptions {
  intrinsics: CameraIntrinsics;
  /** Board → camera pose. */
  pose: CameraExtrinsics;
  board: BoardSpec;
  /** White margin around the squares, in squares (default 0.5). */
  marginSquares?: number;
  /** Gaussian blur sigma in pixels (default 0). */
  blurSigma?: number;
  /** Gaussian noise sigma in grey levels (default 0). */
  noiseSigma?: number;
  /** Illumination falling linearly from 1 to 1 − gradient across the image (default 0). */
  lightGradient?: number;
  /** Random rectangles and ellipses in the background (default true). */
  clutter?: boolean;
  /** Dark ellipses drawn over the image, e.g. hands holding the board: [cx, cy, rx, ry] in pixels. */
  occluders?: [number, number, number, number][];
  supersample?: number;
  seed?: number;
}

export interface RenderedBoard {
  image: GrayImage;
  /** Ground-truth corner pixels in detection order. */
  corners: Point2[];
}

const undistortCache = new WeakMap<CameraIntrinsics, Float32Array>();

function undistortMap(intr: CameraIntrinsics): Float32Array {
  let map = undistortCache.get(intr);
  if (map) return map;
  const { width: w, height: h } = intr;
  map = new Float32Array(w * h * 2);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const [nx, ny] = undistortToNormalized(intr, x, y);
      map[(y * w + x) * 2] = nx;
      map[(y * w + x) * 2 + 1] = ny;
    }
  undistortCache.set(intr, map);
  return map;
}

/** Seeded PRNG (mulberry32). */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function background(w: number, h: number, clutter: boolean, rand: () => number): Float32Array {
  const bg = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) bg[y * w + x] = 90 + 50 * (y / h) + 20 * Math.sin(x / 37);
  if (!clutter) return bg;
  for (let k = 0; k < 40; k++) {
    const x0 = rand() * w;
    const y0 = rand() * h;
    const rw = 10 + rand() * w * 0.15;
    const rh = 10 + rand() * h * 0.15;
    const v = 20 + rand() * 220;
    const ellipse = rand() < 0.5;
    for (let y = Math.max(0, Math.floor(y0)); y < Math.min(h, y0 + rh); y++)
      for (let x = Math.max(0, Math.floor(x0)); x < Math.min(w, x0 + rw); x++) {
        if (ellipse && ((x - x0 - rw / 2) / (rw / 2)) ** 2 + ((y - y0 - rh / 2) / (rh / 2)) ** 2 > 1)
          continue;
        bg[y * w + x] = v;
      }
  }
  return bg;
}

function gaussianBlur(img: Float32Array, w: number, h: number, sigma: number): Float32Array {
  const r = Math.ceil(sigma * 3);
  const k: number[] = [];
  let sum = 0;
  for (let i = -r; i <= r; i++) {
    const v = Math.exp(-(i * i) / (2 * sigma * sigma));
    k.push(v);
    sum += v;
  }
  for (let i = 0; i < k.length; i++) k[i] /= sum;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let i = -r; i <= r; i++) s += k[i + r] * img[y * w + Math.min(w - 1, Math.max(0, x + i))];
      tmp[y * w + x] = s;
    }
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      for (let i = -r; i <= r; i++) s += k[i + r] * tmp[Math.min(h - 1, Math.max(0, y + i)) * w + x];
      out[y * w + x] = s;
    }
  return out;
}

export function renderBoard(o: RenderBoardOptions): RenderedBoard {
  const intr = o.intrinsics;
  const { width: w, height: h } = intr;
  const { R, t } = o.pose;
  const s = o.board.squareSize;
  const margin = (o.marginSquares ?? 0.5) * s;
  const minX = -s - margin;
  const maxX = o.board.cols * s + margin;
  const minY = -s - margin;
  const maxY = o.board.rows * s + margin;
  const rand = rng(o.seed ?? 1);
  const bg = background(w, h, o.clutter ?? true, rand);
  const map = undistortMap(intr);
  const ss = o.supersample ?? 3;
  // Ray (nx, ny, 1) in camera → board plane z_b = 0: solve for λ with Rᵀ(λ·d − t) having zero z.
  const r2 = [R[2], R[5], R[8]]; // third column of R = board z axis in camera coordinates
  const planeD = r2[0] * t[0] + r2[1] * t[1] + r2[2] * t[2];
  // Camera centre in board coordinates; from behind (z_b > 0) the board shows its plain back.
  const backSide = -(R[2] * t[0] + R[5] * t[1] + R[8] * t[2]) > 0;
  // Pass 1: board-plane coordinates of every pixel centre (NaN where the ray misses the plane).
  const bxs = new Float64Array(w * h);
  const bys = new Float64Array(w * h);
  for (let k = 0; k < w * h; k++) {
    const nx = map[k * 2];
    const ny = map[k * 2 + 1];
    const lambda = planeD / (r2[0] * nx + r2[1] * ny + r2[2]);
    if (!(lambda > 0)) {
      bxs[k] = NaN;
      bys[k] = NaN;
      continue;
    }
    const cx = lambda * nx - t[0];
    const cy = lambda * ny - t[1];
    const cz = lambda - t[2];
    bxs[k] = R[0] * cx + R[3] * cy + R[6] * cz;
    bys[k] = R[1] * cx + R[4] * cy + R[7] * cz;
  }
  const inner = (bx: number, by: number) =>
    bx > -s && bx < o.board.cols * s && by > -s && by < o.board.rows * s;
  // Soft square wave: ±1 inside squares, a linear ramp of one sub-sample across each edge (box-filtered edge),
  // so edge positions are not quantised to the sub-sample grid.
  const soft = (u: number, eps: number) => {
    const f = u / s - Math.floor(u / s); // 0..1 within a square
    const sign = Math.floor(u / s) % 2 === 0 ? 1 : -1;
    const d = Math.min(f, 1 - f) * s; // distance to the nearest line
    return sign * Math.min(1, d / eps);
  };
  const img = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const k = y * w + x;
      const kx = x < w - 1 ? k + 1 : k - 1;
      const ky = y < h - 1 ? k + w : k - w;
      const dxx = bxs[kx] - bxs[k];
      const dxy = bys[kx] - bys[k];
      const dyx = bxs[ky] - bxs[k];
      const dyy = bys[ky] - bys[k];
      const epsX = (0.5 * Math.hypot(dxx, dyx)) / ss;
      const epsY = (0.5 * Math.hypot(dxy, dyy)) / ss;
      let acc = 0;
      for (let sy = 0; sy < ss; sy++)
        for (let sx = 0; sx < ss; sx++) {
          const ox = (sx + 0.5) / ss - 0.5;
          const oy = (sy + 0.5) / ss - 0.5;
          const bx = bxs[k] + ox * (x < w - 1 ? dxx : -dxx) + oy * (y < h - 1 ? dyx : -dyx);
          const by = bys[k] + ox * (x < w - 1 ? dxy : -dxy) + oy * (y < h - 1 ? dyy : -dyy);
          let v = bg[k];
          if (bx > minX && bx < maxX && by > minY && by < maxY) {
            v = backSide ? 150 : 225;
            if (!backSide && inner(bx, by)) {
              // Square (a, b) = (⌊y/s⌋ + 1, ⌊x/s⌋ + 1) is dark when a + b is even: product of the two waves.
              const c = soft(bx, epsX) * soft(by, epsY);
              v = 125 - 100 * c;
            }
          }
          acc += v;
        }
      img[k] = acc / (ss * ss);
    }
  for (const [ex, ey, rx, ry] of o.occluders ?? [])
    for (let y = Math.max(0, Math.floor(ey - ry)); y < Math.min(h, ey + ry); y++)
      for (let x = Math.max(0, Math.floor(ex - rx)); x < Math.min(w, ex + rx); x++)
        if (((x - ex) / rx) ** 2 + ((y - ey) / ry) ** 2 <= 1) img[y * w + x] = 60;
  const blurred = o.blurSigma ? gaussianBlur(img, w, h, o.blurSigma) : img;
  const data = new Uint8Array(w * h);
  const grad = o.lightGradient ?? 0;
  const noise = o.noiseSigma ?? 0;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let v = blurred[y * w + x] * (1 - (grad * x) / w);
      if (noise) v += noise * Math.sqrt(-2 * Math.log(rand() + 1e-12)) * Math.cos(2 * Math.PI * rand());
      data[y * w + x] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
    }
  const corners = boardObjectPoints(o.board).map((X) => projectWith(intr, R, t, X as Vec3));
  return { image: { width: w, height: h, data }, corners };
}
