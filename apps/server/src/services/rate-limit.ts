import type { AppDeps } from '../deps';
import { HttpError } from '../http/http-error';

interface Window {
  start: number;
  count: number;
}

export interface RateRule {
  /** Counter name, e.g. 'login-ip'. */
  name: string;
  limit: number;
  windowMs: number;
}

/**
 * Fixed-window counters kept in memory per app (one API process; several replicas would each keep their own,
 * which only multiplies the allowance by the replica count). Time comes from deps.clock so tests can move it.
 */
export class RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(private readonly now: () => number) {}

  private window(rule: RateRule, key: string): Window {
    const id = `${rule.name}:${key}`;
    const t = this.now();
    let w = this.windows.get(id);
    if (!w || t - w.start >= rule.windowMs) {
      w = { start: t, count: 0 };
      this.windows.set(id, w);
    }
    if (this.windows.size > 50_000) this.prune();
    return w;
  }

  /** Throws 429 with a clear message when the key has used up its allowance. */
  check(rule: RateRule, key: string): void {
    const w = this.window(rule, key);
    if (w.count >= rule.limit) {
      const minutes = Math.max(1, Math.ceil((w.start + rule.windowMs - this.now()) / 60_000));
      throw new HttpError(
        429,
        `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      );
    }
  }

  hit(rule: RateRule, key: string): void {
    this.window(rule, key).count += 1;
  }

  /** check + hit, for calls that count every attempt. */
  take(rule: RateRule, key: string): void {
    this.check(rule, key);
    this.hit(rule, key);
  }

  private prune(): void {
    const t = this.now();
    for (const [id, w] of this.windows) if (t - w.start > 24 * 3_600_000) this.windows.delete(id);
  }
}

const limiters = new WeakMap<AppDeps, RateLimiter>();

export function rateLimiter(deps: AppDeps): RateLimiter {
  let l = limiters.get(deps);
  if (!l) {
    l = new RateLimiter(() => deps.clock.now().getTime());
    limiters.set(deps, l);
  }
  return l;
}

const MIN15 = 15 * 60_000;
/** Failed logins and wrong codes are counted; successful ones are not, so busy offices are not locked out. */
export const RATE_RULES = {
  loginIp: { name: 'login-ip', limit: 30, windowMs: MIN15 },
  loginAccount: { name: 'login-account', limit: 10, windowMs: MIN15 },
  verifyIp: { name: 'verify-ip', limit: 30, windowMs: MIN15 },
  verifyAccount: { name: 'verify-account', limit: 15, windowMs: MIN15 },
  resetIp: { name: 'reset-ip', limit: 10, windowMs: 60 * 60_000 },
  resetAccount: { name: 'reset-account', limit: 3, windowMs: 60 * 60_000 },
  otpResend: { name: 'otp-resend', limit: 5, windowMs: MIN15 },
} satisfies Record<string, RateRule>;
