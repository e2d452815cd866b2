/**
 * Every library call (watch history, My List, in-list check, search history) refuses what it must
 * (VALID-6, VALID-12, ROLE-2, ERR-1 in docs/requirements.md; DEC-10 in docs/decisions.md): 401
 * without a verified session, 403 when the call names another user, 4xx `{ error }` for missing or
 * mistyped fields, bad limits, non-JSON or oversized bodies. Never a 500, and nothing is written.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@pigostream/db';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { API, createUser, request, type TestUser } from './helpers/users.ts';

let t: TestApp;
let user: TestUser;
let other: TestUser;
const MOVIE = 603;
beforeAll(async () => {
  t = await startTestApp();
  user = await createUser(t.app);
  other = await createUser(t.app);
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
interface Call {
  method: Method;
  url: (uid: string) => string;
  body?: (uid: string) => Record<string, unknown>;
}
const item = (uid: string) => ({ userUID: uid, id: MOVIE, type: 'movie' });
const calls: Record<string, Call> = {
  'fetch watch history': {
    method: 'GET',
    url: (uid) => `${API}/watch-history/${uid}/fetch-watch-history`,
  },
  'save watch history': {
    method: 'POST',
    url: () => `${API}/watch-history/save-watch-history`,
    body: item,
  },
  'remove watch history': {
    method: 'DELETE',
    url: () => `${API}/watch-history/remove-watch-history`,
    body: item,
  },
  'clear watch history': {
    method: 'DELETE',
    url: () => `${API}/watch-history/remove-all-watch-history`,
    body: (uid) => ({ userUID: uid }),
  },
  'save my list': { method: 'POST', url: () => `${API}/my-list/save-my-list`, body: item },
  'remove my list': { method: 'DELETE', url: () => `${API}/my-list/remove-my-list`, body: item },
  'fetch my list': { method: 'GET', url: (uid) => `${API}/my-list/${uid}/fetch-my-list` },
  'in-list check': { method: 'GET', url: (uid) => `${API}/my-list/${uid}/contains?id=${MOVIE}` },
  'save search': {
    method: 'POST',
    url: () => `${API}/index/save-search-history`,
    body: (uid) => ({ userUID: uid, searchQuery: 'matrix' }),
  },
  'fetch searches': { method: 'GET', url: (uid) => `${API}/index/fetch-search-history/${uid}` },
  'remove search': {
    method: 'DELETE',
    url: (uid) => `${API}/index/${uid}/remove-search-history/1`,
  },
};
const withBody = Object.entries(calls).filter(([, c]) => c.body);

/** Rows of every user table, to show a refused call wrote nothing. */
async function snapshot() {
  const [row] = await queryRows<Record<string, number>>(
    t.database.db,
    sql`select (select count(*) from watch_history)::int as history,
               (select count(*) from my_list)::int as list,
               (select count(*) from search_history)::int as searches,
               (select count(*) from watch_events)::int as events`,
  );
  return row;
}

function send(as: TestUser | null, call: Call, uid: string, init = {}) {
  return request(t.app, as, call.method, call.url(uid), call.body?.(uid), init);
}

function expectError(res: { statusCode: number; json: () => unknown }, status: number) {
  expect(res.statusCode).toBe(status);
  const body = res.json() as { error?: unknown };
  expect(typeof body.error).toBe('string');
  expect(String(body.error).length).toBeGreaterThan(0);
}

describe('authorization', () => {
  it.each(Object.entries(calls))('%s: 401 without a session', async (_name, call) => {
    const before = await snapshot();
    const res = await send(null, call, user.uid);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: 'User is not authenticated' });
    expect(await snapshot()).toEqual(before);
  });

  it('401 for a signed-in user whose e-mail is not verified, on every call', async () => {
    const unverified = await createUser(t.app, { verified: false });
    for (const call of Object.values(calls)) {
      const res = await send(unverified, call, unverified.uid);
      expect(res.statusCode).toBe(401);
    }
  });

  it.each(Object.entries(calls))('%s: 403 when naming another user', async (_name, call) => {
    await request(t.app, other, 'POST', `${API}/my-list/save-my-list`, item(other.uid));
    const before = await snapshot();
    const res = await send(user, call, other.uid);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: 'You can only act on your own account.' });
    expect(await snapshot()).toEqual(before);
  });
});

describe('bad input', () => {
  const badItems: [string, Record<string, unknown>][] = [
    ['no id', { type: 'movie' }],
    ['no type', { id: MOVIE }],
    ['no userUID', { id: MOVIE, type: 'movie' }],
    ['id as letters', { id: 'abc', type: 'movie' }],
    ['fractional id', { id: 1.5, type: 'movie' }],
    ['negative id', { id: -3, type: 'movie' }],
    ['zero id', { id: 0, type: 'movie' }],
    ['huge id', { id: 10 ** 12, type: 'movie' }],
    ['boolean id', { id: true, type: 'movie' }],
    ['unknown type', { id: MOVIE, type: 'anime' }],
    ['numeric type', { id: MOVIE, type: 1 }],
    ['numeric userUID', { userUID: 5, id: MOVIE, type: 'movie' }],
  ];
  const itemCalls = withBody.filter(([, c]) => 'id' in (c.body?.('x') ?? {}));

  it.each(itemCalls)('%s: 400 with a message for missing or mistyped fields', async (_n, call) => {
    const before = await snapshot();
    for (const [label, fields] of badItems) {
      const body: Record<string, unknown> =
        label === 'no userUID' ? fields : { userUID: user.uid, ...fields };
      const res = await request(t.app, user, call.method, call.url(user.uid), body);
      expect(res.statusCode, `${label}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, label).toBeLessThan(500);
      expectError(res, res.statusCode);
    }
    expect(await snapshot()).toEqual(before);
  });

  it.each(withBody)('%s: 4xx for bodies that are not a JSON object', async (_n, call) => {
    const before = await snapshot();
    const url = call.url(user.uid);
    const raw = (payload: string, type = 'application/json') =>
      request(t.app, user, call.method, url, undefined, {
        payload,
        headers: { 'content-type': type },
      });
    expectError(await request(t.app, user, call.method, url), 400); // no body at all
    expectError(await raw(''), 400);
    expectError(await raw('{"userUID": '), 400);
    expectError(await raw('[1, 2]'), 400);
    expectError(await raw('"text"'), 400);
    expectError(await raw('userUID=x', 'text/plain'), 415);
    expectError(await raw('userUID=x', 'application/x-www-form-urlencoded'), 415);
    const big = JSON.stringify({ ...call.body?.(user.uid), pad: 'x'.repeat(1024 * 1024) });
    expectError(await raw(big), 413);
    expect(await snapshot()).toEqual(before);
  });

  it.each(['fetch-watch-history', 'fetch-my-list'])(
    '%s: 400 with a message for limits outside 1..200',
    async (path) => {
      const base =
        path === 'fetch-my-list'
          ? `${API}/my-list/${user.uid}/fetch-my-list`
          : `${API}/watch-history/${user.uid}/fetch-watch-history`;
      for (const limit of ['0', '-1', '1000000000', 'abc', '1.5', '201', '']) {
        for (const name of ['movieLimit', 'showLimit']) {
          const res = await request(t.app, user, 'GET', `${base}?${name}=${limit}`);
          expectError(res, 400);
          expect(res.json<{ error: string }>().error).toContain(`${name} must be a whole number`);
        }
      }
      expect(
        (await request(t.app, user, 'GET', `${base}?movieLimit=1&showLimit=200`)).statusCode,
      ).toBe(200);
    },
  );

  it('400 for a bad in-list check or search-history id', async () => {
    for (const query of ['', 'id=abc', 'id=0', 'id=5&type=anime']) {
      expectError(
        await request(t.app, user, 'GET', `${API}/my-list/${user.uid}/contains?${query}`),
        400,
      );
    }
    for (const id of ['abc', '-1', '1.5']) {
      expectError(
        await request(
          t.app,
          user,
          'DELETE',
          `${API}/index/${user.uid}/remove-search-history/${id}`,
        ),
        400,
      );
    }
  });
});
