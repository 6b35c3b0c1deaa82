/**
 * Finds faces anywhere in a frame: the frame is cut into overlapping square tiles (a face must fill a fair
 * part of the model's small input), every tile goes through the face model in one batch, and the boxes are
 * mapped back to frame pixels and merged by non-maximum suppression.
 */
import type { FaceBox, FaceModel } from './face-model';

export interface RgbImage {
  width: number;
  height: number;
  /** Interleaved RGB, 3 bytes per pixel. */
  data: Uint8Array;
}

export interface ScanOptions {
  /**
   * Tile side in frame pixels of the fine level: faces from about a sixth of it up to MAX_FACE_SHARE of it
   * are taken from there; larger faces come from a coarse level of tiles as wide as the frame.
   */
  tileSize: number;
  /** Overlap of neighbouring tiles in pixels (a face cut by one tile's edge lies whole in the next). */
  overlap: number;
  minScore: number;
  /** Scan the fine level too (default true); false looks only for faces of the middle and coarse levels. */
  fine?: boolean;
}

/** Top-left corners of the tiles covering a length, the last one flush with the far edge. */
function tileStarts(length: number, tile: number, overlap: number): number[] {
  if (length <= tile) return [0];
  const step = tile - overlap;
  const n = Math.ceil((length - tile) / step) + 1;
  return Array.from({ length: n }, (_, i) => Math.round((i * (length - tile)) / (n - 1)));
}

export function tileGrid(width: number, height: number, tile: number, overlap: number) {
  const side = Math.min(tile, width, height);
  const xs = tileStarts(width, side, overlap);
  const ys = tileStarts(height, side, overlap);
  return { side, tiles: ys.flatMap((y) => xs.map((x) => ({ x, y }))) };
}

/** Nearest-neighbour resample of a square frame window into a model input tile (float RGB 0..255). */
function fillTile(
  image: RgbImage,
  x0: number,
  y0: number,
  side: number,
  size: number,
  out: Float32Array,
  at: number,
) {
  const { width, height, data } = image;
  const scale = side / size;
  for (let y = 0; y < size; y++) {
    const sy = Math.min(height - 1, Math.floor(y0 + (y + 0.5) * scale));
    for (let x = 0; x < size; x++) {
      const sx = Math.min(width - 1, Math.floor(x0 + (x + 0.5) * scale));
      const s = (sy * width + sx) * 3;
      const o = at + (y * size + x) * 3;
      out[o] = data[s];
      out[o + 1] = data[s + 1];
      out[o + 2] = data[s + 2];
    }
  }
}

export function iou(a: FaceBox, b: FaceBox): number {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  if (w <= 0 || h <= 0) return 0;
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

/** Keeps the best-scoring box of every group overlapping by more than `threshold` IoU. */
export function nonMaxSuppression(boxes: FaceBox[], threshold = 0.3): FaceBox[] {
  const kept: FaceBox[] = [];
  for (const b of [...boxes].sort((p, q) => q.score - p.score))
    if (kept.every((k) => iou(k, b) <= threshold)) kept.push(b);
  return kept;
}

/**
 * A box filling more than this share of a fine tile is left to the coarse level: in small tiles the model
 * takes a bare torso or a patterned ceiling for a big face (seen on the demo's clips).
 */
const MAX_FACE_SHARE = 0.45;
/** Big faces are clear faces: the coarse level asks more of a box (there it mistook bare torsos for faces). */
const COARSE_MIN_SCORE = 0.6;

/** Every face the model finds in the image, in image pixels. */
export async function scanFaces(model: FaceModel, image: RgbImage, opts: ScanOptions): Promise<FaceBox[]> {
  const fine = tileGrid(image.width, image.height, opts.tileSize, opts.overlap);
  const windows =
    opts.fine === false
      ? []
      : fine.tiles.map((t) => ({ ...t, side: fine.side, maxFace: fine.side * MAX_FACE_SHARE }));
  const short = Math.min(image.width, image.height);
  // A middle level when the frame is large (full HD): faces too big for the fine tiles but too small for the
  // frame-wide ones (~115–160 px in 1080 × 1920) fell between the two and went unblurred.
  const middleSide = 2 * fine.side;
  if (short > middleSide) {
    const middle = tileGrid(image.width, image.height, middleSide, 2 * opts.overlap);
    windows.push(
      ...middle.tiles.map((t) => ({ ...t, side: middle.side, maxFace: middle.side * MAX_FACE_SHARE })),
    );
  }
  if (short > fine.side) {
    const coarse = tileGrid(image.width, image.height, short, Math.round(short / 3));
    windows.push(
      ...coarse.tiles.map((t) => ({
        ...t,
        side: coarse.side,
        maxFace: Infinity,
        minScore: COARSE_MIN_SCORE,
      })),
    );
  }
  return detectInWindows(model, image, windows, opts.minScore);
}

/** Faces found in the given square windows of the image (frame pixels), merged. */
export async function detectInWindows(
  model: FaceModel,
  image: RgbImage,
  windows: Array<{ x: number; y: number; side: number; maxFace?: number; minScore?: number }>,
  minScore: number,
): Promise<FaceBox[]> {
  if (windows.length === 0) return [];
  const size = model.inputSize;
  const batch = new Float32Array(windows.length * size * size * 3);
  windows.forEach((w, i) => fillTile(image, w.x, w.y, w.side, size, batch, i * size * size * 3));
  const perTile = await model.detect(batch, windows.length, minScore);
  const found: FaceBox[] = [];
  perTile.forEach((boxes, i) => {
    const { x, y, side, maxFace = Infinity, minScore: atLeast = minScore } = windows[i];
    const k = side / size;
    for (const b of boxes)
      if (Math.max(b.width, b.height) * k <= maxFace && b.score >= atLeast)
        found.push({
          x: x + b.x * k,
          y: y + b.y * k,
          width: b.width * k,
          height: b.height * k,
          score: b.score,
        });
  });
  return nonMaxSuppression(found);
}
