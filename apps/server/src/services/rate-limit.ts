import { createHash } from 'node:crypto';
import { SECURITY_MESSAGES } from '@poselab/contract';
import type { AppDeps } from '../deps';
import { tooManyRequests } from '../http/http-error';
import { RateLimitRepository } from '../repositories/rate-limit.repository';

export interface RateRule {
  /** Counter name, e.g. 'login-address'. */
  name: string;
  limit: number;
  windowMs: number;
}

/** Counter keys are hashed: the table holds no e-mail addresses, usernames or client addresses. */
function counterKey(rule: RateRule, key: string): string {
  return `${rule.name}:${createHash('sha256').update(key).digest('base64url')}`;
}

/**
 * Fixed-window rate limits kept in the database, so they survive restarts and every API replica shares them.
 * `take` counts the attempt first and only then compares, in one statement: parallel requests cannot all pass
 * on the same old count, and the expensive work (a password hash) runs only for attempts within the limit.
 * Attempts that turn out fine may be handed back with `refund` (a successful login does not use up the
 * allowance of a busy office). Time comes from deps.clock so tests can move it.
 */
export class RateLimiter {
  private readonly repo: RateLimitRepository;
  constructor(private readonly deps: AppDeps) {
    this.repo = new RateLimitRepository(deps.db);
  }

  private times(rule: RateRule): { now: number; nowIso: string; expiredBefore: string } {
    const now = this.deps.clock.now().getTime();
    return {
      now,
      nowIso: new Date(now).toISOString(),
      expiredBefore: new Date(now - rule.windowMs).toISOString(),
    };
  }

  /** Counts one attempt; throws 429 (saying when to try again) when it goes past the rule's limit. */
  async take(rule: RateRule, key: string): Promise<void> {
    const { now, nowIso, expiredBefore } = this.times(rule);
    const w = await this.repo.hit(counterKey(rule, key), nowIso, expiredBefore);
    if (w.hits > rule.limit) throw limitError(Date.parse(w.window_start) + rule.windowMs - now);
  }

  /** Throws 429 when the allowance is used up, without counting (for checks that count only failures). */
  async check(rule: RateRule, key: string): Promise<void> {
    const { now, expiredBefore } = this.times(rule);
    const w = await this.repo.current(counterKey(rule, key), expiredBefore);
    if (w && w.hits >= rule.limit) throw limitError(Date.parse(w.window_start) + rule.windowMs - now);
  }

  /** Hands back one attempt counted by take (it succeeded). */
  async refund(rule: RateRule, key: string): Promise<void> {
    await this.repo.refund(counterKey(rule, key), this.times(rule).expiredBefore);
  }
}

function limitError(waitMs: number) {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return tooManyRequests(SECURITY_MESSAGES.tooManyAttempts(minutes), seconds);
}

export function rateLimiter(deps: AppDeps): RateLimiter {
  return new RateLimiter(deps);
}

/** Removes counters whose window ended more than a day ago (run by the security sweep). */
export async function pruneRateLimits(deps: AppDeps): Promise<number> {
  const before = new Date(deps.clock.now().getTime() - 86_400_000).toISOString();
  return new RateLimitRepository(deps.db).deleteStartedBefore(before);
}

const MIN = 60_000;
/**
 * Every limit of the API. Keys: 'account' is the typed login (lower case), 'address' the client address
 * (the socket's, or the one TRUST_PROXY's proxies report).
 */
export const RATE_RULES = {
  /** One account from one address: 10 tries per 15 minutes. */
  loginPair: { name: 'login-account-address', limit: 10, windowMs: 15 * MIN },
  /**
   * One account from every address together: a longer backoff against attacks from many addresses. Logins
   * from a remembered device skip it, so a locked account never locks its owner out of a known device.
   */
  loginAccount: { name: 'login-account', limit: 50, windowMs: 60 * MIN },
  /** One address over every account (password spraying). */
  loginIp: { name: 'login-address', limit: 30, windowMs: 15 * MIN },
  verifyIp: { name: 'verify-address', limit: 30, windowMs: 15 * MIN },
  verifyAccount: { name: 'verify-account', limit: 15, windowMs: 15 * MIN },
  resetIp: { name: 'reset-address', limit: 10, windowMs: 60 * MIN },
  resetAccount: { name: 'reset-account', limit: 3, windowMs: 60 * MIN },
  otpResend: { name: 'otp-resend', limit: 5, windowMs: 15 * MIN },
  /** New accounts per address (a class registering together behind one router still fits). */
  registerIp: { name: 'register-address', limit: 20, windowMs: 60 * MIN },
  /** Pairing calls per address (a session pairs at most 32 phones). */
  pairIp: { name: 'pair-address', limit: 60, windowMs: 15 * MIN },
  /** Wrong pairing secrets per address. */
  pairFailIp: { name: 'pair-failed-address', limit: 30, windowMs: 15 * MIN },
  /** E-mail change requests per account (each sends two e-mails). */
  emailChange: { name: 'email-change-account', limit: 5, windowMs: 60 * MIN },
} satisfies Record<string, RateRule>;
