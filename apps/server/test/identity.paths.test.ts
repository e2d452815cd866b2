/**
 * One reading of the request path (SEC-1 in docs/requirements.md), sent over a socket exactly as
 * spelled: the sign-up e-mail domain rule holds in every spelling (a dot spelling is refused with
 * 400 INVALID_PATH before any rule, plain and mixed-case ones get the rule's own 400), and no
 * spelling makes an account or sends mail. Paths with dot segments, doubled slashes, encoded
 * separators, bad escapes or control characters answer 400 anywhere under /pigo-stream; odd image
 * names answer 4xx, never 500.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUser } from '@pigostream/db';
import {
  SOMEONE_TRIED_SUBJECT,
  startSocketIdentityApp,
  VERIFY_SUBJECT,
  waitForMails,
  type SocketIdentityApp,
} from './helpers/identity-socket.ts';
import {
  API,
  IDENTITY,
  identitySpellings,
  INVALID_API_PATH,
  INVALID_IDENTITY_PATH,
  refused,
} from './helpers/spellings.ts';

const UNSUPPORTED = {
  code: 'UNSUPPORTED_EMAIL_PROVIDER',
  message: 'Unsupported email provider. Use Gmail, Outlook, Yahoo, etc.',
};

let t: SocketIdentityApp;
beforeAll(async () => {
  t = await startSocketIdentityApp();
});
afterAll(async () => {
  await t.close();
});

/** Accounts whose address is `email`, any case. */
async function accountsFor(email: string): Promise<number> {
  const rows = await t.database.db
    .select({ id: authUser.id })
    .from(authUser)
    .where(eq(sql`lower(${authUser.email})`, email.trim().toLowerCase()));
  return rows.length;
}

let counter = 0;
/** An address outside ALLOWED_EMAIL_DOMAINS no earlier request used, in varying case. */
function foreignAddress(): string {
  counter += 1;
  const local = `outsider${counter}`;
  return counter % 2 === 0 ? `${local}@evil.example` : `${local.toUpperCase()}@Evil.Example`;
}

describe('the sign-up e-mail domain rule, in every spelling', () => {
  it.each(identitySpellings('sign-up/email').map((s) => [s.label, s] as const))(
    '%s: 400, no account, no session',
    async (_label, spelling) => {
      const email = foreignAddress();
      const res = await t.client().post(spelling.path, {
        name: 'Outsider',
        email,
        password: 'secret-pass',
        callbackURL: '/',
      });
      expect(res.status, `${spelling.path}: ${res.body}`).toBe(400);
      expect(res.json(), spelling.path).toEqual(spelling.refusal ?? UNSUPPORTED);
      expect(res.setCookies).toEqual([]);
      expect(await accountsFor(email), spelling.path).toBe(0);
    },
  );

  it.each([
    'someone@gmail.com.evil.example',
    'someone@sub.gmail.com',
    'someone@gmail.co',
    'someone@evil.example.',
  ])('refuses %s (not an allowed domain) on the plain path', async (email) => {
    const res = await t.client().post(`${IDENTITY}/sign-up/email`, {
      name: 'Outsider',
      email,
      password: 'secret-pass',
    });
    expect(res.status).toBe(400);
    expect(res.json().code).toMatch(/^(UNSUPPORTED_EMAIL_PROVIDER|INVALID_EMAIL)$/);
    expect(await accountsFor(email)).toBe(0);
  });

  it.each(refused(identitySpellings('sign-up/email')).map((s) => [s.label, s] as const))(
    '%s: refused even for an allowed address, which gets no account and no mail',
    async (_label, spelling) => {
      counter += 1;
      const email = `dotted${counter}@gmail.com`;
      const res = await t.client().post(spelling.path, {
        name: 'Dotted',
        email,
        password: 'secret-pass',
      });
      expect(res.status, spelling.path).toBe(400);
      expect(res.json()).toEqual(spelling.refusal);
      expect(await accountsFor(email)).toBe(0);
    },
  );

  it('sent no mail to any refused address (checked after a mail sent later arrived)', async () => {
    const res = await t.client().post(`${IDENTITY}/sign-up/email`, {
      name: 'Marker',
      email: 'path-marker@gmail.com',
      password: 'secret-pass',
    });
    expect(res.status, res.body).toBe(200);
    await waitForMails(t.inbox, 'path-marker@gmail.com', VERIFY_SUBJECT, 1);
    const stray = t.inbox.messages.filter((m) =>
      m.to.some((to) => /@evil\.example$|^dotted\d+@gmail\.com$/i.test(to)),
    );
    expect(stray.map((m) => `${m.to.join(',')}: ${m.subject}`)).toEqual([]);
    expect(
      t.inbox.messages.filter((m) => m.subject === SOMEONE_TRIED_SUBJECT).map((m) => m.to),
    ).toEqual([]);
  });
});

describe('paths the server refuses with 400', () => {
  const identityPaths: [string, string][] = [
    ['GET', `${IDENTITY}/./get-session`],
    ['GET', `${IDENTITY}/x/../get-session`],
    ['GET', `${IDENTITY}//get-session`],
    ['GET', `${IDENTITY}/%2e%2E/identity/get-session`],
    ['POST', `${IDENTITY}/sign-in/%zz`],
    ['POST', `${IDENTITY}/sign-in/email%`],
    ['POST', `${IDENTITY}/sign-in/%E0%A4`],
    ['POST', `${IDENTITY}/sign-in/%C0%AFemail`],
    ['POST', `${IDENTITY}/sign-in%00/email`],
    ['POST', `${IDENTITY}/sign-in/email%0a`],
    ['POST', `${IDENTITY}/sign-in/email%7f`],
    ['POST', `${IDENTITY}/sign-in%2femail`],
    ['POST', `${IDENTITY}/sign-in%5cemail`],
    ['GET', `${IDENTITY}/verify-email%00?token=x`],
  ];
  it.each(identityPaths)('%s %s: 400 INVALID_PATH', async (method, path) => {
    const res = await t.client().send(method, path, method === 'POST' ? {} : undefined);
    expect(res.status, res.body).toBe(400);
    expect(res.json()).toEqual(INVALID_IDENTITY_PATH);
    expect(res.setCookies).toEqual([]);
  });

  const apiPaths: [string, string][] = [
    ['GET', `${API}/./health`],
    ['GET', `${API}/x/../health`],
    ['GET', `${API}//health`],
    ['GET', `${API}/%2e/health`],
    ['GET', `${API}/index/trending/%zz`],
    ['GET', `${API}/index/trending/movie%`],
    ['GET', `${API}/index/search/%E0%A4`],
    ['GET', `${API}/index/search/%00`],
    ['GET', `${API}/index/search/a%0ab`],
    ['GET', `${API}/index/media/%2e%2e%2f%2e%2e%2fetc%2fpasswd/by-provider`],
    ['GET', `${API}/my-list/%zz/fetch-my-list`],
    ['GET', `${API}/sources/media/..%2f..%2fsecret.mp4`],
    ['GET', `${API}/pigostore/files/%2e%2e%5csecret.zip`],
    ['GET', `${API}/images/w500/art/poster/%zz.svg`],
    ['GET', `${API}/images/w500/art/poster/%E0%A4.svg`],
    ['POST', `${API}/my-list/./save-my-list`],
    ['DELETE', `${API}/index/x/remove-search-history/%zz`],
  ];
  it.each(apiPaths)('%s %s: 400 { error }', async (method, path) => {
    const res = await t.client().send(method, path, method === 'GET' ? undefined : {});
    expect(res.status, res.body).toBe(400);
    expect(res.json()).toEqual(INVALID_API_PATH);
  });

  it('still answers one trailing slash and a plain query', async () => {
    expect((await t.client().get(`${API}/health/`)).status).toBe(200);
    expect((await t.client().get(`${IDENTITY}/get-session?x=1`)).status).toBe(200);
  });
});

describe('odd image names', () => {
  it.each([
    '%25',
    '%2525.svg',
    '%25zz.svg',
    '%ED%A0%80.svg',
    '%EF%BF%BF.svg',
    `${'%25'.repeat(40)}.svg`,
  ])('GET /pigo-stream/images/w500/art/poster/%s answers below 500, never 500', async (name) => {
    const res = await t.client().get(`${API}/images/w500/art/poster/${name}`);
    expect(res.status, res.body).toBeLessThan(500);
    if (res.status >= 400) expect(typeof res.json().error).toBe('string');
  });

  it('answers GET /pigo-stream/images/w500/art/poster/%25.svg with 4xx { error }', async () => {
    const res = await t.client().get(`${API}/images/w500/art/poster/%25.svg`);
    expect(res.status, res.body).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(typeof res.json().error).toBe('string');
  });
});
