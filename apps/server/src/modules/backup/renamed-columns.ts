/**
 * Columns a migration renamed, so that a backup made before it restores into the current schema
 * (ARCH-7, ARCH-14 in docs/architecture.md): its header lists the old names and its rows carry
 * them.
 */

/** A column renamed by a migration. */
export interface RenamedColumn {
  /** The migration that renamed it (packages/db/migrations). */
  migration: string;
  table: string;
  from: string;
  to: string;
}

/**
 * Every rename, oldest first. 0007: each table's TMDB title id column became `tmdb_id`. 0011:
 * watch_events' `item_type` became `media_type`, the word every other table uses for it (the
 * glossary's "media type"; the recommender call's body keeps its `item_type` field).
 */
export const RENAMED_COLUMNS: readonly RenamedColumn[] = [
  { migration: '0007_tmdb_id', table: 'credits', from: 'title_id', to: 'tmdb_id' },
  { migration: '0007_tmdb_id', table: 'seasons', from: 'show_id', to: 'tmdb_id' },
  { migration: '0007_tmdb_id', table: 'episodes', from: 'show_id', to: 'tmdb_id' },
  { migration: '0007_tmdb_id', table: 'title_providers', from: 'title_id', to: 'tmdb_id' },
  { migration: '0007_tmdb_id', table: 'watch_history', from: 'media_id', to: 'tmdb_id' },
  { migration: '0007_tmdb_id', table: 'my_list', from: 'media_id', to: 'tmdb_id' },
  { migration: '0007_tmdb_id', table: 'watch_events', from: 'item_id', to: 'tmdb_id' },
  {
    migration: '0011_watch_events_media_type',
    table: 'watch_events',
    from: 'item_type',
    to: 'media_type',
  },
];

/**
 * The renames that apply to a backed-up table: old name -> current name, for each old column
 * the backup has whose new name the backup lacks and the target table has (applied in order,
 * so a column renamed twice ends under its latest name).
 */
export function renamesFor(
  table: string,
  backupColumns: readonly string[],
  targetColumns: ReadonlySet<string>,
): Map<string, string> {
  const names = new Map(backupColumns.map((c) => [c, c]));
  for (const r of RENAMED_COLUMNS) {
    if (r.table !== table || names.has(r.to)) continue;
    const original = [...names].find(([, now]) => now === r.from)?.[0];
    if (original !== undefined) names.set(original, r.to);
  }
  const renames = new Map<string, string>();
  for (const [original, now] of names) {
    if (original !== now && targetColumns.has(now)) renames.set(original, now);
  }
  return renames;
}

/** One row's JSON text with its keys renamed (`renames`: old -> new). */
export function renameRow(json: string, renames: ReadonlyMap<string, string>): string {
  const row = JSON.parse(json) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) out[renames.get(key) ?? key] = value;
  return JSON.stringify(out);
}
