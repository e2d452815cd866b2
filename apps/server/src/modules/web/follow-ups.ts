/**
 * The calls a first screen makes once an earlier answer is in, which the page may carry too (PERF-1
 * in docs/requirements.md): the server asks them right after that answer, within the same deadline
 * (first-answers.ts). They are built with the app's own rules and paths
 * (`@pigostream/contracts/api-paths`, `anime-queries`, `titles`), so each carried answer is found
 * under the name the app asks for.
 */
import { animeLookupSearch, animeSearchRequest } from '@pigostream/contracts/anime-queries';
import {
  defaultSeason,
  heroMediaDetailsPath,
  MAX_HERO_CANDIDATES,
  mediaDetailsPath,
  RECOMMENDATION_HISTORY_LIMIT,
  recommendationsPath,
  seasonPath,
  watchHistoryPath,
} from '@pigostream/contracts/api-paths';
import {
  ANIME_INFO,
  AUTH_ME,
  MEDIA_INFO,
  MOST_WATCHED,
  RECOMMENDATIONS,
} from '@pigostream/contracts/endpoints';
import { mediaTitle, releaseDateOf, type TitleFields } from '@pigostream/contracts/titles';
import type { FirstAnswers, FirstCall } from './first-answers.ts';

/** `text` read as JSON; undefined when it is not JSON. */
function parsed(text: string | undefined): unknown {
  try {
    return JSON.parse(text ?? '') as unknown;
  } catch {
    return undefined;
  }
}

/** `value` as a title reference `{ id, type }` (a positive id, movie or tv), else undefined. */
function titleRef(value: unknown): { id: number; type: 'movie' | 'tv' } | undefined {
  const { id, type } = (value ?? {}) as { id?: unknown; type?: unknown };
  if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) return undefined;
  return type === 'movie' || type === 'tv' ? { id, type } : undefined;
}

/** The naming and dating fields of a JSON answer `value`, those that are strings. */
function titleFields(value: unknown): TitleFields {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Record<
    string,
    unknown
  >;
  const text = (key: keyof TitleFields) =>
    typeof record[key] === 'string' ? record[key] : undefined;
  return {
    title: text('title'),
    name: text('name'),
    original_title: text('original_title'),
    original_name: text('original_name'),
    release_date: text('release_date'),
    first_air_date: text('first_air_date'),
  };
}

/**
 * The calls a first screen makes once the answer `answer` (JSON text) of `path` is in, given the
 * `answers` so far (the sign-in check's among them). As the app makes them:
 * - the play page's media-info: the anime lookup's search for the title (VALID-6, VALID-8:
 *   `mediaTitle`
 *   and `releaseDateOf`, as apps/web/src/features/play/play-rules.ts `animeSource` reads them;
 *   the play screen waits for the lookup), and for a show the season it opens on
 *   (contracts' `defaultSeason`: its episodes are part of the first screen);
 * - Home's most-watched title: its hero details; none (null): the recommendation's watch
 *   history and recommendations of the signed-in user (apps/web/src/features/home/hooks/
 *   use-hero.ts);
 * - the recommendations: the details of the first {@link MAX_HERO_CANDIDATES} candidates.
 * [] for another call, an answer that is not JSON, or a title the lookup skips.
 */
export function firstAnswerFollowUps(
  path: string,
  answer: string,
  answers: FirstAnswers = new Map(),
): FirstCall[] {
  if (path === MOST_WATCHED.path) {
    const mostWatched = parsed(answer);
    const ref = titleRef(mostWatched);
    if (ref) return [{ path: heroMediaDetailsPath(ref) }];
    const { uid } = (parsed(answers.get(AUTH_ME.path)) ?? {}) as { uid?: unknown };
    if (mostWatched !== null || typeof uid !== 'string' || uid === '') return [];
    return [
      { path: watchHistoryPath(uid, RECOMMENDATION_HISTORY_LIMIT) },
      { path: recommendationsPath(uid) },
    ];
  }
  if (path.startsWith(`${RECOMMENDATIONS.path}?`)) {
    const recommended = parsed(answer);
    if (!Array.isArray(recommended)) return [];
    return recommended.slice(0, MAX_HERO_CANDIDATES).flatMap((item) => {
      const ref = titleRef(item);
      return ref ? [{ path: mediaDetailsPath(ref) }] : [];
    });
  }
  if (!path.startsWith(`${MEDIA_INFO.path}?`)) return [];
  const query = new URLSearchParams(path.slice(path.indexOf('?') + 1));
  const type = query.get('type');
  const media = parsed(answer);
  if (typeof media !== 'object' || media === null) return [];
  const fields = titleFields(media);
  const search = animeLookupSearch(
    mediaTitle(fields),
    releaseDateOf(type === 'movie' ? 'movie' : 'tv', fields),
  );
  const calls: FirstCall[] =
    search === undefined ? [] : [{ path: ANIME_INFO.path, body: animeSearchRequest(search) }];
  const season = type === 'tv' ? openingSeason(Number(query.get('id')), media) : undefined;
  return season === undefined ? calls : [...calls, { path: season }];
}

/**
 * The season call a show's play page makes first (its remembered season aside), from show
 * `showId`'s media-info answer `media`: the path of {@link defaultSeason} of its `seasons`;
 * undefined when it lists none or the id is not a positive whole number.
 */
function openingSeason(showId: number, media: object): string | undefined {
  const { seasons } = media as { seasons?: unknown };
  if (!Number.isInteger(showId) || showId <= 0 || !Array.isArray(seasons)) return undefined;
  const numbered = seasons.filter(
    (s): s is { season_number: number } =>
      typeof s === 'object' &&
      s !== null &&
      Number.isInteger((s as { season_number?: unknown }).season_number),
  );
  const season = defaultSeason(numbered);
  return season === undefined ? undefined : seasonPath(showId, season.season_number);
}
