/**
 * Loads the starter catalogue (apps/server/catalogue/*.json) into an empty database on first
 * start. Season and episode ids, which the files leave out, are derived from the show id and
 * numbers so they stay the same on every load. Later starts give the starter titles the
 * ratings the files hold where the database has none (a data directory seeded before ratings
 * existed; PROFILE-7 in docs/requirements.md).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { genreFromName } from '@pigostream/contracts';
import type { Database, MediaType } from '@pigostream/db';
import { languageFromCode, languageFromEnglishName } from '../../lib/languages.ts';
import { SERVER_ROOT } from '../../server-root.ts';
import { analyzeCatalogue, isCatalogueEmpty } from './catalogue.repository.ts';
import {
  analyzeAnime,
  writeAnime,
  type AnimeLinkRow,
  type AnimeRow,
  type RelationRow,
} from '../anime/index.ts';
import { rateUnratedTitles, writeTitles, type TitleRecord } from './catalogue-writer.repository.ts';
import { ratingOf } from './importers/common.ts';
import {
  starterAnimeSchema,
  starterMovieSchema,
  starterShowSchema,
  type StarterMovie,
  type StarterShow,
} from './starter.schema.ts';

/** apps/server/catalogue: the starter catalogue's files. */
export const STARTER_DIR = path.join(SERVER_ROOT, 'catalogue');

/** Stable synthetic id in [1e9, 2e9) for records the files give no id. */
export function syntheticId(key: string): number {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return 1_000_000_000 + ((h >>> 0) % 1_000_000_000);
}

function spoken(names: string[], originalLanguage: string) {
  const list = names.map(languageFromEnglishName);
  return list.length > 0 ? list : [languageFromCode(originalLanguage)];
}

function movieRecord(m: StarterMovie): TitleRecord {
  return {
    title: {
      mediaType: 'movie',
      id: m.id,
      title: m.title,
      originalTitle: m.original_title,
      originalLanguage: m.original_language,
      overview: m.overview,
      tagline: m.tagline ?? null,
      releaseDate: m.release_date,
      runtime: m.runtime,
      voteAverage: m.vote_average,
      voteCount: m.vote_count,
      popularity: m.popularity,
      imdbId: m.imdb_id ?? null,
      trailerKey: m.trailer_key ?? null,
      genres: m.genres.map((g) => genreFromName(g, 'movie')),
      spokenLanguages: spoken(m.spoken_languages, m.original_language),
      ...ratingOf(m.certification),
    },
    cast: m.cast.map((c) => ({ name: c.name, character: c.character ?? null })),
    crew: [
      ...m.directors.map((name) => ({ name, job: 'Director', department: 'Directing' })),
      ...(m.crew ?? []),
    ],
    providers: m.providers.map((p) => ({ providerId: p.id, region: p.region })),
  };
}

function showRecord(s: StarterShow): TitleRecord {
  const seasons = (s.seasons ?? []).map((season) => ({
    seasonNumber: season.season_number,
    id: syntheticId(`tv-${s.id}-s${season.season_number}`),
    name: season.name,
    overview: season.overview ?? null,
    airDate: season.air_date,
    episodeCount: season.episodes.length,
    episodes: season.episodes.map((e) => ({
      seasonNumber: season.season_number,
      episodeNumber: e.episode_number,
      id: syntheticId(`tv-${s.id}-s${season.season_number}e${e.episode_number}`),
      name: e.name,
      overview: e.overview ?? null,
      airDate: e.air_date,
      runtime: e.runtime ?? s.episode_run_time ?? null,
    })),
  }));
  const regular = seasons.filter((x) => x.seasonNumber > 0);
  return {
    title: {
      mediaType: 'tv',
      id: s.id,
      title: s.name,
      originalTitle: s.original_name,
      originalLanguage: s.original_language,
      overview: s.overview,
      tagline: s.tagline ?? null,
      releaseDate: s.first_air_date,
      lastAirDate: s.last_air_date ?? null,
      status: s.status ?? null,
      episodeRunTime: s.episode_run_time ?? null,
      numberOfEpisodes: s.number_of_episodes ?? regular.reduce((n, x) => n + x.episodeCount, 0),
      numberOfSeasons: regular.length > 0 ? regular.length : null,
      voteAverage: s.vote_average,
      voteCount: s.vote_count,
      popularity: s.popularity,
      trailerKey: s.trailer_key ?? null,
      genres: s.genres.map((g) => genreFromName(g, 'tv')),
      spokenLanguages: spoken(s.spoken_languages, s.original_language),
      createdBy: s.created_by.map((name) => ({ id: null, name })),
      ...ratingOf(s.certification),
    },
    cast: s.cast.map((c) => ({ name: c.name, character: c.character ?? null })),
    crew: s.crew ?? [],
    providers: s.providers.map((p) => ({ providerId: p.id, region: p.region })),
    seasons,
  };
}

function readArray(file: string): unknown[] {
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Array.isArray(parsed)) throw new Error(`${file}: expected a JSON array`);
  return parsed;
}

function parseAll<T>(schema: z.ZodType<T>, items: unknown[], file: string): T[] {
  return items.map((item, index) => {
    const result = schema.safeParse(item);
    if (!result.success) {
      throw new Error(`${path.basename(file)} entry ${index}: ${z.prettifyError(result.error)}`);
    }
    return result.data;
  });
}

/** Merges records that share a title: the first wins, providers are united. */
function mergeDuplicates(records: TitleRecord[]): TitleRecord[] {
  const byKey = new Map<string, TitleRecord>();
  for (const record of records) {
    const key = `${record.title.mediaType}:${record.title.id}`;
    const existing = byKey.get(key);
    if (!existing) byKey.set(key, record);
    else existing.providers = [...(existing.providers ?? []), ...(record.providers ?? [])];
  }
  return [...byKey.values()];
}

export interface StarterCatalogue {
  titles: TitleRecord[];
  anime: AnimeRow[];
  relations: RelationRow[];
  links: AnimeLinkRow[];
}

/**
 * Reads and validates every starter file.
 * @throws Error naming the file and entry of the first invalid record.
 */
export function readStarterCatalogue(dir = STARTER_DIR): StarterCatalogue {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  const titles: TitleRecord[] = [];
  const anime: AnimeRow[] = [];
  const relations: RelationRow[] = [];
  const links: AnimeLinkRow[] = [];
  for (const name of files) {
    const file = path.join(dir, name);
    const items = readArray(file);
    if (name.startsWith('movies'))
      titles.push(...parseAll(starterMovieSchema, items, file).map(movieRecord));
    else if (name.startsWith('shows'))
      titles.push(...parseAll(starterShowSchema, items, file).map(showRecord));
    else if (name.startsWith('anime')) {
      for (const franchise of parseAll(starterAnimeSchema, items, file)) {
        for (const t of franchise.titles)
          titles.push(t.media_type === 'movie' ? movieRecord(t) : showRecord(t));
        for (const e of franchise.entries) {
          anime.push({
            id: e.id,
            titleEnglish: e.title.english,
            titleRomaji: e.title.romaji,
            type: e.type,
            format: e.format,
            episodes: e.episodes,
            duration: e.duration ?? null,
            startYear: e.startDate.year,
            startMonth: e.startDate.month,
            startDay: e.startDate.day,
            description: e.description ?? null,
          });
          for (const r of e.relations)
            relations.push({ mediaId: e.id, nodeId: r.id, relationType: r.relationType });
        }
        for (const l of franchise.links) {
          for (const anilistId of l.anilist_ids)
            links.push({ mediaType: l.media_type, tmdbId: l.tmdb_id, anilistId });
        }
      }
    }
  }
  return { titles: mergeDuplicates(titles), anime, relations, links };
}

/** Counts of what a load of the starter catalogue added. */
export interface StarterCounts {
  titles: number;
  episodes: number;
  anime: number;
}

/**
 * Writes the starter catalogue (merge-upsert, as the importers do: a second load adds nothing),
 * whatever the catalogue holds already: `pigo import starter`.
 * @returns counts of what was added.
 */
export async function writeStarterCatalogue(
  db: Database,
  dir = STARTER_DIR,
): Promise<StarterCounts> {
  const starter = readStarterCatalogue(dir);
  const written = await writeTitles(db, starter.titles);
  const anime = await writeAnime(db, starter.anime, starter.relations, starter.links);
  await analyzeCatalogue(db);
  await analyzeAnime(db);
  return {
    titles: written.titles.added,
    episodes: written.episodes.added,
    anime: anime.entries.added,
  };
}

/** A starter title's rating as its file gives it: `[media type, TMDB id, certification]`. */
export type StarterRating = [MediaType, number, string];

const ratedEntry = z.object({ id: z.number(), certification: z.string().trim().min(1) });
const ratedAnimeTitle = ratedEntry.extend({ media_type: z.enum(['movie', 'tv']) });

/**
 * The certifications of the starter files' movies and shows (anime franchises' titles
 * included), read without the full validation a load does, for {@link rateStarterTitles}.
 * Entries without a certification are left out.
 * @throws Error when a file is not a JSON array.
 */
export function readStarterRatings(dir = STARTER_DIR): StarterRating[] {
  const out: StarterRating[] = [];
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  for (const name of files) {
    const items = readArray(path.join(dir, name));
    const type = name.startsWith('movies') ? 'movie' : name.startsWith('shows') ? 'tv' : null;
    for (const item of items) {
      if (type) {
        const entry = ratedEntry.safeParse(item);
        if (entry.success) out.push([type, entry.data.id, entry.data.certification]);
      } else if (name.startsWith('anime')) {
        const titlesOf = z.object({ titles: z.array(z.unknown()) }).safeParse(item);
        for (const title of titlesOf.success ? titlesOf.data.titles : []) {
          const entry = ratedAnimeTitle.safeParse(title);
          if (entry.success) {
            out.push([entry.data.media_type, entry.data.id, entry.data.certification]);
          }
        }
      }
    }
  }
  return out;
}

/**
 * Gives the starter titles in the catalogue the ratings of the starter files where the
 * catalogue knows no age for them (PROFILE-7 in docs/requirements.md; `rateUnratedTitles`:
 * every title that has no certification, and one whose certification names no age ('NR') when
 * the file's does). A title an import rated keeps its rating. One statement; after the first
 * start that needed it, it changes nothing.
 * @returns how many titles were rated.
 * @throws the database's errors.
 */
export async function rateStarterTitles(db: Database, dir = STARTER_DIR): Promise<number> {
  return rateUnratedTitles(db, readStarterRatings(dir));
}

/**
 * Writes the starter catalogue when the catalogue is empty (a new server's first start); on a
 * catalogue that has titles, rates the starter titles that have no rating yet
 * ({@link rateStarterTitles}: an upgrade of a data directory seeded before ratings existed).
 * @returns counts of what was written, or null when the catalogue already had titles.
 */
export async function seedIfEmpty(db: Database, dir = STARTER_DIR): Promise<StarterCounts | null> {
  if (!(await isCatalogueEmpty(db))) {
    await rateStarterTitles(db, dir);
    return null;
  }
  return writeStarterCatalogue(db, dir);
}
