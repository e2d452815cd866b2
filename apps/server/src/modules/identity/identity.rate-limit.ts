/**
 * Attempt limits on the identity calls that can be abused (agreed identity API): sign-in 10 per
 * e-mail address and 30 per IP a minute; sign-up, send-verification-email and
 * request-password-reset 5 per address and 20 per IP a minute. Counted per call, in this
 * process (fixed one-minute windows); every attempt counts, successful or not.
 */
import type { RuleFailure } from './identity.rules.ts';

/** Limits per call: attempts allowed per address and per IP within {@link WINDOW_MS}. */
export const IDENTITY_LIMITS: Readonly<Record<string, { perAddress: number; perIp: number }>> = {
  'sign-in/email': { perAddress: 10, perIp: 30 },
  'sign-up/email': { perAddress: 5, perIp: 20 },
  'send-verification-email': { perAddress: 5, perIp: 20 },
  'request-password-reset': { perAddress: 5, perIp: 20 },
};

/** Length of a counting window, in ms. */
export const WINDOW_MS = 60_000;

/** The 429 answer of the agreed identity API. */
export const RATE_LIMITED = {
  code: 'RATE_LIMITED',
  message: 'Too many attempts. Please wait a minute and try again.',
} as const;

/** A 429 refusal with the wait the client should honour. */
export interface RateLimitRefusal extends RuleFailure {
  /** Seconds until the window that refused ends (for `Retry-After`). */
  retryAfterSeconds: number;
}

interface Window {
  count: number;
  endsAt: number;
}

/** Counts attempts per key; `now` is injectable for tests. */
export class IdentityRateLimiter {
  private readonly windows = new Map<string, Window>();
  private nextSweep = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * Records one attempt at `call` (a path under the identity base, e.g. 'sign-in/email') by
   * `ip` for `email`, and answers whether it may go ahead. Calls without limits always may.
   * @returns null to proceed, or the 429 refusal.
   */
  hit(call: string, ip: string, email: unknown): RateLimitRefusal | null {
    const limits = IDENTITY_LIMITS[call];
    if (!limits) return null;
    const now = this.now();
    this.sweep(now);
    const keys: [string, number][] = [[`${call}|ip|${ip}`, limits.perIp]];
    if (typeof email === 'string' && email.trim() !== '') {
      keys.push([`${call}|address|${email.trim().toLowerCase()}`, limits.perAddress]);
    }
    let refusedUntil = 0;
    for (const [key, max] of keys) {
      let window = this.windows.get(key);
      if (!window || window.endsAt <= now) {
        window = { count: 0, endsAt: now + WINDOW_MS };
        this.windows.set(key, window);
      }
      window.count += 1;
      if (window.count > max) refusedUntil = Math.max(refusedUntil, window.endsAt);
    }
    if (refusedUntil === 0) return null;
    return {
      status: 429,
      ...RATE_LIMITED,
      retryAfterSeconds: Math.max(1, Math.ceil((refusedUntil - now) / 1000)),
    };
  }

  /** Drops ended windows, at most once per window length, so memory stays bounded. */
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + WINDOW_MS;
    for (const [key, window] of this.windows) {
      if (window.endsAt <= now) this.windows.delete(key);
    }
  }
}
