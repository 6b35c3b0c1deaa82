/**
 * The message bus between API replicas for phone connections. A phone's WebSocket lives in one replica; the
 * browser's "start recording" may reach another. Replicas tell each other which phones they hold (presence)
 * and pass on commands for phones they do not hold. One process needs no bus; with PostgreSQL, replicas use
 * LISTEN/NOTIFY on the shared database, so no other service is needed.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { ServerToPhone } from '@poselab/contract';

export interface PresenceEntry {
  deviceId: string;
  sessionId: string;
  state: string;
}

export type BusMessage =
  /** The complete list of phones a replica holds now (sent on every change and every few seconds). */
  | { kind: 'presence'; origin: string; devices: PresenceEntry[] }
  /** A command for the phones of a session, or for one phone, wherever they are connected. */
  | { kind: 'deliver'; origin: string; sessionId?: string; deviceId?: string; message: ServerToPhone }
  /** 'New session same setup': the phone now belongs to another session. */
  | { kind: 'move'; origin: string; deviceId: string; sessionId: string }
  /** A replica starting: the others answer with their presence at once instead of within 5 s. */
  | { kind: 'hello'; origin: string }
  /** A replica shutting down: forget its phones at once. */
  | { kind: 'gone'; origin: string };

export interface CaptureBus {
  publish(message: BusMessage): void;
  /** Receives every message, the replica's own included (each replica ignores its own origin). */
  subscribe(handler: (message: BusMessage) => void): () => void;
  close(): Promise<void>;
}

/** Replicas in one process (tests): messages are delivered asynchronously, like over the network. */
export class LocalBus implements CaptureBus {
  private readonly events = new EventEmitter();

  publish(message: BusMessage): void {
    const copy = JSON.parse(JSON.stringify(message)) as BusMessage;
    setImmediate(() => this.events.emit('message', copy));
  }

  subscribe(handler: (message: BusMessage) => void): () => void {
    this.events.on('message', handler);
    return () => this.events.off('message', handler);
  }

  async close(): Promise<void> {
    this.events.removeAllListeners();
  }
}

const CHANNEL = 'poselab_capture';

/**
 * LISTEN/NOTIFY on the shared PostgreSQL database. One dedicated connection listens and sends; messages are
 * small (a presence list of a few phones, one command), far under NOTIFY's 8 kB payload limit. A lost
 * connection is re-opened: presence is re-sent every few seconds, so replicas converge again.
 */
export class PgNotifyBus implements CaptureBus {
  private client: pg.Client | null = null;
  private readonly handlers = new Set<(message: BusMessage) => void>();
  private readonly ready: Promise<void>;
  private closed = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly onError: (err: unknown) => void = () => {},
  ) {
    this.ready = this.connect();
  }

  /** Resolves once the replica listens (tests wait for it; production does not need to). */
  listening(): Promise<void> {
    return this.ready;
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      let message: BusMessage;
      try {
        message = JSON.parse(n.payload) as BusMessage;
      } catch {
        return;
      }
      for (const h of this.handlers) h(message);
    });
    client.on('error', (err) => {
      this.onError(err);
      this.client = null;
      if (!this.closed) setTimeout(() => void this.connect().catch(this.onError), 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${CHANNEL}`);
    if (this.closed) await client.end();
    else this.client = client;
  }

  publish(message: BusMessage): void {
    const payload = JSON.stringify(message);
    void this.ready
      .then(() => this.client?.query('SELECT pg_notify($1, $2)', [CHANNEL, payload]))
      .catch(this.onError);
  }

  subscribe(handler: (message: BusMessage) => void): () => void {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.handlers.clear();
    await this.ready.catch(() => {});
    await this.client?.end().catch(() => {});
    this.client = null;
  }
}
