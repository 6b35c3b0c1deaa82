import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { ServerToPhone } from '@poselab/contract';
import type { AppDeps } from '../deps';
import type { BusMessage, CaptureBus, PresenceEntry } from './bus';

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

/** A phone held by another replica, as its last presence message said. */
interface RemotePhone extends PresenceEntry {
  origin: string;
  seenAt: number;
}

/**
 * The live phone connections: who is connected to which session, and the commands sent to them.
 * n_cameras_connected counts these. Each socket lives in one process; with a bus (API replicas on one
 * PostgreSQL database) the hub also knows the phones of the other replicas from their presence messages and
 * passes commands for those phones on to them.
 */
export class CaptureHub {
  private readonly connections = new Map<string, Connection>();
  private readonly remote = new Map<string, RemotePhone>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly unsubscribe: () => void = () => {};
  /** This replica's name on the bus. */
  readonly origin = randomUUID();

  constructor(
    private readonly now: () => number = Date.now,
    private readonly bus: CaptureBus | null = null,
  ) {
    this.sweeper = setInterval(() => {
      this.dropSilent();
      this.publishPresence();
    }, 5_000);
    this.sweeper.unref();
    if (bus) {
      this.unsubscribe = bus.subscribe((m) => this.receive(m));
      bus.publish({ kind: 'hello', origin: this.origin });
    }
  }

  /** Registers a phone's socket; an older socket of the same device is closed (a reload replaces it). */
  attach(deviceId: string, sessionId: string, socket: WebSocket): void {
    const old = this.connections.get(deviceId);
    if (old && old.socket !== socket) old.socket.close(4000, 'Replaced by a newer connection');
    this.connections.set(deviceId, { deviceId, sessionId, socket, state: 'idle', lastMessageAt: this.now() });
    this.publishPresence();
  }

  detach(deviceId: string, socket: WebSocket): void {
    const c = this.connections.get(deviceId);
    if (c && c.socket === socket) {
      this.connections.delete(deviceId);
      this.publishPresence();
    }
  }

  touch(deviceId: string, state?: string): void {
    const c = this.connections.get(deviceId);
    if (!c) return;
    c.lastMessageAt = this.now();
    if (state && state !== c.state) {
      c.state = state;
      this.publishPresence();
    }
  }

  isConnected(deviceId: string): boolean {
    return this.connections.has(deviceId) || this.remoteLive(deviceId) !== null;
  }

  stateOf(deviceId: string): string | null {
    return this.connections.get(deviceId)?.state ?? this.remoteLive(deviceId)?.state ?? null;
  }

  /** Ids of the devices connected to a session right now, in this process or another replica. */
  connectedDevices(sessionId: string): string[] {
    const ids = [...this.connections.values()]
      .filter((c) => c.sessionId === sessionId)
      .map((c) => c.deviceId);
    for (const r of this.remote.values()) {
      if (r.sessionId === sessionId && !ids.includes(r.deviceId) && this.remoteLive(r.deviceId))
        ids.push(r.deviceId);
    }
    return ids;
  }

  /** Sends a command to every phone of a session (other replicas' included); answers how many it went to. */
  broadcast(sessionId: string, message: ServerToPhone): number {
    let n = this.deliverLocally({ sessionId }, message);
    if (this.bus) {
      this.bus.publish({ kind: 'deliver', origin: this.origin, sessionId, message });
      n += this.connectedDevices(sessionId).filter((d) => !this.connections.has(d)).length;
    }
    return n;
  }

  /** Sends a command to one phone, through the replica that holds it; false when it is not connected. */
  sendTo(deviceId: string, message: ServerToPhone): boolean {
    if (this.connections.has(deviceId)) return this.deliverLocally({ deviceId }, message) > 0;
    if (!this.bus || !this.remoteLive(deviceId)) return false;
    this.bus.publish({ kind: 'deliver', origin: this.origin, deviceId, message });
    return true;
  }

  private deliverLocally(to: { sessionId?: string; deviceId?: string }, message: ServerToPhone): number {
    let n = 0;
    for (const c of this.connections.values()) {
      if (to.deviceId ? c.deviceId !== to.deviceId : c.sessionId !== to.sessionId) continue;
      if (c.socket.readyState !== c.socket.OPEN) continue;
      c.socket.send(JSON.stringify(message));
      n++;
    }
    return n;
  }

  private remoteLive(deviceId: string): RemotePhone | null {
    const r = this.remote.get(deviceId);
    return r && r.seenAt >= this.now() - SILENT_CONNECTION_MS ? r : null;
  }

  private publishPresence(): void {
    if (!this.bus) return;
    const devices = [...this.connections.values()].map((c) => ({
      deviceId: c.deviceId,
      sessionId: c.sessionId,
      state: c.state,
    }));
    this.bus.publish({ kind: 'presence', origin: this.origin, devices });
  }

  private receive(m: BusMessage): void {
    if (m.origin === this.origin) return;
    switch (m.kind) {
      case 'presence': {
        // A presence message is the sender's complete list: its phones not in it have gone.
        for (const [id, r] of this.remote) if (r.origin === m.origin) this.remote.delete(id);
        const seenAt = this.now();
        for (const d of m.devices)
          if (!this.connections.has(d.deviceId))
            this.remote.set(d.deviceId, { ...d, origin: m.origin, seenAt });
        return;
      }
      case 'hello':
        this.publishPresence();
        return;
      case 'gone':
        for (const [id, r] of this.remote) if (r.origin === m.origin) this.remote.delete(id);
        return;
      case 'deliver':
        this.deliverLocally({ sessionId: m.sessionId, deviceId: m.deviceId }, m.message);
        return;
      case 'move':
        this.moveDevice(m.deviceId, m.sessionId, false);
        return;
    }
  }

  /** 'New session same setup': the phone now belongs to another session (on whichever replica holds it). */
  moveDevice(deviceId: string, sessionId: string, tellOthers = true): void {
    const c = this.connections.get(deviceId);
    if (c) {
      c.sessionId = sessionId;
      this.publishPresence();
    }
    const r = this.remote.get(deviceId);
    if (r) r.sessionId = sessionId;
    if (tellOthers && this.bus) this.bus.publish({ kind: 'move', origin: this.origin, deviceId, sessionId });
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
    for (const [id, r] of this.remote) if (r.seenAt < limit) this.remote.delete(id);
  }

  close(): void {
    clearInterval(this.sweeper);
    this.unsubscribe();
    this.bus?.publish({ kind: 'gone', origin: this.origin });
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
    hub = new CaptureHub(Date.now, deps.captureBus ?? null);
    hubs.set(deps, hub);
  }
  return hub;
}

export function closeCaptureHub(deps: AppDeps): void {
  hubs.get(deps)?.close();
  hubs.delete(deps);
}
