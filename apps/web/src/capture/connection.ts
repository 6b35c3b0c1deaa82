import type { PhoneToServer, ServerToPhone } from '@poselab/contract';
import { ClockSync, localNow } from './clock';

export type ConnectionState = 'connecting' | 'connected' | 'offline' | 'unpaired';

/**
 * The phone's WebSocket to the server: hello with the device token, heartbeats every 5 s, clock pings
 * (a burst at connect, then every 10 s), and reconnects with backoff after any drop.
 */
export class PhoneConnection {
  readonly clock = new ClockSync();
  private socket: WebSocket | null = null;
  private timers: number[] = [];
  private retryDelay = 500;
  private closed = false;

  constructor(
    private readonly token: string,
    private readonly onMessage: (m: ServerToPhone) => void,
    private readonly onState: (s: ConnectionState) => void,
  ) {}

  start(): void {
    this.closed = false;
    this.connect();
  }

  send(m: PhoneToServer): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(m));
  }

  stop(): void {
    this.closed = true;
    this.clearTimers();
    this.socket?.close();
  }

  private clearTimers(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
  }

  private connect(): void {
    this.onState('connecting');
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${scheme}://${location.host}/api/capture/ws`);
    this.socket = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ type: 'hello', token: this.token }));
    };
    ws.onmessage = (ev) => {
      let m: ServerToPhone;
      try {
        m = JSON.parse(String(ev.data)) as ServerToPhone;
      } catch {
        return;
      }
      if (m.type === 'pong') {
        this.clock.addSample(m.t0, m.server_time, localNow());
        return;
      }
      if (m.type === 'welcome') {
        this.retryDelay = 500;
        this.onState('connected');
        this.startTimers();
      }
      this.onMessage(m);
    };
    ws.onclose = (ev) => {
      this.clearTimers();
      if (this.socket !== ws || this.closed) return;
      if (ev.code === 4401) {
        this.onState('unpaired');
        return;
      }
      this.onState('offline');
      window.setTimeout(() => this.connect(), this.retryDelay);
      this.retryDelay = Math.min(this.retryDelay * 2, 5_000);
    };
  }

  private startTimers(): void {
    this.clearTimers();
    const ping = () => this.send({ type: 'ping', t0: localNow() });
    for (let i = 0; i < 8; i++) window.setTimeout(ping, i * 150);
    this.timers.push(window.setInterval(ping, 10_000));
    this.timers.push(window.setInterval(() => this.send({ type: 'heartbeat' }), 5_000));
  }
}
