/** Writes a Model as an OpenSim 4.0 .osim document (kinematics, markers, couplers, geometry, mass properties). */
import type { OsimFunction } from '../model/functions';
import {
  GROUND,
  type Coordinate,
  type Joint,
  type Model,
  type OffsetFrame,
  type TransformAxis,
} from '../model/types';

const num = (v: number): string => (Number.isFinite(v) ? String(v) : v > 0 ? 'Inf' : '-Inf');
const nums = (vs: readonly number[]): string => vs.map(num).join(' ');

function esc(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/**
 * Joints ordered so that their coordinates come in the model's coordinate order (readOsim keeps the file's,
 * which is the column order of OpenSim's .mot files): a scaled model written and read back keeps it.
 */
function jointsInCoordinateOrder(model: Model) {
  let previous = -1;
  return model.joints
    .map((j, i) => {
      const c = model.coordinates.findIndex((x) => x.joint === j.name);
      // A joint without coordinates stays right after the joint before it in tree order.
      const rank = c < 0 ? previous + 0.5 : c;
      previous = rank;
      return { j, i, rank };
    })
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((x) => x.j);
}

function bodyPath(name: string): string {
  return name === GROUND ? '/ground' : `/bodyset/${name}`;
}

function writeFunction(f: OsimFunction, ind: string): string {
  switch (f.type) {
    case 'LinearFunction':
      return `${ind}<LinearFunction name="function"><coefficients>${num(f.slope)} ${num(f.intercept)}</coefficients></LinearFunction>`;
    case 'Constant':
      return `${ind}<Constant name="function"><value>${num(f.value)}</value></Constant>`;
    case 'PolynomialFunction':
      return `${ind}<PolynomialFunction name="function"><coefficients>${nums(f.coefficients)}</coefficients></PolynomialFunction>`;
    case 'SimmSpline':
      return `${ind}<SimmSpline name="function"><x>${nums(f.x)}</x><y>${nums(f.y)}</y></SimmSpline>`;
    case 'PiecewiseLinearFunction':
      return `${ind}<PiecewiseLinearFunction name="function"><x>${nums(f.x)}</x><y>${nums(f.y)}</y></PiecewiseLinearFunction>`;
    case 'MultiplierFunction':
      return [
        `${ind}<MultiplierFunction name="function">`,
        `${ind}\t<function>`,
        writeFunction(f.fn, ind + '\t\t'),
        `${ind}\t</function>`,
        `${ind}\t<scale>${num(f.scale)}</scale>`,
        `${ind}</MultiplierFunction>`,
      ].join('\n');
  }
}

function writeFrame(f: OffsetFrame, name: string, ind: string): string {
  return [
    `${ind}<PhysicalOffsetFrame name="${esc(name)}">`,
    `${ind}\t<socket_parent>${bodyPath(f.body)}</socket_parent>`,
    `${ind}\t<translation>${nums(f.translation)}</translation>`,
    `${ind}\t<orientation>${nums(f.orientation)}</orientation>`,
    `${ind}</PhysicalOffsetFrame>`,
  ].join('\n');
}

function writeCoordinate(c: Coordinate, ind: string): string {
  return [
    `${ind}<Coordinate name="${esc(c.name)}">`,
    `${ind}\t<default_value>${num(c.defaultValue)}</default_value>`,
    `${ind}\t<range>${nums(c.range)}</range>`,
    `${ind}\t<clamped>${c.clamped}</clamped>`,
    `${ind}\t<locked>${c.locked}</locked>`,
    `${ind}</Coordinate>`,
  ].join('\n');
}

const AXIS_NAMES = ['rotation1', 'rotation2', 'rotation3', 'translation1', 'translation2', 'translation3'];

/** CustomJoints need all six axes; missing ones are written as constant zero about orthogonal axes. */
function sixAxes(axes: TransformAxis[]): TransformAxis[] {
  const unit: [number, number, number][] = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  const zero = (kind: 'rotation' | 'translation', i: number): TransformAxis => ({
    kind,
    axis: unit[i],
    coordinates: [],
    fn: { type: 'Constant', value: 0 },
  });
  const rot = axes.filter((a) => a.kind === 'rotation');
  const tr = axes.filter((a) => a.kind === 'translation');
  if (rot.length > 3 || tr.length > 3)
    throw new Error('A CustomJoint has at most 3 rotation and 3 translation axes');
  return [
    ...rot,
    ...[0, 1, 2].slice(rot.length).map((i) => zero('rotation', i)),
    ...tr,
    ...[0, 1, 2].slice(tr.length).map((i) => zero('translation', i)),
  ];
}

function writeJoint(j: Joint, model: Model, ind: string): string {
  const parentName = `${j.parentBody}_offset`;
  const childName = `${j.childBody}_offset`;
  const coords = model.coordinates.filter((c) => c.joint === j.name);
  const lines = [
    `${ind}<${j.type} name="${esc(j.name)}">`,
    `${ind}\t<socket_parent_frame>${parentName}</socket_parent_frame>`,
    `${ind}\t<socket_child_frame>${childName}</socket_child_frame>`,
    coords.length > 0
      ? `${ind}\t<coordinates>\n${coords.map((c) => writeCoordinate(c, ind + '\t\t')).join('\n')}\n${ind}\t</coordinates>`
      : `${ind}\t<coordinates />`,
    `${ind}\t<frames>`,
    writeFrame(j.parentFrame, parentName, ind + '\t\t'),
    writeFrame(j.childFrame, childName, ind + '\t\t'),
    `${ind}\t</frames>`,
  ];
  if (j.type === 'CustomJoint') {
    lines.push(`${ind}\t<SpatialTransform>`);
    sixAxes(j.axes).forEach((a, i) => {
      lines.push(
        `${ind}\t\t<TransformAxis name="${AXIS_NAMES[i]}">`,
        `${ind}\t\t\t<coordinates>${a.coordinates.join(' ')}</coordinates>`,
        `${ind}\t\t\t<axis>${nums(a.axis)}</axis>`,
        writeFunction(a.fn, ind + '\t\t\t'),
        `${ind}\t\t</TransformAxis>`,
      );
    });
    lines.push(`${ind}\t</SpatialTransform>`);
  }
  lines.push(`${ind}</${j.type}>`);
  return lines.join('\n');
}

/** The .osim text; `headerComment` (e.g. sources of the figures) is written as an XML comment. */
export function writeOsim(model: Model, headerComment?: string): string {
  const t = '\t';
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8" ?>'];
  if (headerComment) out.push(`<!--\n${headerComment.replace(/--/g, '- -')}\n-->`);
  out.push('<OpenSimDocument Version="40000">', `${t}<Model name="${esc(model.name)}">`);
  if (model.credits) out.push(`${t}${t}<credits>${esc(model.credits)}</credits>`);
  out.push(
    `${t}${t}<length_units>meters</length_units>`,
    `${t}${t}<force_units>N</force_units>`,
    `${t}${t}<gravity>0 -9.8066499999999994 0</gravity>`,
    `${t}${t}<Ground name="ground" />`,
    `${t}${t}<BodySet name="bodyset">`,
    `${t}${t}${t}<objects>`,
  );
  for (const b of model.bodies) {
    out.push(`${t}${t}${t}${t}<Body name="${esc(b.name)}">`);
    if (b.geometries.length > 0) {
      out.push(`${t}${t}${t}${t}${t}<attached_geometry>`);
      b.geometries.forEach((g, i) => {
        out.push(
          `${t}${t}${t}${t}${t}${t}<Mesh name="${esc(b.name)}_geom_${i + 1}">`,
          `${t}${t}${t}${t}${t}${t}${t}<socket_frame>..</socket_frame>`,
          `${t}${t}${t}${t}${t}${t}${t}<scale_factors>${nums(g.scaleFactors)}</scale_factors>`,
          `${t}${t}${t}${t}${t}${t}${t}<mesh_file>${esc(g.meshFile)}</mesh_file>`,
          `${t}${t}${t}${t}${t}${t}</Mesh>`,
        );
      });
      out.push(`${t}${t}${t}${t}${t}</attached_geometry>`);
    }
    out.push(
      `${t}${t}${t}${t}${t}<mass>${num(b.mass)}</mass>`,
      `${t}${t}${t}${t}${t}<mass_center>${nums(b.massCenter)}</mass_center>`,
      `${t}${t}${t}${t}${t}<inertia>${nums(b.inertia)}</inertia>`,
      `${t}${t}${t}${t}</Body>`,
    );
  }
  out.push(
    `${t}${t}${t}</objects>`,
    `${t}${t}</BodySet>`,
    `${t}${t}<JointSet name="jointset">`,
    `${t}${t}${t}<objects>`,
  );
  for (const j of jointsInCoordinateOrder(model)) out.push(writeJoint(j, model, `${t}${t}${t}${t}`));
  out.push(`${t}${t}${t}</objects>`, `${t}${t}</JointSet>`);
  if (model.couplers.length > 0) {
    out.push(`${t}${t}<ConstraintSet name="constraintset">`, `${t}${t}${t}<objects>`);
    for (const c of model.couplers) {
      const i = `${t}${t}${t}${t}`;
      out.push(
        `${i}<CoordinateCouplerConstraint name="${esc(c.name)}">`,
        `${i}${t}<isEnforced>true</isEnforced>`,
        `${i}${t}<coupled_coordinates_function>`,
        writeFunction(c.fn, `${i}${t}${t}`).replace(' name="function"', ''),
        `${i}${t}</coupled_coordinates_function>`,
        `${i}${t}<independent_coordinate_names>${c.independent.join(' ')}</independent_coordinate_names>`,
        `${i}${t}<dependent_coordinate_name>${c.dependent}</dependent_coordinate_name>`,
        `${i}${t}<scale_factor>${num(c.scaleFactor)}</scale_factor>`,
        `${i}</CoordinateCouplerConstraint>`,
      );
    }
    out.push(`${t}${t}${t}</objects>`, `${t}${t}</ConstraintSet>`);
  }
  if (model.markers.length > 0) {
    out.push(`${t}${t}<MarkerSet name="markerset">`, `${t}${t}${t}<objects>`);
    for (const m of model.markers) {
      const i = `${t}${t}${t}${t}`;
      out.push(
        `${i}<Marker name="${esc(m.name)}">`,
        `${i}${t}<socket_parent_frame>${bodyPath(m.body)}</socket_parent_frame>`,
        `${i}${t}<location>${nums(m.location)}</location>`,
        `${i}${t}<fixed>${m.fixed}</fixed>`,
        `${i}</Marker>`,
      );
    }
    out.push(`${t}${t}${t}</objects>`, `${t}${t}</MarkerSet>`);
  }
  out.push(`${t}</Model>`, '</OpenSimDocument>', '');
  return out.join('\n');
}
