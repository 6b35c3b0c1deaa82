/** Messages between an embedded worker thread and the server's main thread (see thread-host.ts). */
export type HostMethod =
  | 'claim'
  | 'heartbeat'
  | 'downloadVideo'
  | 'downloadResult'
  | 'openInput'
  | 'putResult'
  | 'complete'
  | 'fail';

export type ThreadToMain =
  | { type: 'call'; id: number; method: HostMethod; args: unknown[] }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; message: string; extra?: Record<string, unknown> }
  | { type: 'ready' };

export type MainToThread =
  | { type: 'reply'; id: number; ok: true; value: unknown }
  | { type: 'reply'; id: number; ok: false; status: number; message: string }
  | { type: 'wake' }
  | { type: 'stop' };

/** workerData of an embedded worker thread. */
export interface ThreadData {
  entryUrl: string;
  workerId: string;
  idleMs: number;
}
