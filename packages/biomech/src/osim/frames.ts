import {
  bodyFixedXYZFromRotation,
  compose,
  rotationFromBodyFixedXYZ,
  transformFrom,
} from '../math/transform';
import type { OffsetFrame } from '../model/types';
import { attr, text, vec3Or, type XmlNode } from './xml';

export interface FrameLookup {
  bodies: Set<string>;
  /** Model-level PhysicalOffsetFrames by name. */
  frames: Map<string, XmlNode>;
  /** Offset frames declared inside each joint, by joint name. */
  jointFrames: Map<string, Map<string, XmlNode>>;
  /** Frames of the joint being read (socket names are relative to it). */
  own?: Map<string, XmlNode>;
}

/**
 * Resolves a socket path (or an offset-frame node) to a frame fixed on a body, composing chains of
 * PhysicalOffsetFrames into one offset.
 */
export function resolveFrame(
  ref: string,
  node: XmlNode | undefined,
  lookup: FrameLookup,
  where: string,
  depth = 0,
): OffsetFrame {
  if (depth > 20) throw new Error(`${where}: offset frames form a cycle`);
  if (node) {
    const name = attr(node, 'name') ?? ref;
    const parent = resolveFrame(
      text(node, 'socket_parent') ?? '',
      undefined,
      lookup,
      `${where} frame ${name}`,
      depth + 1,
    );
    const translation = vec3Or(node, 'translation', [0, 0, 0], `${where} ${name} translation`);
    const orientation = vec3Or(node, 'orientation', [0, 0, 0], `${where} ${name} orientation`);
    if (parent.name === parent.body) return { name, body: parent.body, translation, orientation };
    const outer = transformFrom(rotationFromBodyFixedXYZ(...parent.orientation), parent.translation);
    const inner = transformFrom(rotationFromBodyFixedXYZ(...orientation), translation);
    const x = compose(outer, inner);
    return {
      name,
      body: parent.body,
      translation: [x.p[0], x.p[1], x.p[2]],
      orientation: bodyFixedXYZFromRotation(x.R),
    };
  }
  const segments = ref
    .trim()
    .split('/')
    .filter((s) => s !== '' && s !== '..' && s !== '.');
  const last = segments[segments.length - 1];
  if (last === undefined) throw new Error(`${where}: empty frame reference`);
  const jointIdx = segments.indexOf('jointset');
  if (jointIdx >= 0 && segments.length > jointIdx + 2) {
    const frames = lookup.jointFrames.get(segments[jointIdx + 1]);
    const f = frames?.get(last);
    if (f) return resolveFrame(last, f, { ...lookup, own: frames }, where, depth + 1);
  }
  const own = lookup.own?.get(last);
  if (own && segments.length === 1) return resolveFrame(last, own, lookup, where, depth + 1);
  if (lookup.bodies.has(last))
    return { name: last, body: last, translation: [0, 0, 0], orientation: [0, 0, 0] };
  const free = lookup.frames.get(last);
  if (free) return resolveFrame(last, free, lookup, where, depth + 1);
  if (own) return resolveFrame(last, own, lookup, where, depth + 1);
  throw new Error(`${where}: cannot resolve frame '${ref}'`);
}
