/**
 * Which title the Home hero shows (PROD-2 in docs/requirements.md, HOME-8, RECO-1): the '#1 Most
 * Watched' title when the server has one, otherwise a title 'Picked Just for You'.
 */
import {
  mediaDetailsSchema,
  mostWatchedSchema,
  recommendationsSchema,
  watchHistorySchema,
  type WatchHistory,
} from '@pigostream/contracts';
import {
  heroMediaDetailsPath,
  mediaDetailsPath,
  RECOMMENDATION_HISTORY_LIMIT,
  recommendationsPath,
  watchHistoryPath,
} from '@pigostream/contracts/api-paths';
import { MOST_WATCHED } from '@pigostream/contracts/endpoints';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { getHeroMedia, getMediaDetails, type HeroMedia } from '../api/get-media-details.ts';
import { getMostWatched } from '../api/get-most-watched.ts';
import { getRecommendations } from '../api/get-recommendations.ts';
import { fetchWatchHistory } from '../../library/index.ts';
import { firstAnswerData } from '../../../lib/first-answer-data.ts';
import { hasFirstAnswer } from '../../../lib/first-answers.ts';
import {
  historyGenres,
  MAX_CANDIDATES,
  pageRandom,
  pickSeed,
  rankCandidates,
} from '../recommend.ts';

/** The hero's label: PROD-2 '#1 Most Watched' or 'Picked Just for You'. */
export type HeroKind = 'most-watched' | 'recommended';

/** The hero's title and why it is shown. */
export interface HeroPick {
  kind: HeroKind;
  media: HeroMedia;
}

/**
 * The most-watched title with its details from the answers the page carries (PERF-1): null
 * when the page says there is none; undefined when the page lacks either answer.
 */
function mostWatchedFromPage(): HeroMedia | null | undefined {
  const ref = firstAnswerData(
    MOST_WATCHED.path,
    mostWatchedSchema,
    (found) => found === null || hasFirstAnswer(heroMediaDetailsPath(found)),
  );
  if (!ref) return ref;
  return firstAnswerData(heroMediaDetailsPath(ref), mediaDetailsSchema);
}

/**
 * Query options of the most-watched title with its details; null when there is none. On a full
 * load the page's answers are the initial data ({@link mostWatchedFromPage}).
 */
function mostWatchedQueryOptions() {
  return queryOptions({
    queryKey: ['index', 'most-watched'] as const,
    queryFn: async ({ signal }): Promise<HeroMedia | null> => {
      const ref = await getMostWatched(signal);
      return ref ? getHeroMedia(ref, signal) : null;
    },
    initialData: mostWatchedFromPage,
  });
}

/**
 * The hero the ranking picks from `candidates` for a watch history `history` (HOME-8), with
 * `random` (default Math.random) for the random item.
 */
function pickHero(
  history: WatchHistory,
  candidates: HeroMedia[],
  random?: () => number,
): HeroMedia | null {
  const ranked = candidates.map((media) => ({ ...media, type: media.media_type }));
  const genres = historyGenres([...history.moviesHistory, ...history.showsHistory]);
  return pickSeed(rankCandidates(ranked, genres), random)?.item ?? null;
}

/**
 * The recommended hero of `uid` from the answers the page carries (PERF-1): its watch history,
 * recommendations and the details of every candidate read; undefined when any is missing (a
 * candidate the server could not answer in time is not skipped here: the calls then decide).
 */
function recommendedFromPage(uid: string): HeroMedia | null | undefined {
  const historyPath = watchHistoryPath(uid, RECOMMENDATION_HISTORY_LIMIT);
  const recommended = firstAnswerData(
    recommendationsPath(uid),
    recommendationsSchema,
    (refs) =>
      hasFirstAnswer(historyPath) &&
      refs.slice(0, MAX_CANDIDATES).every((ref) => hasFirstAnswer(mediaDetailsPath(ref))),
  );
  if (!recommended) return undefined;
  const history = firstAnswerData(historyPath, watchHistorySchema);
  if (!history) return undefined;
  const candidates = recommended
    .slice(0, MAX_CANDIDATES)
    .flatMap((ref) => firstAnswerData(mediaDetailsPath(ref), mediaDetailsSchema) ?? []);
  // The page's number: the server's render of this page picked with it (PERF-2).
  return pickHero(history, candidates, pageRandom);
}

/**
 * RECO-1: the watch history (1 movie, 1 show) and the recommended ids; the
 * first {@link MAX_CANDIDATES} ids fetched as candidates, each its own query of `client` so the
 * app's retry policy applies to each (a failed one is left out), ranked, and one random item of
 * the ranked list. Null when no candidate is left.
 */
export async function recommendedHero(
  uid: string,
  client: QueryClient,
  signal?: AbortSignal,
): Promise<HeroMedia | null> {
  const [history, recommendations] = await Promise.all([
    fetchWatchHistory(
      uid,
      { movieLimit: RECOMMENDATION_HISTORY_LIMIT, showLimit: RECOMMENDATION_HISTORY_LIMIT },
      signal,
    ),
    getRecommendations(uid, signal),
  ]);
  const settled = await Promise.allSettled(
    recommendations.slice(0, MAX_CANDIDATES).map((ref) =>
      client.query({
        queryKey: ['home', 'media-details', ref.type, ref.id] as const,
        queryFn: ({ signal: candidate }) => getMediaDetails(ref, candidate),
      }),
    ),
  );
  return pickHero(
    history,
    settled.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : [])),
  );
}

function recommendedQueryOptions(uid: string | undefined, enabled: boolean) {
  return queryOptions({
    queryKey: ['home', 'recommended-hero', uid] as const,
    queryFn: ({ signal, client }) => {
      if (!uid) throw new Error('User is not authenticated');
      return recommendedHero(uid, client, signal);
    },
    enabled: enabled && uid !== undefined,
    initialData: () => (enabled && uid ? recommendedFromPage(uid) : undefined),
  });
}

/**
 * The hero pick: `pick` once known (null when neither source has a title or both failed: the
 * hero then stays away, Home still works) and `isLoading` while it is found. A failed
 * most-watched call falls back to the recommendation. The random pick is cached with the
 * query, so it stays put while browsing. `uid` is the signed-in user's id (undefined while
 * unknown). The pick object keeps its identity while its title does (HomeHero is memoised).
 */
export function useHero(uid: string | undefined): { pick: HeroPick | null; isLoading: boolean } {
  const mostWatched = useQuery(mostWatchedQueryOptions());
  const fallback = mostWatched.isError || (mostWatched.isSuccess && mostWatched.data === null);
  const recommended = useQuery(recommendedQueryOptions(uid, fallback));

  const media = mostWatched.data ?? recommended.data ?? null;
  const kind: HeroKind = mostWatched.data ? 'most-watched' : 'recommended';
  const pick = useMemo(() => (media ? { kind, media } : null), [kind, media]);
  const isLoading = !pick && (mostWatched.isPending || (fallback && recommended.isPending));
  return { pick, isLoading };
}
