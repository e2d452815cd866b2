/**
 * Input limits of SEC-1, SEC-7 in docs/requirements.md, over a socket: display names are 1-64
 * characters after trimming with no control characters (sign-up and update-user, in every spelling
 * of the call); a password of only spaces is refused (sign-up, reset, change); a used reset token
 * ends every other one of the user's; deep or broken JSON and NUL characters answer 400, never 500,
 * and change nothing.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUser } from '@pigostream/db';
import {
  resetToken,
  signIn,
  signUp,
  startSocketIdentityApp,
  verifiedUser,
  type SocketIdentityApp,
} from './helpers/identity-socket.ts';
import type { RawResponse, SocketClient } from './helpers/raw-http.ts';
import { API, IDENTITY, identitySpellings, reaching, refused } from './helpers/spellings.ts';

const REQUIRED = { code: 'USERNAME_REQUIRED', message: 'Username is required.' };
const TOO_LONG = { code: 'USERNAME_TOO_LONG', message: 'Username must be at most 64 characters.' };
const NOT_ALLOWED = {
  code: 'USERNAME_INVALID',
  message: 'Username contains characters that are not allowed.',
};
const BLANK = { code: 'PASSWORD_BLANK', message: 'Password cannot be only spaces.' };
const TOO_SHORT = {
  code: 'PASSWORD_TOO_SHORT',
  message: 'Password should be at least 6 characters.',
};

let t: SocketIdentityApp;
beforeAll(async () => {
  t = await startSocketIdentityApp();
});
afterAll(async () => {
  await t.close();
});

let counter = 0;
function newAddress(): string {
  counter += 1;
  return `input${counter}@gmail.com`;
}

async function accountsFor(email: string): Promise<number> {
  const rows = await t.database.db
    .select({ id: authUser.id })
    .from(authUser)
    .where(eq(sql`lower(${authUser.email})`, email.toLowerCase()));
  return rows.length;
}

async function displayName(browser: SocketClient): Promise<unknown> {
  const me = await browser.get(`${API}/auth/me`);
  expect(me.status, me.body).toBe(200);
  return me.json().displayName;
}

function expectBadRequest(res: RawResponse, where: string): void {
  expect(res.status, `${where}: ${res.body}`).toBe(400);
  const body = res.json();
  expect(typeof body.code, where).toBe('string');
  expect(typeof body.message, where).toBe('string');
}

const BAD_NAMES: [string, string, object][] = [
  ['empty', '', REQUIRED],
  ['only spaces', '    ', REQUIRED],
  ['65 characters', 'a'.repeat(65), TOO_LONG],
  ['65 characters after trimming', ` ${'a'.repeat(65)} `, TOO_LONG],
  ['90,000 characters', 'n'.repeat(90_000), TOO_LONG],
  ['a bell character', 'Ann\u0007', NOT_ALLOWED],
  ['a line break', 'Ann\nLee', NOT_ALLOWED],
  ['an escape sequence', 'Ann\u001b[31mred', NOT_ALLOWED],
  ['DEL', 'Ann\u007f', NOT_ALLOWED],
  ['a unit separator', 'Ann\u001fLee', NOT_ALLOWED],
];

describe('display names', () => {
  it.each(BAD_NAMES)('sign-up refuses a name with %s', async (_label, name, expected) => {
    const email = newAddress();
    const res = await t.client().post(`${IDENTITY}/sign-up/email`, {
      name,
      email,
      password: 'secret-pass',
    });
    expect(res.status, res.body).toBe(400);
    expect(res.json()).toEqual(expected);
    expect(await accountsFor(email)).toBe(0);
  });

  it.each(identitySpellings('sign-up/email').map((s) => [s.label, s] as const))(
    'sign-up refuses a 65-character name in the spelling %s',
    async (_label, spelling) => {
      const email = newAddress();
      const res = await t.client().post(spelling.path, {
        name: 'x'.repeat(65),
        email,
        password: 'secret-pass',
      });
      expect(res.status, `${spelling.path}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual(spelling.refusal ?? TOO_LONG);
      expect(await accountsFor(email)).toBe(0);
    },
  );

  it('sign-up takes 64 characters, and 64 characters with spaces around them', async () => {
    const exact = newAddress();
    await signUp(t, exact, 'secret-pass', 'e'.repeat(64));
    expect(await displayName(await signIn(t, exact, 'secret-pass'))).toBe('e'.repeat(64));
    const padded = newAddress();
    await signUp(t, padded, 'secret-pass', `   ${'p'.repeat(64)}  `);
    await signIn(t, padded, 'secret-pass');
    const accented = newAddress();
    await signUp(t, accented, 'secret-pass', 'Zoë Ångström');
    expect(await displayName(await signIn(t, accented, 'secret-pass'))).toBe('Zoë Ångström');
  });

  it('keeps a display name trimmed (sign-up and update-user)', async () => {
    const padded = newAddress();
    await signUp(t, padded, 'secret-pass', `   ${'p'.repeat(64)}  `);
    const browser = await signIn(t, padded, 'secret-pass');
    expect(await displayName(browser)).toBe('p'.repeat(64));
    const ok = await browser.post(`${IDENTITY}/update-user`, { name: `  ${'s'.repeat(64)} ` });
    expect(ok.status, ok.body).toBe(200);
    expect(await displayName(browser)).toBe('s'.repeat(64));
  });

  it('update-user refuses the same names, and the name stays as it was', async () => {
    const browser = await verifiedUser(t, newAddress(), 'secret-pass', 'Steady');
    for (const [label, name, expected] of BAD_NAMES) {
      const res = await browser.post(`${IDENTITY}/update-user`, { name });
      expect(res.status, `${label}: ${res.body}`).toBe(400);
      expect(res.json(), label).toEqual(expected);
    }
    for (const spelling of identitySpellings('update-user')) {
      const res = await browser.post(spelling.path, { name: 'u'.repeat(65) });
      expect(res.status, `${spelling.path}: ${res.body}`).toBe(400);
      expect(res.json(), spelling.path).toEqual(spelling.refusal ?? TOO_LONG);
    }
    expect(await displayName(browser)).toBe('Steady');
    const ok = await browser.post(`${IDENTITY}/update-user`, { name: 'u'.repeat(64) });
    expect(ok.status, ok.body).toBe(200);
    expect(await displayName(browser)).toBe('u'.repeat(64));
  });
});

describe('passwords of only spaces', () => {
  it.each([
    ['six spaces', '      '],
    ['twenty spaces', ' '.repeat(20)],
    ['tabs and spaces', ' \t \t \t '],
  ])('sign-up refuses %s', async (_label, password) => {
    const email = newAddress();
    const res = await t.client().post(`${IDENTITY}/sign-up/email`, {
      name: 'Blank',
      email,
      password,
    });
    expect(res.status, res.body).toBe(400);
    expect(res.json()).toEqual(BLANK);
    expect(await accountsFor(email)).toBe(0);
  });

  it.each(identitySpellings('sign-up/email').map((s) => [s.label, s] as const))(
    'sign-up refuses six spaces in the spelling %s',
    async (_label, spelling) => {
      const email = newAddress();
      const res = await t
        .client()
        .post(spelling.path, { name: 'Blank', email, password: '      ' });
      expect(res.status, `${spelling.path}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual(spelling.refusal ?? BLANK);
      expect(await accountsFor(email)).toBe(0);
    },
  );

  it('sign-up still refuses a short password, and takes spaces around other characters', async () => {
    const res = await t.client().post(`${IDENTITY}/sign-up/email`, {
      name: 'Short',
      email: newAddress(),
      password: '12345',
    });
    expect(res.json()).toEqual(TOO_SHORT);
    const spaced = newAddress();
    await signUp(t, spaced, '  a b  ');
    await signIn(t, spaced, '  a b  ');
  });

  it('reset-password refuses six spaces (in every spelling), and the token still works after', async () => {
    const email = newAddress();
    await signUp(t, email, 'old-password');
    expect(
      (
        await t.client().post(`${IDENTITY}/request-password-reset`, {
          email,
          redirectTo: '/reset-password',
        })
      ).status,
    ).toBe(200);
    const token = await resetToken(t, email, 1);
    // Four attempts that count (the token allows five a minute) and the refused spellings.
    const spellings = identitySpellings('reset-password');
    for (const spelling of [...reaching(spellings).slice(0, 4), ...refused(spellings)]) {
      const res = await t.client().post(spelling.path, { token, newPassword: '      ' });
      expect(res.status, `${spelling.path}: ${res.body}`).toBe(400);
      expect(res.json()).toEqual(spelling.refusal ?? BLANK);
    }
    const ok = await t.client().post(`${IDENTITY}/reset-password`, {
      token,
      newPassword: 'new-password',
    });
    expect(ok.status, ok.body).toBe(200);
    await signIn(t, email, 'new-password');
  });

  it('change-password refuses six spaces, and the password stays', async () => {
    const email = newAddress();
    await signUp(t, email, 'old-password');
    const browser = await signIn(t, email, 'old-password');
    const res = await browser.post(`${IDENTITY}/change-password`, {
      currentPassword: 'old-password',
      newPassword: '      ',
    });
    expect(res.status, res.body).toBe(400);
    expect(res.json()).toEqual(BLANK);
    await signIn(t, email, 'old-password');
  });
});

describe('reset tokens', () => {
  async function twoTokens(email: string): Promise<[string, string]> {
    await signUp(t, email, 'old-password');
    for (let i = 0; i < 2; i++) {
      const res = await t.client().post(`${IDENTITY}/request-password-reset`, {
        email,
        redirectTo: '/reset-password',
      });
      expect(res.status).toBe(200);
    }
    return [await resetToken(t, email, 1), await resetToken(t, email, 2)];
  }

  it('a used newer token makes an older one fail', async () => {
    const email = newAddress();
    const [older, newer] = await twoTokens(email);
    expect(older).not.toBe(newer);
    const used = await t.client().post(`${IDENTITY}/reset-password`, {
      token: newer,
      newPassword: 'newer-password',
    });
    expect(used.status, used.body).toBe(200);
    const stale = await t.client().post(`${IDENTITY}/reset-password`, {
      token: older,
      newPassword: 'older-password',
    });
    expect(stale.status, stale.body).toBe(400);
    await signIn(t, email, 'newer-password');
    const refused = await t.client().post(`${IDENTITY}/sign-in/email`, {
      email,
      password: 'older-password',
    });
    expect(refused.status).toBe(401);
  });

  it('a used older token makes a newer one fail', async () => {
    const email = newAddress();
    const [older, newer] = await twoTokens(email);
    const used = await t.client().post(`${IDENTITY}/reset-password`, {
      token: older,
      newPassword: 'older-password',
    });
    expect(used.status, used.body).toBe(200);
    const stale = await t.client().post(`${IDENTITY}/reset-password`, {
      token: newer,
      newPassword: 'newer-password',
    });
    expect(stale.status, stale.body).toBe(400);
    await signIn(t, email, 'older-password');
  });
});

/** `depth` nested arrays around `inner`. */
function nested(depth: number, inner: unknown = 1): unknown {
  let value = inner;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

describe('400, never 500', () => {
  const BODIES: [string, string][] = [
    ['10,000 [', '['.repeat(10_000)],
    ['a 10,000-deep [[...]]', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
    ['a 10,000-deep {"a":{...}}', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`],
    ['a field nested 40 deep', JSON.stringify({ email: 'x@gmail.com', deep: nested(40) })],
    ['a NUL in a key', '{"em\\u0000ail":"x@gmail.com","password":"secret-pass"}'],
    ['a NUL in a value', '{"email":"x\\u0000@gmail.com","password":"secret-pass"}'],
    ['a NUL in a nested value', '{"email":"x@gmail.com","password":"p","a":[{"b":"\\u0000"}]}'],
    ['a truncated body', '{"email":"x@gmail.com",'],
  ];

  it.each(BODIES)('identity/sign-in/email with %s: 400 { code, message }', async (_label, raw) => {
    const res = await t.client().post(`${IDENTITY}/sign-in/email`, raw);
    expectBadRequest(res, 'sign-in');
    expect(res.setCookies).toEqual([]);
  });

  it('update-user with each of them: 400 { code, message }, the name stays', async () => {
    const browser = await verifiedUser(t, newAddress(), 'secret-pass', 'Solid');
    for (const [label, raw] of BODIES) {
      expectBadRequest(await browser.post(`${IDENTITY}/update-user`, raw), label);
    }
    const nul = await browser.post(`${IDENTITY}/update-user`, { name: 'Ann\u0000' });
    expectBadRequest(nul, 'a name with NUL');
    expect(await displayName(browser)).toBe('Solid');
  });

  it('sign-up with a NUL in the name: 400, no account', async () => {
    const email = newAddress();
    const res = await t.client().post(`${IDENTITY}/sign-up/email`, {
      name: 'Ann\u0000',
      email,
      password: 'secret-pass',
    });
    expectBadRequest(res, 'sign-up');
    expect(await accountsFor(email)).toBe(0);
  });

  it('product calls with each of them: 400 { error }, nothing saved', async () => {
    const browser = await verifiedUser(t, newAddress(), 'secret-pass');
    const uid = (await browser.get(`${API}/auth/me`)).json().uid as string;
    for (const path of [`${API}/index/save-search-history`, `${API}/my-list/save-my-list`]) {
      for (const [label, raw] of BODIES) {
        const res = await browser.post(path, raw);
        expect(res.status, `${path}, ${label}: ${res.body}`).toBe(400);
        expect(typeof res.json().error, label).toBe('string');
      }
    }
    // Well-formed calls but for a NUL or a deep value somewhere.
    const valid = { userUID: uid, searchQuery: 'matrix' };
    for (const [label, body] of [
      ['a NUL in the query', { ...valid, searchQuery: 'mat\u0000rix' }],
      ['a NUL in an extra key', { ...valid, 'ex\u0000tra': 1 }],
      ['a NUL in an extra value', { ...valid, extra: ['\u0000'] }],
      ['an extra field nested 40 deep', { ...valid, extra: nested(40) }],
    ] as const) {
      const res = await browser.post(`${API}/index/save-search-history`, body);
      expect(res.status, `${label}: ${res.body}`).toBe(400);
      expect(typeof res.json().error, label).toBe('string');
    }
    const saved = await browser.get(`${API}/index/fetch-search-history/${uid}`);
    expect(saved.status).toBe(200);
    expect(JSON.parse(saved.body)).toEqual([]);
  });
});
