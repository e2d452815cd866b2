/**
 * A local HTTP server that speaks TMDB v3 for the tests: the calls the TMDB source makes
 * (details with `release_dates` or `content_ratings` appended, discover with TMDB's
 * certification filters for movies), in TMDB's documented answer shapes (over the hand-written records of tmdb-standin-data.ts and
 * their variants in tmdb-standin-variants.ts), TMDB's error bodies (401, 404, 429), and failure
 * modes (down, hang). It counts every request it receives.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { standinTitles, type Title } from './tmdb-standin-data.ts';
import { buildVariants, type Variants } from './tmdb-standin-variants.ts';

/** Parts of a details answer TMDB sends only when `append_to_response` names them. */
const APPENDABLE = ['credits', 'videos', 'external_ids', 'release_dates', 'content_ratings'];

/**
 * TMDB's order of the US film certifications (`/certification/movie/list`), which discover's
 * `certification.lte` and `certification.gte` compare: 'NR' comes first, below 'G'.
 */
const US_MOVIE_ORDER: Readonly<Record<string, number>> = {
  NR: 0,
  G: 1,
  PG: 2,
  'PG-13': 3,
  R: 4,
  'NC-17': 5,
};

/**
 * Whether movie `t` passes discover's certification filters of `params`: with
 * `certification_country`, a movie passes when one of its releases there is rated `certification`
 * (any of '|'-separated ones), or within `certification.gte` and `certification.lte` in TMDB's
 * order of that country's ratings (the US ones here); a movie not rated there never passes.
 */
function passesCertification(t: Title, params: URLSearchParams): boolean {
  const country = params.get('certification_country');
  if (!country) return true;
  const releases = ((t.details.release_dates as { results?: unknown[] } | undefined)?.results ??
    []) as { iso_3166_1: string; release_dates: { certification: string }[] }[];
  const rated = releases
    .filter((r) => r.iso_3166_1 === country.toUpperCase())
    .flatMap((r) => r.release_dates.map((d) => d.certification))
    .filter((c) => c !== '');
  const exact = params.get('certification');
  const lte = params.get('certification.lte');
  const gte = params.get('certification.gte');
  return rated.some((c) => {
    const order = US_MOVIE_ORDER[c];
    if (exact !== null && !exact.split('|').includes(c)) return false;
    if (order === undefined) return lte === null && gte === null;
    if (lte !== null && order > (US_MOVIE_ORDER[lte] ?? -1)) return false;
    if (gte !== null && order < (US_MOVIE_ORDER[gte] ?? Infinity)) return false;
    return true;
  });
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
  /** Every title it answers: the records first, then the variants' titles. */
  titles: Title[];
  /** Titles and list items in the unusual shapes real TMDB answers have. */
  variants: Variants;
  close(): Promise<void>;
}

const PAGE = 20;

/** Starts the stand-in on 127.0.0.1 with the given v4 read access token. */
export async function startTmdbStandin(token: string): Promise<TmdbStandin> {
  const records = standinTitles();
  const variants = buildVariants(records);
  const titles = [...records, ...variants.titles.map((v) => v.title), variants.untitled];
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
  /**
   * A page of `items`; page 1 of a row also carries the row's list-only variants. Only
   * trending items say their `media_type`, as on TMDB.
   */
  const pageOf = (
    res: ServerResponse,
    items: Title[],
    page: number,
    row?: { name: 'trending' | 'popular'; type: string | undefined },
  ) => {
    const extra =
      row && page === 1
        ? variants.listOnly
            .filter((v) => v.type === row.type && v.rows.includes(row.name))
            .map((v) => v.item)
        : [];
    send(res, 200, {
      page,
      results: [
        ...extra,
        ...items
          .slice((page - 1) * PAGE, page * PAGE)
          .map((t) => (row?.name === 'trending' ? { ...t.list, media_type: t.type } : t.list)),
      ],
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
    variants,
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
      pageOf(res, byType(second), page, { name: 'trending', type: second });
      return;
    }
    if ((first === 'movie' || first === 'tv') && second === 'popular') {
      pageOf(res, byType(first), page, { name: 'popular', type: first });
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
      // TMDB's filter: ids joined by '|' are any of them, by ',' all of them; no ids, any title.
      const providers = url.searchParams.get('with_watch_providers');
      const wanted = (providers ?? '').split('|').map((all) => all.split(',').map(Number));
      const region = (url.searchParams.get('watch_region') ?? 'US').toUpperCase();
      const offered = (t: Title) =>
        new Set((t.providers.results[region]?.flatrate ?? []).map((o) => o.provider_id));
      pageOf(
        res,
        byType(second).filter(
          (t) =>
            (providers === null || wanted.some((all) => all.every((id) => offered(t).has(id)))) &&
            // Discover filters by certification for movies only; TV ignores the parameters.
            (second !== 'movie' || passesCertification(t, url.searchParams)),
        ),
        page,
      );
      return;
    }
    if ((first === 'movie' || first === 'tv') && second && /^\d+$/.test(second)) {
      const title = titles.find((t) => t.type === first && Number(t.list.id) === Number(second));
      if (!title) {
        notFound(res);
        return;
      }
      if (third === undefined) {
        const asked = (url.searchParams.get('append_to_response') ?? '').split(',');
        send(res, 200, {
          ...Object.fromEntries(
            Object.entries(title.details).filter(
              ([key]) => !APPENDABLE.includes(key) || asked.includes(key),
            ),
          ),
          ...(asked.includes('watch/providers')
            ? { 'watch/providers': { results: title.providers.results } }
            : {}),
        });
        return;
      }
      if (third === 'watch' && fourth === 'providers') {
        send(res, 200, title.providers);
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
