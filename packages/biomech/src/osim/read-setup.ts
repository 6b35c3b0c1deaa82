/** Readers for OpenSim setup documents: MarkerSet files, IK setups (task weights) and scaling setups. */
import type { SegmentMeasurement } from '../scale/measurements';
import type { CoordinateTarget } from '../ik/solve-ik';
import { GROUND, type Marker, type Model } from '../model/types';
import { attr, boolOr, child, children, numberOr, parseXml, text, vec3Or, type XmlNode } from './xml';

function root(xmlText: string): XmlNode {
  const doc = child(parseXml(xmlText), 'OpenSimDocument');
  if (!doc) throw new Error('Not an OpenSim document: no <OpenSimDocument> element');
  return doc;
}

/** Markers of a MarkerSet file; their frames are resolved to body names (last path segment). */
export function readMarkerSet(xmlText: string): Marker[] {
  const set = child(root(xmlText), 'MarkerSet');
  if (!set) throw new Error('No <MarkerSet> in this document');
  return children(set, 'objects')
    .flatMap((o) => children(o, 'Marker'))
    .map((m) => {
      const name = attr(m, 'name') ?? '';
      const ref = (text(m, 'socket_parent_frame') ?? text(m, 'body') ?? '').split('/').filter(Boolean);
      const body = ref[ref.length - 1];
      if (!body) throw new Error(`marker ${name}: no parent frame`);
      return {
        name,
        body,
        location: vec3Or(m, 'location', [0, 0, 0], `marker ${name}`),
        fixed: boolOr(m, 'fixed', false),
      };
    });
}

/** A copy of the model with these markers added (replacing markers of the same name). */
export function withMarkers(model: Model, markers: Marker[]): Model {
  const bodies = new Set([GROUND, ...model.bodies.map((b) => b.name)]);
  for (const m of markers) {
    if (!bodies.has(m.body))
      throw new Error(`marker ${m.name}: body '${m.body}' is not in model ${model.name}`);
  }
  const names = new Set(markers.map((m) => m.name));
  return { ...model, markers: [...model.markers.filter((m) => !names.has(m.name)), ...markers] };
}

export interface TaskSet {
  markerWeights: Record<string, number>;
  coordinateTargets: Record<string, CoordinateTarget>;
}

function readTasks(node: XmlNode | undefined): TaskSet {
  const objects = children(child(node, 'IKTaskSet'), 'objects');
  const markerWeights: Record<string, number> = {};
  const coordinateTargets: Record<string, CoordinateTarget> = {};
  for (const t of objects.flatMap((o) => children(o, 'IKMarkerTask'))) {
    if (boolOr(t, 'apply', true))
      markerWeights[attr(t, 'name') ?? ''] = numberOr(t, 'weight', 1, 'IKMarkerTask weight');
  }
  for (const t of objects.flatMap((o) => children(o, 'IKCoordinateTask'))) {
    if (!boolOr(t, 'apply', true) || (text(t, 'value_type') ?? 'manual_value').trim() !== 'manual_value')
      continue;
    coordinateTargets[attr(t, 'name') ?? ''] = {
      value: numberOr(t, 'value', 0, 'IKCoordinateTask value'),
      weight: numberOr(t, 'weight', 1, 'IKCoordinateTask weight'),
    };
  }
  return { markerWeights, coordinateTargets };
}

/** Marker weights and coordinate targets of an InverseKinematicsTool setup (tasks with apply=true). */
export function readIKSetup(xmlText: string): TaskSet {
  const tool = child(root(xmlText), 'InverseKinematicsTool');
  if (!tool) throw new Error('No <InverseKinematicsTool> in this document');
  return readTasks(tool);
}

export interface ScaleSetup extends TaskSet {
  measurements: SegmentMeasurement[];
}

/** Measurements (marker pairs → bodies and axes) and the marker placer's tasks of a ScaleTool setup. */
export function readScaleSetup(xmlText: string): ScaleSetup {
  const tool = child(root(xmlText), 'ScaleTool');
  if (!tool) throw new Error('No <ScaleTool> in this document');
  const measurementNodes = children(child(child(tool, 'ModelScaler'), 'MeasurementSet'), 'objects').flatMap(
    (o) => children(o, 'Measurement'),
  );
  const measurements = measurementNodes
    .filter((m) => boolOr(m, 'apply', true))
    .map((m): SegmentMeasurement => {
      const pairs = children(child(m, 'MarkerPairSet'), 'objects')
        .flatMap((o) => children(o, 'MarkerPair'))
        .map((p) => (text(p, 'markers') ?? '').trim().split(/\s+/) as [string, string]);
      const scales = children(child(m, 'BodyScaleSet'), 'objects').flatMap((o) => children(o, 'BodyScale'));
      const bodyAxes: Record<string, ('X' | 'Y' | 'Z')[]> = {};
      for (const s of scales) {
        bodyAxes[attr(s, 'name') ?? ''] = (text(s, 'axes') ?? 'X Y Z')
          .trim()
          .split(/\s+/)
          .filter((a): a is 'X' | 'Y' | 'Z' => a === 'X' || a === 'Y' || a === 'Z');
      }
      return {
        name: attr(m, 'name') ?? '',
        bodies: Object.keys(bodyAxes),
        markerPairs: pairs.filter((p) => p.length === 2),
        bodyAxes,
      };
    });
  return { measurements, ...readTasks(child(tool, 'MarkerPlacer')) };
}
