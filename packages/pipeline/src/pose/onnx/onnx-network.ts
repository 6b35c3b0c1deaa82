/**
 * A BlazePose tfjs graph model converted in memory to ONNX and run by onnxruntime-node, on one CPU thread by
 * default: the pose detection's parallelism comes from its worker threads, one network each; a network that
 * runs alone (the face model of the de-identification step) asks for more `threads`. ~4–8× faster than the
 * same network in tfjs-wasm (see the pipeline README, 2D detection speed).
 */
import * as tf from '@tensorflow/tfjs';
import * as ort from 'onnxruntime-node';
import { tfjsGraphToOnnx, type GraphModelJson, type WeightMap } from './tfjs-to-onnx';

export interface OnnxNetwork {
  /** Runs the network on one NHWC float32 image; returns the named outputs (4-D ones NHWC, as tfjs). */
  run(input: Float32Array): Promise<Record<string, { data: Float32Array; dims: readonly number[] }>>;
  release(): Promise<void>;
}

export async function createOnnxNetwork(
  model: GraphModelJson,
  weightData: ArrayBuffer,
  weightSpecs: tf.io.WeightsManifestEntry[],
  inputName: string,
  inputShape: number[],
  outputs: string[],
  threads = 1,
): Promise<OnnxNetwork> {
  // tfjs decodes the weights (float16 shards included) exactly as it would for its own execution.
  const named = tf.io.decodeWeights(weightData, weightSpecs);
  const weights: WeightMap = new Map();
  for (const [name, t] of Object.entries(named)) {
    weights.set(name, { shape: t.shape, data: t.dataSync() as Float32Array | Int32Array });
    t.dispose();
  }
  const bytes = tfjsGraphToOnnx(model, weights, { inputName, inputShape, outputs });
  const session = await ort.InferenceSession.create(bytes, {
    intraOpNumThreads: threads,
    interOpNumThreads: 1,
    executionMode: 'sequential',
    graphOptimizationLevel: 'all',
  });
  return {
    async run(input) {
      const result = await session.run({ [inputName]: new ort.Tensor('float32', input, inputShape) });
      const out: Record<string, { data: Float32Array; dims: readonly number[] }> = {};
      for (const name of outputs)
        out[name] = { data: result[name].data as Float32Array, dims: result[name].dims };
      return out;
    },
    release: () => session.release(),
  };
}
