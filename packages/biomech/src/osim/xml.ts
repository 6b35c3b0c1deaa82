/** Small typed helpers over fast-xml-parser's plain-object output for OpenSim documents. */
import { XMLParser } from 'fast-xml-parser';

export type XmlNode = { [key: string]: XmlValue };
export type XmlValue = string | XmlNode | XmlValue[];

/** Element names that may repeat inside OpenSim containers; parsed as arrays everywhere. */
const LIST_PARENTS = new Set([
  'objects',
  'frames',
  'coordinates',
  'attached_geometry',
  'components',
  'groups',
]);

export function parseXml(text: string): XmlNode {
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    attributesGroupName: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: true,
    isArray: (_name, jpath, _isLeaf, isAttribute) => {
      if (isAttribute) return false;
      const parts = String(jpath).split('.');
      const parent = parts[parts.length - 2];
      if (parent === 'TransformAxis' || parent === 'SpatialTransform')
        return parts[parts.length - 1] === 'TransformAxis';
      return parent !== undefined && LIST_PARENTS.has(parent);
    },
  });
  const out = parser.parse(text) as unknown;
  if (!isNode(out)) throw new Error('Not an XML document');
  return out;
}

export function isNode(v: unknown): v is XmlNode {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export function child(node: XmlNode | undefined, key: string): XmlNode | undefined {
  const v = node?.[key];
  if (Array.isArray(v)) return isNode(v[0]) ? v[0] : undefined;
  return isNode(v) ? v : undefined;
}

export function children(node: XmlNode | undefined, key: string): XmlNode[] {
  const v = node?.[key];
  if (v === undefined) return [];
  const list = Array.isArray(v) ? v : [v];
  return list.filter(isNode);
}

export function attr(node: XmlNode | undefined, name: string): string | undefined {
  const a = node?.['@'];
  if (!isNode(a)) return undefined;
  const v = a[name];
  return typeof v === 'string' ? v : undefined;
}

export function text(node: XmlNode | undefined, key: string): string | undefined {
  const v = node?.[key];
  if (typeof v === 'string') return v;
  if (Array.isArray(v) && typeof v[0] === 'string') return v[0];
  if (isNode(v) && typeof v['#text'] === 'string') return v['#text'];
  if (v === undefined) return undefined;
  return '';
}

export function numbers(s: string | undefined, where: string, expected?: number): number[] {
  if (s === undefined) throw new Error(`Missing numeric field ${where}`);
  const t = s.trim();
  const vals = t === '' ? [] : t.split(/\s+/).map((x) => parseOsimNumber(x, where));
  if (expected !== undefined && vals.length !== expected) {
    throw new Error(`${where}: expected ${expected} numbers, got ${vals.length}`);
  }
  return vals;
}

function parseOsimNumber(x: string, where: string): number {
  const lower = x.toLowerCase();
  if (lower === 'inf' || lower === 'infinity') return Infinity;
  if (lower === '-inf' || lower === '-infinity') return -Infinity;
  const v = Number(x);
  if (Number.isNaN(v)) throw new Error(`${where}: '${x}' is not a number`);
  return v;
}

export function numberOr(node: XmlNode | undefined, key: string, fallback: number, where: string): number {
  const s = text(node, key);
  if (s === undefined || s.trim() === '') return fallback;
  return numbers(s, where, 1)[0];
}

export function boolOr(node: XmlNode | undefined, key: string, fallback: boolean): boolean {
  const s = text(node, key)?.trim().toLowerCase();
  if (s === undefined || s === '') return fallback;
  return s === 'true' || s === '1';
}

export function vec3Or(
  node: XmlNode | undefined,
  key: string,
  fallback: [number, number, number],
  where: string,
): [number, number, number] {
  const s = text(node, key);
  if (s === undefined || s.trim() === '') return fallback;
  const v = numbers(s, where, 3);
  return [v[0], v[1], v[2]];
}
