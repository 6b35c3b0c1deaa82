/**
 * ffmpeg adapter of the de-identification step: decodes a video, finds faces (face model on scanned frames
 * plus the subject's head from the pose), blurs them in every frame and encodes the blurred copy (H.264,
 * long side at most `maxSide`). The copy is written to a temporary name and renamed when complete, so a
 * failure never leaves a half-written file under the output name.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { availableParallelism } from 'node:os';
import { rename, rm } from 'node:fs/promises';
import { decodeFrames } from '../video/decode';
import { ffmpegPath } from '../video/ffmpeg-binaries';
import { probeVideo } from '../video/probe';
import { DEIDENTIFY_TEXT } from './defaults';
import { blurRegions } from './blur';
import { createFaceModel, type FaceBox, type FaceModel } from './face-model';
import { scanFaces } from './face-scan';
import { DEFAULT_REGION_PLAN, planFaceRegions, type Region, type RegionPlanOptions } from './regions';

export interface FindFacesOptions {
  /** The subject's head per frame (display pixels of the video), e.g. from headBoxesFromKeypoints. */
  heads?: ReadonlyArray<Region | null>;
  /**
   * Run the face model on every n-th frame (faces in between come from the scans around them); default:
   * 10 scans per second of video.
   */
  scanEvery?: number;
  /**
   * The fine level of tiles (the smallest faces) on every n-th scan only; default
   * DEIDENTIFY_DEFAULTS.fineScanEvery.
   */
  fineScanEvery?: number;
  /** Long side of the frames the face model scans. */
  scanSide?: number;
  /** Tile side in scanned-frame pixels. */
  tileSize?: number;
  minScore?: number;
  plan?: RegionPlanOptions;
  /**
   * A model already loaded (e.g. shared by several videos); else one is made on every core and disposed.
   */
  model?: FaceModel;
  onProgress?: (done: number, total: number) => void;
}

export interface FaceRegionPlan {
  /** Display size of the video; regions are in these pixels. */
  width: number;
  height: number;
  fps: number;
  /** Regions to blur, per frame of the video. */
  regions: Region[][];
  scannedFrames: number;
  /** Faces the scans found (summed over scanned frames). */
  facesFound: number;
}

export const DEIDENTIFY_DEFAULTS = {
  scansPerSecond: DEIDENTIFY_TEXT.scansPerSecond,
  /**
   * Frames are scanned at up to full HD: at 1280 px the demo's masked bystander in cam02 (a face ~45 px wide in
   * 1080 × 1920) was found in 1 of 17 scans and left unblurred; at 1920 px in 16 of 17 (scans cost ~2.4×).
   */
  scanSide: 1920,
  tileSize: 256,
  /** Below the face model's usual 0.5 (with the confirmation by a second scan, regions.ts): a face half turned away or small still gets blurred. */
  minScore: 0.45,
  maxSide: DEIDENTIFY_TEXT.maxSide,
  /** Seconds a face stays covered around the scans that found it when later or earlier scans miss it. */
  holdSec: 0.5,
  /**
   * The fine tiles (faces of ~40–95 px in full HD: distant bystanders) are 84 of a scan's 105 windows; a
   * face that small moves little between scans 0.2 s apart, and the hold above covers it in between. Every
   * other scan looks for them: the scans cost ~40 % less (bench:deidentify, pipeline README).
   */
  fineScanEvery: 2,
};

/**
 * The face model that blurs, on every core: the de-identification step runs alone, after a trial's other
 * steps (the worker, the CLI and bench:deidentify all load it here).
 */
export function createBlurringFaceModel(): Promise<FaceModel> {
  return createFaceModel('short', { threads: availableParallelism() });
}

/** Even size whose long side is at most `maxSide`, keeping the aspect ratio. */
export function fitSize(width: number, height: number, maxSide: number): { width: number; height: number } {
  const k = Math.min(1, maxSide / Math.max(width, height));
  const even = (v: number) => Math.max(2, 2 * Math.round((v * k) / 2));
  return { width: even(width), height: even(height) };
}

/** Pass 1: where the faces are, frame by frame. */
export async function findFaceRegions(input: string, opts: FindFacesOptions = {}): Promise<FaceRegionPlan> {
  const info = await probeVideo(input);
  const fps = info.fps || 30;
  const scanEvery = opts.scanEvery ?? Math.max(1, Math.round(fps / DEIDENTIFY_DEFAULTS.scansPerSecond));
  const size = fitSize(info.displayWidth, info.displayHeight, opts.scanSide ?? DEIDENTIFY_DEFAULTS.scanSide);
  const k = info.displayWidth / size.width;
  const model = opts.model ?? (await createBlurringFaceModel());
  const scans = new Map<number, FaceBox[]>();
  const fineEvery = Math.max(1, Math.round(opts.fineScanEvery ?? DEIDENTIFY_DEFAULTS.fineScanEvery));
  let facesFound = 0;
  let decoded = 0;
  try {
    const frames = decodeFrames(input, size.width, size.height, { everyNth: scanEvery });
    for await (const frame of frames) {
      const faces = await scanFaces(model, frame, {
        tileSize: opts.tileSize ?? DEIDENTIFY_DEFAULTS.tileSize,
        overlap: Math.round((opts.tileSize ?? DEIDENTIFY_DEFAULTS.tileSize) * 0.375),
        minScore: opts.minScore ?? DEIDENTIFY_DEFAULTS.minScore,
        fine: frame.index % fineEvery === 0,
      });
      facesFound += faces.length;
      scans.set(
        frame.index * scanEvery,
        faces.map((b) => ({
          x: b.x * k,
          y: b.y * k,
          width: b.width * k,
          height: b.height * k,
          score: b.score,
        })),
      );
      decoded++;
      opts.onProgress?.(decoded * scanEvery, info.frameCount);
    }
  } finally {
    if (!opts.model) model.dispose();
  }
  // The frame count from the container can be short of what the decoder gives: cover every decoded frame.
  const frameCount = Math.max(info.frameCount, decoded * scanEvery, opts.heads?.length ?? 0);
  const regions = planFaceRegions(
    frameCount,
    scans,
    opts.heads ?? [],
    opts.plan ?? {
      ...DEFAULT_REGION_PLAN,
      holdFrames: Math.max(scanEvery, Math.round(fps * DEIDENTIFY_DEFAULTS.holdSec)),
    },
  );
  return {
    width: info.displayWidth,
    height: info.displayHeight,
    fps: info.fps,
    regions,
    scannedFrames: decoded,
    facesFound,
  };
}

export interface WriteBlurredOptions {
  /** Frame i of `input` is frame i + frameOffset of the plan (a synced video cut from the original). */
  frameOffset?: number;
  maxSide?: number;
}

/**
 * Pass 2: decodes `input`, blurs the plan's regions and encodes `output`. The plan's coordinates are scaled
 * to the input's display size (a synced video is a smaller copy of the same picture). Frames beyond the
 * plan get the union of the regions of its last second: when in doubt, blur more.
 */
export async function writeBlurredVideo(
  input: string,
  output: string,
  plan: FaceRegionPlan,
  opts: WriteBlurredOptions = {},
): Promise<{ frames: number; width: number; height: number }> {
  const info = await probeVideo(input);
  const size = fitSize(info.displayWidth, info.displayHeight, opts.maxSide ?? DEIDENTIFY_DEFAULTS.maxSide);
  const sx = size.width / plan.width;
  const sy = size.height / plan.height;
  const tail = plan.regions.slice(-Math.max(1, Math.round(plan.fps))).flat();
  const partial = `${output}.part.mp4`;
  const encoder = spawn(
    ffmpegPath,
    [
      ...['-v', 'error', '-nostdin', '-y', '-f', 'rawvideo', '-pix_fmt', 'rgb24'],
      ...['-s', `${size.width}x${size.height}`, '-r', String(info.fps || 30), '-i', 'pipe:0'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
      ...['-movflags', '+faststart', '-an', partial],
    ],
    { stdio: ['pipe', 'ignore', 'pipe'] },
  );
  let stderr = '';
  encoder.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const closed = once(encoder, 'close') as Promise<[number | null]>;
  let frames = 0;
  try {
    for await (const frame of decodeFrames(input, size.width, size.height)) {
      const at = frame.index + (opts.frameOffset ?? 0);
      const regions = at < 0 ? [] : at < plan.regions.length ? plan.regions[at] : tail;
      blurRegions(
        frame,
        regions.map((r) => ({ x: r.x * sx, y: r.y * sy, width: r.width * sx, height: r.height * sy })),
      );
      if (!encoder.stdin.write(frame.data)) await once(encoder.stdin, 'drain');
      frames++;
    }
    encoder.stdin.end();
    const [code] = await closed;
    if (code !== 0) throw new Error(`ffmpeg could not encode ${output}: ${stderr.trim() || `exit ${code}`}`);
    if (frames === 0) throw new Error(`no frame could be decoded from ${input}`);
    await rename(partial, output);
  } catch (err) {
    encoder.kill('SIGKILL');
    await rm(partial, { force: true });
    throw err;
  }
  return { frames, ...size };
}

export interface DeidentifyReport {
  frames: number;
  width: number;
  height: number;
  scannedFrames: number;
  facesFound: number;
  seconds: number;
}

/** Both passes: the blurred copy of `input` at `output`. */
export async function deidentifyVideo(
  input: string,
  output: string,
  opts: FindFacesOptions & WriteBlurredOptions = {},
): Promise<DeidentifyReport & { plan: FaceRegionPlan }> {
  const started = performance.now();
  const plan = await findFaceRegions(input, opts);
  const written = await writeBlurredVideo(input, output, plan, { maxSide: opts.maxSide });
  return {
    ...written,
    scannedFrames: plan.scannedFrames,
    facesFound: plan.facesFound,
    seconds: (performance.now() - started) / 1000,
    plan,
  };
}
