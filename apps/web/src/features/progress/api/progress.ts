/**
 * Watch progress calls (PROG-1, PROG-10 in docs/requirements.md; the server's
 * apps/server/src/modules/progress): how far the user got in a movie or an episode, for Resume on
 * the play page and Continue Watching on Home. Every call names the signed-in user; the server
 * answers 403 for anyone else.
 */
import {
  continueWatchingSchema,
  markedSeasonSchema,
  playerTokenSchema,
  removedSchema,
  savedProgressSchema,
  titleProgressSchema,
  newEpisodesSchema,
  upNextSchema,
  type ContinueWatchingItem,
  type NewEpisodeItem,
  type UpNextItem,
  type MediaType,
  type ProgressEntry,
} from '@pigostream/contracts';
import {
  CONTINUE_WATCHING,
  MARK_SEASON,
  NEW_EPISODES,
  pathOf,
  PLAYER_PROGRESS,
  PLAYER_TOKEN,
  REMOVE_CONTINUE_WATCHING,
  SAVE_PROGRESS,
  TITLE_PROGRESS,
  UP_NEXT,
} from '@pigostream/contracts/endpoints';
import { queryOptions } from '@tanstack/react-query';
import { API_BASE, apiGet, type ResponseSchema } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/endpoint-call.ts';

/** What is being played: a movie, or a show's episode. */
export interface ProgressTarget {
  id: number;
  type: MediaType;
  /** A show's season (0: specials); undefined for a movie. */
  season?: number | undefined;
  /** A show's episode; undefined for a movie. */
  episode?: number | undefined;
}

/** The body fields naming `target`: a show's season and episode, none for a movie. */
function titleOf(target: ProgressTarget) {
  return {
    id: target.id,
    type: target.type,
    ...(target.type === 'tv' ? { season: target.season, episode: target.episode } : {}),
  };
}

/** Query key of a title's progress; `['progress', uid]` covers every progress answer. */
export function progressQueryKey(uid: string | undefined, type?: MediaType, id?: number) {
  return type === undefined ? (['progress', uid] as const) : (['progress', uid, type, id] as const);
}

/** Longest a progress read waits for the saves before it, in ms (a save that hangs). */
export const READ_AFTER_SAVES_MAX_WAIT_MS = 5_000;

/**
 * The progress saves sent or queued and not yet answered, as one promise that never rejects:
 * the next save waits for it (two in flight could be written the other way round, and the
 * older position would stay), and so do progress reads (read-your-writes: Home opened on
 * leaving a playing video shows the save made on leaving, not the one before).
 */
let pendingSaves: Promise<void> = Promise.resolve();

/**
 * `GET API_BASE + path` checked by `schema`, sent once every tracked save has its answer (or
 * after {@link READ_AFTER_SAVES_MAX_WAIT_MS} ms).
 * @throws ApiError and the abort reason as apiGet.
 */
async function progressGet<T>(
  path: string,
  schema: ResponseSchema<T>,
  signal: AbortSignal,
): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    pendingSaves,
    new Promise((resolve) => {
      timer = setTimeout(resolve, READ_AFTER_SAVES_MAX_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
  return apiGet(path, schema, { signal });
}

/**
 * `POST /pigo-stream/progress/save-progress`: how far the user got, `position` of `duration`
 * seconds; `{ ok, watched }` (watched from 90 % on). One attempt, sent once the saves before it
 * have their answers; `now` sends it at once (the page itself is going: nothing that waits
 * would run any more), and `keepalive` lets it finish after the page is left.
 * @throws ApiError with an ERR-1 message.
 */
export function saveProgress(
  userUID: string,
  target: ProgressTarget,
  position: number,
  duration: number,
  { keepalive = false, now = false } = {},
) {
  const send = () =>
    callEndpoint(
      SAVE_PROGRESS,
      { body: { userUID, ...titleOf(target), position, duration } },
      savedProgressSchema,
      { keepalive },
    );
  const written = now ? send() : pendingSaves.then(send);
  pendingSaves = Promise.allSettled([pendingSaves, written]).then(() => undefined);
  return written;
}

/**
 * Query options of one title's progress (`GET .../progress/{uid}/fetch-progress?id=&type=`):
 * the movie's, or each episode's, newest save first.
 */
export function titleProgressQueryOptions(uid: string, type: MediaType, id: number) {
  return queryOptions({
    queryKey: progressQueryKey(uid, type, id),
    queryFn: async ({ signal }): Promise<ProgressEntry[]> => {
      const answer = await progressGet(
        pathOf(TITLE_PROGRESS, { userId: uid }, { id, type }),
        titleProgressSchema,
        signal,
      );
      return answer.items;
    },
    // What was played in another tab or on another device shows when the page opens.
    staleTime: 0,
  });
}

/** Query options of Continue Watching (`GET .../progress/{uid}/continue-watching`). */
export function continueWatchingQueryOptions(uid: string) {
  return queryOptions({
    queryKey: [...progressQueryKey(uid), 'continue-watching'] as const,
    queryFn: ({ signal }): Promise<ContinueWatchingItem[]> =>
      progressGet(pathOf(CONTINUE_WATCHING, { userId: uid }), continueWatchingSchema, signal),
    staleTime: 0,
  });
}

/** Query options of Up Next (`GET .../progress/{uid}/up-next`). */
export function upNextQueryOptions(uid: string) {
  return queryOptions({
    queryKey: [...progressQueryKey(uid), 'up-next'] as const,
    queryFn: ({ signal }): Promise<UpNextItem[]> =>
      progressGet(pathOf(UP_NEXT, { userId: uid }), upNextSchema, signal),
    staleTime: 0,
  });
}

/** Query options of New Episodes (`GET .../progress/{uid}/new-episodes`). */
export function newEpisodesQueryOptions(uid: string) {
  return queryOptions({
    queryKey: [...progressQueryKey(uid), 'new-episodes'] as const,
    queryFn: ({ signal }): Promise<NewEpisodeItem[]> =>
      progressGet(pathOf(NEW_EPISODES, { userId: uid }), newEpisodesSchema, signal),
  });
}

/**
 * `DELETE /pigo-stream/progress/remove-continue-watching`: takes a title out of Continue
 * Watching (what was watched stays watched). One attempt.
 * @throws ApiError with an ERR-1 message.
 */
export function removeFromContinueWatching(userUID: string, id: number, type: MediaType) {
  return callEndpoint(REMOVE_CONTINUE_WATCHING, { body: { userUID, id, type } }, removedSchema);
}

/**
 * `POST /pigo-stream/progress/mark-season`: marks every aired episode of season `season` of show
 * `id` watched (`watched` true), or forgets the season's progress; `{ ok, episodes }`. One
 * attempt. @throws ApiError with an ERR-1 message.
 */
export function markSeason(userUID: string, id: number, season: number, watched: boolean) {
  return callEndpoint(MARK_SEASON, { body: { userUID, id, season, watched } }, markedSeasonSchema);
}

/** Where the player app posts its progress reports (absolute, on this site). */
export function playerReportUrl(origin: string): string {
  return `${origin}${API_BASE}${PLAYER_PROGRESS.path}`;
}

/**
 * `POST /pigo-stream/progress/player-token`: a token for reporting the progress of `target` only,
 * good for 6 h; `{ token, expiresAt }`. One attempt. @throws ApiError with an ERR-1 message.
 */
export function getPlayerToken(userUID: string, target: ProgressTarget) {
  return callEndpoint(PLAYER_TOKEN, { body: { userUID, ...titleOf(target) } }, playerTokenSchema);
}
