/**
 * Import on CATALOG_SOURCE=tmdb (TRANSFER-3 in docs/requirements.md): the catalogue tables hold
 * nothing of TMDB's, so a Letterboxd file's titles are found through TMDB's search (a stand-in
 * answering real titles), applied, and exported back.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview } from '@pigostream/contracts';
import { openTestDatabase, type TestDatabase } from './helpers/database.ts';
import { STANDIN_TOKEN, startTmdbApp } from './helpers/tmdb-app.ts';
import { startTmdbStandin, type TmdbStandin } from './helpers/tmdb-standin.ts';
import { API, createUser, request } from './helpers/users.ts';

let standin: TmdbStandin;
let database: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  standin = await startTmdbStandin(STANDIN_TOKEN);
  // An empty catalogue: nothing imported, as on a TMDB install.
  database = await openTestDatabase({ seeded: false });
  app = await startTmdbApp(standin, database);
});
afterAll(async () => {
  await app.close();
  await database.close();
  await standin.close();
});

describe('import on TMDB', () => {
  it("matches a Letterboxd watchlist's titles through TMDB's search and writes them", async () => {
    // Titles the stand-in has once (its variants repeat some names, which would tie).
    const named = (title: unknown) =>
      standin.titles.filter((t) => t.list.title === title || t.list.name === title).length;
    const movies = standin.titles
      .filter((t) => t.type === 'movie' && typeof t.list.title === 'string')
      .filter((t) => named(t.list.title) === 1)
      .slice(0, 5)
      .map((t) => ({
        id: Number(t.list.id),
        title: String(t.list.title),
        year: Number(String(t.list.release_date).slice(0, 4)),
      }));
    const csv = [
      'Date,Name,Year,Letterboxd URI',
      ...movies.map((m, i) => `2024-01-0${String(i + 1)},"${m.title}",${String(m.year)},x`),
      '2024-02-01,Qwxzv Unmade Picture,2001,x',
    ].join('\n');
    const u = await createUser(app);
    const res = await request(app, u, 'POST', `${API}/transfer/preview-import`, {
      userUID: u.uid,
      fileName: 'watchlist.csv',
      content: csv,
    });
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json<ImportPreview>();
    expect(preview.items.map((i) => [i.status, i.match?.id ?? null])).toEqual([
      ...movies.map((m) => ['matched', m.id]),
      ['not-found', null],
    ]);
    expect(standin.requests.some((r) => r.url.startsWith('/3/search/movie?'))).toBe(true);

    const applied = await request(app, u, 'POST', `${API}/transfer/apply-import`, {
      userUID: u.uid,
      entries: preview.items.flatMap((i) =>
        i.match
          ? [{ list: i.list, id: i.match.id, type: i.match.type, watchedAt: i.watchedAt }]
          : [],
      ),
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ myList: { added: movies.length, kept: 0 } });
    const trakt = await request(app, u, 'GET', `${API}/transfer/${u.uid}/export?format=trakt`);
    const ids = trakt
      .json<{ watchlist: { movie: { ids: { tmdb: number } } }[] }>()
      .watchlist.map((w) => w.movie.ids.tmdb);
    expect(ids.sort()).toEqual(movies.map((m) => m.id).sort());
  });
});
