import { afterEach, describe, expect, it, vi } from 'vitest';
import { uploadRecording, UploadRefused } from './uploader';

function job(signal = new AbortController().signal) {
  return {
    token: 'tok',
    trialId: 't1',
    blob: new Blob([new Uint8Array(100)]),
    meta: { mime: 'video/mp4' },
    onProgress: () => undefined,
    signal,
  };
}

describe('phone uploads (issue #19)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('stops at a refusal a retry cannot change and says why', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        calls.push(`${init.method} ${url}`);
        if (url === '/api/capture/uploads/') {
          return new Response(JSON.stringify({ upload_id: 'u1', received_bytes: 0, complete: false }));
        }
        return new Response(JSON.stringify({ message: 'The file is not a MP4 video as announced.' }), {
          status: 415,
        });
      }),
    );
    const err = await uploadRecording(job()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(UploadRefused);
    expect((err as UploadRefused).status).toBe(415);
    expect((err as UploadRefused).message).toBe('The file is not a MP4 video as announced.');
    expect(calls).toEqual(['POST /api/capture/uploads/', 'PUT /api/capture/uploads/u1/?offset=0']);
  });

  it('asks again where to resume when another request writes the upload (409)', async () => {
    let puts = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/api/capture/uploads/') {
          return new Response(JSON.stringify({ upload_id: 'u1', received_bytes: 0, complete: false }));
        }
        if (init.method === 'PUT') {
          puts += 1;
          return puts === 1
            ? new Response(JSON.stringify({ message: 'busy' }), { status: 409 })
            : new Response(JSON.stringify({ received_bytes: 100 }));
        }
        return new Response(JSON.stringify({ video_id: 'v1' }));
      }),
    );
    await uploadRecording(job());
    expect(puts).toBe(2);
  });
});
