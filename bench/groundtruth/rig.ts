/**
 * The avatar's skeleton read from its glTF binary (.glb): node names, parents and rest transforms, and forward
 * kinematics of the node tree. Pure (takes the file's bytes); the renderer loads the same file with three.js.
 */
import { Matrix4, Quaternion, Vector3 } from 'three';

export interface RigNode {
  name: string;
  parent: number;
  children: number[];
  translation: Vector3;
  rotation: Quaternion;
  scale: Vector3;
}

export interface Rig {
  nodes: RigNode[];
  /** Node indices, parents before children. */
  order: number[];
  index: Map<string, number>;
}

interface GltfNode {
  name?: string;
  children?: number[];
  translation?: number[];
  rotation?: number[];
  scale?: number[];
  matrix?: number[];
}

/** The JSON chunk of a .glb file. */
export function glbJson(bytes: Uint8Array): { nodes: GltfNode[]; scenes?: { nodes: number[] }[] } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== 0x46546c67) throw new Error('not a glTF binary (.glb) file');
  const length = view.getUint32(12, true);
  if (view.getUint32(16, true) !== 0x4e4f534a) throw new Error('.glb: the first chunk is not JSON');
  return JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + length)));
}

export function readRig(bytes: Uint8Array): Rig {
  const json = glbJson(bytes);
  const nodes: RigNode[] = json.nodes.map((n, i) => {
    const t = new Vector3();
    const q = new Quaternion();
    const s = new Vector3(1, 1, 1);
    if (n.matrix) new Matrix4().fromArray(n.matrix).decompose(t, q, s);
    else {
      if (n.translation) t.fromArray(n.translation);
      if (n.rotation) q.fromArray(n.rotation);
      if (n.scale) s.fromArray(n.scale);
    }
    return {
      name: n.name ?? `node${i}`,
      parent: -1,
      children: n.children ?? [],
      translation: t,
      rotation: q,
      scale: s,
    };
  });
  nodes.forEach((n, i) => n.children.forEach((c) => (nodes[c].parent = i)));
  const order: number[] = [];
  const visit = (i: number) => {
    order.push(i);
    nodes[i].children.forEach(visit);
  };
  nodes.forEach((n, i) => n.parent < 0 && visit(i));
  return { nodes, order, index: new Map(nodes.map((n, i) => [n.name, i])) };
}

export function nodeIndex(rig: Rig, name: string): number {
  const i = rig.index.get(name);
  if (i === undefined) throw new Error(`the avatar has no bone '${name}'`);
  return i;
}

/** World matrices of every node for local rotations (default: rest) and a root placement. */
export function worldMatrices(
  rig: Rig,
  local: ReadonlyArray<Quaternion> | null = null,
  rootOverride?: { node: number; position: Vector3 },
  base: Matrix4 = new Matrix4(),
): Matrix4[] {
  const out: Matrix4[] = new Array(rig.nodes.length);
  for (const i of rig.order) {
    const n = rig.nodes[i];
    const t = rootOverride?.node === i ? rootOverride.position : n.translation;
    const m = new Matrix4().compose(t, local?.[i] ?? n.rotation, n.scale);
    out[i] = n.parent < 0 ? base.clone().multiply(m) : out[n.parent].clone().multiply(m);
  }
  return out;
}

export function positionOf(m: Matrix4): Vector3 {
  return new Vector3().setFromMatrixPosition(m);
}
