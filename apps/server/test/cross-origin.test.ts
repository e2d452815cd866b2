/**
 * Cross-origin writes are refused on the server (ADDR-2), sent over a socket with a valid
 * session cookie as a page on another site would send them: every state-changing product route
 * (My List, watch history, search history, recommender, /auth/users, the media rescan, the
 * profiles' create, update, switch and removal) and the
 * identity calls answer 403 for a foreign `Origin`, `Origin: null`, a doubled Origin header,
 * a foreign `Referer` without Origin, and `Sec-Fetch-Site: cross-site|same-site` without
 * either, and nothing is written (ADDR-2 of docs/addresses.md). The same calls from the app's
 * own origin (or from a client with no cookie that names no site) succeed; a cookie naming no
 * site is refused; reads are never refused for their Origin. Dot-segment spellings of the routes are refused too.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authUser, queryRows } from '@pigostream/db';
import { memoryOutbox } from '../src/modules/mail/mailer.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { eventually } from './helpers/identity-app.ts';
import {
  listenOnLoopback,
  SocketClient,
  type RawResponse,
  type RequestHeaders,
} from './helpers/raw-http.ts';
import {
  API,
  IDENTITY,
  identitySpellings,
  reaching,
  refusedSpellings,
} from './helpers/spellings.ts';
import { APP_QUERY } from './helpers/anime-query.ts';
import { createUser, PASSWORD, request, type TestUser } from './helpers/users.ts';

/** The app's own origin (PUBLIC_URL's default). */
const OWN = 'http://localhost:3000';
const FOREIGN_API = { error: 'Requests from another site are not accepted.' };
const FOREIGN_IDENTITY = {
  code: 'FORBIDDEN_ORIGIN',
  message: 'Requests from another site are not accepted.',
};

/** Headers a request from another site carries (or that the server must treat as such). */
const FOREIGN: [string, RequestHeaders][] = [
  ['Origin: http://evil.example', { origin: 'http://evil.example' }],
  ['Origin: null', { origin: 'null' }],
  ['two Origin headers, evil and own', { origin: ['http://evil.example', OWN] }],
  ['two Origin headers, both own', { origin: [OWN, OWN] }],
  ['a look-alike origin', { origin: 'http://localhost:3000.evil.example' }],
  ['the own host over https', { origin: 'https://localhost:3000' }],
  ['the own host on another port', { origin: 'http://localhost:3001' }],
  ['Sec-Fetch-Site: cross-site, no Origin', { origin: undefined, 'sec-fetch-site': 'cross-site' }],
  ['Sec-Fetch-Site: same-site, no Origin', { origin: undefined, 'sec-fetch-site': 'same-site' }],
  ['only a Referer from another site', { origin: undefined, referer: 'http://evil.example/x' }],
  [
    'only a Referer of the own host on another port',
    { origin: undefined, referer: 'http://localhost:3001/index' },
  ],
  ['only a Referer that is no URL', { origin: undefined, referer: 'not a url' }],
  [
    'a Referer from another site with Sec-Fetch-Site: same-origin',
    { origin: undefined, referer: 'http://evil.example/', 'sec-fetch-site': 'same-origin' },
  ],
  [
    'Origin evil with Sec-Fetch-Site: same-origin',
    { origin: 'http://evil.example', 'sec-fetch-site': 'same-origin' },
  ],
];

let t: TestApp;
let base: string;
let user: TestUser;
let historyId: number;
let spareId: string;

beforeAll(async () => {
  t = await startTestApp();
  base = await listenOnLoopback(t.app);
  user = await createUser(t.app, { name: 'Victim' });
  // Something in every list, so a removal would show.
  const seed: [string, string, unknown][] = [
    ['POST', `${API}/my-list/save-my-list`, { userUID: user.uid, id: 603, type: 'movie' }],
    [
      'POST',
      `${API}/watch-history/save-watch-history`,
      { userUID: user.uid, id: 603, type: 'movie' },
    ],
    ['POST', `${API}/index/save-search-history`, { userUID: user.uid, searchQuery: 'matrix' }],
    [
      'POST',
      `${API}/recommender/insert`,
      { user_id: user.uid, item_id: 603, item_type: 'movie', watched: true },
    ],
    [
      'POST',
      `${API}/progress/save-progress`,
      {
        userUID: user.uid,
        id: 1396,
        type: 'tv',
        season: 1,
        episode: 2,
        position: 100,
        duration: 2800,
      },
    ],
  ];
  for (const [method, url, body] of seed) {
    const res = await request(t.app, user, method as 'POST', url, body);
    expect(res.statusCode, res.body).toBe(200);
  }
  const rows = await queryRows<{ id: number }>(
    t.database.db,
    sql`select id from search_history where user_id = ${user.uid}`,
  );
  historyId = rows[0]?.id ?? 0;
  // A second profile (PROFILE-1), to switch to and remove.
  const spare = await request(t.app, user, 'POST', `${API}/profiles/create`, {
    name: 'Spare',
    avatar: 'avatar-2',
  });
  expect(spare.statusCode, spare.body).toBe(200);
  spareId = spare.json<{ id: string }>().id;
});
afterAll(async () => {
  await t.close();
});

/** Everything stored for the user, as one comparable text. */
async function userData(): Promise<string> {
  const uid = user.uid;
  const rows = await queryRows<{ data: string }>(
    t.database.db,
    sql`select json_build_array(
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select media_type, tmdb_id from my_list where user_id = ${uid}) x),
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select media_type, tmdb_id from watch_history where user_id = ${uid}) x),
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select id, query from search_history where user_id = ${uid}) x),
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select media_type, tmdb_id, watch_count from watch_events where user_id = ${uid}) x),
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select media_type, tmdb_id, season_number, episode_number, position_s, watched
              from watch_progress where user_id = ${uid}) x),
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select uid, display_name, email from users where uid = ${uid}) x),
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select name, email, email_verified from "user" where id = ${uid}) x),
          (select count(*) from session where user_id = ${uid}),
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select id, name, avatar, kind from profiles where user_id = ${uid}) x),
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select active_profile_id from session where user_id = ${uid}) x)
        )::text as data`,
  );
  return rows[0]?.data ?? '';
}

/** A browser with the user's session, sending `origin` (null: no Origin header). */
function browser(origin: string | null = OWN): SocketClient {
  const client = new SocketClient(base, origin ?? undefined);
  for (const pair of user.cookie.split('; ')) {
    const eq = pair.indexOf('=');
    client.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  return client;
}

interface Write {
  method: 'POST' | 'DELETE';
  path: () => string;
  body?: () => unknown;
  /** Whether the call changes the user's stored data when it succeeds. */
  writes: boolean;
}

const WRITES: Record<string, Write> = {
  'save to My List': {
    method: 'POST',
    path: () => `${API}/my-list/save-my-list`,
    body: () => ({ userUID: user.uid, id: 1396, type: 'tv' }),
    writes: true,
  },
  'remove from My List': {
    method: 'DELETE',
    path: () => `${API}/my-list/remove-my-list`,
    body: () => ({ userUID: user.uid, id: 603, type: 'movie' }),
    writes: true,
  },
  'save to the watch history': {
    method: 'POST',
    path: () => `${API}/watch-history/save-watch-history`,
    body: () => ({ userUID: user.uid, id: 1396, type: 'tv' }),
    writes: true,
  },
  'remove from the watch history': {
    method: 'DELETE',
    path: () => `${API}/watch-history/remove-watch-history`,
    body: () => ({ userUID: user.uid, id: 603, type: 'movie' }),
    writes: true,
  },
  'clear the watch history': {
    method: 'DELETE',
    path: () => `${API}/watch-history/remove-all-watch-history`,
    body: () => ({ userUID: user.uid }),
    writes: true,
  },
  'save a search': {
    method: 'POST',
    path: () => `${API}/index/save-search-history`,
    body: () => ({ userUID: user.uid, searchQuery: 'evil query' }),
    writes: true,
  },
  'remove a search': {
    method: 'DELETE',
    path: () => `${API}/index/${user.uid}/remove-search-history/${historyId}`,
    writes: true,
  },
  'record a watch event': {
    method: 'POST',
    path: () => `${API}/recommender/insert`,
    body: () => ({ user_id: user.uid, item_id: 603, item_type: 'movie', watched: true }),
    writes: true,
  },
  'save watch progress': {
    method: 'POST',
    path: () => `${API}/progress/save-progress`,
    body: () => ({ userUID: user.uid, id: 603, type: 'movie', position: 60, duration: 8160 }),
    writes: true,
  },
  'remove from Continue Watching': {
    method: 'DELETE',
    path: () => `${API}/progress/remove-continue-watching`,
    body: () => ({ userUID: user.uid, id: 1396, type: 'tv' }),
    writes: true,
  },
  'mark a season watched': {
    method: 'POST',
    path: () => `${API}/progress/mark-season`,
    body: () => ({ userUID: user.uid, id: 1396, season: 1, watched: true }),
    writes: true,
  },
  'ask for a player token': {
    method: 'POST',
    path: () => `${API}/progress/player-token`,
    body: () => ({ userUID: user.uid, id: 603, type: 'movie' }),
    writes: false,
  },
  'preview an import': {
    method: 'POST',
    path: () => `${API}/transfer/preview-import`,
    body: () => ({
      userUID: user.uid,
      fileName: 'watchlist.csv',
      content: 'Date,Name,Year,Letterboxd URI\n2024-01-01,Fight Club,1999,x\n',
    }),
    writes: false,
  },
  'apply an import': {
    method: 'POST',
    path: () => `${API}/transfer/apply-import`,
    body: () => ({ userUID: user.uid, entries: [{ list: 'watchlist', id: 550, type: 'movie' }] }),
    writes: true,
  },
  'record the user': {
    method: 'POST',
    path: () => `${API}/auth/users`,
    body: () => ({ userUID: user.uid }),
    writes: true,
  },
  'rescan the media library': {
    method: 'POST',
    path: () => `${API}/sources/rescan`,
    writes: false,
  },
  'ask for anime info': {
    method: 'POST',
    path: () => `${API}/playground/anime-info`,
    body: () => ({ query: APP_QUERY, variables: { search: 'Naruto' } }),
    writes: false,
  },
  // Household profiles (PROFILE-1..6); run in this order, the switch makes the spare profile
  // active and the removal takes it away again.
  'create a profile': {
    method: 'POST',
    path: () => `${API}/profiles/create`,
    body: () => ({ name: 'Mallory', avatar: 'avatar-3' }),
    writes: true,
  },
  'rename a profile': {
    method: 'POST',
    path: () => `${API}/profiles/update`,
    body: () => ({ id: user.uid, name: 'Renamed', avatar: 'avatar-4' }),
    writes: true,
  },
  'switch the active profile': {
    method: 'POST',
    path: () => `${API}/profiles/switch`,
    body: () => ({ id: spareId }),
    writes: true,
  },
  'remove a profile': {
    method: 'POST',
    path: () => `${API}/profiles/remove`,
    body: () => ({ id: spareId }),
    writes: true,
  },
};

function send(client: SocketClient, write: Write, path = write.path(), headers?: RequestHeaders) {
  return client.send(write.method, path, write.body?.(), headers);
}

describe('product writes from another origin', () => {
  it.each(Object.entries(WRITES))(
    '%s: 403 for every foreign shape, nothing written',
    async (_name, write) => {
      const before = await userData();
      for (const [label, headers] of FOREIGN) {
        const res = await send(browser(), write, write.path(), headers);
        expect(res.status, `${label}: ${res.body}`).toBe(403);
        expect(res.json(), label).toEqual(FOREIGN_API);
      }
      expect(await userData()).toBe(before);
    },
  );

  it.each(Object.entries(WRITES))(
    '%s: refused in dot-segment spellings (400), nothing written',
    async (_name, write) => {
      const before = await userData();
      for (const spelling of refusedSpellings(write.path())) {
        const res = await send(browser(), write, spelling.path);
        expect(res.status, `${spelling.label} ${spelling.path}: ${res.body}`).toBe(400);
        expect(res.json(), spelling.path).toEqual(spelling.refusal);
        const foreign = await send(browser('http://evil.example'), write, spelling.path);
        expect([400, 403], `${spelling.path} from evil.example`).toContain(foreign.status);
      }
      expect(await userData()).toBe(before);
    },
  );

  it('never refuses a read for its Origin', async () => {
    for (const [label, headers] of FOREIGN) {
      const res = await browser().get(`${API}/my-list/${user.uid}/fetch-my-list`, headers);
      expect(res.status, `${label}: ${res.body}`).toBe(200);
    }
  });

  it('refuses a write with a cookie that names no site; accepts one without a cookie (not a browser), a Referer of its own, or same-origin', async () => {
    const rescan = WRITES['rescan the media library'] as Write;
    const unnamed = await send(browser(null), rescan);
    expect(unnamed.status, unnamed.body).toBe(403);
    expect(unnamed.json()).toEqual({
      error:
        'This request does not say which site sent it (no Origin, Referer or Sec-Fetch-Site header), so it is not accepted.',
    });
    const save = WRITES['save to My List'] as Write;
    const before = await userData();
    expect((await send(browser(null), save)).status).toBe(403);
    expect(await userData()).toBe(before);
    const curl = await send(new SocketClient(base, undefined), rescan);
    expect(curl.status, curl.body).toBe(200);
    const referred = await send(browser(null), rescan, undefined, {
      referer: `${OWN}/index`,
    });
    expect(referred.status, referred.body).toBe(200);
    const sameOrigin = await send(
      browser(null),
      WRITES['rescan the media library'] as Write,
      undefined,
      { 'sec-fetch-site': 'same-origin' },
    );
    expect(sameOrigin.status, sameOrigin.body).toBe(200);
  });

  it('accepts every one of these calls from the app own origin, and it takes effect', async () => {
    for (const [name, write] of Object.entries(WRITES)) {
      const before = await userData();
      const res = await send(browser(OWN), write, write.path(), {
        'sec-fetch-site': 'same-origin',
      });
      expect(res.status, `${name}: ${res.body}`).toBe(200);
      if (write.writes) expect(await userData(), name).not.toBe(before);
    }
  });
});

/** An identity call with a body, and how to tell it did nothing. */
const IDENTITY_CALLS: [string, () => unknown][] = [
  ['sign-out', () => ({})],
  ['update-user', () => ({ name: 'Mallory' })],
  ['change-password', () => ({ currentPassword: PASSWORD, newPassword: 'mallory-pass' })],
  ['change-email', () => ({ newEmail: 'mallory@gmail.com', callbackURL: '/' })],
  ['revoke-sessions', () => ({})],
  ['revoke-other-sessions', () => ({})],
  ['delete-user', () => ({ password: PASSWORD })],
  ['sign-in/email', () => ({ email: user.email, password: PASSWORD })],
  ['sign-up/email', () => ({ name: 'Mallory', email: 'mallory@gmail.com', password: 'secret' })],
  ['request-password-reset', () => ({ email: user.email, redirectTo: '/reset-password' })],
  ['send-verification-email', () => ({ email: user.email })],
];

describe('identity calls from another origin', () => {
  it.each(IDENTITY_CALLS)(
    '%s: 403 FORBIDDEN_ORIGIN for every foreign shape and spelling',
    async (call, body) => {
      const before = await userData();
      for (const [label, headers] of FOREIGN) {
        const res = await browser().post(`${IDENTITY}/${call}`, body(), headers);
        expect(res.status, `${label}: ${res.body}`).toBe(403);
        expect(res.json(), label).toEqual(FOREIGN_IDENTITY);
        expect(res.setCookies, label).toEqual([]);
      }
      for (const spelling of reaching(identitySpellings(call))) {
        const res = await browser('http://evil.example').post(spelling.path, body());
        expect(res.status, `${spelling.path}: ${res.body}`).toBe(403);
        expect(res.json(), spelling.path).toEqual(FOREIGN_IDENTITY);
      }
      expect(await userData()).toBe(before);
    },
  );

  it('left the account as it was: same session, name, address and password; no mail, no account', async () => {
    const me = await browser().get(`${API}/auth/me`);
    expect(me.status).toBe(200);
    expect(me.json()).toMatchObject({ displayName: 'Victim', email: user.email });
    const rows = await t.database.db
      .select({ id: authUser.id })
      .from(authUser)
      .where(eq(authUser.email, 'mallory@gmail.com'));
    expect(rows).toEqual([]);
    // A reset asked for from the app's own origin is the only reset mail the user gets.
    const own = await browser().post(`${IDENTITY}/request-password-reset`, {
      email: user.email,
      redirectTo: '/reset-password',
    });
    expect(own.status, own.body).toBe(200);
    await eventually(() =>
      memoryOutbox.find((m) => m.to === user.email && m.link.includes('reset-password')),
    );
    const resets = memoryOutbox.filter(
      (m) => m.to === user.email && m.link.includes('reset-password'),
    );
    expect(resets).toHaveLength(1);
    const signIn = await new SocketClient(base, OWN).post(`${IDENTITY}/sign-in/email`, {
      email: user.email,
      password: PASSWORD,
    });
    expect(signIn.status, signIn.body).toBe(200);
  });

  it('accepts the same calls from the app own origin', async () => {
    const update = await browser(OWN).post(`${IDENTITY}/update-user`, { name: 'Victor' });
    expect(update.status, update.body).toBe(200);
    expect((await browser().get(`${API}/auth/me`)).json()).toMatchObject({ displayName: 'Victor' });
    const out = await browser(OWN).post(`${IDENTITY}/sign-out`, {});
    expect(out.status, out.body).toBe(200);
    const after: RawResponse = await browser().get(`${API}/auth/me`);
    expect(after.status).toBe(200);
    expect(after.json()).toBeNull();
  });
});
