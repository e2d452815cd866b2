/**
 * Search history (DATA-9, VALID-6, API-GEN-1 in docs/requirements.md): a query is saved trimmed and
 * only when it differs from the latest saved one (also under concurrent saves), answered newest
 * first and capped, and removed by id only from its owner's history.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_HISTORY_CAP } from '@pigostream/contracts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { API, createUser, request, type TestUser } from './helpers/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ seed: false });
});
afterAll(async () => {
  await t.close();
});

interface Entry {
  id: number;
  query: string;
}

const save = (u: TestUser, searchQuery: unknown) =>
  request(t.app, u, 'POST', `${API}/index/save-search-history`, { userUID: u.uid, searchQuery });
const fetchAll = async (u: TestUser) => {
  const res = await request(t.app, u, 'GET', `${API}/index/fetch-search-history/${u.uid}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Entry[]>();
};
const remove = (u: TestUser, uid: string, id: number | string) =>
  request(t.app, u, 'DELETE', `${API}/index/${uid}/remove-search-history/${id}`);
const queries = (entries: Entry[]) => entries.map((e) => e.query);

describe('saving', () => {
  it('saves trimmed queries newest first and skips one equal to the latest', async () => {
    const u = await createUser(t.app);
    const first = await save(u, '  the matrix ');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ query: 'the matrix', saved: true });
    const repeat = await save(u, 'the matrix');
    expect(repeat.json()).toEqual({ ...first.json<Entry>(), saved: false });
    await save(u, 'dune');
    await save(u, 'the matrix'); // differs from the latest ('dune'): saved again
    expect(queries(await fetchAll(u))).toEqual(['the matrix', 'dune', 'the matrix']);
    const ids = (await fetchAll(u)).map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
  });

  it('compares with the latest entry left after a removal', async () => {
    const u = await createUser(t.app);
    await save(u, 'alien');
    const latest = (await save(u, 'aliens')).json<Entry>();
    expect((await remove(u, u.uid, latest.id)).statusCode).toBe(200);
    expect((await save(u, 'alien')).json<{ saved: boolean }>().saved).toBe(false);
    expect((await save(u, 'aliens')).json<{ saved: boolean }>().saved).toBe(true);
    expect(queries(await fetchAll(u))).toEqual(['aliens', 'alien']);
  });

  it('adds a query once when the same user saves it concurrently', async () => {
    const u = await createUser(t.app);
    const answers = await Promise.all(Array.from({ length: 25 }, () => save(u, 'inception')));
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    expect(answers.filter((a) => a.json<{ saved: boolean }>().saved)).toHaveLength(1);
    expect(queries(await fetchAll(u))).toEqual(['inception']);
  });

  it(`keeps and answers the newest ${SEARCH_HISTORY_CAP}`, async () => {
    const u = await createUser(t.app);
    for (let i = 1; i <= SEARCH_HISTORY_CAP + 5; i++) await save(u, `query ${i}`);
    const entries = await fetchAll(u);
    expect(entries).toHaveLength(SEARCH_HISTORY_CAP);
    expect(entries[0]?.query).toBe(`query ${SEARCH_HISTORY_CAP + 5}`);
    expect(entries.at(-1)?.query).toBe('query 6');
  });

  it('refuses empty, long or control-character queries and non-strings with 400', async () => {
    const u = await createUser(t.app);
    const bad: [unknown, string][] = [
      ['', 'searchQuery must not be empty'],
      ['   ', 'searchQuery must not be empty'],
      ['x'.repeat(201), 'searchQuery must be at most 200 characters'],
      ['tab\there', 'searchQuery must not contain control characters'],
      ['nul\u0000', 'Text may not contain NUL characters'],
      [42, 'searchQuery'],
      [null, 'searchQuery'],
      [undefined, 'searchQuery is required'],
    ];
    for (const [query, message] of bad) {
      const res = await save(u, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json<{ error: string }>().error).toContain(message);
    }
    expect((await save(u, 'x'.repeat(200))).statusCode).toBe(200);
    expect((await save(u, 'ünïcödé 映画')).json()).toMatchObject({ query: 'ünïcödé 映画' });
    expect(await fetchAll(u)).toHaveLength(2);
  });
});

describe('removing', () => {
  it('removes an entry by id; a missing id or another user’s entry answers 404', async () => {
    const [u, other] = [await createUser(t.app), await createUser(t.app)];
    const mine = (await save(u, 'heat')).json<Entry>();
    const theirs = (await save(other, 'ronin')).json<Entry>();
    const removed = await remove(u, u.uid, mine.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ ok: true });
    expect((await remove(u, u.uid, mine.id)).statusCode).toBe(404);
    const foreign = await remove(u, u.uid, theirs.id);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ error: `No search history entry ${theirs.id}` });
    expect((await remove(u, other.uid, theirs.id)).statusCode).toBe(403);
    expect(queries(await fetchAll(other))).toEqual(['ronin']);
    expect(await fetchAll(u)).toEqual([]);
  });
});
