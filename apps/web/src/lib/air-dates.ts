/**
 * Episode air dates (TMDB's `YYYY-MM-DD`) against the user's local day, for the play page's
 * Episodes strip (PLAY-5 in docs/requirements.md) and New Episodes (PROG-7): today's date, and
 * whether an episode airs later or today.
 */

/** `now` as a local calendar date, `YYYY-MM-DD` (the form of TMDB air dates). */
export function localDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${String(now.getFullYear())}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * PLAY-5: an episode airing on a date after `today` (`YYYY-MM-DD`) is not selectable. An
 * episode without a (well-formed) air date counts as aired.
 */
export function isFutureEpisode(airDate: string | null | undefined, today: string): boolean {
  return typeof airDate === 'string' && DATE.test(airDate) && airDate > today;
}

/** PLAY-5: an episode airing on `today` (`YYYY-MM-DD`) shows a 'New!' badge. */
export function airsToday(airDate: string | null | undefined, today: string): boolean {
  return airDate === today;
}
