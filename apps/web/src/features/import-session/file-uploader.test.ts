import { describe, expect, it } from 'vitest';
import { FileUploader, UploadHttpError, type UploadProgress, type UploadTransport } from './file-uploader';

/** A server in memory: counts appended bytes; a request at a `dropOffsets` offset dies mid-way once. */
function fakeServer(dropOffsets: number[] = []) {
  const stored = { length: 0, sizes: [] as number[] };
  const drops = new Set(dropOffsets);
  const calls: string[] = [];
  const transport: UploadTransport = {
    async put(_id, offset, chunk) {
      calls.push(`put ${offset}`);
      if (offset !== stored.length) throw new UploadHttpError(409, `Expected offset ${stored.length}.`);
      if (drops.has(offset)) {
        drops.delete(offset);
        throw new TypeError('Failed to fetch');
      }
      stored.sizes.push(chunk.size);
      stored.length += chunk.size;
      return stored.length;
    },
    async status() {
      calls.push('status');
      return stored.length;
    },
    async complete() {
      calls.push('complete');
      return { queued: true };
    },
  };
  return { stored, calls, transport };
}

const file = (n: number) => new Blob([Uint8Array.from({ length: n }, (_, i) => i % 251)]);

describe('FileUploader', () => {
  it('sends the file chunk by chunk and completes it', async () => {
    const s = fakeServer();
    const seen: UploadProgress[] = [];
    const u = new FileUploader(file(2500), 'u1', 0, s.transport, (p) => seen.push(p), 1000);
    await expect(u.run()).resolves.toEqual({ queued: true });
    expect(s.calls).toEqual(['put 0', 'put 1000', 'put 2000', 'complete']);
    expect(s.stored.sizes).toEqual([1000, 1000, 500]);
    expect(seen.at(-1)).toEqual({ sent: 2500, total: 2500, state: 'done' });
  });

  it('after a lost connection asks where the bytes end and resumes from the last stored chunk', async () => {
    const s = fakeServer([1000]);
    const states: string[] = [];
    const u = new FileUploader(file(2500), 'u1', 0, s.transport, (p) => states.push(p.state), 1000);
    const done = u.run();
    // The retry waits a second unless the browser says the network is back.
    await new Promise((r) => setTimeout(r, 20));
    u.wakeUp();
    await done;
    expect(s.calls).toEqual(['put 0', 'put 1000', 'status', 'put 1000', 'put 2000', 'complete']);
    expect(states).toContain('waitingForNetwork');
    expect(s.stored.length).toBe(2500);
  });

  it('starts where an earlier attempt ended', async () => {
    const s = fakeServer();
    s.stored.length = 1000;
    const u = new FileUploader(file(2500), 'u1', 1000, s.transport, () => undefined, 1000);
    await u.run();
    expect(s.calls[0]).toBe('put 1000');
  });

  it('stops with the server message when the file is refused', async () => {
    const transport: UploadTransport = {
      put: async () => {
        throw new UploadHttpError(415, 'page.mp4 is not a video file');
      },
      status: async () => 0,
      complete: async () => ({ queued: false }),
    };
    const seen: UploadProgress[] = [];
    const u = new FileUploader(file(10), 'u1', 0, transport, (p) => seen.push(p), 1000);
    await expect(u.run()).rejects.toThrow('page.mp4 is not a video file');
    expect(seen.at(-1)?.state).toBe('failed');
  });

  it('pauses and resumes on request', async () => {
    const s = fakeServer();
    let u: FileUploader | null = null;
    let paused = false;
    const states: string[] = [];
    u = new FileUploader(
      file(3000),
      'u1',
      0,
      s.transport,
      (p) => {
        states.push(p.state);
        if (p.sent === 1000 && !paused) {
          paused = true;
          u!.pause();
          setTimeout(() => u!.resume(), 10);
        }
      },
      1000,
    );
    await u.run();
    expect(states).toContain('paused');
    expect(s.stored.length).toBe(3000);
  });
});
