/**
 * The catalogue's lists and search at any size (RANK-1..3 in docs/requirements.md), on
 * catalogues this file writes: search's ranking rules (a famous title beats an obscure one that
 * spells the query closer or begins with it; equal titles go to the more popular), trending
 * read from its precomputed scores giving exactly the order of scoring every title, and the
 * query plans that keep each list a walk of one index at any catalogue size.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaPageSchema } from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { migrationsBefore, MIGRATIONS, openOldDatabase } from './helpers/old-database.ts';
import { API } from './helpers/users.ts';
import { RecentViewers } from '../src/modules/activity/index.ts';
import { analyzeCatalogue, Rankings, writeTitles } from '../src/modules/catalogue/index.ts';
import {
  listByProvider,
  listPopular,
  listTrending,
} from '../src/modules/catalogue/catalogue.repository.ts';
import {
  AGE_HALVING_YEARS,
  refreshSearchPostings,
  refreshStaleRankings,
  rescoreTitles,
  VIEWER_WEIGHT,
} from '../src/modules/catalogue/rankings.repository.ts';
import { MAX_CANDIDATES, searchTitles } from '../src/modules/catalogue/search.repository.ts';

type Fixture = [id: number, title: string, popularity: number, releaseDate: string];

/** Famous films and the obscure ones that would beat them on spelling alone. */
const SEARCH_FIXTURES: Fixture[] = [
  [603, 'The Matrix', 80, '1999-03-30'],
  [9001, 'Matrix of Doom', 0.6, '2019-05-01'],
  [238, 'The Godfather', 90, '1972-03-14'],
  [9003, "Godfather's Pizza Story", 0.5, '2015-01-01'],
  [671, "Harry Potter and the Philosopher's Stone", 100, '2001-11-16'],
  [9004, 'Harry Porter', 0.4, '2012-06-01'],
  [9005, 'Harry Brown', 10, '2009-11-11'],
  [157336, 'Interstellar', 140, '2014-11-05'],
  [9006, 'Interstellar Wars', 0.8, '2016-06-01'],
  [557, 'Spider-Man', 60, '2002-05-01'],
  [9007, 'Spider', 0.3, '2002-09-01'],
  [9010, 'Nosferatu', 5, '1979-01-17'],
  [616, 'Nosferatu', 40, '1922-03-04'],
  [9011, 'Nosferatu', 12, '2024-12-25'],
  [4348, 'Love Actually', 50, '2003-11-14'],
];

/** 90 more titles, popularity and year from a fixed sequence, for trending's order. */
function spreadFixtures(): Fixture[] {
  let seed = 7;
  const next = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  return Array.from({ length: 90 }, (_, i) => {
    const year = 1960 + Math.floor(next() * 66);
    return [20_000 + i, `Spread ${i}`, Math.round(next() * 2000) / 10, `${year}-06-01`];
  });
}

const record = ([id, title, popularity, releaseDate]: Fixture, voteCount = 100) => ({
  title: {
    mediaType: 'movie' as const,
    id,
    title,
    popularity,
    releaseDate,
    voteCount,
    voteAverage: 7,
  },
  providers: [{ providerId: 8, region: 'US' }],
});

let t: TestApp;
let db: Database;
const spread = spreadFixtures();

beforeAll(async () => {
  t = await startTestApp({ seed: false });
  db = t.database.db;
  await writeTitles(
    db,
    [...SEARCH_FIXTURES, ...spread].map((f) => record(f)),
  );
  await analyzeCatalogue(db);
});
afterAll(async () => {
  await t.close();
});

const firstTitles = async (query: string, n = 1) =>
  (await searchTitles(db, 'movie', query, 20, 0)).rows.slice(0, n).map((r) => r.title);

describe('search ranking', () => {
  it('finds the famous film first for common misspellings', async () => {
    expect(await firstTitles('matrx')).toEqual(['The Matrix']);
    expect(await firstTitles('godfater')).toEqual(['The Godfather']);
    expect(await firstTitles('harry poter')).toEqual(["Harry Potter and the Philosopher's Stone"]);
    expect(await firstTitles('interstelar')).toEqual(['Interstellar']);
    expect(await firstTitles('spiderman')).toEqual(['Spider-Man']);
  });

  it('ranks a famous title above an obscure one that begins with the query', async () => {
    expect(await firstTitles('matrix', 2)).toEqual(['The Matrix', 'Matrix of Doom']);
    expect(await firstTitles('interstellar', 2)).toEqual(['Interstellar', 'Interstellar Wars']);
    // Typed so far: the last word is a beginning.
    expect(await firstTitles('interst', 2)).toEqual(['Interstellar', 'Interstellar Wars']);
  });

  it('breaks ties between equal titles by popularity', async () => {
    const page = await searchTitles(db, 'movie', 'nosferatu', 20, 0);
    expect(page.rows.map((r) => r.id)).toEqual([616, 9011, 9010]);
    expect(page.total).toBe(3);
  });

  it('answers the same through the endpoint', async () => {
    const res = await t.app.inject({ url: `${API}/index/search/movie?query=harry%20poter` });
    const page = mediaPageSchema.parse(res.json());
    expect(page.results[0]?.title).toBe("Harry Potter and the Philosopher's Stone");
    expect(page.results.map((r) => r.title)).toContain('Harry Porter');
  });

  it('ranks a common word’s most popular matches, and a title named exactly the query', async () => {
    // More titles hold 'love' than a search ranks: the most popular ones are ranked.
    const many = Array.from({ length: MAX_CANDIDATES + 100 }, (_, i): Fixture => [
      50_000 + i,
      `Love Song ${String(i)}`,
      1 + (i % 97) / 10,
      '2010-01-01',
    ]);
    await writeTitles(
      db,
      [...many, [59_999, 'Loves', 0.01, '2001-01-01'] as Fixture].map((f) => record(f, 1)),
    );
    await analyzeCatalogue(db);
    const page = await searchTitles(db, 'movie', 'love', 20, 0);
    expect(page.rows[0]?.title).toBe('Love Actually');
    expect(page.total).toBe(MAX_CANDIDATES);
    expect((await firstTitles('love actualy'))[0]).toBe('Love Actually');
    // The least popular of them all, but named exactly the query.
    expect((await firstTitles('loves'))[0]).toBe('Loves');
  });
});

describe('the word index', () => {
  it('follows catalogue writes: new titles, renamed ones and a new popularity', async () => {
    await writeTitles(db, [record([70_001, 'Zyzzyva Quest', 3, '2020-01-01'])]);
    await analyzeCatalogue(db);
    expect(await firstTitles('zyzzyva')).toEqual(['Zyzzyva Quest']);
    // A more popular title holding the word comes first once written.
    await writeTitles(db, [record([70_002, 'Zyzzyva Returns', 30, '2021-01-01'])]);
    await analyzeCatalogue(db);
    expect(await firstTitles('zyzzyva', 2)).toEqual(['Zyzzyva Returns', 'Zyzzyva Quest']);
    // Renamed: its old words find it no more.
    await writeTitles(db, [record([70_002, 'Plain Returns', 30, '2021-01-01'])]);
    await analyzeCatalogue(db);
    expect(await firstTitles('zyzzyva', 2)).toEqual(['Zyzzyva Quest']);
    // Nothing changed: nothing is written.
    expect(await refreshSearchPostings(db)).toBe(0);
  });

  it('is rebuilt by the start-up check when found empty (a database restored without it)', async () => {
    await db.execute(sql`delete from search_postings`);
    expect(await firstTitles('interstelar')).toEqual([]);
    const refreshed = await refreshStaleRankings(db);
    expect(refreshed.postings).toBeGreaterThan(0);
    expect(await firstTitles('interstelar')).toEqual(['Interstellar']);
  });

  it('finds titles holding every word of a query of common words, most popular first', async () => {
    // 'the' is held by many titles; the rarer word drives, the other is tested.
    const page = await searchTitles(db, 'movie', 'the godfather', 20, 0);
    expect(page.rows[0]?.title).toBe('The Godfather');
    expect(page.rows.every((r) => /godfather/i.test(r.title))).toBe(true);
  });
});

describe('trending from kept scores', () => {
  it('gives exactly the order of scoring every title, viewers included, page after page', async () => {
    const idOf = (i: number) => spread[i]?.[0] ?? 0;
    const viewers = new Map([
      [idOf(3), 2],
      [idOf(40), 1],
      [idOf(77), 3],
      [9007, 4],
    ]);
    await rescoreTitles(db, 'movie', viewers);
    const rows = await db.execute(
      sql`select id, popularity, extract(year from release_date)::int as year, vote_count
          from titles where media_type = 'movie' and title <> ''`,
    );
    const all = rows.rows as { id: number; popularity: number; year: number; vote_count: number }[];
    const newest = Math.max(...all.map((r) => r.year));
    const score = (r: (typeof all)[number]) =>
      Math.fround(
        Math.fround(r.popularity / (1 + Math.max(0, newest - r.year) / AGE_HALVING_YEARS)) +
          (viewers.get(r.id) ?? 0) * VIEWER_WEIGHT,
      );
    const expected = [...all]
      .sort((a, b) => score(b) - score(a) || b.vote_count - a.vote_count || a.id - b.id)
      .map((r) => r.id);
    for (let page = 0; page < 4; page += 1) {
      const answer = await listTrending(db, 'movie', 20, page * 20);
      expect(answer.rows.map((r) => r.id)).toEqual(expected.slice(page * 20, page * 20 + 20));
      expect(answer.total).toBe(all.length);
    }
  });
});

describe('query plans at size', () => {
  /** The plans of the statements `run` sends (each also runs), as EXPLAIN prints them. */
  async function plansOf(run: (explaining: Database) => Promise<unknown>): Promise<string> {
    const plans: string[] = [];
    const explaining = {
      execute: async (query: SQL) => {
        const result = await db.execute(sql`explain ${query}`);
        plans.push(
          (result.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n'),
        );
        return db.execute(query);
      },
    } as unknown as Database;
    await run(explaining);
    return plans.join('\n----\n');
  }

  beforeAll(async () => {
    // 40,000 more titles (a few of them on provider 337), so the planner weighs a catalogue of
    // size, not a fixture it could read whole.
    await db.execute(
      sql`insert into titles (media_type, id, title, popularity, vote_count, release_date)
          select 'movie', 100000 + g, 'Filler ' || g, (g % 1000) / 10.0, g % 500,
            date '1990-01-01' + (g % 12000)
          from generate_series(1, 40000) g`,
    );
    await db.execute(
      sql`insert into title_providers (media_type, tmdb_id, provider_id, region)
          select 'movie', 100000 + g, 337, 'US' from generate_series(1, 40000, 200) g`,
    );
    await analyzeCatalogue(db);
  });

  it('reads popular and trending pages from their indexes, counting no further than 500 pages', async () => {
    const popular = await plansOf((d) => listPopular(d, 'movie', 20, 40));
    expect(popular).toContain('titles_popularity_idx');
    const trending = await plansOf((d) => listTrending(d, 'movie', 20, 40));
    expect(trending).toContain('titles_trending_idx');
    for (const plan of [popular, trending]) {
      expect(plan).not.toMatch(/Seq Scan on titles/);
      expect(plan).not.toContain('WindowAgg');
    }
  });

  it('reads a provider row from the provider index in popularity order', async () => {
    const plan = await plansOf((d) => listByProvider(d, 'movie', 337, 'US', 20, 0));
    expect(plan).toContain('title_providers_rank_idx');
    expect(plan).not.toMatch(/Seq Scan on titles/);
    const list = plan.split('----').find((p) => p.includes('on titles t')) ?? '';
    // Read in the index's order: at most the ties are sorted (an incremental sort).
    expect(list).not.toMatch(/(^|->)\s*Sort\s+\(/m);
    expect(list).toMatch(/Presorted Key: p\.popularity/);
  });

  it('finds search candidates through the word index, in popularity order', async () => {
    for (const query of ['interstelar', 'the dark', 'love']) {
      const plan = await plansOf((d) => searchTitles(d, 'movie', query, 20, 0));
      expect(plan).toContain('search_postings_rank_idx');
      expect(plan).not.toMatch(/Seq Scan on (titles|search_postings)/);
    }
  });
});

describe('a database from before the rankings', () => {
  it('is ranked and searchable after the upgrade, once the server has started', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'pigo-rankings-'));
    const old = await openOldDatabase(migrationsBefore(dir, '0012_catalogue_rankings'));
    try {
      await old.db.execute(
        sql`insert into titles (media_type, id, title, popularity, release_date) values
              ('movie', 157336, 'Interstellar', 140, '2014-11-05'),
              ('movie', 9006, 'Interstellar Wars', 0.8, '2016-06-01')`,
      );
      await old.db.execute(
        sql`insert into title_providers (media_type, tmdb_id, provider_id, region) values
              ('movie', 9006, 8, 'US'), ('movie', 157336, 8, 'US')`,
      );
      await old.migrate(MIGRATIONS);
      // What the server checks at start (rankings.service.ts).
      await new Rankings(old.db, new RecentViewers(old.db)).check();
      expect((await firstTitlesIn(old.db, 'interstelar'))[0]).toBe('Interstellar');
      const trending = await listTrending(old.db, 'movie', 20, 0);
      expect(trending.rows.map((r) => r.title)).toEqual(['Interstellar', 'Interstellar Wars']);
      const row = await listByProvider(old.db, 'movie', 8, 'US', 20, 0);
      expect(row.rows.map((r) => r.title)).toEqual(['Interstellar', 'Interstellar Wars']);
    } finally {
      await old.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

async function firstTitlesIn(database: Database, query: string): Promise<string[]> {
  return (await searchTitles(database, 'movie', query, 20, 0)).rows.map((r) => r.title);
}
