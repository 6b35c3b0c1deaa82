import { makeSimmSpline, type OsimFunction } from '../model/functions';
import { child, isNode, numberOr, numbers, text, type XmlNode } from './xml';

export const FUNCTION_TAGS = [
  'LinearFunction',
  'Constant',
  'SimmSpline',
  'NaturalCubicSpline',
  'GCVSpline',
  'PolynomialFunction',
  'MultiplierFunction',
  'PiecewiseLinearFunction',
] as const;

/** Finds the single function element among a node's children (directly or inside <function>). */
export function findFunction(node: XmlNode, where: string): OsimFunction | undefined {
  for (const tag of FUNCTION_TAGS) {
    const f = child(node, tag);
    if (f !== undefined || tag in node) return parseFunction(tag, f ?? {}, where);
  }
  const wrapped = child(node, 'function');
  if (wrapped) return findFunction(wrapped, where);
  return undefined;
}

function parseFunction(tag: string, node: XmlNode, where: string): OsimFunction {
  const at = `${where} ${tag}`;
  switch (tag) {
    case 'LinearFunction': {
      const c = numbers(text(node, 'coefficients') ?? '1 0', `${at} coefficients`, 2);
      return { type: 'LinearFunction', slope: c[0], intercept: c[1] };
    }
    case 'Constant':
      return { type: 'Constant', value: numberOr(node, 'value', 0, `${at} value`) };
    case 'PolynomialFunction': {
      const c = numbers(text(node, 'coefficients') ?? '0', `${at} coefficients`);
      if (c.length === 0) throw new Error(`${at}: no coefficients`);
      return { type: 'PolynomialFunction', coefficients: c };
    }
    case 'SimmSpline':
    case 'NaturalCubicSpline':
    case 'GCVSpline': {
      // NaturalCubicSpline and GCVSpline interpolate the same knots; they are evaluated with the
      // SimmSpline end conditions (identical at the knots, tiny differences between them).
      const x = numbers(text(node, 'x'), `${at} x`);
      const y = numbers(text(node, 'y'), `${at} y`);
      return makeSimmSpline(x, y);
    }
    case 'PiecewiseLinearFunction': {
      const x = numbers(text(node, 'x'), `${at} x`);
      const y = numbers(text(node, 'y'), `${at} y`);
      if (x.length !== y.length || x.length === 0)
        throw new Error(`${at}: x and y must have the same non-zero length`);
      return { type: 'PiecewiseLinearFunction', x, y };
    }
    case 'MultiplierFunction': {
      const inner = child(node, 'function');
      const fn = inner && isNode(inner) ? findFunction(inner, at) : undefined;
      if (!fn) throw new Error(`${at}: missing inner function`);
      return { type: 'MultiplierFunction', scale: numberOr(node, 'scale', 1, `${at} scale`), fn };
    }
    default:
      throw new Error(`${at}: unsupported function type`);
  }
}
