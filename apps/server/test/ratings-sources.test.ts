/**
 * Where titles' age ratings come from (PROFILE-7 in docs/requirements.md, DEC-31 in
 * docs/decisions.md), on the embedded database and on PostgreSQL: the dump importers store each
 * dump's certification with its rating age (records written here in the dumps' shapes, made up
 * for these tests), a rating never being lost to a dump without one; the starter catalogue rates
 * its titles, on a first start and on the start after an upgrade of a data directory seeded
 * before ratings existed; and the live TMDB source (against the TMDB stand-in) answers each
 * title's certification and keeps its lists, search and summaries within a rating limit.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ratingAgeOf,
  withinCeiling,
  type MediaType,
  type RatingCeiling,
} from '@pigostream/contracts';
import { queryRows, type Database } from '@pigostream/db';
import { createLocalSource } from '../src/modules/catalogue/local.source.ts';
import { IMPORTERS, type ImporterKind } from '../src/modules/catalogue/importers/index.ts';
import {
  rateStarterTitles,
  readStarterCatalogue,
  seedIfEmpty,
} from '../src/modules/catalogue/seed.ts';
import { createTmdbClient } from '../src/modules/catalogue/tmdb/tmdb.client.ts';
import { createTmdbSource } from '../src/modules/catalogue/tmdb/tmdb.source.ts';
import { CachedLoader, createSharedCache } from '../src/lib/shared-cache.ts';
import { openTestDatabase, type TestDatabase } from './helpers/database.ts';
import { jsonl } from './helpers/importer-fixtures.ts';
import { MIGRATIONS, migrationsBefore, openOldDatabase } from './helpers/old-database.ts';
import { STANDIN_TOKEN } from './helpers/tmdb-app.ts';
import { startTmdbStandin, type TmdbStandin } from './helpers/tmdb-standin.ts';
import type { Title } from './helpers/tmdb-standin-data.ts';

interface Rating {
  media_type: MediaType;
  id: number;
  certification: string | null;
  rating_age: number | null;
}

/** The stored ratings of the titles `ids` of `type`, by id. */
async function ratingsOf(db: Database, type: MediaType, ids: number[]): Promise<Rating[]> {
  return queryRows<Rating>(
    db,
    sql`select media_type, id, certification, rating_age::int as rating_age from titles
        where media_type = ${type} and id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )}) order by id`,
  );
}

const rated = (type: MediaType, id: number, certification: string | null) => ({
  media_type: type,
  id,
  certification,
  rating_age: ratingAgeOf(certification),
});

describe('the dump importers', () => {
  let database: TestDatabase;
  let dir: string;
  let files = 0;

  /** Writes `text` as a dump file and imports it with the importer `kind`. */
  async function load(kind: ImporterKind, text: string) {
    files += 1;
    const file = path.join(
      dir,
      `${String(files)}-${kind}.${kind === 'tmdb5000' ? 'csv' : 'jsonl'}`,
    );
    await writeFile(file, text);
    return IMPORTERS[kind](database.db, file, { log: () => undefined });
  }

  const movnixMovie = (id: number, certification: unknown) => ({
    movie: { tmdbId: id, title: `Rated ${String(id)}`, certification },
    genres: [],
    credits: [],
  });
  const boxOffice = (id: number, mpaa: string | null) => ({
    tmdb_id: id,
    title: `Rated ${String(id)}`,
    mpaa,
  });
  const movnixShow = (id: number, certification: unknown) => ({
    tvShow: { tmdbId: id, name: `Show ${String(id)}`, certification },
    seasons: [],
    genres: [],
    credits: [],
  });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'pigo-ratings-'));
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("store each dump's certification and its age; a dump without one keeps the stored one", async () => {
    await load(
      'movnix-movies',
      jsonl(
        movnixMovie(501, 'NR'),
        movnixMovie(502, 'PG-13'),
        movnixMovie(503, null),
        movnixMovie(504, ' 12 '),
        movnixMovie(506, 16),
      ),
    );
    const jedi = await load(
      'boxofficejedi',
      jsonl(
        boxOffice(501, 'PG'), // a known age replaces 'NR'
        boxOffice(502, 'NR'), // 'NR' never replaces a known age
        boxOffice(503, ''),
        boxOffice(505, 'R'),
      ),
    );
    expect(jedi.skipped).toBe(0);
    // The TMDB 5000 CSV has no ratings: its rows leave them as they are.
    const csv = await load(
      'tmdb5000',
      ['id,title,genres,spoken_languages', '501,Rated 501,,', '505,Rated 505,,'].join('\n'),
    );
    expect(csv.titles).toMatchObject({ added: 0 });
    expect(await ratingsOf(database.db, 'movie', [501, 502, 503, 504, 505, 506])).toEqual([
      rated('movie', 501, 'PG'),
      rated('movie', 502, 'PG-13'),
      rated('movie', 503, null),
      rated('movie', 504, '12'),
      rated('movie', 505, 'R'),
      rated('movie', 506, '16'),
    ]);
    expect(rated('movie', 501, 'PG').rating_age).toBe(10);

    // A title first known as 'NR' keeps it until a dump gives an age; a second run of the same
    // dump changes nothing.
    const again = await load('movnix-movies', jsonl(movnixMovie(507, 'NR')));
    expect(again.titles.added).toBe(1);
    expect(await ratingsOf(database.db, 'movie', [507])).toEqual([rated('movie', 507, 'NR')]);
    const twice = await load(
      'boxofficejedi',
      jsonl(boxOffice(501, 'PG'), boxOffice(502, 'NR'), boxOffice(505, 'R')),
    );
    expect(twice.titles).toEqual({ added: 0, updated: 0, unchanged: 3 });
  });

  it("store a show's rating from whichever board the TV dump names", async () => {
    const s = await load(
      'movnix-tv',
      jsonl(
        movnixShow(601, 'TV-MA'),
        movnixShow(602, '15'),
        movnixShow(603, 'NC16'),
        movnixShow(604, null),
        movnixShow(605, 'TV-Y7'),
        movnixShow(606, '  '),
        movnixShow(607, { US: 'TV-14' }),
        { tvShow: { tmdbId: 608, name: 'A show the dump gives no rating field' } },
      ),
    );
    expect(s).toMatchObject({ read: 8, skipped: 0 });
    expect(await ratingsOf(database.db, 'tv', [601, 602, 603, 604, 605, 606, 607, 608])).toEqual([
      { media_type: 'tv', id: 601, certification: 'TV-MA', rating_age: 17 },
      { media_type: 'tv', id: 602, certification: '15', rating_age: 15 },
      { media_type: 'tv', id: 603, certification: 'NC16', rating_age: 16 },
      { media_type: 'tv', id: 604, certification: null, rating_age: null },
      { media_type: 'tv', id: 605, certification: 'TV-Y7', rating_age: 7 },
      { media_type: 'tv', id: 606, certification: null, rating_age: null },
      { media_type: 'tv', id: 607, certification: null, rating_age: null },
      { media_type: 'tv', id: 608, certification: null, rating_age: null },
    ]);
  });
});

describe('the starter catalogue', () => {
  /** Every starter title's stored rating, as `type:id` -> `certification/age`. */
  async function starterRatings(db: Database): Promise<Map<string, string>> {
    const rows = await queryRows<Rating>(
      db,
      sql`select media_type, id, certification, rating_age::int as rating_age from titles`,
    );
    return new Map(
      rows.map((r) => [
        `${r.media_type}:${String(r.id)}`,
        `${r.certification ?? '-'}/${String(r.rating_age)}`,
      ]),
    );
  }
  const expected = new Map(
    readStarterCatalogue().titles.map((t) => [
      `${t.title.mediaType}:${String(t.title.id)}`,
      `${t.title.certification ?? '-'}/${String(t.title.ratingAge ?? null)}`,
    ]),
  );

  it('rates every title on the first start, and details answer the certification', async () => {
    const database = await openTestDatabase({ seeded: true });
    try {
      expect(await starterRatings(database.db)).toEqual(expected);
      expect(expected.get('movie:862')).toBe('G/0');
      expect(expected.get('tv:1396')).toBe('TV-MA/17');
      const local = createLocalSource(database.db);
      expect((await local.details('movie', 603)).certification).toBe('R');
      expect((await local.details('tv', 1396)).certification).toBe('TV-MA');
      expect((await local.details('movie', 10378)).certification).toBe('G');
    } finally {
      await database.close();
    }
  });

  it('rates the titles of a database whose ratings are empty on the next start, in one go', async () => {
    const database = await openTestDatabase({ seeded: true });
    try {
      await database.db.execute(sql`update titles set certification = null, rating_age = null`);
      expect(await seedIfEmpty(database.db)).toBeNull();
      expect(await starterRatings(database.db)).toEqual(expected);
      // Once rated, a start changes nothing.
      expect(await rateStarterTitles(database.db)).toBe(0);
    } finally {
      await database.close();
    }
  });

  it('an upgrade of a data directory seeded before ratings existed ends with rated starter titles', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'pigo-ratings-upgrade-'));
    const old = await openOldDatabase(migrationsBefore(dir, '0016_kids_ratings'));
    try {
      const { db } = old;
      // As the starter catalogue (and a dump) left titles before migration 0016.
      await db.execute(
        sql`insert into titles (media_type, id, title) values
              ('movie', 862, 'Toy Story'), ('movie', 603, 'The Matrix'), ('movie', 550, 'Fight Club'),
              ('tv', 1396, 'Breaking Bad'), ('movie', 389, '12 Angry Men'),
              ('movie', 424242, 'Not in the starter catalogue')`,
      );
      await old.migrate(MIGRATIONS);
      expect(await ratingsOf(db, 'movie', [862])).toEqual([rated('movie', 862, null)]);
      // After the upgrade a dump rated two of them: a known age stays, an 'NR' gives way.
      await db.execute(
        sql`update titles set certification = 'TV-14', rating_age = 14 where id = 603`,
      );
      await db.execute(sql`update titles set certification = 'NR' where id = 550`);

      expect(await seedIfEmpty(db)).toBeNull();
      expect(await ratingsOf(db, 'movie', [389, 550, 603, 862, 424242])).toEqual([
        rated('movie', 389, 'NR'),
        rated('movie', 550, 'R'),
        { media_type: 'movie', id: 603, certification: 'TV-14', rating_age: 14 },
        rated('movie', 862, 'G'),
        rated('movie', 424242, null),
      ]);
      expect(await ratingsOf(db, 'tv', [1396])).toEqual([rated('tv', 1396, 'TV-MA')]);
      expect(await seedIfEmpty(db)).toBeNull();
      expect(await rateStarterTitles(db)).toBe(0);
    } finally {
      await old.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the live TMDB source', () => {
  let standin: TmdbStandin;
  const source = () =>
    createTmdbSource(
      createTmdbClient({ baseUrl: standin.url, token: STANDIN_TOKEN, timeoutMs: 10_000 }),
      new CachedLoader(createSharedCache({}), 60_000),
    );
  const KIDS: RatingCeiling = { maxAge: 10, unrated: false };
  const KIDS_UNRATED: RatingCeiling = { maxAge: 10, unrated: true };

  /** The US certification the stand-in gives `t`, or null. */
  const usRating = (t: Title): string | null => {
    const key = t.type === 'movie' ? 'release_dates' : 'content_ratings';
    const results = ((t.details[key] as { results?: unknown[] } | undefined)?.results ?? []) as {
      iso_3166_1?: string;
      rating?: string;
      release_dates?: { certification: string }[];
    }[];
    const us = results.find((r) => r.iso_3166_1 === 'US');
    const certification =
      t.type === 'movie'
        ? us?.release_dates?.map((r) => r.certification).find((c) => c !== '')
        : us?.rating;
    return certification || null;
  };
  const byId = (type: MediaType, id: number) => {
    const title = standin.titles.find((t) => t.type === type && Number(t.list.id) === id);
    if (!title) throw new Error(`the stand-in has no ${type} ${String(id)}`);
    return title;
  };
  /** Whether the stand-in's title `id` is within `ceiling` by its US rating. */
  const fits = (type: MediaType, id: number, ceiling: RatingCeiling) =>
    withinCeiling(ratingAgeOf(usRating(byId(type, id))), ceiling);
  const requestsSince = (start: number) => standin.requests.slice(start).map((r) => r.url);

  beforeAll(async () => {
    standin = await startTmdbStandin(STANDIN_TOKEN);
  });
  afterAll(async () => {
    await standin.close();
  });

  it('answers the certification in details, asking TMDB for release_dates or content_ratings', async () => {
    const tmdb = source();
    const start = standin.requests.length;
    expect((await tmdb.details('movie', 603)).certification).toBe('R');
    expect((await tmdb.details('movie', 862)).certification).toBe('G');
    // Parasite lists South Korea first; the US rating is the one kept.
    expect((await tmdb.details('movie', 496243)).certification).toBe('R');
    expect((await tmdb.details('tv', 1396)).certification).toBe('TV-MA');
    expect((await tmdb.details('tv', 19885)).certification).toBe('TV-14');
    expect((await tmdb.details('movie', 900_003)).certification).toBeNull();
    const asked = requestsSince(start);
    expect(asked).toContain('/3/movie/603?append_to_response=credits%2Cvideos%2Crelease_dates');
    expect(asked).toContain('/3/tv/1396?append_to_response=credits%2Cvideos%2Ccontent_ratings');
  });

  it("lists movies under a limit from discover's US certification filter, unrated ones only when shown", async () => {
    const tmdb = source();
    const start = standin.requests.length;
    const kids = await tmdb.popular('movie', 1, KIDS);
    expect(requestsSince(start)).toEqual([
      '/3/discover/movie?certification_country=US&certification.lte=PG&certification.gte=G&sort_by=popularity.desc&page=1',
    ]);
    const ids = kids.results.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([862, 105, 129, 289]));
    expect(ids).not.toContain(603);
    for (const id of ids) expect(fits('movie', id, KIDS), String(id)).toBe(true);
    // 'NR' films (900005, 900010) come only when the profile shows unrated titles.
    expect(ids).not.toContain(900_005);
    const withUnrated = await tmdb.trending('movie', 1, KIDS_UNRATED);
    expect(withUnrated.results.map((r) => r.id)).toEqual(
      expect.arrayContaining([862, 900_005, 900_010]),
    );
    expect(standin.requests.at(-1)?.url).toBe(
      '/3/discover/movie?certification_country=US&certification.lte=PG&sort_by=popularity.desc&page=1',
    );
    // All ages: G only.
    const allAges: RatingCeiling = { maxAge: 0, unrated: false };
    const youngest = (await tmdb.trending('movie', 1, allAges)).results.map((r) => r.id);
    expect(youngest).toEqual(expect.arrayContaining([862, 900_004, 900_009]));
    expect(youngest).not.toContain(129);
    for (const id of youngest) expect(fits('movie', id, allAges), String(id)).toBe(true);
    // Without a limit, the lists are TMDB's own.
    await tmdb.trending('movie', 1);
    expect(standin.requests.at(-1)?.url).toBe('/3/trending/movie/week?page=1');
  });

  it('keeps a TV row, search and a provider row to the titles within the limit', async () => {
    const tmdb = source();
    const all = await tmdb.trending('tv', 1);
    const kids = await tmdb.trending('tv', 1, KIDS);
    const kept = kids.results.map((r) => r.id);
    expect(kept).toEqual(all.results.map((r) => r.id).filter((id) => fits('tv', id, KIDS)));
    expect(kept).toEqual(expect.arrayContaining([615, 456]));
    expect(kept).not.toContain(1396);
    // TV has no certification filter on TMDB: the page is shorter than TMDB's.
    expect(kept.length).toBeLessThan(all.results.length);

    const search = await tmdb.search('movie', 'the', 1, KIDS);
    const found = search.results.map((r) => r.id);
    expect(found).toContain(900_001); // The Copper Lantern, PG
    expect(found).not.toContain(603);
    for (const id of found) expect(fits('movie', id, KIDS), String(id)).toBe(true);
    const shows = await tmdb.search('tv', 'the', 1, KIDS_UNRATED);
    for (const id of shows.results.map((r) => r.id)) {
      expect(fits('tv', id, KIDS_UNRATED), String(id)).toBe(true);
    }
    expect(shows.results.map((r) => r.id)).toContain(456); // The Simpsons

    const start = standin.requests.length;
    const prime = await tmdb.byProvider('movie', 9, 'US', 1, KIDS);
    expect(requestsSince(start)[0]).toBe(
      '/3/discover/movie?with_watch_providers=9&watch_region=US&certification_country=US&certification.lte=PG&certification.gte=G&sort_by=popularity.desc&page=1',
    );
    // Fight Club (R), 900003 (unrated), 900005 ('NR') and 900007 (R) are on Prime too.
    expect(prime.results.map((r) => r.id).sort((a, b) => a - b)).toEqual([105, 900_001, 900_009]);
    const primeShows = await tmdb.byProvider('tv', 9, 'US', 1, KIDS);
    expect(primeShows.results.length).toBeGreaterThan(0);
    for (const id of primeShows.results.map((r) => r.id)) {
      expect(fits('tv', id, KIDS), String(id)).toBe(true);
    }
  });

  it('leaves titles above the limit, and unrated ones unless shown, out of summaries', async () => {
    const tmdb = source();
    const ids = [603, 862, 900_003, 129];
    expect((await tmdb.summaries('movie', ids)).map((s) => s.id)).toEqual(ids);
    expect((await tmdb.summaries('movie', ids, KIDS)).map((s) => s.id)).toEqual([862, 129]);
    expect((await tmdb.summaries('movie', ids, KIDS_UNRATED)).map((s) => s.id)).toEqual([
      862, 900_003, 129,
    ]);
    expect(
      (await tmdb.summaries('tv', [1396, 615], { maxAge: 17, unrated: false })).map((s) => s.id),
    ).toEqual([1396, 615]);
  });
});
