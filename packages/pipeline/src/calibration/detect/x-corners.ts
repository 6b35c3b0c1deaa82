import type { FloatImage } from './image-ops';
import { sample } from './image-ops';

/** Absolute response floor: a contrast of roughly 8 grey levels over the ring. */
const MIN_RESPONSE = 60;

/** A checkerboard X-corner candidate at pyramid-level resolution. */
export interface XCorner {
  x: number;
  y: number;
  response: number;
  /** The two edge-line directions through the corner, radians in [0, π). */
  edges: [number, number];
  /** Contrast across the corner (bright − dark sector means on the ring). */
  contrast: number;
}

/**
 * ChESS response (Bennett & Lasenby 2014): on a ring of 16 samples, an X-corner has opposite samples alike and
 * samples 90° apart different. response = Σ|(I_n + I_{n+8}) − (I_{n+4} + I_{n+12})| − Σ|I_n − I_{n+8}| −
 * 16·|ring mean − centre mean|. Edges, blobs and lines score low; it depends only on local contrast, so uneven
 * lighting does not matter.
 */
export function chessResponse(img: FloatImage, radius: number): Float32Array {
  const { width: w, height: h, data } = img;
  const offs: number[] = [];
  for (let n = 0; n < 16; n++) {
    const a = (n * Math.PI) / 8;
    offs.push(Math.round(radius * Math.sin(a)) * w + Math.round(radius * Math.cos(a)));
  }
  const out = new Float32Array(w * h);
  const r = radius + 1;
  for (let y = r; y < h - r; y++) {
    for (let x = r; x < w - r; x++) {
      const k = y * w + x;
      // Cheap early exit (most pixels): two of the four sum terms, 45° apart, are both small only where
      // the response cannot reach the detection floor (MIN_RESPONSE).
      const s0 = Math.abs(data[k + offs[0]] + data[k + offs[8]] - data[k + offs[4]] - data[k + offs[12]]);
      const s2 = Math.abs(data[k + offs[2]] + data[k + offs[10]] - data[k + offs[6]] - data[k + offs[14]]);
      if (2 * (s0 + s2) < MIN_RESPONSE) continue;
      let sum = 0;
      for (let n = 0; n < 4; n++)
        sum += Math.abs(
          data[k + offs[n]] + data[k + offs[n + 8]] - data[k + offs[n + 4]] - data[k + offs[n + 12]],
        );
      let diff = 0;
      let ring = 0;
      for (let n = 0; n < 8; n++) {
        diff += Math.abs(data[k + offs[n]] - data[k + offs[n + 8]]);
        ring += data[k + offs[n]] + data[k + offs[n + 8]];
      }
      const centre = (data[k] * 4 + data[k - 1] + data[k + 1] + data[k - w] + data[k + w]) / 8;
      const v = sum - diff - Math.abs(ring - 16 * centre);
      out[k] = v > 0 ? v : 0;
    }
  }
  return out;
}

/**
 * Local maxima of the response above a threshold (relative to the strongest), each checked on a ring of
 * bilinear samples: an X-corner crosses its ring mean exactly four times, at two straight edge lines.
 */
export function findXCorners(
  img: FloatImage,
  response: Float32Array,
  radius: number,
  maxCandidates = 400,
): XCorner[] {
  const { width: w, height: h } = img;
  let max = 0;
  for (let i = 0; i < response.length; i++) if (response[i] > max) max = response[i];
  const thr = Math.max(max * 0.04, MIN_RESPONSE);
  const nms = Math.max(2, Math.round(radius * 0.8));
  const peaks: { k: number; v: number }[] = [];
  const b = radius + 2;
  for (let y = b; y < h - b; y++) {
    for (let x = b; x < w - b; x++) {
      const k = y * w + x;
      const v = response[k];
      if (v < thr) continue;
      let isMax = true;
      for (let dy = -nms; dy <= nms && isMax; dy++)
        for (let dx = -nms; dx <= nms; dx++) {
          const u = response[k + dy * w + dx];
          if (u > v || (u === v && (dy < 0 || (dy === 0 && dx < 0)))) {
            isMax = false;
            break;
          }
        }
      if (isMax) peaks.push({ k, v });
    }
  }
  peaks.sort((a, c) => c.v - a.v);
  const out: XCorner[] = [];
  for (const { k, v } of peaks) {
    if (out.length >= maxCandidates) break;
    const px = k % w;
    const py = (k - px) / w;
    // Sub-pixel peak by a parabola through the response in x and y.
    const fx = peakOffset(response[k - 1], v, response[k + 1]);
    const fy = peakOffset(response[k - w], v, response[k + w]);
    const x = px + fx;
    const y = py + fy;
    const ring = ringEdges(img, x, y, radius);
    if (ring) out.push({ x, y, response: v, edges: ring.edges, contrast: ring.contrast });
  }
  return out;
}

function peakOffset(a: number, b: number, c: number): number {
  const d = a - 2 * b + c;
  if (d >= 0) return 0;
  const o = (0.5 * (a - c)) / d;
  return o > 0.5 ? 0.5 : o < -0.5 ? -0.5 : o;
}

const RING = 48;

/** Edge directions from the four crossings of the ring intensity with its mean; null if not an X-corner. */
export function ringEdges(
  img: FloatImage,
  x: number,
  y: number,
  radius: number,
): { edges: [number, number]; contrast: number } | null {
  const vals = new Float64Array(RING);
  let mean = 0;
  for (let i = 0; i < RING; i++) {
    const a = (i * 2 * Math.PI) / RING;
    vals[i] = sample(img, x + radius * Math.cos(a), y + radius * Math.sin(a));
    mean += vals[i];
  }
  mean /= RING;
  const crossings: number[] = [];
  let bright = 0;
  let dark = 0;
  let nb = 0;
  let nd = 0;
  for (let i = 0; i < RING; i++) {
    const a = vals[i] - mean;
    const bNext = vals[(i + 1) % RING] - mean;
    if (a >= 0) {
      bright += vals[i];
      nb++;
    } else {
      dark += vals[i];
      nd++;
    }
    if (a >= 0 !== bNext >= 0) crossings.push(((i + a / (a - bNext)) * 2 * Math.PI) / RING);
  }
  if (crossings.length !== 4 || nb === 0 || nd === 0) return null;
  const contrast = bright / nb - dark / nd;
  // Opposite crossings lie on one straight edge: average their directions modulo π.
  const e1 = axialMean(crossings[0], crossings[2]);
  const e2 = axialMean(crossings[1], crossings[3]);
  // Each sector must be a real square, not a sliver: edges at least ~20° apart.
  const sep = Math.abs(e1 - e2);
  if (Math.min(sep, Math.PI - sep) < 0.35) return null;
  return { edges: [e1, e2], contrast };
}

function axialMean(a: number, b: number): number {
  // Mean of two line directions (mod π) through doubled angles.
  const s = Math.sin(2 * a) + Math.sin(2 * b);
  const c = Math.cos(2 * a) + Math.cos(2 * b);
  let m = Math.atan2(s, c) / 2;
  if (m < 0) m += Math.PI;
  return m;
}

/** Smallest angle between a direction vector and a line direction (radians, 0..π/2). */
export function angleToLine(dx: number, dy: number, line: number): number {
  let d = Math.abs(Math.atan2(dy, dx) - line) % Math.PI;
  if (d > Math.PI / 2) d = Math.PI - d;
  return d;
}
