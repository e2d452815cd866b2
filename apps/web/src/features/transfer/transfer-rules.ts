/**
 * Rules of the Import & export page (TRANSFER-6 in docs/requirements.md): the client's size check,
 * the entries an import writes from a preview and the user's choices, the texts the page shows, and
 * the export links. Pure functions over the shapes of `@pigostream/contracts`' transfer.ts.
 */
import {
  IMPORT_MAX_BYTES,
  type ExportFormat,
  type ImportCandidate,
  type ImportEntry,
  type ImportFormat,
  type ImportList,
  type ImportPreviewItem,
  type ImportResult,
} from '@pigostream/contracts';
import { EXPORT, pathOf } from '@pigostream/contracts/endpoints';
import { API_BASE, ApiError } from '../../lib/api-client.ts';

/** The page's messages (the size message is the server's own 413 text, word for word). */
export const TRANSFER_MESSAGES = {
  tooLarge: 'The file is larger than 20 MB.',
  notAuthenticated: 'User is not authenticated',
  notAFile: 'Drop one file: a .csv, .txt or .json export.',
} as const;

/** What the page calls each format a file may be in. */
export const FORMAT_LABELS: Record<ImportFormat, string> = {
  letterboxd: 'Letterboxd',
  imdb: 'IMDb',
  trakt: 'Trakt',
  pigostream: 'PigoStream',
};

/** What the page calls each list. */
export const LIST_LABELS: Record<ImportList, string> = {
  watchlist: 'My List',
  history: 'Watch History',
};

/** What the page calls each match status. */
export const STATUS_LABELS: Record<ImportPreviewItem['status'], string> = {
  matched: 'Matched',
  uncertain: 'Uncertain',
  'not-found': 'Not found',
};

/**
 * Why `file` cannot be sent (its size in bytes over {@link IMPORT_MAX_BYTES}: 'The file is
 * larger than 20 MB.', as the server's 413 says), or null when it can.
 */
export function fileProblem(file: { size: number }): string | null {
  return file.size > IMPORT_MAX_BYTES ? TRANSFER_MESSAGES.tooLarge : null;
}

/** A candidate's key in a choice: `movie:603`, `tv:1399`. */
export function candidateKey(candidate: Pick<ImportCandidate, 'type' | 'id'>): string {
  return `${candidate.type}:${String(candidate.id)}`;
}

/** The user's choices for uncertain items: the item's index in the preview to a candidate key. */
export type ImportChoices = ReadonlyMap<number, string>;

/**
 * The entries an import writes (`POST /transfer/apply-import`'s `entries`), in the preview's
 * order: every matched item as its match, and every uncertain item the user chose a candidate
 * for (`choices`: its index to {@link candidateKey}) as that candidate; uncertain items left on
 * Skip, choices naming no candidate of theirs, and items not found give none. Each carries its
 * list, its watch time and, when it has any, its episodes. Duplicates are left in: the server
 * merges them (history keeps the latest time, My List the earliest).
 */
export function importEntries(
  items: readonly ImportPreviewItem[],
  choices: ImportChoices,
): ImportEntry[] {
  const entries: ImportEntry[] = [];
  items.forEach((item, index) => {
    let title: ImportCandidate | null | undefined = null;
    if (item.status === 'matched') title = item.match;
    else if (item.status === 'uncertain') {
      const chosen = choices.get(index);
      title = chosen ? item.candidates.find((c) => candidateKey(c) === chosen) : null;
    }
    if (!title) return;
    entries.push({
      list: item.list,
      id: title.id,
      type: title.type,
      watchedAt: item.watchedAt,
      ...(item.episodes.length > 0 ? { episodes: item.episodes } : {}),
    });
  });
  return entries;
}

/** How many titles `entries` name, each list and title once (as the server merges them). */
export function titleCount(entries: readonly ImportEntry[]): number {
  return new Set(entries.map((e) => `${e.list}:${candidateKey(e)}`)).size;
}

/** 'Import 1 title', 'Import 12 titles'. */
export function importLabel(count: number): string {
  return `Import ${count.toLocaleString('en')} title${count === 1 ? '' : 's'}`;
}

/** 'The Matrix (1999)', or the title alone without a year. */
export function titleWithYear(title: string, year: number | null): string {
  return year === null ? title : `${title} (${String(year)})`;
}

/** A candidate as its option reads: 'Inception (2010) · movie · 78% match'. */
export function candidateLabel(candidate: ImportCandidate): string {
  const kind = candidate.type === 'movie' ? 'movie' : 'show';
  const score = Math.round(candidate.score * 100);
  return `${titleWithYear(candidate.title, candidate.year)} · ${kind} · ${String(score)}% match`;
}

/**
 * What an import wrote, as one line: 'Added 12 to My List, 30 to Watch History; 3 already
 * there', with '; 5 episodes marked watched' when Trakt's episodes were. Titles already in a
 * list count as already there, also when the import moved their watch time later.
 */
export function resultSummary(result: ImportResult): string {
  const { myList, watchHistory, episodes } = result;
  const there = myList.kept + watchHistory.kept + watchHistory.updated;
  const n = (count: number) => count.toLocaleString('en');
  let text = `Added ${n(myList.added)} to My List, ${n(watchHistory.added)} to Watch History; ${n(there)} already there`;
  if (episodes.added > 0) {
    text += `; ${n(episodes.added)} episode${episodes.added === 1 ? '' : 's'} marked watched`;
  }
  return text;
}

/** Which items the preview's table shows. */
export type ItemFilter = 'all' | ImportPreviewItem['status'];

/** One row of the preview's table: an item and its index in the preview. */
export interface PreviewRow {
  item: ImportPreviewItem;
  index: number;
}

/**
 * The rows the preview's table shows: the first `limit` of `items` passing `filter`, and how
 * many pass it in all (a preview holds up to 100,000 items, so the table shows a page at a
 * time).
 */
export function previewRows(
  items: readonly ImportPreviewItem[],
  filter: ItemFilter,
  limit: number,
): { rows: PreviewRow[]; total: number } {
  const rows: PreviewRow[] = [];
  let total = 0;
  items.forEach((item, index) => {
    if (filter !== 'all' && item.status !== filter) return;
    total += 1;
    if (rows.length < limit) rows.push({ item, index });
  });
  return { rows, total };
}

/** Rows the preview's table shows at first, and what 'Show more' adds. */
export const PREVIEW_PAGE_SIZE = 100;

/**
 * The message an import call's failure shows: the server's own text for a file or entries it
 * refused (400, 413: 'watchlist.csv line 7: ...', 'The file is larger than 20 MB.'), else the
 * app's ERR-1 message the {@link ApiError} carries.
 */
export function transferErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if ((error.status === 400 || error.status === 413) && error.detail) return error.detail;
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}

/** The export files the page offers, each with its label and what it holds. */
export const EXPORTS: readonly { format: ExportFormat; label: string; holds: string }[] = [
  {
    format: 'pigostream',
    label: 'PigoStream JSON',
    holds: 'My List, Watch History with episodes, and watch progress',
  },
  { format: 'letterboxd', label: 'Letterboxd diary CSV', holds: 'Watched movies with their dates' },
  { format: 'letterboxd-watchlist', label: 'Letterboxd watchlist CSV', holds: "My List's movies" },
  {
    format: 'trakt',
    label: 'Trakt JSON',
    holds: 'Watchlist, and watched movies and shows with their episodes',
  },
];

/** `/pigo-stream/transfer/{uid}/export?format=...`: the file download of `format` for `uid`. */
export function exportHref(uid: string, format: ExportFormat): string {
  return `${API_BASE}${pathOf(EXPORT, { userId: uid }, { format })}`;
}
