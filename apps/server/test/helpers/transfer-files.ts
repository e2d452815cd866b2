/**
 * Export files of Letterboxd, IMDb and Trakt for the import tests (TRANSFER-1 in
 * docs/requirements.md), written from the services' published column lists and JSON shapes over the
 * starter catalogue's titles (apps/server/catalogue/*.json), at least 300 rows each: every title,
 * rewatches (duplicate rows), titles no catalogue has, a year one off and one far off, titles given
 * in their own script, and (on request) a broken line. Deterministic: the same files every run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stringify } from 'csv-stringify/sync';

const STARTER = path.resolve(import.meta.dirname, '../../catalogue');

/** A starter title as the files name it. */
export interface StarterTitle {
  type: 'movie' | 'tv';
  id: number;
  title: string;
  originalTitle: string;
  year: number;
  imdbId: string | null;
}

interface StarterJson {
  id: number;
  title?: string;
  name?: string;
  original_title?: string;
  original_name?: string;
  release_date?: string;
  first_air_date?: string;
  imdb_id?: string | null;
}

/** The starter catalogue's movies and shows with a year, each once, by file then order. */
export function starterTitles(): StarterTitle[] {
  const titles: StarterTitle[] = [];
  for (const file of readdirSync(STARTER)
    .filter((f) => /^(movies|shows)-.*\.json$/.test(f))
    .sort()) {
    const type = file.startsWith('movies') ? 'movie' : 'tv';
    for (const t of JSON.parse(readFileSync(path.join(STARTER, file), 'utf8')) as StarterJson[]) {
      const date = t.release_date ?? t.first_air_date ?? '';
      const year = Number(date.slice(0, 4));
      const title = t.title ?? t.name ?? '';
      // The starter names a few titles twice (its loader merges them).
      if (!year || !title || titles.some((x) => x.type === type && x.id === t.id)) continue;
      titles.push({
        type,
        id: t.id,
        title,
        originalTitle: t.original_title ?? t.original_name ?? title,
        year,
        imdbId: t.imdb_id ?? null,
      });
    }
  }
  return titles;
}

/** Titles no catalogue has. */
export const UNKNOWN_TITLES = Array.from(
  { length: 20 },
  (_, i) => `Qwxzv Unmade Picture Number ${String(i + 1)}`,
);

/** `YYYY-MM-DD` of day `n` of 2024 onward. */
export const dayOf = (n: number) => new Date(Date.UTC(2024, 0, 1 + n)).toISOString().slice(0, 10);

/** Non-Latin original titles: a title in its own script whose catalogue entry has it. */
export const isNonLatin = (s: string) => /[^\u0020-\u024f\u2000-\u206f]/.test(s);

/** What a generated file holds, for the tests' expectations. */
export interface Generated {
  text: string;
  /** Starter titles named, each once (duplicates and variants aside). */
  titles: StarterTitle[];
  /** Titles named with their year one off (still matched) or five off (uncertain). */
  yearOneOff: StarterTitle[];
  yearFarOff: StarterTitle[];
  /** Titles named in their own script. */
  nonLatin: StarterTitle[];
  rows: number;
}

/**
 * Letterboxd's diary.csv (`Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date`),
 * or watchlist.csv (`Date,Name,Year,Letterboxd URI`) with `watchlist`: the starter's movies,
 * 120 rewatches (diary), unknown titles, years off, own-script titles; with `brokenAt`, the
 * row at that position gets an unclosed quote.
 */
export function letterboxdFile(
  options: { watchlist?: boolean; brokenAt?: number } = {},
): Generated {
  const movies = starterTitles().filter((t) => t.type === 'movie');
  const nonLatin = movies.filter((t) => isNonLatin(t.originalTitle));
  const yearOneOff = movies.filter((t) => !isNonLatin(t.originalTitle)).slice(10, 20);
  const yearFarOff = movies.filter((t) => !isNonLatin(t.originalTitle)).slice(20, 25);
  const far = new Set(yearFarOff.map((t) => t.id));
  const named = movies.filter((t) => !far.has(t.id));
  const rows: string[][] = [];
  const uri = (i: number) => `https://boxd.it/${(1000 + i).toString(36)}`;
  const push = (name: string, year: number | string, i: number, rewatch = false) => {
    const date = dayOf(i % 600);
    rows.push(
      options.watchlist
        ? [date, name, String(year), uri(i)]
        : [
            date,
            name,
            String(year),
            uri(i),
            String((i % 10) / 2 + 0.5),
            rewatch ? 'Yes' : '',
            '',
            dayOf((i % 600) + 1),
          ],
    );
  };
  named.forEach((t, i) => {
    const oneOff = yearOneOff.includes(t);
    const own = nonLatin.includes(t);
    push(own ? t.originalTitle : t.title, oneOff ? t.year + 1 : t.year, i);
  });
  yearFarOff.forEach((t, i) => {
    push(t.title, t.year + 5, 500 + i);
  });
  UNKNOWN_TITLES.forEach((name, i) => {
    push(name, 2001 + i, 600 + i);
  });
  if (!options.watchlist) {
    for (let i = 0; i < 120; i++) {
      const t = named[(i * 7) % named.length];
      if (t)
        push(
          nonLatin.includes(t) ? t.originalTitle : t.title,
          yearOneOff.includes(t) ? t.year + 1 : t.year,
          700 + i,
          true,
        );
    }
  } else {
    // A watchlist names a title once; pad with the shows' names (Letterboxd lists films only,
    // so these are matched as movies or not at all) to pass 300 rows.
    for (const t of starterTitles().filter((s) => s.type === 'tv'))
      push(t.title, t.year, 800 + rows.length);
    while (rows.length < 300)
      push(`Qwxzv Padding Film ${String(rows.length)}`, 1990, 900 + rows.length);
  }
  const header = options.watchlist
    ? ['Date', 'Name', 'Year', 'Letterboxd URI']
    : ['Date', 'Name', 'Year', 'Letterboxd URI', 'Rating', 'Rewatch', 'Tags', 'Watched Date'];
  let text = stringify(rows, { header: true, columns: header });
  if (options.brokenAt !== undefined) {
    const lines = text.split('\n');
    lines[options.brokenAt] = `${dayOf(1)},"Unclosed quote,2001,${uri(1)}`;
    text = lines.join('\n');
  }
  return { text, titles: named, yearOneOff, yearFarOff, nonLatin, rows: rows.length };
}

/**
 * IMDb's ratings.csv (`Const,Your Rating,Date Rated,Title,Original Title,URL,Title Type,IMDb
 * Rating,Runtime (mins),Year,Genres,Num Votes,Release Date,Directors`): the starter's movies
 * with IMDb ids, its shows as 'TV Series' (no id the catalogue knows), unknown consts, and
 * episode ratings ('TV Episode', which the import cannot place).
 */
export function imdbRatingsFile(): Generated & { episodesRated: number } {
  const all = starterTitles();
  const withId = all.filter((t) => t.type === 'movie' && t.imdbId);
  const shows = all.filter((t) => t.type === 'tv');
  const rows: string[][] = [];
  const row = (c: string, title: string, type: string, year: number, i: number) => [
    c,
    String((i % 10) + 1),
    dayOf(i),
    title,
    title,
    `https://www.imdb.com/title/${c}/`,
    type,
    '7.5',
    '120',
    String(year),
    'Drama',
    '1000',
    `${String(year)}-05-01`,
    'Someone',
  ];
  withId.forEach((t, i) => rows.push(row(t.imdbId ?? '', t.title, 'Movie', t.year, i)));
  shows.forEach((t, i) =>
    rows.push(row(`tt99${String(100000 + i)}`, t.title, 'TV Series', t.year, 300 + i)),
  );
  UNKNOWN_TITLES.forEach((name, i) =>
    rows.push(row(`tt98${String(100000 + i)}`, name, 'Movie', 2001, 400 + i)),
  );
  let episodesRated = 0;
  while (rows.length < 300) {
    rows.push(
      row(
        `tt97${String(100000 + rows.length)}`,
        `Episode #1.${String(rows.length)}`,
        'TV Episode',
        2010,
        500 + rows.length,
      ),
    );
    episodesRated += 1;
  }
  const text = stringify(rows, {
    header: true,
    columns: [
      'Const',
      'Your Rating',
      'Date Rated',
      'Title',
      'Original Title',
      'URL',
      'Title Type',
      'IMDb Rating',
      'Runtime (mins)',
      'Year',
      'Genres',
      'Num Votes',
      'Release Date',
      'Directors',
    ],
  });
  return {
    text,
    titles: [...withId, ...shows],
    yearOneOff: [],
    yearFarOff: [],
    nonLatin: [],
    rows: rows.length,
    episodesRated,
  };
}

/**
 * Trakt's history.json: every starter movie watched (TMDB and IMDb ids), twice for some, and
 * the first three episodes of season 1 of every show, each its own item; plus items whose ids
 * no catalogue has.
 */
export function traktHistoryFile(): Generated & { episodes: Map<number, number> } {
  const all = starterTitles();
  const items: unknown[] = [];
  let id = 1;
  const ids = (t: StarterTitle) => ({
    trakt: 10_000 + t.id,
    slug: `slug-${String(t.id)}`,
    imdb: t.imdbId,
    tmdb: t.id,
  });
  const movies = all.filter((t) => t.type === 'movie');
  const shows = all.filter((t) => t.type === 'tv');
  movies.forEach((t, i) => {
    for (let n = 0; n < (i % 5 === 0 ? 2 : 1); n++) {
      items.push({
        id: id++,
        watched_at: `${dayOf(i + n * 30)}T20:00:00.000Z`,
        action: 'watch',
        type: 'movie',
        movie: { title: t.title, year: t.year, ids: ids(t) },
      });
    }
  });
  const episodes = new Map<number, number>();
  shows.forEach((t, i) => {
    for (let e = 1; e <= 3; e++) {
      items.push({
        id: id++,
        watched_at: `${dayOf(i + e)}T21:00:00.000Z`,
        action: 'scrobble',
        type: 'episode',
        episode: { season: 1, number: e, title: `Episode ${String(e)}`, ids: { trakt: id } },
        show: { title: t.title, year: t.year, ids: ids(t) },
      });
    }
    episodes.set(t.id, 3);
  });
  UNKNOWN_TITLES.forEach((name, i) => {
    items.push({
      id: id++,
      watched_at: `${dayOf(i)}T10:00:00.000Z`,
      action: 'watch',
      type: 'movie',
      movie: {
        title: name,
        year: 2001,
        ids: { trakt: 1, slug: 'x', imdb: null, tmdb: 990_000_000 + i },
      },
    });
  });
  return {
    text: JSON.stringify(items, null, 2),
    titles: [...movies, ...shows],
    yearOneOff: [],
    yearFarOff: [],
    nonLatin: [],
    rows: items.length,
    episodes,
  };
}
