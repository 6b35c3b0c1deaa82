import { Readable } from 'node:stream';
import type { MessagePort } from 'node:worker_threads';

/**
 * Byte streams between threads over a MessagePort, with backpressure: the sender keeps at most a few chunks
 * in flight and the receiver acknowledges each one as its reader takes it. Chunks are transferred, not
 * copied. Used by the embedded worker pool for job inputs and outputs too large to hold in memory (archives).
 */
type StreamMessage =
  | { type: 'chunk'; data: ArrayBuffer }
  | { type: 'end' }
  | { type: 'error'; message: string }
  | { type: 'ack' }
  | { type: 'cancel' };

const IN_FLIGHT = 4;

/** Sends a readable's bytes through `port`, then closes it. Resolves when all were sent (or the reader left). */
export function pumpToPort(source: Readable, port: MessagePort): Promise<void> {
  return new Promise((resolve) => {
    let inFlight = 0;
    let finished = false;
    // The receiver closes the port once it has read 'end' or 'error' (closing here could drop queued chunks).
    const finish = (close: boolean) => {
      if (finished) return;
      finished = true;
      source.off('data', onData);
      if (close) port.close();
      resolve();
    };
    const onData = (chunk: Buffer | string) => {
      const buf = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
      // A copy into a fresh ArrayBuffer of exactly the chunk's size: Buffers often view a shared pool.
      const data = new Uint8Array(buf.byteLength);
      data.set(buf);
      port.postMessage({ type: 'chunk', data: data.buffer } satisfies StreamMessage, [data.buffer]);
      if (++inFlight >= IN_FLIGHT) source.pause();
    };
    port.on('message', (msg: StreamMessage) => {
      if (msg.type === 'ack') {
        inFlight--;
        if (inFlight < IN_FLIGHT && source.isPaused() && !finished) source.resume();
      } else if (msg.type === 'cancel') {
        source.destroy();
        finish(true);
      }
    });
    source.on('data', onData);
    source.once('end', () => {
      if (!finished) port.postMessage({ type: 'end' } satisfies StreamMessage);
      finish(false);
    });
    source.once('error', (err) => {
      if (!finished) port.postMessage({ type: 'error', message: err.message } satisfies StreamMessage);
      finish(false);
    });
  });
}

/** The bytes another thread pumps into `port`, as a readable stream. */
export function readableFromPort(port: MessagePort): Readable {
  let owed = 0;
  let settled = false;
  const readable = new Readable({
    read() {
      // The reader wants more: acknowledge the chunks held back while it was full.
      for (; owed > 0; owed--) port.postMessage({ type: 'ack' } satisfies StreamMessage);
    },
    destroy(err, callback) {
      if (!settled) {
        settled = true;
        try {
          // The sender stops and closes the port.
          port.postMessage({ type: 'cancel' } satisfies StreamMessage);
        } catch {
          // the port may already be closed
        }
      }
      callback(err);
    },
  });
  port.on('message', (msg: StreamMessage) => {
    if (msg.type === 'chunk') {
      if (readable.push(Buffer.from(msg.data))) port.postMessage({ type: 'ack' } satisfies StreamMessage);
      else owed++;
    } else if (msg.type === 'end') {
      settled = true;
      readable.push(null);
      port.close();
    } else if (msg.type === 'error') {
      settled = true;
      port.close();
      readable.destroy(new Error(msg.message));
    }
  });
  port.on('close', () => {
    if (!settled && !readable.destroyed) readable.destroy(new Error('stream closed early'));
  });
  return readable;
}
