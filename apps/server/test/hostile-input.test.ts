/**
 * Hostile input (issue 9): property-based requests (fast-check, fixed seed, bounded runs) to
 * every route under /pigo-stream — generated JSON bodies, query strings and path parameters,
 * raw bodies that are not JSON, signed out and signed in. Every answer is below 500; every
 * refused call (4xx) answers JSON with a string message (`error`, or the identity server's
 * `message`); and a refused call leaves the signed-in user's data (My List, watch history,
 * search history, watch events) exactly as it was.
 *
 * Issue 14 adds four shapes, on every route: the path spelled another way (dot segments, `%2e`,
 * doubled slashes, encoded separators, bad escapes, control characters; sent over a socket, as
 * `app.inject` would resolve them) answers 400 'Invalid request path.'; JSON nested deeper than
 * 32 levels and NUL characters anywhere in a body answer 400; a write from a foreign origin
 * answers 403 'Requests from another site are not accepted.'.
 */
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@pigostream/db';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { listenOnLoopback, rawRequest } from './helpers/raw-http.ts';
import { INVALID_API_PATH, INVALID_IDENTITY_PATH } from './helpers/spellings.ts';
import { API, createUser, request, type TestUser } from './helpers/users.ts';
import { ROUTES, type RouteSpec } from './hostile-input.routes.ts';

/** Fixed seed: a failure reproduces; fast-check prints the counterexample and its path. */
const SEED = 20_240_909;
/** Generated requests per route and sign-in state (bounded: the file runs well under a minute). */
const RUNS_PER_ROUTE = 10;

let t: TestApp;
/** The app's socket address, for paths `app.inject` would resolve. */
let base: string;
/** The user whose data must survive every refused call. */
let owner: TestUser;
/** Another verified user, whose uid the generators also use. */
let other: TestUser;

/** The owner's rows in every user table, as one comparable text. */
async function ownerData(): Promise<string> {
  const uid = owner.uid;
  const rows = await queryRows<{ data: string }>(
    t.database.db,
    sql`select json_build_array(
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select media_type, tmdb_id, added_at from my_list where user_id = ${uid}) x),
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select media_type, tmdb_id, watched_at from watch_history where user_id = ${uid}) x),
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select id, query from search_history where user_id = ${uid}) x),
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select item_type, tmdb_id, watch_count from watch_events where user_id = ${uid}) x)
        )::text as data`,
  );
  return rows[0]?.data ?? '';
}

beforeAll(async () => {
  t = await startTestApp();
  base = await listenOnLoopback(t.app);
  [owner, other] = await Promise.all([createUser(t.app), createUser(t.app)]);
  // The owner has something in every list, so "unchanged" means something.
  const seed: [string, string, unknown][] = [
    ['POST', `${API}/my-list/save-my-list`, { userUID: owner.uid, id: 603, type: 'movie' }],
    ['POST', `${API}/my-list/save-my-list`, { userUID: owner.uid, id: 1396, type: 'tv' }],
    [
      'POST',
      `${API}/watch-history/save-watch-history`,
      { userUID: owner.uid, id: 603, type: 'movie' },
    ],
    ['POST', `${API}/index/save-search-history`, { userUID: owner.uid, searchQuery: 'matrix' }],
    [
      'POST',
      `${API}/recommender/insert`,
      { user_id: owner.uid, item_id: 603, item_type: 'movie', watched: true },
    ],
  ];
  for (const [method, url, body] of seed) {
    const res = await request(t.app, owner, method as 'POST', url, body);
    expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  }
});
afterAll(async () => {
  await t.close();
});

/** Strings an attacker or a broken client sends. */
const hostileText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '0',
    '-1',
    '1.5',
    '1e309',
    'NaN',
    'Infinity',
    'null',
    'undefined',
    'true',
    '[]',
    '{}',
    '603',
    'movie',
    'tv',
    '9'.repeat(40),
    '../../../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    "' OR '1'='1' --",
    '"; drop table my_list; --',
    '<script>alert(1)</script>',
    '\u0000',
    '%00',
    '%',
    '%zz',
    '\uD800',
    '🎬'.repeat(50),
    'a'.repeat(5_000),
    '__proto__',
    'constructor',
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** JSON values of any shape, hostile strings and numbers included. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { depthSize: 'small' },
  hostileText,
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1, 2 ** 31, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 1e308),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A field's value: mostly hostile, sometimes a real uid so checks past the guard run. */
function fieldValue(field: string): fc.Arbitrary<unknown> {
  if (/uid|user/i.test(field)) {
    return fc.oneof(fc.constant(owner.uid), fc.constant(other.uid), hostileValue);
  }
  return hostileValue;
}

/** An object over the route's known keys (each maybe missing) plus stray keys. */
function hostileObject(keys: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  const known = fc.record(Object.fromEntries(keys.map((k) => [k, fieldValue(k)])), {
    requiredKeys: [],
  });
  const stray = fc.dictionary(fc.string({ maxLength: 12 }), hostileValue, { maxKeys: 3 });
  return fc.tuple(known, stray).map(([a, b]) => ({ ...b, ...a }));
}

/** A body: a JSON object over the keys, any JSON value, or raw text that is not JSON. */
function hostileBody(keys: readonly string[]) {
  return fc.oneof(
    { weight: 4, arbitrary: hostileObject(keys).map((v) => ({ json: v })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => ({ json: v })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('{', '{"userUID":', 'not json', '[1,2', '\u0000', '{"a":1}}', ''),
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        )
        .map(([raw, type]) => ({ raw, type })),
    },
  );
}

/**
 * Percent-encodes `text` for a URL. Lone surrogates, which encodeURIComponent refuses, go as
 * the UTF-8 bytes a client would send for them (the replacement character).
 */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...Buffer.from(text, 'utf8')]
      .map((byte) => `%${byte.toString(16).padStart(2, '0')}`)
      .join('');
  }
}

/** A path parameter: encoded (reaches the route) or raw (may not parse as a URL). */
const pathParam = () =>
  fc.oneof(
    { weight: 3, arbitrary: hostileText.map(encode) },
    { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '..', '.', '%2e%2e%2f', 'a/b', '%00') },
    { weight: 1, arbitrary: fc.constant(owner.uid) },
  );

/** A query string over the route's keys (each maybe missing, maybe repeated) and stray keys. */
function hostileQuery(keys: readonly string[]): fc.Arbitrary<string> {
  const pair = fc.tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom(...(keys.length ? keys : ['x'])) },
      {
        weight: 1,
        arbitrary: fc.string({ maxLength: 8 }),
      },
    ),
    fc.oneof(
      { weight: 4, arbitrary: hostileText.map(encode) },
      { weight: 1, arbitrary: fc.constantFrom('%', '%zz', '&&', '=', '%2', owner.uid) },
    ),
  );
  return fc
    .array(pair, { maxLength: keys.length + 2 })
    .map((pairs) => pairs.map(([k, v]) => `${encode(k)}=${v}`).join('&'));
}

/** One generated request for `route`. */
function hostileRequest(route: RouteSpec) {
  const params = fc.array(pathParam(), {
    minLength: route.params,
    maxLength: route.params,
  });
  return fc.record({
    params,
    query: hostileQuery(route.query ?? []),
    body: route.body ? hostileBody(route.body) : fc.constant(undefined),
  });
}

/** Fills `{}` placeholders of a path template in order. */
function fillPath(template: string, params: string[]): string {
  let i = 0;
  return template.replace(/\{\}/g, () => params[i++] ?? '');
}

/** The answer's message: `{ error }` (product calls) or `{ message }` (identity server). */
function messageOf(res: InjectResponse): unknown {
  const body = res.json<Record<string, unknown>>();
  return typeof body.error === 'string' ? body.error : body.message;
}

/** Checks one answer; returns a description of what is wrong, or null. */
function problemWith(res: InjectResponse): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (res.statusCode < 400) return null;
  if (!String(res.headers['content-type']).includes('application/json')) {
    return `refused with ${String(res.headers['content-type'])}: ${res.body.slice(0, 200)}`;
  }
  let message: unknown;
  try {
    message = messageOf(res);
  } catch {
    return `refused with a body that is not JSON: ${res.body.slice(0, 200)}`;
  }
  if (typeof message !== 'string' || message.trim() === '') {
    return `refused without a message: ${res.body.slice(0, 200)}`;
  }
  return null;
}

describe.each([
  ['signed out', false],
  ['signed in', true],
] as const)('hostile input, %s', (_label, signedIn) => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: never a 5xx, a JSON message for a refusal, no change to the user data',
    async (_name, route) => {
      if (signedIn && route.signedOutOnly) return;
      await fc.assert(
        fc.asyncProperty(hostileRequest(route), async ({ params, query, body }) => {
          const path = fillPath(route.path, params);
          const url = `${API}${path}${query ? `?${query}` : ''}`;
          const before = signedIn ? await ownerData() : '';
          const init =
            body && 'raw' in body
              ? { payload: body.raw, headers: { 'content-type': body.type } }
              : {};
          const res = await request(
            t.app,
            signedIn ? owner : null,
            route.method,
            url,
            body && 'json' in body ? body.json : undefined,
            init,
          );
          const problem = problemWith(res);
          if (problem) throw new Error(`${route.method} ${url} -> ${problem}`);
          if (signedIn && res.statusCode >= 400) {
            expect(await ownerData(), `${route.method} ${url} changed the user's data`).toBe(
              before,
            );
          }
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    },
  );
});

/** Routes that change state (a foreign origin must be refused). */
const WRITE_ROUTES = ROUTES.filter((r) => r.method !== 'GET');

/** The refusal body of a path's family: identity `{ code, message }`, the rest `{ error }`. */
function familyBody(path: string, code: string, message: string): Record<string, string> {
  return path.startsWith(`${API}/identity/`) ? { code, message } : { error: message };
}

/** A path parameter that passes every path rule, so only the shape under test is refused. */
const plainParam = () => fc.constantFrom('abc', '123', 'movie');

/**
 * A raw path for `route` (parameters plain) spelled so that a URL parser would read it
 * differently from the router: dot segments (`.`, `..`, `%2e`, case mixed) or empty segments
 * inserted after /pigo-stream, a separator replaced by an encoded slash or a backslash, or a
 * bad escape or an encoded control character added to a segment.
 */
function hostilePath(route: RouteSpec): fc.Arbitrary<string> {
  const dotSegments = fc.constantFrom(
    ['.'],
    ['%2e'],
    ['%2E'],
    ['x', '..'],
    ['x', '%2e%2e'],
    ['x', '%2E.'],
    ['x', '.%2e'],
    ['x', '%2e%2E'],
    ['', ''],
  );
  const separator = fc.constantFrom('%2f', '%2F', '%5c', '%5C', '\\');
  const junk = fc.constantFrom(
    '%',
    '%z',
    '%zz',
    '%E0%A4',
    '%C0%AF',
    '%FF',
    '%00',
    '%0a',
    '%0D',
    '%1f',
    '%7f',
  );
  return fc
    .record({
      params: fc.array(plainParam(), { minLength: route.params, maxLength: route.params }),
      kind: fc.constantFrom('dots', 'separator', 'junk'),
      at: fc.nat(),
      dots: dotSegments,
      separator,
      junk,
    })
    .map(({ params, kind, at, dots, separator: sep, junk: bad }) => {
      const segments = `${API}${fillPath(route.path, params)}`.split('/').slice(1);
      // Positions after 'pigo-stream' (index 0).
      const i = 1 + (at % segments.length);
      if (kind === 'dots') {
        const spelled = [...segments.slice(0, i), ...dots, ...segments.slice(i)];
        return `/${spelled.join('/')}`;
      }
      if (kind === 'separator' && segments.length > 2) {
        const j = 1 + (at % (segments.length - 2));
        return `/${segments.slice(0, j + 1).join('/')}${sep}${segments.slice(j + 1).join('/')}`;
      }
      const j = Math.min(i, segments.length - 1);
      const spelled = segments.map((seg, k) => (k === j ? `${seg}${bad}` : seg));
      return `/${spelled.join('/')}`;
    });
}

describe('hostile input: another spelling of the path (issue 14)', () => {
  it.each(ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: 400 Invalid request path., no change to the user data',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(hostilePath(route), async (path) => {
          const before = await ownerData();
          const res = await rawRequest(base, {
            method: route.method,
            path,
            headers: route.signedOutOnly ? {} : { cookie: owner.cookie },
            ...(route.method === 'GET' ? {} : { body: {} }),
          });
          const expected = path.startsWith(`${API}/identity/`)
            ? INVALID_IDENTITY_PATH
            : INVALID_API_PATH;
          let body: unknown;
          try {
            body = res.json();
          } catch {
            body = res.body;
          }
          if (res.status !== 400 || !isDeepStrictEqual(body, expected)) {
            throw new Error(`${route.method} ${path} -> ${res.status} ${res.body.slice(0, 200)}`);
          }
          expect(await ownerData(), `${route.method} ${path} changed the user's data`).toBe(before);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    },
  );
});

/** JSON nested `depth` levels deep, as text: arrays, objects or a mix; maybe never closed. */
const deepJsonText = fc
  .record({
    depth: fc.integer({ min: 33, max: 12_000 }),
    open: fc.constantFrom('[', '{"a":', '[{"b":'),
    closed: fc.boolean(),
  })
  .map(({ depth, open, closed }) => {
    const close = open === '[' ? ']' : open === '{"a":' ? '}' : '}]';
    const levels = Math.ceil(depth / (open === '[{"b":' ? 2 : 1));
    return `${open.repeat(levels)}${closed ? `1${close.repeat(levels)}` : ''}`;
  });

/** A body with a NUL character in a value, a key, or somewhere nested. */
function bodyWithNul(keys: readonly string[]): fc.Arbitrary<unknown> {
  const nulText = fc
    .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
    .map(([a, b]) => `${a}\u0000${b}`);
  return fc
    .record({
      base: hostileObject(keys),
      key: fc.constantFrom(...(keys.length ? keys : ['x'])),
      text: nulText,
      where: fc.constantFrom('value', 'key', 'nested'),
    })
    .map(({ base: body, key, text, where }) => {
      if (where === 'value') return { ...body, [key]: text };
      if (where === 'key') return { ...body, [text]: 1 };
      return { ...body, [key]: [{ deep: [text] }] };
    });
}

describe.each([
  ['deep JSON', (_route: RouteSpec) => deepJsonText.map((raw) => ({ raw }))],
  [
    'a NUL character',
    (route: RouteSpec) =>
      bodyWithNul(route.body ?? []).map((json) => ({ raw: JSON.stringify(json) })),
  ],
] as const)('hostile input: a body with %s (issue 14)', (_label, bodyFor) => {
  it.each(WRITE_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: 400 with a JSON message, no change to the user data',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(plainParam(), { minLength: route.params, maxLength: route.params }),
          bodyFor(route),
          async (params, { raw }) => {
            const url = `${API}${fillPath(route.path, params)}`;
            const before = await ownerData();
            const res = await request(
              t.app,
              route.signedOutOnly ? null : owner,
              route.method,
              url,
              undefined,
              { payload: raw, headers: { 'content-type': 'application/json' } },
            );
            const problem = problemWith(res);
            if (res.statusCode !== 400 || problem) {
              throw new Error(
                `${route.method} ${url} (${raw.slice(0, 60)}...) -> ${problem ?? `${res.statusCode} ${res.body.slice(0, 200)}`}`,
              );
            }
            expect(await ownerData(), `${route.method} ${url} changed the user's data`).toBe(
              before,
            );
          },
        ),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    },
  );
});

/** Headers of a request another site's page makes (or the server must treat so). */
const foreignHeaders = fc.constantFrom<Record<string, string>>(
  { origin: 'http://evil.example' },
  { origin: 'null' },
  { origin: 'https://localhost:3000' },
  { origin: 'http://localhost:3000.evil.example' },
  { origin: 'http://localhost:3000, http://evil.example' },
  { 'sec-fetch-site': 'cross-site' },
  { 'sec-fetch-site': 'same-site' },
  { referer: 'http://evil.example/index' },
  { referer: 'http://localhost:3001/index', 'sec-fetch-site': 'same-origin' },
);

describe('hostile input: a write from another origin (issue 14)', () => {
  it.each(WRITE_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: 403 with the refusal, no change to the user data',
    async (_name, route) => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(plainParam(), { minLength: route.params, maxLength: route.params }),
          route.body ? hostileObject(route.body) : fc.constant(undefined),
          foreignHeaders,
          async (params, body, headers) => {
            const url = `${API}${fillPath(route.path, params)}`;
            const before = await ownerData();
            const res = await request(t.app, owner, route.method, url, body, { headers });
            const expected = familyBody(
              url,
              'FORBIDDEN_ORIGIN',
              'Requests from another site are not accepted.',
            );
            if (res.statusCode !== 403 || !isDeepStrictEqual(res.json(), expected)) {
              throw new Error(
                `${route.method} ${url} ${JSON.stringify(headers)} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
              );
            }
            expect(await ownerData(), `${route.method} ${url} changed the user's data`).toBe(
              before,
            );
          },
        ),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    },
  );
});

it('covers every route the API documents', () => {
  const documented = Object.entries(
    (t.app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths,
  ).flatMap(([path, ops]) =>
    Object.keys(ops).map(
      (m) =>
        `${m.toUpperCase()} ${path
          .replace(API, '')
          .replace(/\{[^}]+\}/g, '{}')
          .replace('{*}', '{}')}`,
    ),
  );
  const covered = new Set(ROUTES.map((r) => `${r.method} ${r.path.split('?')[0] ?? ''}`));
  expect(documented.filter((route) => !covered.has(route))).toEqual([]);
});
