/**
 * The catalogue answered from TMDB v3 (CATALOG_SOURCE=tmdb): the same CatalogueSource calls as
 * the local source, through the shared cache with a freshness suited to each call.
 */
import type { z } from 'zod';
import type { EpisodeSummary, MediaType } from '@pigostream/contracts';
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

  const details = async (type: MediaType, id: number) =>
    toDetails(
      await loader.load(`details:${type}:${String(id)}`, FRESH_MS.details, () =>
        read(tmdbDetailsSchema(type), `${type}/${String(id)}`, {
          append_to_response: 'credits,videos',
        }),
      ),
      type,
    );

  return {
    trending: (type, p) =>
      page(`trending:${type}:${String(p)}`, FRESH_MS.trending, type, `trending/${type}/week`, {
        page: p,
      }),
    popular: (type, p) =>
      page(`popular:${type}:${String(p)}`, FRESH_MS.popular, type, `${type}/popular`, {
        page: p,
      }),
    search: (type, query, p) =>
      page(
        `search:${type}:${String(p)}:${query.toLowerCase()}`,
        FRESH_MS.search,
        type,
        `search/${type}`,
        { query, page: p },
      ),
    byProvider: (type, providerId, region, p) =>
      page(
        `discover:${type}:${String(providerId)}:${region}:${String(p)}`,
        FRESH_MS.discover,
        type,
        `discover/${type}`,
        {
          with_watch_providers: providerId,
          watch_region: region,
          sort_by: 'popularity.desc',
          page: p,
        },
      ),
    details,
    async summaries(type, ids) {
      // Details are cached for hours, so lists cost TMDB little after the first look.
      const found = await Promise.all(
        ids.map((id) =>
          details(type, id).then(
            (d) => d,
            (error: unknown) => {
              // A title TMDB no longer has, or whose answer is unusable, leaves the list.
              if (error instanceof NotFoundError || error instanceof UnexpectedAnswerError) {
                return undefined;
              }
              throw error;
            },
          ),
        ),
      );
      return found.flatMap((d) =>
        d
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
            if (error instanceof NotFoundError || error instanceof UnexpectedAnswerError) return [];
            throw error;
          }
        }),
      );
      return new Map(guides.flat());
    },
  };
}
