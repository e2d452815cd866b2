/**
 * A local HTTP server that speaks TMDB v3 for the tests: the calls the TMDB source makes, in
 * TMDB's documented answer shapes (built at test time from the movnix dumps in ../shared/data,
 * which hold raw TMDB records), TMDB's error bodies (401, 404, 429), and failure modes (down,
 * hang). It counts every request it receives.
 */
import { createReadStream } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

export const SHARED_DATA = path.resolve(
  process.env.PIGO_SHARED_DATA ??
    fileURLToPath(new URL('../../../../../shared/data', import.meta.url)),
);

type Json = Record<string, unknown>;
interface Title {
  type: 'movie' | 'tv';
  list: Json;
  details: Json;
  seasons: Json[];
  providers: Record<string, string[]>;
}

/** Provider ids of the fixed list and the display names TMDB gives them (discover filter). */
const PROVIDER_NAMES: Record<number, string[]> = {
  8: ['netflix'],
  9: ['amazon prime video'],
  337: ['disney plus', 'disney+'],
  350: ['apple tv plus', 'apple tv+', 'apple tv'],
  15: ['hulu'],
  531: ['paramount plus', 'paramount+'],
  1825: ['max', 'hbo max'],
};

async function firstLines(
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

function movieTitle(row: Json): Title {
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

function showTitle(row: Json): Title {
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

export interface TmdbStandin {
  url: string;
  /** Every request received: path and query, and when (epoch ms). */
  requests: { url: string; at: number }[];
  /** `ok`, `down` (500 to everything), `hang` (never answers). */
  mode: 'ok' | 'down' | 'hang';
  /** The next N requests get 429 with `Retry-After: retryAfterSeconds`. */
  rateLimitNext: number;
  retryAfterSeconds: number;
  /** Answers every request this many ms late. */
  delayMs: number;
  titles: Title[];
  close(): Promise<void>;
}

const PAGE = 20;

/** Starts the stand-in on 127.0.0.1 with the given v4 read access token. */
export async function startTmdbStandin(token: string): Promise<TmdbStandin> {
  const movies = (
    await firstLines(
      path.join(SHARED_DATA, 'movies/movnix_movies_watchproviders.jsonl'),
      60,
      () => true,
    )
  ).map(movieTitle);
  const shows = (
    await firstLines(path.join(SHARED_DATA, 'tv/movnix_tv_seasons_episodes.jsonl'), 30, (r) =>
      Boolean((r.tvShow as Json).name),
    )
  ).map(showTitle);
  const titles = [...movies, ...shows];
  const hanging: ServerResponse[] = [];

  const send = (
    res: ServerResponse,
    status: number,
    body: unknown,
    headers: Record<string, string> = {},
  ) => {
    res.writeHead(status, { 'content-type': 'application/json;charset=utf-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const notFound = (res: ServerResponse) => {
    send(res, 404, {
      success: false,
      status_code: 34,
      status_message: 'The resource you requested could not be found.',
    });
  };
  const pageOf = (res: ServerResponse, items: Title[], page: number) => {
    send(res, 200, {
      page,
      results: items
        .slice((page - 1) * PAGE, page * PAGE)
        .map((t) => ({ ...t.list, media_type: t.type })),
      total_pages: Math.ceil(items.length / PAGE),
      total_results: items.length,
    });
  };

  const standin: TmdbStandin = {
    url: '',
    requests: [],
    mode: 'ok',
    rateLimitNext: 0,
    retryAfterSeconds: 1,
    delayMs: 0,
    titles,
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://standin');
    standin.requests.push({ url: `${url.pathname}${url.search}`, at: Date.now() });
    if (standin.mode === 'hang') {
      hanging.push(res);
      return;
    }
    if (
      req.headers.authorization !== `Bearer ${token}` &&
      url.searchParams.get('api_key') !== token
    ) {
      send(res, 401, {
        success: false,
        status_code: 7,
        status_message: 'Invalid API key: You must be granted a valid key.',
      });
      return;
    }
    if (standin.rateLimitNext > 0) {
      standin.rateLimitNext--;
      send(
        res,
        429,
        {
          success: false,
          status_code: 25,
          status_message: 'Your request count (#) is over the allowed limit of (40).',
        },
        { 'retry-after': String(standin.retryAfterSeconds) },
      );
      return;
    }
    if (standin.mode === 'down') {
      send(res, 500, {
        success: false,
        status_code: 11,
        status_message: 'Internal error: Something went wrong, contact TMDB.',
      });
      return;
    }
    const page = Number(url.searchParams.get('page') ?? '1');
    const parts = url.pathname.replace(/^\/3\//, '').split('/');
    const byType = (type: string | undefined) =>
      titles
        .filter((t) => t.type === type)
        .sort((a, b) => Number(b.list.popularity) - Number(a.list.popularity));
    const [first, second, third, fourth] = parts;
    if (first === 'trending' && third === 'week') {
      pageOf(res, byType(second), page);
      return;
    }
    if ((first === 'movie' || first === 'tv') && second === 'popular') {
      pageOf(res, byType(first), page);
      return;
    }
    if (first === 'search') {
      const q = (url.searchParams.get('query') ?? '').toLowerCase();
      pageOf(
        res,
        byType(second).filter((t) =>
          String(t.list.title ?? t.list.name)
            .toLowerCase()
            .includes(q),
        ),
        page,
      );
      return;
    }
    if (first === 'discover') {
      const names = PROVIDER_NAMES[Number(url.searchParams.get('with_watch_providers'))] ?? [];
      const region = (url.searchParams.get('watch_region') ?? 'US').toUpperCase();
      pageOf(
        res,
        byType(second).filter((t) => (t.providers[region] ?? []).some((n) => names.includes(n))),
        page,
      );
      return;
    }
    if ((first === 'movie' || first === 'tv') && second && /^\d+$/.test(second)) {
      const title = titles.find((t) => t.type === first && t.list.id === Number(second));
      if (!title) {
        notFound(res);
        return;
      }
      if (third === undefined) {
        send(res, 200, title.details);
        return;
      }
      if (first === 'tv' && third === 'season' && fourth) {
        const season = title.seasons.find((s) => s.season_number === Number(fourth));
        if (season) send(res, 200, season);
        else notFound(res);
        return;
      }
    }
    notFound(res);
  };

  const server = createServer((req, res) => {
    if (standin.delayMs > 0)
      setTimeout(() => {
        handle(req, res);
      }, standin.delayMs);
    else handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standin.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/3`;
  return standin;
}
