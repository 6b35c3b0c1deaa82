import { describe, expect, it } from 'vitest';
import { readAhead } from './decode';

describe('readAhead', () => {
  it('yields every item in order while pulling ahead of the consumer, and closes the source on break', async () => {
    const pulled: number[] = [];
    let closed = false;
    async function* source(): AsyncGenerator<number> {
      try {
        for (let i = 0; i < 10; i++) {
          pulled.push(i);
          yield i;
        }
      } finally {
        closed = true;
      }
    }
    const seen: number[] = [];
    for await (const v of readAhead(source(), 3)) {
      seen.push(v);
      await new Promise((r) => setTimeout(r, 1));
      // The source has already produced the next items while the consumer was busy.
      if (v === 0) expect(pulled.length).toBeGreaterThanOrEqual(3);
      if (v === 5) break;
    }
    expect(seen).toEqual([0, 1, 2, 3, 4, 5]);
    expect(closed).toBe(true);
  });

  it('passes the source’s error on to the consumer after the items before it', async () => {
    async function* failing(): AsyncGenerator<number> {
      yield 1;
      throw new Error('ffmpeg died');
    }
    const seen: number[] = [];
    await expect(
      (async () => {
        for await (const v of readAhead(failing(), 4)) seen.push(v);
      })(),
    ).rejects.toThrow('ffmpeg died');
    expect(seen).toEqual([1]);
  });
});
