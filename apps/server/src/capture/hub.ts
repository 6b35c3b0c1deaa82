import type { WebSocket } from 'ws';
import type { ServerToPhone } from '@poselab/contract';
import type { AppDeps } from '../deps';

/** A phone's live WebSocket. */
interface Connection {
  deviceId: string;
  sessionId: string;
  socket: WebSocket;
  /** What the phone last reported (idle, recording, uploading, error). */
  state: string;
  lastMessageAt: number;
}

/** A socket silent for longer than this is considered gone (phones send a heartbeat every 5 s). */
export const SILENT_CONNECTION_MS = 20_000;

/**
 * The live phone connections of this server process: who is connected to which session, and the commands sent
 * to them. n_cameras_connected counts these. (One API process holds a phone's socket; several replicas would
 * need sticky sessions or a shared bus: see the report.)
 */
export class CaptureHub {
  private readonly connections = new Map<string, Connection>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.dropSilent(), 5_000);
    this.sweeper.unref();
  }

  /** Registers a phone's socket; an older socket of the same device is closed (a reload replaces it). */
  attach(deviceId: string, sessionId: string, socket: WebSocket): void {
    const old = this.connections.get(deviceId);
    if (old && old.socket !== socket) old.socket.close(4000, 'Replaced by a newer connection');
    this.connections.set(deviceId, { deviceId, sessionId, socket, state: 'idle', lastMessageAt: this.now() });
  }

  detach(deviceId: string, socket: WebSocket): void {
    const c = this.connections.get(deviceId);
    if (c && c.socket === socket) this.connections.delete(deviceId);
  }

  touch(deviceId: string, state?: string): void {
    const c = this.connections.get(deviceId);
    if (!c) return;
    c.lastMessageAt = this.now();
    if (state) c.state = state;
  }

  isConnected(deviceId: string): boolean {
    return this.connections.has(deviceId);
  }

  stateOf(deviceId: string): string | null {
    return this.connections.get(deviceId)?.state ?? null;
  }

  /** Ids of the devices connected to a session right now. */
  connectedDevices(sessionId: string): string[] {
    return [...this.connections.values()].filter((c) => c.sessionId === sessionId).map((c) => c.deviceId);
  }

  /** Sends a command to every phone of a session; answers how many got it. */
  broadcast(sessionId: string, message: ServerToPhone): number {
    let n = 0;
    for (const c of this.connections.values()) {
      if (c.sessionId !== sessionId) continue;
      if (this.sendTo(c.deviceId, message)) n++;
    }
    return n;
  }

  sendTo(deviceId: string, message: ServerToPhone): boolean {
    const c = this.connections.get(deviceId);
    if (!c || c.socket.readyState !== c.socket.OPEN) return false;
    c.socket.send(JSON.stringify(message));
    return true;
  }

  /** 'New session same setup': the phone now belongs to another session. */
  moveDevice(deviceId: string, sessionId: string): void {
    const c = this.connections.get(deviceId);
    if (c) c.sessionId = sessionId;
  }

  /** Runs fn after ms unless the hub closes first; errors go to onError. */
  schedule(ms: number, fn: () => Promise<void>, onError: (err: unknown) => void): void {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn().catch(onError);
    }, ms);
    t.unref();
    this.timers.add(t);
  }

  private dropSilent(): void {
    const limit = this.now() - SILENT_CONNECTION_MS;
    for (const c of [...this.connections.values()]) {
      if (c.lastMessageAt < limit) {
        this.connections.delete(c.deviceId);
        c.socket.terminate();
      }
    }
  }

  close(): void {
    clearInterval(this.sweeper);
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const c of this.connections.values()) c.socket.close(1001, 'Server shutting down');
    this.connections.clear();
  }
}

const hubs = new WeakMap<AppDeps, CaptureHub>();

/** The hub of one app instance (tests build several apps, each with its own deps). */
export function captureHub(deps: AppDeps): CaptureHub {
  let hub = hubs.get(deps);
  if (!hub) {
    hub = new CaptureHub();
    hubs.set(deps, hub);
  }
  return hub;
}

export function closeCaptureHub(deps: AppDeps): void {
  hubs.get(deps)?.close();
  hubs.delete(deps);
}
