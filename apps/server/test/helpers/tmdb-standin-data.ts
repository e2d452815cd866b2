/**
 * TMDB-shaped records for the TMDB stand-in, built at test time from the movnix dumps in
 * ../shared/data (raw TMDB records in camelCase): list items, details with credits and videos,
 * and seasons, as TMDB v3 documents them.
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const SHARED_DATA = path.resolve(
  process.env.PIGO_SHARED_DATA ??
    fileURLToPath(new URL('../../../../../shared/data', import.meta.url)),
);

export type Json = Record<string, unknown>;
export interface Title {
  type: 'movie' | 'tv';
  list: Json;
  details: Json;
  seasons: Json[];
  providers: Record<string, string[]>;
}

export async function firstLines(
  file: string,
  count: number,
  keep: (row: Json) => boolean,
): Promise<Json[]> {
  const rows: Json[] = [];
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Infinity });
  for await (const line of lines) {
    const row = JSON.parse(line) as Json;
    if (keep(row)) rows.push(row);
    if (rows.length >= count) break;
  }
  lines.close();
  return rows;
}

type Credit = {
  tmdbPersonId: number;
  name: string;
  profilePath: string | null;
  character: string | null;
  job: string | null;
  department: string | null;
  order: number | null;
};

function credits(rows: Credit[], withCastId: boolean): Json {
  const cast = rows
    .filter((c) => c.department === 'Acting' || c.character)
    .map((c, i) => ({
      adult: false,
      gender: 0,
      id: c.tmdbPersonId,
      known_for_department: 'Acting',
      name: c.name,
      original_name: c.name,
      popularity: 1.5,
      profile_path: c.profilePath,
      ...(withCastId ? { cast_id: i + 10 } : {}),
      character: c.character ?? '',
      credit_id: `credit${c.tmdbPersonId}${i}`,
      order: c.order ?? i,
    }));
  const crew = rows
    .filter((c) => c.job && c.department !== 'Acting')
    .map((c) => ({
      adult: false,
      gender: 0,
      id: c.tmdbPersonId,
      name: c.name,
      profile_path: c.profilePath,
      department: c.department,
      job: c.job,
      credit_id: `crew${c.tmdbPersonId}`,
    }));
  return { cast, crew };
}

function providersOf(row: Json): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  const wp = (row.watchProviders ?? {}) as Record<string, { flatrate?: { name: string }[] }>;
  for (const [region, offers] of Object.entries(wp)) {
    out[region.toUpperCase()] = (offers.flatrate ?? []).map((o) => o.name.toLowerCase());
  }
  return out;
}

export function movieTitle(row: Json): Title {
  const m = row.movie as Json;
  const genres = (row.genres as { tmdbId: number; name: string }[]).map((g) => ({
    id: g.tmdbId,
    name: g.name,
  }));
  const list = {
    adult: false,
    backdrop_path: m.backdropPath,
    genre_ids: genres.map((g) => g.id),
    id: m.tmdbId,
    original_language: 'en',
    original_title: m.originalTitle,
    overview: m.overview,
    popularity: m.popularity,
    poster_path: m.posterPath,
    release_date: m.releaseDate,
    title: m.title,
    video: false,
    vote_average: m.voteAverage,
    vote_count: m.voteCount,
  };
  const videos = ((row.videos ?? []) as Json[]).map((v, i) => ({
    iso_639_1: 'en',
    iso_3166_1: 'US',
    ...v,
    official: true,
    published_at: '2020-01-01T00:00:00.000Z',
    id: `v${i}`,
  }));
  const details = {
    ...list,
    genres,
    belongs_to_collection: null,
    budget: Number(m.budget ?? 0),
    homepage: m.homepage ?? '',
    imdb_id: m.imdbId,
    production_companies: [],
    revenue: Number(m.revenue ?? 0),
    runtime: m.runtime,
    spoken_languages: [{ english_name: 'English', iso_639_1: 'en', name: 'English' }],
    status: m.status ?? 'Released',
    tagline: '',
    credits: credits(row.credits as Credit[], true),
    videos: { results: videos },
  };
  return { type: 'movie', list, details, seasons: [], providers: providersOf(row) };
}

export function showTitle(row: Json): Title {
  const s = row.tvShow as Json;
  const genres = (row.genres as { tmdbId: number; name: string }[]).map((g) => ({
    id: g.tmdbId,
    name: g.name,
  }));
  const seasons = (row.seasons ?? []) as Json[];
  const list = {
    adult: false,
    backdrop_path: s.backdropPath,
    genre_ids: genres.map((g) => g.id),
    id: s.tmdbId,
    origin_country: ['US'],
    original_language: 'en',
    original_name: s.originalName,
    overview: s.overview,
    popularity: s.popularity,
    poster_path: s.posterPath,
    first_air_date: s.firstAirDate,
    name: s.name,
    vote_average: s.voteAverage,
    vote_count: s.voteCount,
  };
  const regular = seasons.filter((x) => Number(x.season_number) > 0);
  const details = {
    ...list,
    genres,
    created_by: [],
    episode_run_time: [],
    homepage: '',
    in_production: false,
    last_air_date: s.lastAirDate,
    number_of_episodes: regular.reduce(
      (n, x) => n + ((x.episodes as unknown[] | undefined)?.length ?? 0),
      0,
    ),
    number_of_seasons: regular.length,
    seasons: seasons.map((x) => ({
      air_date: x.air_date,
      episode_count: (x.episodes as unknown[] | undefined)?.length ?? 0,
      id: x.id,
      name: x.name,
      overview: x.overview,
      poster_path: x.poster_path,
      season_number: x.season_number,
      vote_average: x.vote_average,
    })),
    spoken_languages: [{ english_name: 'English', iso_639_1: 'en', name: 'English' }],
    status: s.status,
    tagline: '',
    type: s.type,
    credits: credits(row.credits as Credit[], false),
    videos: { results: [] },
  };
  return { type: 'tv', list, details, seasons, providers: providersOf(row) };
}
