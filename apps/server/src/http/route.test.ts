import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { containsNul } from './route';

describe('containsNul', () => {
  it('finds NUL in nested strings and keys of parsed input', () => {
    expect(containsNul({ a: [{ b: 'x\u0000y' }] })).toBe(true);
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true);
    expect(containsNul(Object.assign(Object.create(null), { q: '\u0000' }))).toBe(true);
    expect(containsNul({ a: ['fine', 1, null, { b: true }] })).toBe(false);
  });

  it('leaves streamed and binary bodies alone, without walking their object graph', () => {
    const stream = Readable.from(['\u0000']);
    const started = performance.now();
    expect(containsNul(stream)).toBe(false);
    expect(containsNul(Buffer.from([0, 0, 0]))).toBe(false);
    expect(performance.now() - started).toBeLessThan(50);
  });
});
