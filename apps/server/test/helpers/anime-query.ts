/** The anime-info call's test helpers: the app's query text, requests and shared checks. */
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { animeInfoResponseSchema, type AnimeInfoResponse } from '@pigostream/contracts';
import { ANIME_SEARCH_QUERY } from '@pigostream/contracts/anime-queries';

export const URL_PATH = '/pigo-stream/playground/anime-info';

/**
 * The query text the app sends (API-ANIME-1 in docs/requirements.md): the web app's own lookup
 * query (`ANIME_SEARCH_QUERY`, with its fragment and `relationType(version: 2)`), not a copy.
 */
export const APP_QUERY = ANIME_SEARCH_QUERY;

export async function post(
  app: FastifyInstance,
  payload: unknown,
  headers: Record<string, string> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: URL_PATH,
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
  return {
    status: res.statusCode,
    body: res.json<Record<string, unknown>>(),
    headers: res.headers,
  };
}

export async function appQuery(app: FastifyInstance, search: string): Promise<AnimeInfoResponse> {
  const res = await post(app, { query: APP_QUERY, variables: { search } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return animeInfoResponseSchema.parse(res.body);
}

export type Answer = Awaited<ReturnType<typeof post>>;

/** `status` with exactly `{ error: string }`. */
export function expectError(res: Answer, status: number) {
  expect(res.status).toBe(status);
  expect(Object.keys(res.body)).toEqual(['error']);
  expect(typeof res.body.error).toBe('string');
}

/** 400 `{ data: null, errors: [{ message }] }`, the first message matching `message`. */
export function expectGraphqlErrors(res: Answer, message: RegExp) {
  expect(res.status).toBe(400);
  expect(res.body.data).toBeNull();
  const errors = res.body.errors as { message: string }[];
  expect(errors).toHaveLength(1);
  expect(errors[0]?.message).toMatch(message);
}

/** The keys of a JSON value, recursively (arrays by their first item): its shape. */
export function shapeOf(value: unknown): unknown {
  if (Array.isArray(value)) return [value.length > 0 ? shapeOf(value[0]) : null];
  if (typeof value !== 'object' || value === null) return 'leaf';
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, shapeOf(v)]));
}

/** Bodies every source refuses with 4xx `{ error }` before any GraphQL work. */
export function expectBadBodiesRefused(app: () => FastifyInstance) {
  const ok = { query: APP_QUERY, variables: { search: 'Cowboy Bebop' } };
  it.each([
    ['missing query', { variables: { search: 'x' } }],
    ['empty query', { query: '', variables: { search: 'x' } }],
    ['missing variables', { query: APP_QUERY }],
    ['missing search', { query: APP_QUERY, variables: {} }],
    ['blank search', { query: APP_QUERY, variables: { search: '   ' } }],
    ['search of 1,000 chars', { query: APP_QUERY, variables: { search: 'a'.repeat(1000) } }],
    ['control chars', { query: APP_QUERY, variables: { search: 'Cowboy\u0000Bebop' } }],
    [
      'query over 10,000 chars',
      { query: `${APP_QUERY}${' '.repeat(10_000)}`, variables: ok.variables },
    ],
    ['an array', [ok]],
    ['a string', '"query"'],
    ['not JSON', '{query:'],
  ])('refuses %s with 400 { error }', async (_name, body) => {
    const res = await post(app(), body);
    expectError(res, 400);
  });

  it('refuses a 1 MB body (413) and other content types (400, 415) with { error }', async () => {
    const huge = await post(app(), {
      ...ok,
      variables: { search: 'x', pad: 'x'.repeat(1_000_000) },
    });
    expectError(huge, 413);
    const text = await post(app(), JSON.stringify(ok), { 'content-type': 'text/plain' });
    expectError(text, 400);
    const xml = await post(app(), '<query/>', { 'content-type': 'application/xml' });
    expectError(xml, 415);
  });
}
