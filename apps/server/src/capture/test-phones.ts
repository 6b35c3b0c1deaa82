import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import type { WebSocket } from 'ws';
import type { ServerToPhone } from '@poselab/contract';
import type { TestApp } from '../test/test-app';

/** Upload metadata of a 3.5 s 1080x1920 60 fps phone video, for API tests of uploads. */
export const TEST_VIDEO_META = {
  mime: 'video/mp4;codecs=avc1',
  model: 'Pixel',
  fps: 60,
  width: 1080,
  height: 1920,
  rotation: 0,
  duration_sec: 3.5,
  start_time_ms: 1_700_000_000_000,
  frame_timestamps: [1_700_000_000_000, 1_700_000_000_016.7],
};

const tinyVideos = new Map<'mp4' | 'webm', Buffer>();

/**
 * A real video for upload tests (uploads are content-checked): ten 64x64 frames as fragmented MP4 (what
 * MediaRecorder writes) or WebM, made once per process with the npm-shipped ffmpeg. An MP4 is padded to
 * `size` bytes with a trailing 'free' box, which readers skip, so tests can send several chunks.
 */
export function testVideo(size = 2_500_000, container: 'mp4' | 'webm' = 'mp4'): Buffer {
  let tiny = tinyVideos.get(container);
  if (!tiny) {
    const ffmpeg = (createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg') as { path: string }).path;
    const codec =
      container === 'mp4'
        ? ['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-movflags', 'frag_keyframe+empty_moov', '-f', 'mp4']
        : ['-c:v', 'libvpx', '-f', 'webm'];
    tiny = execFileSync(ffmpeg, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=64x64:rate=30',
      '-frames:v',
      '10',
      ...codec,
      'pipe:1',
    ]);
    tinyVideos.set(container, tiny);
  }
  if (container === 'webm' || size <= tiny.length + 8) return tiny;
  const pad = Buffer.alloc(size - tiny.length);
  pad.writeUInt32BE(pad.length, 0);
  pad.write('free', 4, 'latin1');
  return Buffer.concat([tiny, pad]);
}

/** A simulated phone for API tests: paired over HTTP, connected over the app's WebSocket. */
export interface TestPhone {
  token: string;
  deviceId: string;
  ws: WebSocket;
  messages: ServerToPhone[];
  next(type: ServerToPhone['type']): Promise<ServerToPhone>;
  close(): Promise<void>;
}

export async function pairTestPhone(
  t: TestApp,
  session: { id: string; secret: string },
  framerates: number[] = [60],
): Promise<TestPhone> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/capture/pair/',
    payload: {
      session_id: session.id,
      secret: session.secret,
      model: 'Test phone',
      capabilities: { framerates, width: 1080, height: 1920 },
    },
  });
  if (res.statusCode !== 200) throw new Error(`pairing failed: ${res.body}`);
  const { device_token: token, device_id: deviceId } = res.json<{
    device_token: string;
    device_id: string;
  }>();
  const ws = await t.app.injectWS('/api/capture/ws');
  const messages: ServerToPhone[] = [];
  const waiters: Array<{ type: string; resolve: (m: ServerToPhone) => void }> = [];
  ws.on('message', (raw) => {
    const m = JSON.parse(String(raw)) as ServerToPhone;
    messages.push(m);
    const i = waiters.findIndex((w) => w.type === m.type);
    if (i >= 0) waiters.splice(i, 1)[0].resolve(m);
  });
  const next = (type: ServerToPhone['type']) =>
    new Promise<ServerToPhone>((resolve, reject) => {
      const seen = messages.find((m) => m.type === type && !consumed.has(m));
      if (seen) {
        consumed.add(seen);
        resolve(seen);
        return;
      }
      const timer = setTimeout(() => reject(new Error(`no ${type} message`)), 3000);
      waiters.push({
        type,
        resolve: (m) => {
          clearTimeout(timer);
          consumed.add(m);
          resolve(m);
        },
      });
    });
  const consumed = new Set<ServerToPhone>();
  ws.send(JSON.stringify({ type: 'hello', token }));
  await next('welcome');
  return {
    token,
    deviceId,
    ws,
    messages,
    next,
    close: () =>
      new Promise<void>((resolve) => {
        ws.once('close', () => resolve());
        ws.close();
      }),
  };
}
