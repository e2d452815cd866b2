/**
 * The anime view's selection rules (ANIME-5, ANIME-6, ANIME-7 in docs/requirements.md: default
 * relation, episode count; VALID-10: episode page index clamped; LIMIT-13: 50 episodes per page,
 * default episode 1, default page 0).
 */
import type { RelatedAnime } from '@pigostream/contracts';

/** Episode numbers per page of the Episodes grid (LIMIT-13). */
export const EPISODES_PER_PAGE = 50;

/** The episode selected when none is remembered (LIMIT-13). */
export const DEFAULT_EPISODE = 1;

/** The page shown when none is remembered (LIMIT-13). */
export const DEFAULT_PAGE = 0;

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` as a UTC day number; undefined when malformed. */
function releaseDay(date: string | null): number | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date?.trim() ?? '');
  if (!m) return undefined;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
}

/** An entry's start date as a UTC day number (missing month or day: the first); or undefined. */
function startDay(entry: RelatedAnime): number | undefined {
  const d = entry.startDate;
  if (d?.year == null) return undefined;
  return Date.UTC(d.year, (d.month ?? 1) - 1, d.day ?? 1) / DAY_MS;
}

/**
 * Index of the default relation in `relations` (ANIME-5): the entry whose start date equals
 * `releaseDate` (`YYYY-MM-DD`); else the first with the same year and month; else the one with
 * the nearest start date (missing month or day read as the first; the earlier on a tie); else
 * the first (0), also when `releaseDate` is null or malformed.
 */
export function defaultRelationIndex(
  relations: readonly RelatedAnime[],
  releaseDate: string | null,
): number {
  const release = releaseDay(releaseDate);
  if (release === undefined || relations.length === 0) return 0;
  const when = new Date(release * DAY_MS);
  const [year, month, day] = [when.getUTCFullYear(), when.getUTCMonth() + 1, when.getUTCDate()];

  const exact = relations.findIndex(
    (r) => r.startDate?.year === year && r.startDate.month === month && r.startDate.day === day,
  );
  if (exact >= 0) return exact;
  const sameMonth = relations.findIndex(
    (r) => r.startDate?.year === year && r.startDate.month === month,
  );
  if (sameMonth >= 0) return sameMonth;

  let nearest = -1;
  let nearestGap = Number.POSITIVE_INFINITY;
  relations.forEach((r, i) => {
    const start = startDay(r);
    if (start === undefined) return;
    const gap = Math.abs(start - release);
    if (gap < nearestGap) {
      nearest = i;
      nearestGap = gap;
    }
  });
  return nearest >= 0 ? nearest : 0;
}

/**
 * The number of episodes of `relation` (ANIME-6): its `episodes` when above 0; for the default
 * relation the media's `number_of_episodes` when above 0; otherwise 1.
 */
export function episodeCount(
  relation: Pick<RelatedAnime, 'episodes'>,
  isDefault: boolean,
  mediaEpisodes: number | null,
): number {
  if (relation.episodes != null && relation.episodes > 0) return relation.episodes;
  if (isDefault && mediaEpisodes != null && mediaEpisodes > 0) return mediaEpisodes;
  return 1;
}

/** Number of pages of `count` episodes (at least 1). */
export function pageCount(count: number): number {
  return Math.max(1, Math.ceil(count / EPISODES_PER_PAGE));
}

/** `page` (0-based) clamped to the pages of `count` episodes (VALID-10); 0 when not a number. */
export function clampPage(page: number, count: number): number {
  if (!Number.isFinite(page)) return DEFAULT_PAGE;
  return Math.min(Math.max(0, Math.trunc(page)), pageCount(count) - 1);
}

/** The page (0-based) holding `episode` (1-based). */
export function pageOfEpisode(episode: number): number {
  return Math.max(0, Math.floor((episode - 1) / EPISODES_PER_PAGE));
}

/**
 * The episode numbers on `page` of `count` episodes (the page clamped first): `first` and
 * `last` as the label 'Page: first - last' shows them, and every number between.
 */
export function pageEpisodes(
  page: number,
  count: number,
): { first: number; last: number; numbers: number[] } {
  const clamped = clampPage(page, count);
  const first = clamped * EPISODES_PER_PAGE + 1;
  const last = Math.min(Math.max(count, 1), first + EPISODES_PER_PAGE - 1);
  return {
    first,
    last,
    numbers: Array.from({ length: last - first + 1 }, (_, i) => first + i),
  };
}
