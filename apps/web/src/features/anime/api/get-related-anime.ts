/**
 * The related-anime lookup (ANIME-5..8 in docs/requirements.md; VALID-8, VALID-9 anime matching and
 * relation graph; API-ANIME-1 `POST /playground/anime-info`; ERR-7 'Fetch failed: {status}' /
 * 'Unknown error').
 */
import {
  animeInfoResponseSchema,
  animePageSchema,
  type AnimeMedia,
  type RelatedAnime,
} from '@pigostream/contracts';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { ANIME_INFO } from '@pigostream/contracts/endpoints';
import { ApiError, checkAnswer, type ResponseSchema } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import { firstAnswerData } from '../../../lib/first-answer-data.ts';
import { takeFirstAnswer } from '../../../lib/first-answers.ts';
import { firstAnswerKey } from '@pigostream/contracts/constants';
import type { AnimeSourceMedia } from '../anime-view-contract.ts';
import { findMatch } from '../rules/matching.ts';
import { buildRelationGraph } from '../rules/relation-graph.ts';
import {
  animeLookupSearch,
  animeSearchRequest,
  relationAlias,
  relationsQuery,
} from '@pigostream/contracts/anime-queries';

/** Most entries one graph lists; bounds the follow-up calls for very large franchises. */
export const MAX_RELATIONS = 100;

/** Most follow-up rounds (one call each) made to follow the relation graph. */
export const MAX_GRAPH_ROUNDS = 10;

/** Most entries asked for in one follow-up round. */
const ROUND_SIZE = 50;

/** What is logged for a failed lookup (ERR-16): the error's message, else 'Unknown error'. */
export function lookupFailureMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Unknown error';
}

/**
 * POSTs `{ query, variables }` to `/pigo-stream/playground/anime-info` (one attempt) and returns
 * the answer checked by `schema`; the answer the server put into the page for this very body,
 * when there is one, is used once instead.
 * @throws ApiError 'Fetch failed: {status}' (ERR-7) when the answer's status is not ok; an
 *   ApiError with an ERR-1 message on a network failure or an answer `schema` rejects; the
 *   abort reason on abort.
 */
async function postAnimeInfo<T>(
  query: string,
  variables: { search: string },
  schema: ResponseSchema<T>,
  signal?: AbortSignal,
): Promise<T> {
  const body = { query, variables };
  // The play page's first lookup may be in the page already (PERF-1): a read, though a POST.
  const first = takeFirstAnswer(firstAnswerKey(ANIME_INFO.path, body));
  if (first) return checkAnswer(first.answer, schema);
  try {
    return await callEndpoint(ANIME_INFO, { body }, schema, { signal });
  } catch (error) {
    const status = error instanceof ApiError ? error.status : undefined;
    if (status === undefined || (status >= 200 && status < 300)) throw error;
    throw new ApiError(`Fetch failed: ${String(status)}`, { status, cause: error });
  }
}

/**
 * The anime-info candidates for `search` (API-ANIME-1): `data.Page.media`, at most 50 entries. A
 * null page reads as none and null entries are skipped (AniList's protocol allows both).
 * @throws as {@link postAnimeInfo}: 'Fetch failed: {status}' on a status that is not ok.
 */
export async function searchAnimeInfo(search: string, signal?: AbortSignal): Promise<AnimeMedia[]> {
  const { query, variables } = animeSearchRequest(search);
  const answer = await postAnimeInfo(query, variables, animeInfoResponseSchema, signal);
  return answer.data.Page.media;
}

/** `{ data: { entry{id}: Page } }`, each page read as the lookup's own (contracts' anime.ts). */
const relationsAnswerSchema = z.object({ data: z.record(z.string(), animePageSchema) });

/**
 * The entries `ids` with their own relation edges, by id; an id the source does not know maps
 * to null. `search` only fills the call's required `variables.search`.
 * @throws as {@link searchAnimeInfo}.
 */
async function fetchEntries(
  ids: readonly number[],
  search: string,
  signal?: AbortSignal,
): Promise<Map<number, AnimeMedia | null>> {
  const answer = await postAnimeInfo(
    relationsQuery(ids),
    { search },
    relationsAnswerSchema,
    signal,
  );
  return new Map(ids.map((id) => [id, answer.data[relationAlias(id)]?.media[0] ?? null]));
}

/**
 * The related anime of `media` (ANIME-5, VALID-9): looks the title up, picks the matching
 * candidate (rules/matching.ts) and returns its relation graph (rules/relation-graph.ts),
 * sorted by start date; [] when nothing matches or the lookup is skipped (no title or release
 * date). The graph is followed transitively: each round fetches the listed entries whose own
 * edges are not known yet, up to {@link MAX_GRAPH_ROUNDS} rounds and {@link MAX_RELATIONS}
 * entries. A failed follow-up round only stops the graph where it is (logged).
 * @throws ApiError 'Fetch failed: {status}' when the lookup's answer is not ok, or with an ERR-1
 *   message for a malformed answer or a network failure; the abort reason on abort.
 */
export async function getRelatedAnime(
  media: AnimeSourceMedia,
  signal?: AbortSignal,
): Promise<RelatedAnime[]> {
  const target = { title: media.title, releaseDate: media.releaseDate };
  const search = animeLookupSearch(media.title, media.releaseDate);
  if (search === undefined) return [];
  const root = findMatch(await searchAnimeInfo(search, signal), target);
  if (!root) return [];

  const known = new Map<number, AnimeMedia | null>();
  let graph = buildRelationGraph(root, known, MAX_RELATIONS);
  for (let round = 0; round < MAX_GRAPH_ROUNDS && graph.unexpanded.length > 0; round += 1) {
    try {
      const fetched = await fetchEntries(graph.unexpanded.slice(0, ROUND_SIZE), search, signal);
      for (const [id, entry] of fetched) known.set(id, entry);
    } catch (error) {
      if (signal?.aborted) throw error;
      console.warn('Following the anime relation graph stopped:', lookupFailureMessage(error));
      break;
    }
    graph = buildRelationGraph(root, known, MAX_RELATIONS);
  }
  return graph.relations;
}

/**
 * What the page already tells of `media`'s related anime (PERF-1): [] when the lookup's search
 * answer is in the page and no candidate matches (most titles: no anime view, no wait);
 * undefined when it is not there or a candidate matches (the graph needs more calls, which
 * {@link getRelatedAnime} makes, reading the search answer from the page).
 */
function relatedAnimeFromPage(media: AnimeSourceMedia): RelatedAnime[] | undefined {
  const search = animeLookupSearch(media.title, media.releaseDate);
  if (search === undefined) return undefined;
  const target = { title: media.title, releaseDate: media.releaseDate };
  const answer = firstAnswerData(
    firstAnswerKey(ANIME_INFO.path, animeSearchRequest(search)),
    animeInfoResponseSchema,
    (found) => !findMatch(found.data.Page.media, target),
  );
  return answer ? [] : undefined;
}

/**
 * Query options for {@link getRelatedAnime}, keyed by the fields it reads; on a full load a
 * title the page's search answer matches no anime for starts with [] ({@link
 * relatedAnimeFromPage}).
 */
export function relatedAnimeQueryOptions(media: AnimeSourceMedia) {
  return queryOptions({
    queryKey: ['anime', 'related', media.type, media.id, media.title, media.releaseDate] as const,
    initialData: () => relatedAnimeFromPage(media),
    queryFn: async ({ signal }) => {
      try {
        return await getRelatedAnime(media, signal);
      } catch (error) {
        if (!signal.aborted) console.error(lookupFailureMessage(error));
        throw error;
      }
    },
    staleTime: 60 * 60_000,
    retry: false,
  });
}
