/**
 * Catalogue answers are reused for a short while (lib/response-cache.ts, QUAL-3 in
 * docs/requirements.md load targets): a repeated GET is served from the cache with the same body; a
 * user's own answers are kept for that user only; any write clears the catalogue answers, and a
 * user's write their own, so the next read sees the write.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { API, createUser, request, type TestUser } from './helpers/users.ts';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  user = await createUser(t.app);
});
afterAll(async () => {
  await t.close();
});

it('serves a repeated catalogue GET from the cache, byte for byte', async () => {
  const url = `${API}/index/search/movie?query=matrix`;
  const first = await t.app.inject({ url });
  const second = await t.app.inject({ url });
  expect(first.statusCode).toBe(200);
  expect(first.headers['x-response-cache']).toBeUndefined();
  expect(second.headers['x-response-cache']).toBe('hit');
  expect(second.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(second.body).toBe(first.body);
  // Another query is another entry.
  const other = await t.app.inject({ url: `${API}/index/search/movie?query=sintel` });
  expect(other.headers['x-response-cache']).toBeUndefined();
});

it('sends titles in other scripts intact from the cache, with their length in bytes', async () => {
  const url = `${API}/index/search/movie?query=cowboy%20bebop`;
  const first = await t.app.inject({ url });
  const second = await t.app.inject({ url });
  expect(second.headers['x-response-cache']).toBe('hit');
  expect(second.body).toBe(first.body);
  expect(second.body).toContain('カウボーイビバップ 天国の扉');
  expect(Number(second.headers['content-length'])).toBe(Buffer.byteLength(second.body));
});

it("never caches refusals; keeps a user's answers for that user only, until they write", async () => {
  const bad = `${API}/index/search/movie`;
  await t.app.inject({ url: bad });
  expect((await t.app.inject({ url: bad })).headers['x-response-cache']).toBeUndefined();
  const list = `${API}/my-list/${user.uid}/fetch-my-list`;
  const first = await request(t.app, user, 'GET', list);
  const again = await request(t.app, user, 'GET', list);
  expect(again.headers['x-response-cache']).toBe('hit');
  expect(again.body).toBe(first.body);
  // Another user naming this uid is refused, and signed out the URL is refused too.
  const stranger = await createUser(t.app);
  expect((await request(t.app, stranger, 'GET', list)).statusCode).toBe(403);
  expect((await request(t.app, null, 'GET', list)).statusCode).toBe(401);
  // The user's own write shows in their very next read.
  const saved = await request(t.app, user, 'POST', `${API}/my-list/save-my-list`, {
    userUID: user.uid,
    id: 603,
    type: 'movie',
  });
  expect(saved.statusCode).toBe(200);
  const after = await request(t.app, user, 'GET', list);
  expect(after.headers['x-response-cache']).toBeUndefined();
  expect(after.json<{ moviesList: { id: number }[] }>().moviesList.map((m) => m.id)).toContain(603);
});

it('forgets the catalogue answers after a watch event, so it shows at once; a list save keeps them', async () => {
  const url = `${API}/index/most-watched`;
  // Nothing watched yet: an empty answer, kept like any other until a write.
  const none = await t.app.inject({ url });
  expect(none.json()).toBeNull();
  expect((await t.app.inject({ url })).headers['x-response-cache']).toBe('hit');
  const insert = await request(t.app, user, 'POST', `${API}/recommender/insert`, {
    user_id: user.uid,
    item_id: 603,
    item_type: 'movie',
    watched: true,
  });
  expect(insert.statusCode).toBeLessThan(300);
  const after = await t.app.inject({ url });
  expect(after.statusCode).toBe(200);
  expect(after.json()).toEqual({ id: 603, type: 'movie' });
  const trending = `${API}/index/trending/movie`;
  const hit = async () =>
    (await t.app.inject({ url: trending })).headers['x-response-cache'] === 'hit';
  await t.app.inject({ url: trending });
  expect(await hit()).toBe(true);
  // A user's own lists, searches and progress change no catalogue answer: they stay kept.
  for (const [call, body] of [
    ['my-list/save-my-list', { userUID: user.uid, id: 550, type: 'movie' }],
    ['watch-history/save-watch-history', { userUID: user.uid, id: 550, type: 'movie' }],
    ['index/save-search-history', { userUID: user.uid, searchQuery: 'fight' }],
  ] as const) {
    const saved = await request(t.app, user, 'POST', `${API}/${call}`, body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await hit(), call).toBe(true);
  }
  // A list route's spelling that reaches the watch events (resolved before routing, as a proxy
  // resolves it) is judged by the route it reached: the catalogue answers go.
  const spelled = await request(t.app, user, 'POST', `${API}/my-list/../recommender/insert`, {
    user_id: user.uid,
    item_id: 550,
    item_type: 'movie',
    watched: true,
  });
  expect(spelled.statusCode, spelled.body).toBe(200);
  expect(await hit()).toBe(false);
  await t.app.inject({ url: trending });
  await request(t.app, user, 'POST', `${API}/recommender/insert`, {
    user_id: user.uid,
    item_id: 13,
    item_type: 'movie',
    watched: true,
  });
  expect(await hit()).toBe(false);
});

it("answers a user's reads arriving together from one database lookup, the same bytes to each", async () => {
  const history = `${API}/watch-history/${user.uid}/fetch-watch-history`;
  // A write starts a new generation: nothing is kept for the next read.
  await request(t.app, user, 'POST', `${API}/my-list/save-my-list`, {
    userUID: user.uid,
    id: 550,
    type: 'movie',
  });
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => request(t.app, user, 'GET', history)),
  );
  expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
  const made = answers.filter((a) => a.headers['x-response-cache'] === undefined);
  expect(made).toHaveLength(1);
  expect(new Set(answers.map((a) => a.body)).size).toBe(1);
  // A stranger's reads arriving at the same moment are not answered with this user's bytes.
  const stranger = await createUser(t.app);
  const [own, theirs] = await Promise.all([
    request(t.app, user, 'GET', `${API}/my-list/${user.uid}/fetch-my-list`),
    request(t.app, stranger, 'GET', `${API}/my-list/${user.uid}/fetch-my-list`),
  ]);
  expect(own.statusCode).toBe(200);
  expect(theirs.statusCode).toBe(403);
});
