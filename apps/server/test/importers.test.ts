/**
 * Dump importers on small synthetic fixtures written here in the dumps' shapes (no real data):
 * counts, skipped lines with their numbers, idempotent re-runs, credits, providers, seasons,
 * episodes and anime relations in the tables (the `pigo` CLI over them: importers.cli.test.ts).
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@pigostream/db';
import { providerIdForName } from '../src/modules/catalogue/importers/common.ts';
import {
  importAll,
  IMPORTERS,
  STANDARD_FILES,
  type ImporterKind,
  type ImportSummary,
} from '../src/modules/catalogue/importers/index.ts';
import { openTestDatabase, type TestDatabase } from './helpers/database.ts';
import { jsonl, FIXTURES } from './helpers/importer-fixtures.ts';

let db: TestDatabase;
let dir: string;
const logs = new Map<ImporterKind, string[]>();
const fileOf = (kind: ImporterKind) =>
  path.join(dir, STANDARD_FILES.find((s) => s.kind === kind)?.file ?? kind);
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db.db, query);

async function run(kind: ImporterKind): Promise<ImportSummary> {
  const messages: string[] = [];
  logs.set(kind, messages);
  return IMPORTERS[kind](db.db, fileOf(kind), { log: (m) => messages.push(m) });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pigo-importers-'));
  for (const [kind, text] of Object.entries(FIXTURES) as [ImporterKind, string][]) {
    await mkdir(path.dirname(fileOf(kind)), { recursive: true });
    await writeFile(fileOf(kind), text);
  }
  db = await openTestDatabase();
});

afterAll(async () => {
  await db.close();
  await rm(dir, { recursive: true, force: true });
});

describe('provider names', () => {
  it.each([
    ['Netflix', 'IN', 8],
    ['Netflix', 'US', undefined],
    ['Amazon Prime Video', 'us', 9],
    ['Disney Plus', 'US', 337],
    ['Apple TV+', 'US', 350],
    ['Apple TV Plus', 'US', 350],
    ['Hulu', 'US', 15],
    ['Lionsgate Play', 'IN', 2074],
    ['SonyLIV', 'IN', 2180],
    ['Paramount Plus Premium', 'US', 531],
    ['Paramount+ Roku Premium Channel', 'US', 531],
    ['Max', 'US', 1825],
    ['HBO Max Amazon Channel', 'US', 1825],
    ['AMC+', 'US', 526],
    ['FXNow', 'US', 123],
    ['Crunchyroll', 'US', 283],
    ['Peacock Premium', 'US', undefined],
    ['Disney+', 'ID', undefined],
  ])('%s in %s -> %s', (name, region, id) => {
    expect(providerIdForName(name, region)).toBe(id);
  });
});

describe('importers', () => {
  it('boxofficejedi: maps URLs to paths, director and cast; reports skipped lines', async () => {
    const s = await run('boxofficejedi');
    expect(s).toMatchObject({ read: 4, skipped: 2, cast: 2, crew: 1 });
    expect(s.titles).toEqual({ added: 2, updated: 0, unchanged: 0 });
    expect(logs.get('boxofficejedi')).toEqual([
      expect.stringMatching(/^line 2: skipped: invalid JSON/),
      expect.stringMatching(/^line 4: skipped: tmdb_id/),
    ]);
    const [movie] = await rows<Record<string, unknown>>(
      sql`select * from titles where media_type = 'movie' and id = 101`,
    );
    expect(movie).toMatchObject({
      poster_path: '/orchard.jpg',
      backdrop_path: '/orchard-bg.jpg',
      original_title: null,
      tagline: null,
      trailer_key: 'abc123',
      genres: [
        { id: 18, name: 'Drama' },
        { id: 9648, name: 'Mystery' },
      ],
    });
    const credits = await rows(
      sql`select kind, "order", name, character, job, profile_path from credits where tmdb_id = 101 order by kind, "order"`,
    );
    expect(credits).toEqual([
      {
        kind: 'cast',
        order: 0,
        name: 'Ben Oduya',
        character: 'Tom',
        job: null,
        profile_path: '/ben.jpg',
      },
      {
        kind: 'cast',
        order: 1,
        name: 'Cleo Marsh',
        character: null,
        job: null,
        profile_path: null,
      },
      {
        kind: 'crew',
        order: 0,
        name: 'Ada Lindqvist',
        character: null,
        job: 'Director',
        profile_path: null,
      },
    ]);
    const [blank] = await rows(sql`select runtime, release_date from titles where id = 103`);
    expect(blank).toEqual({ runtime: null, release_date: null });
  });

  it('tmdb5000: streams the CSV, merges into existing titles, skips bad rows by line', async () => {
    const s = await run('tmdb5000');
    expect(s).toMatchObject({ read: 4, skipped: 2 });
    expect(s.titles).toEqual({ added: 1, updated: 1, unchanged: 0 });
    const messages = logs.get('tmdb5000') ?? [];
    expect(messages).toHaveLength(2);
    expect(messages[0]).toMatch(/^line 4: skipped: genres/);
    expect(messages[1]).toMatch(/^line 5: skipped: invalid CSV/);
    const [merged] = await rows(
      sql`select title, original_title, original_language, poster_path, runtime, popularity, overview, spoken_languages from titles where id = 101`,
    );
    expect(merged).toEqual({
      title: 'The Glass Orchard',
      original_title: 'The Glass Orchard (original)',
      original_language: 'fr',
      poster_path: '/orchard.jpg',
      runtime: 95,
      popularity: 12.5,
      overview: 'Line one.\nLine two.',
      spoken_languages: [{ iso_639_1: 'fr', english_name: 'French', name: 'Français' }],
    });
  });

  it('movnix-movies: splits credits, picks the trailer, maps providers in their own region', async () => {
    const s = await run('movnix-movies');
    expect(s).toMatchObject({ read: 2, skipped: 1, cast: 3, crew: 2, providers: 6 });
    expect(logs.get('movnix-movies')?.[0]).toMatch(/^line 2: skipped: movie/);
    const providers = await rows(
      sql`select provider_id, region from title_providers where media_type = 'movie' and tmdb_id = 201 order by provider_id`,
    );
    expect(providers).toEqual([
      { provider_id: 8, region: 'IN' },
      { provider_id: 9, region: 'US' },
      { provider_id: 337, region: 'US' },
      { provider_id: 531, region: 'US' },
      { provider_id: 2074, region: 'IN' },
      { provider_id: 2180, region: 'IN' },
    ]);
    const cast = await rows<{ name: string; character: string | null; person_id: number }>(
      sql`select name, character, person_id from credits where tmdb_id = 201 and kind = 'cast' order by "order"`,
    );
    expect(cast.map((c) => [c.name, c.character])).toEqual([
      ['Mia Holm', 'Mate'],
      ['Ida Berg', 'Captain'],
      ['Ole Lund', null],
    ]);
    const [movie] = await rows(sql`select trailer_key, genres from titles where id = 201`);
    expect(movie).toEqual({ trailer_key: 'trailer1', genres: [{ id: 18, name: 'Drama' }] });
  });

  it('movnix-tv: writes seasons and episodes and derives counts and creators', async () => {
    const s = await run('movnix-tv');
    expect(s).toMatchObject({ read: 3, skipped: 1, cast: 1, crew: 2, providers: 4 });
    // The bare-id record of line 2 is kept as a stub: its id is known, it is never listed.
    expect(s.titles.added).toBe(2);
    expect(s.seasons.added).toBe(3);
    expect(s.episodes.added).toBe(6);
    expect(logs.get('movnix-tv')).toEqual([
      expect.stringMatching(/^line 3: skipped: invalid JSON/),
    ]);
    const [stub] = await rows(sql`select title from titles where media_type = 'tv' and id = 302`);
    expect(stub).toEqual({ title: '' });
    const [show] = await rows(
      sql`select title, original_title, number_of_seasons, number_of_episodes, episode_run_time, created_by, last_air_date, genres from titles where media_type = 'tv' and id = 301`,
    );
    expect(show).toEqual({
      title: 'Night Ferry',
      original_title: 'Nattfärjan',
      number_of_seasons: 2,
      number_of_episodes: 5,
      episode_run_time: 44,
      created_by: [{ id: 63, name: 'Karin Vik' }],
      last_air_date: '2021-03-01',
      genres: [{ id: 18, name: 'Drama' }],
    });
    const seasons = await rows(
      sql`select season_number, id, episode_count from seasons where tmdb_id = 301 order by season_number`,
    );
    expect(seasons).toEqual([
      { season_number: 0, id: 600, episode_count: 1 },
      { season_number: 1, id: 601, episode_count: 2 },
      { season_number: 2, id: 602, episode_count: 3 },
    ]);
    const [ep] = await rows(
      sql`select id, name, air_date, still_path, runtime, vote_average from episodes where tmdb_id = 301 and season_number = 2 and episode_number = 2`,
    );
    expect(ep).toEqual({
      id: 7002,
      name: 'Chapter 2',
      air_date: '2020-01-02',
      still_path: '/still-2.jpg',
      runtime: null,
      vote_average: 7.5,
    });
    const providers = await rows<{ provider_id: number }>(
      sql`select provider_id from title_providers where media_type = 'tv' and tmdb_id = 301 order by provider_id`,
    );
    expect(providers.map((p) => p.provider_id)).toEqual([283, 350, 526, 1825]);
  });

  it('anilist: writes entries and edges, keeping titles of nodes outside the file', async () => {
    const s = await run('anilist');
    expect(s).toMatchObject({ read: 3, skipped: 1, relationsAdded: 3 });
    expect(s.anime).toEqual({ added: 2, updated: 0, unchanged: 0 });
    expect(logs.get('anilist')?.[0]).toMatch(/^line 3: skipped: id/);
    const [entry] = await rows(
      sql`select title_english, cover_image_large, start_year, start_month, start_day from anime_media where id = 11`,
    );
    expect(entry).toEqual({
      title_english: 'Star Eleven',
      cover_image_large: 'https://x/11.jpg',
      start_year: 1999,
      start_month: 4,
      start_day: null,
    });
    const [outside] = await rows(sql`select * from anime_relations where node_id = 999`);
    expect(outside).toEqual({
      media_id: 11,
      node_id: 999,
      relation_type: 'ADAPTATION',
      node_title_romaji: 'Hoshi Manga',
      node_type: 'ANIME',
    });
  });

  it('movielens-links: fills the IMDb ids movies lack, by TMDB id, and adds no title', async () => {
    const before = await rows(sql`select count(*)::int as n from titles`);
    const messages: string[] = [];
    const s = await IMPORTERS['movielens-links'](db.db, fileOf('movielens-links'), {
      log: (m) => messages.push(m),
    });
    expect(s).toMatchObject({ read: 4, skipped: 1 });
    // 201 had no IMDb id; 101 keeps the one its dump gave; 999999 is not in the catalogue.
    expect(s.titles).toEqual({ added: 0, updated: 1, unchanged: 2 });
    expect(messages).toEqual(['line 5: skipped: no TMDB or IMDb id']);
    expect(await rows(sql`select count(*)::int as n from titles`)).toEqual(before);
  });

  it('import all: runs every importer in order; a second run adds nothing', async () => {
    const before = await rows(sql`select count(*)::int as n from credits`);
    const summaries = await importAll(db.db, dir);
    expect(summaries.map((s) => s.importer)).toEqual([
      'tmdb5000',
      'boxofficejedi',
      'movnix-movies',
      'movnix-tv',
      'anilist',
      'movielens-links',
    ]);
    // The links filled the IMDb ids once; the second run finds them set.
    expect(summaries[5]?.titles).toEqual({ added: 0, updated: 0, unchanged: 3 });
    expect(
      await rows(sql`select id, imdb_id from titles where id in (101, 201) order by id`),
    ).toEqual([
      { id: 101, imdb_id: 'tt0000101' },
      { id: 201, imdb_id: 'tt2222222' },
    ]);
    for (const s of summaries) {
      for (const counts of [s.titles, s.seasons, s.episodes, s.anime]) expect(counts.added).toBe(0);
      expect(s.relationsAdded).toBe(0);
    }
    const tv = summaries[3];
    expect(tv?.seasons).toEqual({ added: 0, updated: 0, unchanged: 3 });
    expect(tv?.episodes).toEqual({ added: 0, updated: 0, unchanged: 6 });
    expect(await rows(sql`select count(*)::int as n from credits`)).toEqual(before);
    expect(await rows(sql`select count(*)::int as n from title_providers`)).toEqual([{ n: 10 }]);
  });

  it('import all: names every missing file before importing anything', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'pigo-empty-'));
    await expect(importAll(db.db, empty)).rejects.toThrow(
      /missing dump file.*tmdb_5000_movies\.csv/,
    );
    await rm(empty, { recursive: true, force: true });
  });
  it('skips a record the database rejects and still writes the rest of its batch', async () => {
    const file = path.join(dir, 'overflow.jsonl');
    const movie = (id: number) => ({ tmdb_id: id, title: `Movie ${id}`, cast: [] });
    await writeFile(file, jsonl(movie(111), movie(3_000_000_000), movie(112)));
    const messages: string[] = [];
    const s = await IMPORTERS.boxofficejedi(db.db, file, { log: (m) => messages.push(m) });
    expect(s).toMatchObject({ read: 3, skipped: 1 });
    expect(s.titles.added).toBe(2);
    expect(messages).toEqual([expect.stringMatching(/^line 2: skipped: database rejected/)]);
    expect(messages[0]?.length).toBeLessThan(300);
  });
});
