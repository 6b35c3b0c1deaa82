import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { expect, it } from 'vitest';
import type { Storage } from './storage';

/**
 * Behaviour every Storage driver must share (LocalStorage is the reference); each driver's test file runs
 * it. Every test works under its own random prefix so they can share one store.
 */
export function storageContract(storage: () => Storage): void {
  const fresh = () => `t-${randomUUID()}`;

  it('puts, appends, reads inclusive ranges, moves and deletes', async () => {
    const s = storage();
    const p = fresh();
    await s.put(`${p}/a/b.txt`, Buffer.from('hello'));
    expect(await s.append(`${p}/a/b.txt`, Readable.from([Buffer.from(' world')]))).toEqual({
      key: `${p}/a/b.txt`,
      size: 11,
    });
    expect(await text(await s.get(`${p}/a/b.txt`))).toBe('hello world');
    expect(await text(await s.get(`${p}/a/b.txt`, { start: 6, end: 10 }))).toBe('world');
    expect(await text(await s.get(`${p}/a/b.txt`, { start: 3, end: 7 }))).toBe('lo wo');
    expect(await text(await s.get(`${p}/a/b.txt`, { start: 4 }))).toBe('o world');
    expect(await text(await s.get(`${p}/a/b.txt`, { start: 11 }))).toBe('');
    await s.move(`${p}/a/b.txt`, `${p}/c/d.txt`);
    expect(await s.stat(`${p}/a/b.txt`)).toBeNull();
    expect(await s.stat(`${p}/c/d.txt`)).toEqual({ key: `${p}/c/d.txt`, size: 11 });
    expect(await text(await s.get(`${p}/c/d.txt`))).toBe('hello world');
    await s.deletePrefix(`${p}/c`);
    expect(await s.stat(`${p}/c/d.txt`)).toBeNull();
    await expect(s.get(`${p}/c/d.txt`)).rejects.toThrow(/ENOENT/);
  });

  it('builds an object from appends alone, chunk by chunk, as resumable uploads do', async () => {
    const s = storage();
    const key = `${fresh()}/uploads/dev.part`;
    const bytes = Buffer.from(Array.from({ length: 5000 }, (_, i) => i % 251));
    expect(await s.stat(key)).toBeNull();
    for (let off = 0; off < bytes.length; off += 1024) {
      expect((await s.stat(key))?.size ?? 0).toBe(off);
      const info = await s.append(key, bytes.subarray(off, off + 1024));
      expect(info.size).toBe(Math.min(off + 1024, bytes.length));
    }
    expect((await buffer(await s.get(key))).equals(bytes)).toBe(true);
    // A range across several appended chunks.
    expect(
      (await buffer(await s.get(key, { start: 1000, end: 3100 }))).equals(bytes.subarray(1000, 3101)),
    ).toBe(true);
    await s.move(key, `${key}.mp4`);
    expect(await s.stat(key)).toBeNull();
    expect((await buffer(await s.get(`${key}.mp4`))).equals(bytes)).toBe(true);
    // Appending again to the moved-away key starts a new, empty object.
    expect((await s.append(key, Buffer.from('x'))).size).toBe(1);
  });

  it('replaces: put over an appended object, move over an existing key', async () => {
    const s = storage();
    const p = fresh();
    await s.append(`${p}/x`, Buffer.from('old'));
    await s.append(`${p}/x`, Buffer.from(' data'));
    await s.put(`${p}/x`, Readable.from([Buffer.from('new')]));
    expect(await text(await s.get(`${p}/x`))).toBe('new');
    expect((await s.append(`${p}/x`, Buffer.from('!'))).size).toBe(4);
    await s.put(`${p}/y`, Buffer.from('to be replaced'));
    await s.move(`${p}/x`, `${p}/y`);
    expect(await text(await s.get(`${p}/y`))).toBe('new!');
    await expect(s.move(`${p}/missing`, `${p}/z`)).rejects.toThrow(/ENOENT/);
  });

  it('stores a long stream of unknown length whole', async () => {
    const s = storage();
    const key = `${fresh()}/big.bin`;
    const bytes = Buffer.alloc(9 * 1024 * 1024 + 123);
    for (let i = 0; i < bytes.length; i += 4096) bytes[i] = (i / 4096) % 256;
    const pieces = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) =>
      bytes.subarray(i * 65536, (i + 1) * 65536),
    );
    expect((await s.put(key, Readable.from(pieces))).size).toBe(bytes.length);
    expect((await buffer(await s.get(key))).equals(bytes)).toBe(true);
    const tail = await buffer(await s.get(key, { start: bytes.length - 10 }));
    expect(tail.equals(bytes.subarray(bytes.length - 10))).toBe(true);
  });

  it('deletes a key, a folder prefix (with or without slash) but not its neighbours', async () => {
    const s = storage();
    const p = fresh();
    for (const k of ['solo', 'a/1', 'a/b/2', 'ab', 'r/results/1.json', 'r/other']) {
      await s.put(`${p}/${k}`, Buffer.from(k));
    }
    await s.append(`${p}/a/b/3`, Buffer.from('staged'));
    await s.delete(`${p}/nothing-here`);
    await s.delete(`${p}/a/1`);
    expect(await s.stat(`${p}/a/1`)).toBeNull();
    await s.deletePrefix(`${p}/a`);
    for (const k of ['a/b/2', 'a/b/3']) expect(await s.stat(`${p}/${k}`)).toBeNull();
    expect(await text(await s.get(`${p}/ab`))).toBe('ab');
    await s.deletePrefix(`${p}/solo`); // a prefix naming one object removes it
    expect(await s.stat(`${p}/solo`)).toBeNull();
    await s.deletePrefix(`${p}/r/results/`);
    expect(await s.stat(`${p}/r/results/1.json`)).toBeNull();
    expect(await s.stat(`${p}/r/other`)).not.toBeNull();
  });

  it('refuses keys that could escape the storage root', async () => {
    const s = storage();
    for (const key of ['../x', '/etc/x', 'a//b', 'a/./b', 'a\\b', '']) {
      await expect(s.put(key, Buffer.from('x'))).rejects.toThrow(/Unsafe storage key/);
      await expect(s.get(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(s.stat(key)).rejects.toThrow(/Unsafe storage key/);
      await expect(s.deletePrefix(key)).rejects.toThrow(/Unsafe storage key/);
    }
    await expect(s.move('ok', '../x')).rejects.toThrow(/Unsafe storage key/);
  });
}
