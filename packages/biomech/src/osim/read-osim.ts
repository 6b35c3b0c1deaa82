/** Reads an OpenSim 4.x .osim document into our kinematic Model (mass properties kept but unused). */
import { isIdentityLike } from '../model/functions';
import {
  GROUND,
  type Body,
  type Coordinate,
  type CoordinateCoupler,
  type Geometry,
  type Joint,
  type JointType,
  type Marker,
  type Model,
  type MotionType,
  type OffsetFrame,
  type TransformAxis,
} from '../model/types';
import { resolveFrame, type FrameLookup } from './frames';
import { findFunction } from './parse-function';
import {
  attr,
  boolOr,
  child,
  children,
  numberOr,
  numbers,
  parseXml,
  text,
  vec3Or,
  type XmlNode,
} from './xml';
import { standardJointAxes } from '../model/joint-axes';

const JOINT_TYPES: JointType[] = [
  'CustomJoint',
  'PinJoint',
  'WeldJoint',
  'SliderJoint',
  'UniversalJoint',
  'BallJoint',
  'GimbalJoint',
  'FreeJoint',
];

/** Position of each joint in the JointSet of the document text (joints are not nested in one another). */
function jointDocumentOrder(xmlText: string): Map<string, number> {
  const start = xmlText.indexOf('<JointSet');
  const end = xmlText.indexOf('</JointSet>', start);
  const order = new Map<string, number>();
  if (start < 0 || end < 0) return order;
  const pattern = new RegExp(`<(?:${JOINT_TYPES.join('|')})\\s+name="([^"]*)"`, 'g');
  for (const m of xmlText.slice(start, end).matchAll(pattern))
    if (!order.has(m[1])) order.set(m[1], order.size);
  return order;
}

export function readOsim(xmlText: string): Model {
  const doc = parseXml(xmlText);
  const root = child(doc, 'OpenSimDocument');
  const modelNode = child(root, 'Model');
  if (!root || !modelNode) throw new Error('Not an OpenSim model: no <OpenSimDocument><Model> element');
  const version = Number(attr(root, 'Version') ?? '0');
  if (version < 40000) {
    throw new Error(
      `OpenSim document version ${version} is not supported; open and save the model in OpenSim 4.x`,
    );
  }
  const name = attr(modelNode, 'name') ?? 'model';
  const bodies = children(child(modelNode, 'BodySet'), 'objects')
    .flatMap((o) => children(o, 'Body'))
    .map(readBody);
  const bodyNames = new Set([GROUND, ...bodies.map((b) => b.name)]);

  const freeFrames = [
    ...children(modelNode, 'components').flatMap((c) => children(c, 'PhysicalOffsetFrame')),
    ...children(child(modelNode, 'ComponentSet'), 'objects').flatMap((o) =>
      children(o, 'PhysicalOffsetFrame'),
    ),
  ];
  const lookup: FrameLookup = { bodies: bodyNames, frames: new Map(), jointFrames: new Map() };
  for (const f of freeFrames) lookup.frames.set(attr(f, 'name') ?? '', f);

  // In the document's order (the parser groups elements by type): OpenSim lists coordinates, and so the
  // columns of the .mot files it writes, joint by joint in the JointSet's order.
  const order = jointDocumentOrder(xmlText);
  const jointNodes = children(child(modelNode, 'JointSet'), 'objects')
    .flatMap((o) => JOINT_TYPES.flatMap((t) => children(o, t).map((n) => ({ type: t, node: n }))))
    .map((j, i) => ({ ...j, rank: order.get(attr(j.node, 'name') ?? '') ?? order.size + i }))
    .sort((a, b) => a.rank - b.rank);
  const joints: Joint[] = [];
  const coordinates: Coordinate[] = [];
  for (const { type, node } of jointNodes) {
    const { joint, coords } = readJoint(type, node, lookup);
    joints.push(joint);
    coordinates.push(...coords);
  }
  const markers = readMarkersFrom(modelNode, lookup);
  const couplers = children(child(modelNode, 'ConstraintSet'), 'objects')
    .flatMap((o) => children(o, 'CoordinateCouplerConstraint'))
    .map(readCoupler)
    .filter((c): c is CoordinateCoupler => c !== null);
  const frames = freeFrames.map((f) => resolveFrame(attr(f, 'name') ?? '', f, lookup, 'component'));
  const credits = text(modelNode, 'credits');
  const model: Model = {
    name,
    bodies,
    joints: sortJoints(joints),
    coordinates,
    markers,
    couplers,
    frames,
    ...(credits ? { credits } : {}),
  };
  validateModel(model);
  return model;
}

function readBody(node: XmlNode): Body {
  const name = attr(node, 'name') ?? '';
  const geometries: Geometry[] = children(node, 'attached_geometry').flatMap((g) =>
    children(g, 'Mesh').map((m) => ({
      meshFile: text(m, 'mesh_file') ?? '',
      scaleFactors: vec3Or(m, 'scale_factors', [1, 1, 1], `${name} mesh scale_factors`),
    })),
  );
  const inertia = numbers(text(node, 'inertia') || '0 0 0 0 0 0', `${name} inertia`, 6);
  return {
    name,
    mass: numberOr(node, 'mass', 0, `${name} mass`),
    massCenter: vec3Or(node, 'mass_center', [0, 0, 0], `${name} mass_center`),
    inertia: [inertia[0], inertia[1], inertia[2], inertia[3], inertia[4], inertia[5]],
    geometries,
  };
}

function readJoint(
  type: JointType,
  node: XmlNode,
  lookup: FrameLookup,
): { joint: Joint; coords: Coordinate[] } {
  const name = attr(node, 'name') ?? '';
  const ownFrames = new Map<string, XmlNode>();
  for (const f of children(node, 'frames').flatMap((fs) => children(fs, 'PhysicalOffsetFrame'))) {
    ownFrames.set(attr(f, 'name') ?? '', f);
  }
  lookup.jointFrames.set(name, ownFrames);
  const scoped: FrameLookup = { ...lookup, own: ownFrames };
  const parentFrame = resolveFrame(
    text(node, 'socket_parent_frame') ?? '',
    undefined,
    scoped,
    `joint ${name}`,
  );
  const childFrame = resolveFrame(text(node, 'socket_child_frame') ?? '', undefined, scoped, `joint ${name}`);
  const coordNodes = children(node, 'coordinates').flatMap((c) => children(c, 'Coordinate'));
  const coordNames = coordNodes.map((c) => attr(c, 'name') ?? '');
  const axes =
    type === 'CustomJoint'
      ? readSpatialTransform(node, name)
      : standardJointAxes(type, coordNames, `joint ${name}`);
  const coords = coordNodes.map((c, i): Coordinate => {
    const cname = coordNames[i];
    const range = numbers(text(c, 'range') ?? '-99999.9 99999.9', `${cname} range`, 2);
    return {
      name: cname,
      joint: name,
      defaultValue: numberOr(c, 'default_value', 0, `${cname} default_value`),
      range: [range[0], range[1]],
      clamped: boolOr(c, 'clamped', false),
      locked: boolOr(c, 'locked', false),
      motionType: motionTypeOf(cname, axes),
    };
  });
  const joint: Joint = {
    name,
    type,
    parentBody: parentFrame.body,
    childBody: childFrame.body,
    parentFrame,
    childFrame,
    axes,
    coordinates: coordNames,
  };
  return { joint, coords };
}

function readSpatialTransform(node: XmlNode, jointName: string): TransformAxis[] {
  const st = child(node, 'SpatialTransform');
  const axisNodes = children(st, 'TransformAxis');
  const order = ['rotation1', 'rotation2', 'rotation3', 'translation1', 'translation2', 'translation3'];
  const axes: TransformAxis[] = [];
  for (const axisName of order) {
    const a = axisNodes.find((n) => attr(n, 'name') === axisName);
    if (!a) continue;
    const where = `joint ${jointName} ${axisName}`;
    const fn = findFunction(a, where) ?? { type: 'Constant' as const, value: 0 };
    const coords = (text(a, 'coordinates') ?? '').trim();
    const axis = numbers(text(a, 'axis'), `${where} axis`, 3);
    const norm = Math.hypot(axis[0], axis[1], axis[2]);
    if (norm === 0) throw new Error(`${where}: zero axis`);
    axes.push({
      kind: axisName.startsWith('rotation') ? 'rotation' : 'translation',
      axis: [axis[0] / norm, axis[1] / norm, axis[2] / norm],
      coordinates: coords === '' ? [] : coords.split(/\s+/),
      fn,
    });
  }
  return axes;
}

/** OpenSim's rule: the first transform axis using the coordinate decides; a non-identity function makes it coupled. */
function motionTypeOf(coord: string, axes: TransformAxis[]): MotionType {
  const first = axes.find((a) => a.coordinates.includes(coord));
  if (!first) return 'rotational';
  if (!isIdentityLike(first.fn)) return 'coupled';
  return first.kind === 'rotation' ? 'rotational' : 'translational';
}

export function readMarkersFrom(container: XmlNode, lookup: FrameLookup): Marker[] {
  const nodes = children(child(container, 'MarkerSet'), 'objects').flatMap((o) => children(o, 'Marker'));
  return nodes.map((m) => {
    const name = attr(m, 'name') ?? '';
    const frame = resolveFrame(
      text(m, 'socket_parent_frame') ?? text(m, 'body') ?? '',
      undefined,
      lookup,
      `marker ${name}`,
    );
    const loc = vec3Or(m, 'location', [0, 0, 0], `marker ${name} location`);
    return { name, body: frame.body, location: frameToBody(frame, loc), fixed: boolOr(m, 'fixed', false) };
  });
}

function frameToBody(frame: OffsetFrame, p: [number, number, number]): [number, number, number] {
  if (frame.name === frame.body) return p;
  const [a, b, c] = frame.orientation;
  const ca = Math.cos(a),
    sa = Math.sin(a),
    cb = Math.cos(b),
    sb = Math.sin(b),
    cc = Math.cos(c),
    sc = Math.sin(c);
  const R = [
    cb * cc,
    -cb * sc,
    sb,
    sa * sb * cc + ca * sc,
    -sa * sb * sc + ca * cc,
    -sa * cb,
    -ca * sb * cc + sa * sc,
    ca * sb * sc + sa * cc,
    ca * cb,
  ];
  const t = frame.translation;
  return [
    R[0] * p[0] + R[1] * p[1] + R[2] * p[2] + t[0],
    R[3] * p[0] + R[4] * p[1] + R[5] * p[2] + t[1],
    R[6] * p[0] + R[7] * p[1] + R[8] * p[2] + t[2],
  ];
}

function readCoupler(node: XmlNode): CoordinateCoupler | null {
  const name = attr(node, 'name') ?? '';
  if (!boolOr(node, 'isEnforced', true)) return null;
  const fnNode = child(node, 'coupled_coordinates_function');
  const fn = fnNode ? findFunction(fnNode, `constraint ${name}`) : undefined;
  if (!fn) throw new Error(`constraint ${name}: missing coupled_coordinates_function`);
  const independent = (text(node, 'independent_coordinate_names') ?? '').trim().split(/\s+/).filter(Boolean);
  if (independent.length !== 1) {
    throw new Error(
      `constraint ${name}: only single-coordinate couplers are supported (got ${independent.length})`,
    );
  }
  return {
    name,
    independent,
    dependent: (text(node, 'dependent_coordinate_name') ?? '').trim(),
    fn,
    scaleFactor: numberOr(node, 'scale_factor', 1, `constraint ${name} scale_factor`),
  };
}

function sortJoints(joints: Joint[]): Joint[] {
  const placed = new Set([GROUND]);
  const out: Joint[] = [];
  let remaining = [...joints];
  while (remaining.length > 0) {
    const next = remaining.filter((j) => placed.has(j.parentBody));
    if (next.length === 0) {
      throw new Error(`Joints not connected to ground: ${remaining.map((j) => j.name).join(', ')}`);
    }
    for (const j of next) {
      if (placed.has(j.childBody))
        throw new Error(`Body ${j.childBody} is the child of more than one joint (loop)`);
      placed.add(j.childBody);
      out.push(j);
    }
    remaining = remaining.filter((j) => !next.includes(j));
  }
  return out;
}

function validateModel(model: Model): void {
  const coords = new Set(model.coordinates.map((c) => c.name));
  for (const j of model.joints) {
    for (const a of j.axes) {
      for (const c of a.coordinates) {
        if (!coords.has(c)) throw new Error(`joint ${j.name}: unknown coordinate '${c}'`);
      }
    }
  }
  for (const c of model.couplers) {
    for (const n of [...c.independent, c.dependent]) {
      if (!coords.has(n)) throw new Error(`constraint ${c.name}: unknown coordinate '${n}'`);
    }
  }
  const withJoint = new Set(model.joints.map((j) => j.childBody));
  for (const b of model.bodies) {
    if (!withJoint.has(b.name)) throw new Error(`Body ${b.name} has no joint connecting it to the model`);
  }
}
