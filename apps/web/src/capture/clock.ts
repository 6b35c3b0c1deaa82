/**
 * Server-clock offset from ping/pong round trips (NTP style): offset = server - midpoint of the round trip.
 * The sample with the shortest round trip is the least disturbed by network delay, so it wins.
 */
export class ClockSync {
  private best: { rtt: number; offset: number } | null = null;

  /** t0 and t1: local send and receive times (ms); server: the server's time when it answered. */
  addSample(t0: number, server: number, t1: number): void {
    const rtt = t1 - t0;
    if (rtt < 0) return;
    const offset = server - (t0 + t1) / 2;
    if (!this.best || rtt <= this.best.rtt) this.best = { rtt, offset };
  }

  get known(): boolean {
    return this.best !== null;
  }

  /** Milliseconds to add to a local epoch time to get server time (0 until a sample arrives). */
  get offsetMs(): number {
    return this.best?.offset ?? 0;
  }

  get roundTripMs(): number | null {
    return this.best?.rtt ?? null;
  }

  toServer(localEpochMs: number): number {
    return localEpochMs + this.offsetMs;
  }
}

/** Local epoch milliseconds with sub-millisecond precision. */
export function localNow(): number {
  return performance.timeOrigin + performance.now();
}
