/**
 * A show's season with its episodes (API-PLAY-3 in docs/requirements.md:
 * `GET /playground/season?id=&seasonNumber=`).
 */
import { seasonDetailsSchema, type SeasonDetails } from '@pigostream/contracts';
import { seasonPath } from '@pigostream/contracts/api-paths';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api-client.ts';
import { firstAnswerData } from '../../../lib/first-answer-data.ts';

/**
 * `GET /pigo-stream/playground/season?id=&seasonNumber=`: season `seasonNumber` of show `id`
 * with its episodes (DATA-5), checked against `seasonDetailsSchema`.
 * @throws ApiError with an ERR-1 message (status 404 for an unknown season).
 */
export function getSeason(
  showId: number,
  seasonNumber: number,
  signal?: AbortSignal,
): Promise<SeasonDetails> {
  return apiGet(seasonPath(showId, seasonNumber), seasonDetailsSchema, { signal });
}

/**
 * Query options for {@link getSeason}, keyed `['play', 'season', showId, seasonNumber]`; idle
 * while `seasonNumber` is undefined (VALID-7: the season fetch needs an id and a season number).
 * On a full load the page's answer for the season is the initial data (PERF-1: the server
 * carries the season a show opens on).
 */
export function seasonQueryOptions(showId: number, seasonNumber: number | undefined) {
  return queryOptions({
    queryKey: ['play', 'season', showId, seasonNumber] as const,
    queryFn: ({ signal }) => getSeason(showId, seasonNumber ?? 1, signal),
    enabled: seasonNumber !== undefined,
    initialData: () =>
      seasonNumber === undefined
        ? undefined
        : firstAnswerData(seasonPath(showId, seasonNumber), seasonDetailsSchema),
  });
}

/** Season `seasonNumber` of show `showId` as a TanStack query (idle without a number). */
export function useSeason(showId: number, seasonNumber: number | undefined) {
  return useQuery(seasonQueryOptions(showId, seasonNumber));
}
