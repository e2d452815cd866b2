/**
 * Hostile input (QUAL-5 in docs/requirements.md): property-based requests (fast-check, fixed seed,
 * bounded runs) to every route under /pigo-stream — generated JSON bodies, query strings and path
 * parameters, raw bodies that are not JSON, signed out and signed in. Every answer is below 500;
 * every refused call (4xx) answers JSON with a string message (`error`, or the identity server's
 * `message`); and a refused call leaves the signed-in user's data (My List, watch history, search
 * history, watch events) exactly as it was.
 *
 * SEC-1 adds four shapes, on every route: the path spelled another way (dot segments, `%2e`,
 * doubled slashes, encoded separators, bad escapes, control characters; sent over a socket, as
 * `app.inject` would resolve them) answers 400 'Invalid request path.'; JSON nested deeper than
 * 32 levels and NUL characters anywhere in a body answer 400; a write from a foreign origin
 * answers 403 'Requests from another site are not accepted.'.
 *
 * ROB-1 and ROB-3 of docs/robustness.md add, with 0 answers of 5xx: requests built from the
 * OpenAPI document's own schemas (values each call accepts, the signed-in user's id, a show of
 * the catalogue) with one field made hostile, nested fields included (an import's episodes),
 * every whole-number, number, time, digits and text field tried with the shapes at and past
 * the database's limits (2^31, 2^53, 1.5, "Infinity", "2024-13-45T99:99:99Z", year 294276,
 * 3,000 characters that do not compress) and at random; identity calls with such text; and
 * requests Node's HTTP parser refuses (a 17,000-character query, a 20 kB header, raw bytes in
 * the path, a line that is not HTTP), by GET, HEAD and POST, over keep-alive connections:
 * each answers with `Connection: close` and a message (no body for HEAD), and the client's
 * next request on the same agent answers 200, with no connection reset.
 */
import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { isDeepStrictEqual } from 'node:util';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { LightMyRequestResponse as InjectResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@pigostream/db';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { listenOnLoopback, rawRequest } from './helpers/raw-http.ts';
import {
  documentedCalls,
  exampleCall,
  leavesOf,
  requestOf,
  shapesFor,
  TEXT_SHAPES,
  withLeaf,
  type DocumentedCall,
} from './helpers/schema-values.ts';
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
            (select media_type, tmdb_id, watch_count from watch_events where user_id = ${uid}) x)
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

/**
 * The answer's message: `{ error }` (product calls), `{ message }` (identity server), or the
 * first of GraphQL's `{ errors: [{ message }] }` (the anime lookup).
 */
function messageOf(res: InjectResponse): unknown {
  const body = res.json<Record<string, unknown>>();
  if (typeof body.error === 'string') return body.error;
  if (Array.isArray(body.errors))
    return (body.errors[0] as { message?: unknown } | undefined)?.message;
  return body.message;
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

describe('hostile input: another spelling of the path (SEC-1)', () => {
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
] as const)('hostile input: a body with %s (SEC-1)', (_label, bodyFor) => {
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

describe('hostile input: a write from another origin (SEC-1)', () => {
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

/** The documented call a route of ROUTES names (`{}` for each path parameter). */
function documentedCall(route: RouteSpec): DocumentedCall {
  const call = documentedCalls(t.app.swagger()).find(
    (c) =>
      c.method === route.method &&
      c.path.replace(API, '').replace(/\{[^}]+\}/g, '{}') === route.path,
  );
  if (!call) throw new Error(`${route.method} ${route.path} is not in the API document`);
  return call;
}

/** Routes of the API document (the identity calls are better-auth's, without a schema). */
const SCHEMA_ROUTES = ROUTES.filter((r) => !r.path.startsWith('/identity/'));

/**
 * Calls whose schema-built request is accepted as it is (so a hostile value in any one of its
 * fields is the only thing wrong with it, and the call goes to the database with the rest).
 */
const ACCEPTED_AS_BUILT = new Set([
  'POST /transfer/apply-import',
  'POST /progress/save-progress',
  'POST /progress/mark-season',
  'POST /progress/player-token',
  'POST /my-list/save-my-list',
  'POST /watch-history/save-watch-history',
  'POST /recommender/insert',
  'GET /progress/{}/fetch-progress',
  'GET /playground/season',
  'GET /sources/servers',
]);

describe("hostile input: the schema's own values with a field made hostile (ROB-1)", () => {
  /** Signed in for these requests, so the owner's data of the tests above stays as it is. */
  let prober: TestUser;

  beforeAll(async () => {
    prober = await createUser(t.app);
  });

  it.each(SCHEMA_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: every field, nested ones included, with every shape of its kind: never a 5xx',
    async (name, route) => {
      const call = documentedCall(route);
      const built = exampleCall(call, prober.uid);
      const send = (values: typeof built) => {
        const { url, body } = requestOf(call, values);
        return request(t.app, prober, call.method, url, body).then((res) => ({ url, res }));
      };
      const problems: string[] = [];
      const asBuilt = await send(built);
      const builtProblem = problemWith(asBuilt.res);
      if (builtProblem) problems.push(`as built: ${asBuilt.url} -> ${builtProblem}`);
      else if (ACCEPTED_AS_BUILT.has(name) && asBuilt.res.statusCode !== 200) {
        problems.push(
          `as built: ${asBuilt.url} -> ${String(asBuilt.res.statusCode)} ${asBuilt.res.body}`,
        );
      }
      for (const leaf of leavesOf(call, built)) {
        for (const shape of shapesFor(leaf.kind)) {
          const { url, res } = await send(withLeaf(built, leaf.path, shape));
          const problem = problemWith(res);
          if (problem) {
            problems.push(
              `${leaf.path.join('.')} = ${JSON.stringify(shape).slice(0, 40)}: ${call.method} ${url.slice(0, 100)} -> ${problem}`,
            );
          }
        }
      }
      expect(problems).toEqual([]);
    },
  );

  it.each(SCHEMA_ROUTES.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: up to three fields made hostile at random: never a 5xx',
    async (_name, route) => {
      const call = documentedCall(route);
      const built = exampleCall(call, prober.uid);
      const leaves = leavesOf(call, built);
      if (leaves.length === 0) return;
      const change = fc.tuple(
        fc.nat(),
        fc.oneof(
          { weight: 3, arbitrary: fc.nat().map((i) => ({ shape: i })) },
          { weight: 2, arbitrary: hostileValue.map((value) => ({ value })) },
        ),
      );
      await fc.assert(
        fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 3 }), async (changes) => {
          let values = built;
          for (const [at, what] of changes) {
            const leaf = leaves[at % leaves.length] ?? leaves[0];
            if (!leaf) continue;
            const shapes = shapesFor(leaf.kind);
            const value = 'value' in what ? what.value : shapes[what.shape % shapes.length];
            values = withLeaf(values, leaf.path, value);
          }
          const { url, body } = requestOf(call, values);
          const res = await request(t.app, prober, call.method, url, body);
          const problem = problemWith(res);
          if (problem) {
            throw new Error(
              `${call.method} ${url.slice(0, 200)} ${body === undefined ? '' : JSON.stringify(body).slice(0, 300)} -> ${problem}`,
            );
          }
        }),
        { seed: SEED, numRuns: 2 * RUNS_PER_ROUTE, endOnFailure: true },
      );
    },
  );
});

/**
 * `length` letters and digits that hardly compress (a well-formed e-mail's local part past any
 * index's row size).
 */
function alphanumeric(length: number): string {
  const chars = 'abcdefghijklmnopqrstuvwxyz0123456789';
  let seed = 12_345;
  return Array.from({ length }, () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return chars[seed % chars.length] ?? 'a';
  }).join('');
}

/** A value an identity call accepts for `key`, so one hostile field is all that is wrong. */
function identityValue(key: string): string {
  if (key === 'email') return `p${String(Date.now())}@gmail.com`;
  if (key === 'password' || key === 'newPassword') return 'secret-pass';
  if (key === 'name') return 'Tester';
  if (/URL$|redirectTo/.test(key)) return '/';
  if (key === 'provider' || key === 'providerId') return 'google';
  return 'abc';
}

describe('hostile input: identity calls with text at the database limits (ROB-1)', () => {
  const calls = ROUTES.filter((r) => r.path.startsWith('/identity/') && r.body && r.params === 0);
  let ip = 0;

  it.each(calls.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: every field as long, incompressible, odd or hostile text: never a 5xx',
    async (_name, route) => {
      const keys = route.body ?? [];
      const problems: string[] = [];
      const incompressible = TEXT_SHAPES[3] ?? '';
      for (const key of keys) {
        const shapes = [
          ...TEXT_SHAPES,
          ...(key === 'email'
            ? [
                `${incompressible}@gmail.com`,
                `${alphanumeric(8_000)}@gmail.com`,
                `${'a'.repeat(300)}@gmail.com`,
                `a@${'b'.repeat(300)}.com`,
              ]
            : []),
        ];
        for (const shape of shapes) {
          const body = Object.fromEntries(
            keys.map((k) => [k, k === key ? shape : identityValue(k)]),
          );
          ip += 1;
          const res = await request(t.app, null, route.method, `${API}${route.path}`, body, {
            remoteAddress: `10.77.${String(Math.floor(ip / 250) % 250)}.${String((ip % 250) + 1)}`,
          });
          const problem = problemWith(res);
          if (problem)
            problems.push(`${key} = ${JSON.stringify(shape).slice(0, 40)} -> ${problem}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );
});

/** An answer read over a keep-alive agent, or the error the request ended with. */
type AgentAnswer =
  { status: number; headers: IncomingHttpHeaders; body: string } | { error: string };

/** Sends one request through `agent` (path and headers as given) and reads the answer. */
function viaAgent(
  agent: Agent,
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<AgentAnswer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const req = httpRequest({ host: hostname, port, method, path, headers, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
      });
      res.on('error', (error: NodeJS.ErrnoException) => {
        resolve({ error: error.code ?? error.message });
      });
    });
    req.on('error', (error: NodeJS.ErrnoException) => {
      resolve({ error: error.code ?? error.message });
    });
    req.end(method === 'POST' ? '{}' : undefined);
  });
}

/** Requests the parser refuses, sent by a well-behaved client, and the status they answer. */
const PARSER_REFUSALS: {
  label: string;
  status: number;
  make(path: string): { path: string; headers?: Record<string, string> };
}[] = [
  {
    label: 'a 17,000-character query',
    status: 431,
    make: (p) => ({ path: `${p}?q=${'a'.repeat(17_000)}` }),
  },
  {
    label: 'a 20 kB header',
    status: 431,
    make: (p) => ({ path: p, headers: { 'x-filler': 'a'.repeat(20_000) } }),
  },
  { label: 'a raw DEL byte in the path', status: 400, make: (p) => ({ path: `${p}\u007f` }) },
  { label: 'a raw 0xFF byte in the path', status: 400, make: (p) => ({ path: `${p}/\u00ff` }) },
];

/** Paths of each family of answer: the API, the identity calls, the web app. */
const FAMILIES = [`${API}/health`, `${API}/identity/get-session`, '/index'];

describe('hostile input: requests the HTTP parser refuses (ROB-3)', () => {
  it('answers each by GET, HEAD and POST over keep-alive with Connection: close, and the next request on the agent answers', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PARSER_REFUSALS),
        fc.constantFrom('GET', 'HEAD', 'POST'),
        fc.constantFrom(...FAMILIES),
        async (refusal, method, family) => {
          const agent = new Agent({ keepAlive: true, maxSockets: 1 });
          try {
            const first = await viaAgent(agent, 'GET', `${API}/health`);
            expect(first).toMatchObject({ status: 200 });
            const bad = refusal.make(family);
            const res = await viaAgent(agent, method, bad.path, bad.headers);
            const what = `${method} ${refusal.label} under ${family}`;
            if ('error' in res) throw new Error(`${what}: ${res.error}`);
            expect(res.status, what).toBe(refusal.status);
            expect(res.headers.connection, what).toBe('close');
            expect(String(res.headers['content-type']), what).toContain('application/json');
            if (method === 'HEAD') {
              expect(res.headers['content-length'], what).toBe('0');
            } else {
              const answer = JSON.parse(res.body) as Record<string, unknown>;
              const message = family.startsWith(`${API}/identity/`) ? answer.message : answer.error;
              expect(
                typeof message === 'string' && message.length > 0,
                `${what}: ${res.body}`,
              ).toBe(true);
            }
            const next = await viaAgent(agent, 'GET', `${API}/health`);
            expect(next, `${what}: the next request`).toMatchObject({ status: 200 });
          } finally {
            agent.destroy();
          }
        },
      ),
      { seed: SEED, numRuns: 30, endOnFailure: true },
    );
  });

  /** Sends `bytes` on a new connection and reads until the server closes it. */
  function overSocket(bytes: Buffer | string): Promise<{ text: string; error?: string }> {
    const { hostname, port } = new URL(base);
    return new Promise((resolve) => {
      const socket = connect(Number(port), hostname);
      const chunks: Buffer[] = [];
      let error: string | undefined;
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', (e: NodeJS.ErrnoException) => {
        error = e.code ?? e.message;
      });
      socket.on('end', () => socket.end());
      socket.on('close', () => {
        resolve({ text: Buffer.concat(chunks).toString('latin1'), ...(error ? { error } : {}) });
      });
      socket.write(bytes);
    });
  }

  it.each([
    ['a control byte in the path', 'HEAD /pigo-stream/\u0001 HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    [
      'a raw 0xFF byte in the path',
      'HEAD /pigo-stream/health\u00ff HTTP/1.1\r\nHost: x\r\n\r\n',
      400,
    ],
    ['a line that is not HTTP', 'HEAD / NOT-HTTP\r\n\r\n', 400],
    [
      'a 17,000-character query',
      `HEAD /pigo-stream/health?q=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      431,
    ],
  ])(
    'answers a HEAD with %s without a body, and closes without a reset',
    async (_label, raw, status) => {
      const { text, error } = await overSocket(Buffer.from(raw, 'latin1'));
      expect(error).toBeUndefined();
      const [head = '', ...rest] = text.split('\r\n\r\n');
      expect(head.split('\r\n')[0]).toMatch(new RegExp(`^HTTP/1.1 ${String(status)} `));
      expect(head).toMatch(/\r\nConnection: close(\r\n|$)/i);
      expect(head).toMatch(/\r\nContent-Length: 0(\r\n|$)/i);
      expect(rest.join('\r\n\r\n')).toBe('');
    },
  );

  it('answers a request before the refused one on the same connection, then the refusal, then closes', async () => {
    const { text, error } = await overSocket(
      'GET /pigo-stream/health HTTP/1.1\r\nHost: x\r\n\r\n' +
        'GET /pigo-stream/\u0001 HTTP/1.1\r\nHost: x\r\n\r\n' +
        'GET /pigo-stream/health HTTP/1.1\r\nHost: x\r\n\r\n',
    );
    expect(error).toBeUndefined();
    const statuses = [...text.matchAll(/HTTP\/1\.1 (\d{3}) /g)].map((m) => m[1]);
    expect(statuses).toEqual(['200', '400']);
    expect(text).toContain('{"error":"Invalid request path."}');
  });

  it('keeps answering after a flood of refused requests (the server was not harmed)', async () => {
    const floods = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        overSocket(
          `GET /pigo-stream/${i % 2 ? '\u0001' : `health?q=${'b'.repeat(17_000)}`} HTTP/1.1\r\nHost: x\r\n\r\nmore bytes the client still sends`,
        ),
      ),
    );
    expect(floods.filter((f) => f.error !== undefined)).toEqual([]);
    const res = await rawRequest(base, { path: `${API}/health` });
    expect(res.status).toBe(200);
  });
});
