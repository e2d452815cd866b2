/**
 * The catalogue answered from TMDB v3 (CATALOG_SOURCE=tmdb): the same CatalogueSource calls as
 * the local source, through the shared cache with a freshness suited to each call. Under a kids'
 * profile's rating limit (PROFILE-7 in docs/requirements.md) movie rows come from TMDB's
 * discover filtered by US certification, and the other lists (TV rows, search; TMDB's discover
 * filters TV by no rating) keep the titles whose rating, from their cached details, is within
 * the limit: such a page can be shorter than 20.
 */
import type { z } from 'zod';
import {
  ratingAgeOf,
  withinCeiling,
  type EpisodeSummary,
  type MediaPage,
  type MediaType,
  type RatingCeiling,
} from '@pigostream/contracts';
import { readLeniently, UnreadableAnswerError } from '../../../lib/lenient.ts';
import type { CachedLoader } from '../../../lib/shared-cache.ts';
import { reportDrift, type DriftLog } from '../../../lib/upstream-drift.ts';
import { NotFoundError, type CatalogueSource } from '../catalogue.source.ts';
import { UnexpectedAnswerError } from '../upstream-error.ts';
import type { TmdbGet } from './tmdb.client.ts';
import { toDetails, toPage, toSeason } from './tmdb.mapper.ts';
import { tmdbDetailsSchema, tmdbPageSchema, tmdbSeasonSchema } from './tmdb.schemas.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** How long each kind of answer counts as fresh, in ms. */
export const FRESH_MS = {
  trending: 10 * MINUTE_MS,
  popular: 30 * MINUTE_MS,
  search: 5 * MINUTE_MS,
  discover: 30 * MINUTE_MS,
  details: 6 * HOUR_MS,
  season: 6 * HOUR_MS,
} as const;

/**
 * The US film certification TMDB's discover is asked for, as `certification.lte`, under a
 * rating limit of `maxAge` (0 to 18, DEC-31 in docs/decisions.md): the oldest MPAA rating whose
 * age is within it (under 10 'G', under 13 'PG', under 17 'PG-13', 17 'R', 18 'NC-17').
 */
export function usCertificationFor(maxAge: number): string {
  if (maxAge >= 18) return 'NC-17';
  if (maxAge >= 17) return 'R';
  if (maxAge >= 13) return 'PG-13';
  if (maxAge >= 10) return 'PG';
  return 'G';
}

/** What a details call's failure means for a list: a title TMDB lost or garbled is left out. */
function isGone(error: unknown): boolean {
  return error instanceof NotFoundError || error instanceof UnexpectedAnswerError;
}

/**
 * Builds the TMDB source over a client and a cache. Answers are read leniently
 * (tmdb.schemas.ts): unreadable fields are dropped and list items without an id or title
 * skipped, each logged once per field and call through `log`; an answer whose own id or title
 * cannot be read is a 502 'The catalogue service sent an unexpected answer.'.
 */
export function createTmdbSource(
  get: TmdbGet,
  loader: CachedLoader,
  log: DriftLog = () => undefined,
): CatalogueSource {
  /** GETs `path` and reads the answer with `schema`, reporting what was dropped. */
  async function read<T>(
    schema: z.ZodType<T>,
    path: string,
    params: Record<string, string | number> = {},
  ): Promise<T> {
    const answer = await get(path, params);
    try {
      const { value, problems } = readLeniently(schema, answer);
      reportDrift(log, 'tmdb', path, problems);
      return value;
    } catch (error) {
      if (!(error instanceof UnreadableAnswerError)) throw error;
      reportDrift(log, 'tmdb', path, [error.problem]);
      throw new UnexpectedAnswerError();
    }
  }

  const page = (
    key: string,
    fresh: number,
    type: MediaType,
    path: string,
    params: Record<string, string | number> & { page: number },
  ) =>
    loader
      .load(key, fresh, () => read(tmdbPageSchema(type), path, params))
      .then((answer) => toPage(answer, type, params.page));

  const season = async (showId: number, seasonNumber: number) =>
    toSeason(
      await loader.load(`season:${String(showId)}:${String(seasonNumber)}`, FRESH_MS.season, () =>
        read(tmdbSeasonSchema, `tv/${String(showId)}/season/${String(seasonNumber)}`),
      ),
      showId,
    );

  // The ratings (PROFILE-7) come appended; the key says so, so that a shared cache's entries
  // from before ratings were asked for are not taken for answers without any.
  const details = async (type: MediaType, id: number) =>
    toDetails(
      await loader.load(`details:${type}:${String(id)}:rated`, FRESH_MS.details, () =>
        read(tmdbDetailsSchema(type), `${type}/${String(id)}`, {
          append_to_response: `credits,videos,${type === 'movie' ? 'release_dates' : 'content_ratings'}`,
        }),
      ),
      type,
    );

  /** Details of `id`, or undefined when TMDB no longer has it or its answer is unusable. */
  const detailsIfAny = (type: MediaType, id: number) =>
    details(type, id).then(
      (d) => d,
      (error: unknown) => {
        if (isGone(error)) return undefined;
        throw error;
      },
    );

  /**
   * `answer` with only the titles within `ceiling`, each judged by the certification of its
   * cached details (fetched in parallel the first time); the page keeps TMDB's counts, so it can
   * be shorter than 20 and its totals are an upper bound.
   */
  const keepWithin = async (
    type: MediaType,
    answer: MediaPage,
    ceiling: RatingCeiling | undefined,
  ): Promise<MediaPage> => {
    if (!ceiling) return answer;
    const fits = await Promise.all(
      answer.results.map(async (item) => {
        const d = await detailsIfAny(type, item.id);
        return d !== undefined && withinCeiling(ratingAgeOf(d.certification), ceiling);
      }),
    );
    return { ...answer, results: answer.results.filter((_, i) => fits[i]) };
  };

  /**
   * Movies within `ceiling` from `discover/movie` (TMDB filters by US certification there, for
   * movies only), by popularity, with `extra` filters (a provider). TMDB orders the US 'NR' below
   * 'G', so unrated films are kept out with `certification.gte=G` unless the profile shows them;
   * films with no US certification at all are never in these rows.
   */
  const ratedMovies = (
    keyPart: string,
    ceiling: RatingCeiling,
    p: number,
    extra: Record<string, string | number> = {},
  ) => {
    const lte = usCertificationFor(ceiling.maxAge);
    return page(
      `discover:movie:${keyPart}:rated:${lte}:${ceiling.unrated ? 'unrated' : 'G'}:${String(p)}`,
      FRESH_MS.discover,
      'movie',
      'discover/movie',
      {
        ...extra,
        certification_country: 'US',
        'certification.lte': lte,
        ...(ceiling.unrated ? {} : { 'certification.gte': 'G' }),
        sort_by: 'popularity.desc',
        page: p,
      },
    );
  };

  return {
    // Under a limit, movies trend as they rank in popularity: discover has no trending order.
    trending: async (type, p, ceiling) =>
      ceiling && type === 'movie'
        ? ratedMovies('all', ceiling, p)
        : keepWithin(
            type,
            await page(
              `trending:${type}:${String(p)}`,
              FRESH_MS.trending,
              type,
              `trending/${type}/week`,
              { page: p },
            ),
            ceiling,
          ),
    popular: async (type, p, ceiling) =>
      ceiling && type === 'movie'
        ? ratedMovies('all', ceiling, p)
        : keepWithin(
            type,
            await page(`popular:${type}:${String(p)}`, FRESH_MS.popular, type, `${type}/popular`, {
              page: p,
            }),
            ceiling,
          ),
    search: async (type, query, p, ceiling) =>
      keepWithin(
        type,
        await page(
          `search:${type}:${String(p)}:${query.toLowerCase()}`,
          FRESH_MS.search,
          type,
          `search/${type}`,
          { query, page: p },
        ),
        ceiling,
      ),
    byProvider: async (type, providerId, region, p, ceiling) => {
      const provider = { with_watch_providers: providerId, watch_region: region };
      if (ceiling && type === 'movie') {
        return ratedMovies(`${String(providerId)}:${region}`, ceiling, p, provider);
      }
      return keepWithin(
        type,
        await page(
          `discover:${type}:${String(providerId)}:${region}:${String(p)}`,
          FRESH_MS.discover,
          type,
          `discover/${type}`,
          { ...provider, sort_by: 'popularity.desc', page: p },
        ),
        ceiling,
      );
    },
    details,
    async summaries(type, ids, ceiling) {
      // Details are cached for hours, so lists cost TMDB little after the first look. A title
      // TMDB no longer has, or whose answer is unusable, leaves the list; so does one above
      // the limit.
      const found = await Promise.all(ids.map((id) => detailsIfAny(type, id)));
      return found.flatMap((d) =>
        d && withinCeiling(ratingAgeOf(d.certification), ceiling)
          ? [
              {
                id: d.id,
                type,
                ...(type === 'movie' ? { title: d.title ?? '' } : { name: d.name ?? '' }),
                poster_path: d.poster_path,
                vote_average: d.vote_average,
                genres: d.genres.map((g) => ({ name: g.name })),
              },
            ]
          : [],
      );
    },
    season,
    async episodeGuides(showIds, pick) {
      const guides = await Promise.all(
        showIds.map(async (id) => {
          try {
            const show = await details('tv', id);
            const numbers = [...new Set((show.seasons ?? []).map((s) => s.season_number))].sort(
              (a, b) => a - b,
            );
            const seasons = await Promise.all(pick(numbers, id).map((n) => season(id, n)));
            const episodes = seasons.flatMap((s) =>
              [...s.episodes]
                .sort((a, b) => a.episode_number - b.episode_number)
                .map((e): EpisodeSummary => ({
                  season_number: s.season_number,
                  episode_number: e.episode_number,
                  name: e.name,
                  air_date: e.air_date,
                  still_path: e.still_path || null,
                })),
            );
            return [[id, episodes] as const];
          } catch (error) {
            // A show TMDB no longer has, or whose answers are unusable, is left out.
            if (isGone(error)) return [];
            throw error;
          }
        }),
      );
      return new Map(guides.flat());
    },
  };
}
