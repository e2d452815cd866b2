/**
 * Search submit and save rules (VALID-6 in docs/requirements.md validation, HOME-8..11). Pure
 * functions.
 */

/** The query a submit searches: `text` trimmed, or null when that is empty (VALID-6: no-op). */
export function submittableQuery(text: string): string | null {
  const query = text.trim();
  return query === '' ? null : query;
}

/**
 * VALID-6: true when `query` should be saved to the search history: non-empty once trimmed and
 * different from `latest`, the newest saved query (undefined when none is saved yet).
 */
export function shouldSaveSearch(query: string, latest: string | undefined): boolean {
  const trimmed = query.trim();
  return trimmed !== '' && trimmed !== latest?.trim();
}

/** A saved query as offered: the newest entry's `id`, and the ids of every entry with it. */
export interface HistoryChoice {
  id: number;
  query: string;
  ids: number[];
}

/**
 * The history entries to offer under the search bar, newest first: one per distinct query
 * (a query searched again later is saved again), keeping the ids of all its entries so that
 * removing it removes them all; only those containing `text` (trimmed, case-insensitive),
 * or all while `text` is blank.
 */
export function matchingHistory(
  entries: readonly { id: number; query: string }[],
  text: string,
): HistoryChoice[] {
  const needle = text.trim().toLocaleLowerCase('en');
  const byQuery = new Map<string, HistoryChoice>();
  for (const { id, query } of entries) {
    const known = byQuery.get(query);
    if (known) known.ids.push(id);
    else byQuery.set(query, { id, query, ids: [id] });
  }
  const choices = [...byQuery.values()];
  if (!needle) return choices;
  return choices.filter((choice) => choice.query.toLocaleLowerCase('en').includes(needle));
}
