import { describe, expect, it } from 'vitest';
import { IdentityRateLimiter, RATE_LIMITED, WINDOW_MS } from './identity.rate-limit.ts';

describe('identity attempt limits', () => {
  it('allows 10 sign-ins per address a minute, then refuses until the window ends', () => {
    let now = 1_000_000;
    const limiter = new IdentityRateLimiter(() => now);
    for (let i = 0; i < 10; i++)
      expect(limiter.hit('sign-in/email', `ip-${i}`, 'a@gmail.com')).toBeNull();
    const refused = limiter.hit('sign-in/email', 'ip-x', ' A@Gmail.com ');
    expect(refused).toEqual({ status: 429, ...RATE_LIMITED, retryAfterSeconds: 60 });
    now += WINDOW_MS - 1500;
    expect(limiter.hit('sign-in/email', 'ip-y', 'a@gmail.com')?.retryAfterSeconds).toBe(2);
    now += 1500;
    expect(limiter.hit('sign-in/email', 'ip-z', 'a@gmail.com')).toBeNull();
  });

  it('counts per IP across addresses, and per call', () => {
    const limiter = new IdentityRateLimiter(() => 0);
    for (let i = 0; i < 20; i++)
      expect(limiter.hit('sign-up/email', '1.2.3.4', `u${i}@x.com`)).toBeNull();
    expect(limiter.hit('sign-up/email', '1.2.3.4', 'u20@x.com')?.status).toBe(429);
    expect(limiter.hit('request-password-reset', '1.2.3.4', 'u20@x.com')).toBeNull();
    expect(limiter.hit('sign-up/email', '5.6.7.8', 'u20@x.com')).toBeNull();
  });

  it('does not limit other calls', () => {
    const limiter = new IdentityRateLimiter(() => 0);
    for (let i = 0; i < 100; i++) expect(limiter.hit('get-session', 'ip', undefined)).toBeNull();
  });
});
