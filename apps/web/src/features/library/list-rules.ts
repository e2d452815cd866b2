/**
 * Rules of the Watch History and My List pages (LISTS-1, LISTS-2, LISTS-3 in docs/requirements.md,
 * LISTS-4..7, LIMIT-12, LIMIT-13): the texts word for word, the movie/show limits and View More,
 * and how a list entry becomes a card. Pure functions.
 */
import { MAX_LIST_LIMIT, type TitleSummary } from '@pigostream/contracts';
import type { MediaCardItem } from '../../components/media-card.tsx';
import { LIST_PAGE_SIZE } from './api/my-list.ts';

/** The two pages. */
export type LibraryKind = 'watch-history' | 'my-list';

/** Page titles (ROUTE-1). */
export const LIBRARY_TITLES: Record<LibraryKind, string> = {
  'watch-history': 'Watch History',
  'my-list': 'My List',
};

/** Messages of LISTS-4..7, ERR-1, word for word. */
export const LIBRARY_MESSAGES = {
  emptyNotice: {
    'watch-history': 'Looks like you havent watched anything yet.',
    'my-list': 'Looks like your list is empty.',
  } satisfies Record<LibraryKind, string>,
  removed: {
    'watch-history': 'Successfully removed from Watch History.',
    'my-list': 'Successfully removed from My List.',
  } satisfies Record<LibraryKind, string>,
  removeFailed: 'Failed to fetch data. Please check your connection or contact support.',
  cleared: 'Watch history cleared successfully.',
  clearFailed: 'Failed to clear watch history.',
  notAuthenticated: 'User is not authenticated',
} as const;

/** The confirm dialog's question (CARD-2). */
export function removalQuestion(kind: LibraryKind, title: string): string {
  return `Are you sure you want to remove "${title}" from ${LIBRARY_TITLES[kind]}?`;
}

/** A section title: 'Watch History: Movies', 'My List: Shows', ... (LISTS-1, LISTS-2, LISTS-3). */
export function sectionTitle(kind: LibraryKind, section: 'movies' | 'shows'): string {
  return `${LIBRARY_TITLES[kind]}: ${section === 'movies' ? 'Movies' : 'Shows'}`;
}

/** How long a feedback message (success or failure) stays, in ms (LIMIT-1: messages 5 s). */
export const FEEDBACK_MS = 5_000;

/** A limit as remembered: a whole number from {@link LIST_PAGE_SIZE} to the server's 200. */
export function checkLimit(stored: unknown): number | undefined {
  return typeof stored === 'number' &&
    Number.isInteger(stored) &&
    stored >= LIST_PAGE_SIZE &&
    stored <= MAX_LIST_LIMIT
    ? stored
    : undefined;
}

/** The limit after View More: 12 more, at most the server's 200 (LIMIT-1..19). */
export function nextLimit(limit: number): number {
  return Math.min(limit + LIST_PAGE_SIZE, MAX_LIST_LIMIT);
}

/**
 * What to ask the server for to show `limit` items and know whether more exist: one more than
 * `limit` (at most 200, where View More stops anyway).
 */
export function fetchLimit(limit: number): number {
  return Math.min(limit + 1, MAX_LIST_LIMIT);
}

/** The first `limit` of `fetched`, and whether the list exceeds `limit` (View More). */
export function pageOf<T>(fetched: readonly T[], limit: number): { items: T[]; hasMore: boolean } {
  return { items: fetched.slice(0, limit), hasMore: fetched.length > limit };
}

/** A list entry as a card item (the card reads TMDB's `media_type`). */
export function toCardItem(entry: TitleSummary): MediaCardItem {
  return {
    id: entry.id,
    media_type: entry.type,
    title: entry.title,
    name: entry.name,
    poster_path: entry.poster_path,
    vote_average: entry.vote_average,
  };
}
