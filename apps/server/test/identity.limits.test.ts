/**
 * Attempt limits on the identity calls that take a secret (SEC-2 in docs/requirements.md), sent
 * over a socket in every spelling of the call and with the subject in varying case, each attempt
 * from its own address so only the per-subject counter can stop them: sign-in 10 per address,
 * reset-password 5 per token (and 20 per IP), change-password 10 per signed-in user, change-email 5
 * per new address. Spellings with dot segments are refused before any of this (400 INVALID_PATH)
 * and never get through. The counters survive a restart of the server. The mail calls' limits are
 * in identity.limits.mail.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  resetToken,
  signIn,
  signUp,
  startSocketIdentityApp,
  verifiedUser,
  type SocketIdentityApp,
} from './helpers/identity-socket.ts';
import {
  addressSpellings,
  exhaust,
  expectRateLimited,
  expectRefusedPath,
  sameSessionElsewhere,
} from './helpers/limits.ts';
import type { SocketClient } from './helpers/raw-http.ts';
import { API, IDENTITY, identitySpellings } from './helpers/spellings.ts';

let t: SocketIdentityApp;
beforeAll(async () => {
  t = await startSocketIdentityApp();
});
afterAll(async () => {
  await t.close();
});

/** A browser with the session of `client`, on another address (so per-IP counters stay low). */
function elsewhere(client: SocketClient): SocketClient {
  return sameSessionElsewhere(client, () => t.client());
}

describe('sign-in: 10 attempts per address a minute', () => {
  it('refuses the 11th whatever spelling each used; the right password is then refused too', async () => {
    await signUp(t, 'limit-in@gmail.com', 'right-password');
    const addresses = addressSpellings('limit-in@gmail.com');
    await exhaust(
      'sign-in/email',
      10,
      (spelling, i) =>
        t.client().post(spelling.path, {
          email: addresses[i % addresses.length],
          password: `wrong-password-${i}`,
        }),
      (res, where) => {
        expect(res.status, where).toBeGreaterThanOrEqual(400);
        expect(res.setCookies, where).toEqual([]);
      },
    );
    for (const spelling of identitySpellings('sign-in/email')) {
      const res = await t.client().post(spelling.path, {
        email: 'limit-in@gmail.com',
        password: 'right-password',
      });
      if (spelling.refusal) expectRefusedPath(res, spelling);
      else expectRateLimited(res, `right password, ${spelling.label}`);
      expect(res.setCookies).toEqual([]);
    }
    // Another address is not affected.
    await signUp(t, 'limit-other@gmail.com', 'right-password');
    await signIn(t, 'limit-other@gmail.com', 'right-password');
  });
});

describe('reset-password: 5 attempts per token a minute', () => {
  it('refuses the 6th attempt with one token whatever the spelling; the valid password then too', async () => {
    await signUp(t, 'limit-token@gmail.com', 'old-password');
    const request = await t.client().post(`${IDENTITY}/request-password-reset`, {
      email: 'limit-token@gmail.com',
      redirectTo: '/reset-password',
    });
    expect(request.status).toBe(200);
    const token = await resetToken(t, 'limit-token@gmail.com', 1);
    await exhaust(
      'reset-password',
      5,
      (spelling, i) =>
        // Too short: refused, and the token stays unused.
        t.client().post(spelling.path, { token, newPassword: `${i}` }),
      (res, where) => {
        expect(res.status, where).toBeGreaterThanOrEqual(400);
      },
    );
    const valid = await t.client().post(`${IDENTITY}/reset-password`, {
      token,
      newPassword: 'new-password',
    });
    expectRateLimited(valid, 'the valid reset');
    // The password did not change.
    await signIn(t, 'limit-token@gmail.com', 'old-password');
  });

  it('refuses the 21st attempt from one IP, each with another guessed token', async () => {
    const client = t.client();
    for (let i = 0; i < 20; i++) {
      const res = await client.post(`${IDENTITY}/reset-password`, {
        token: `guessed-token-${i}`,
        newPassword: 'new-password',
      });
      expect(res.status, res.body).toBe(400);
    }
    expectRateLimited(
      await client.post(`${IDENTITY}/reset-password`, {
        token: 'guessed-token-20',
        newPassword: 'new-password',
      }),
      'the 21st guess',
    );
  });
});

describe('change-password: 10 attempts per signed-in user a minute', () => {
  it('refuses the 11th whatever the spelling; the right current password then too', async () => {
    await signUp(t, 'limit-change@gmail.com', 'current-password');
    const session = await signIn(t, 'limit-change@gmail.com', 'current-password');
    await exhaust(
      'change-password',
      10,
      (spelling, i) =>
        elsewhere(session).post(spelling.path, {
          currentPassword: `wrong-password-${i}`,
          newPassword: 'new-password',
        }),
      (res, where) => {
        expect(res.status, where).toBeGreaterThanOrEqual(400);
      },
    );
    const right = await elsewhere(session).post(`${IDENTITY}/change-password`, {
      currentPassword: 'current-password',
      newPassword: 'new-password',
    });
    expectRateLimited(right, 'the right current password');
    await signIn(t, 'limit-change@gmail.com', 'current-password');
  });
});

describe('change-email: 5 attempts per new address a minute', () => {
  it('refuses the 6th for one new address whatever the spelling, from any user', async () => {
    const first = await verifiedUser(t, 'limit-email1@gmail.com', 'secret-pass');
    const second = await verifiedUser(t, 'limit-email2@gmail.com', 'secret-pass');
    const targets = addressSpellings('limit-target@gmail.com');
    await exhaust('change-email', 5, (spelling, i) =>
      elsewhere(i % 2 === 0 ? first : second).post(spelling.path, {
        newEmail: targets[i % targets.length],
        callbackURL: '/',
      }),
    );
    // Both users still have their own address.
    for (const [browser, email] of [
      [first, 'limit-email1@gmail.com'],
      [second, 'limit-email2@gmail.com'],
    ] as const) {
      const me = await browser.get(`${API}/auth/me`);
      expect(me.json()).toMatchObject({ email });
    }
  });
});

describe('after a restart', () => {
  it('keeps the counters: a limited address stays limited on the new server', async () => {
    await signUp(t, 'limit-restart@gmail.com', 'right-password');
    await signUp(t, 'limit-restart2@gmail.com', 'secret-pass');
    for (let i = 0; i < 10; i++) {
      const res = await t.client().post(`${IDENTITY}/sign-in/email`, {
        email: 'limit-restart@gmail.com',
        password: `wrong-password-${i}`,
      });
      expect(res.status).toBe(401);
    }
    for (let i = 0; i < 5; i++) {
      const res = await t.client().post(`${IDENTITY}/request-password-reset`, {
        email: 'limit-restart2@gmail.com',
        redirectTo: '/reset-password',
      });
      expect(res.status).toBe(200);
    }
    const oldBase = t.base;
    await t.restart();
    expect(t.base).not.toBe(oldBase);
    expect((await t.client().get(`${API}/health`)).status).toBe(200);

    expectRateLimited(
      await t.client().post(`${IDENTITY}/sign-in/email`, {
        email: 'limit-restart@gmail.com',
        password: 'right-password',
      }),
      'sign-in after the restart',
    );
    expectRateLimited(
      await t.client().post(`${IDENTITY}/request-password-reset`, {
        email: 'LIMIT-RESTART2@gmail.com',
        redirectTo: '/reset-password',
      }),
      'reset request after the restart',
    );
    // Addresses that were not limited sign in on the new server.
    await signUp(t, 'limit-restart3@gmail.com', 'secret-pass');
    await signIn(t, 'limit-restart3@gmail.com', 'secret-pass');
  });
});
