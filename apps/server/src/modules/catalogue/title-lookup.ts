/**
 * Finding catalogue titles from what another service's export names (TRANSFER-2, TRANSFER-4 in
 * docs/requirements.md: import): by TMDB id, IMDb id, exact title, or a title like it. The import
 * (modules/transfer) asks through this interface and never reads the catalogue's tables itself.
 * {@link createTitleLookup} reads the local catalogue tables; with `CATALOG_SOURCE=tmdb` they hold
 * only what was imported, so {@link createSourceLookup} adds the live source's summaries and
 * search. A kids' profile's import keeps only titles within its rating limit (PROFILE-7), which
 * {@link TitleLookup.within} tells as the catalogue source's summaries do.
 */
import {
  MAX_QUERY_LENGTH,
  type MediaListItem,
  type MediaType,
  type RatingCeiling,
} from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import { toSummary } from './catalogue.mapper.ts';
import * as repo from './catalogue.repository.ts';
import { NotFoundError, type CatalogueSource } from './catalogue.source.ts';
import { createLocalSource } from './local.source.ts';

/** A catalogue title as the import compares it. */
export interface LookupTitle {
  type: MediaType;
  id: number;
  title: string;
  originalTitle: string | null;
  /** Year of release or first air date; null when unknown. */
  year: number | null;
  /** The card's poster path (drawn art when the title has no poster). */
  poster_path: string;
  popularity: number;
  imdbId: string | null;
}

/** The lookups of {@link createTitleLookup}. */
export interface TitleLookup {
  /** Titles of `type` with these TMDB ids; unknown ids are absent. */
  byIds(type: MediaType, ids: readonly number[]): Promise<LookupTitle[]>;
  /** Titles with these IMDb ids (`tt...`); unknown ids are absent. */
  byImdbIds(ids: readonly string[]): Promise<LookupTitle[]>;
  /** Titles whose title or original title is one of `names`, case aside. */
  byNames(names: readonly string[]): Promise<LookupTitle[]>;
  /** For each of `names` (lower-cased), up to `limit` titles like it, by similarity. */
  similar(names: readonly string[], limit: number): Promise<LookupTitle[][]>;
  /**
   * Of `ids` of `type`, those a kids' profile with `ceiling` may see (PROFILE-7 in
   * docs/requirements.md): rated at or below its limit, or with no known rating when it shows
   * those. Ids the catalogue does not know are absent.
   */
  within(type: MediaType, ids: readonly number[], ceiling: RatingCeiling): Promise<Set<number>>;
}

/** Rows per query: keeps each statement's parameter list small. */
const CHUNK = 2000;

/** Runs `read` over `values` in chunks of {@link CHUNK}, one after another; rows concatenated. */
async function chunked<V, R>(values: readonly V[], read: (part: V[]) => Promise<R[]>) {
  const rows: R[] = [];
  for (let i = 0; i < values.length; i += CHUNK)
    rows.push(...(await read(values.slice(i, i + CHUNK))));
  return rows;
}

function toLookup(row: repo.LookupRow): LookupTitle {
  const year = row.release_date ? Number(row.release_date.slice(0, 4)) : NaN;
  return {
    type: row.media_type,
    id: row.id,
    title: row.title,
    originalTitle: row.original_title,
    year: Number.isNaN(year) ? null : year,
    poster_path: toSummary(row).poster_path,
    popularity: row.popularity ?? 0,
    imdbId: row.imdb_id,
  };
}

/** Lookups over the catalogue tables of `db`. */
export function createTitleLookup(db: Database): TitleLookup {
  const tables = createLocalSource(db);
  return {
    async byIds(type, ids) {
      return (await chunked(ids, (part) => repo.findLookupRowsByIds(db, type, part))).map(toLookup);
    },
    async byImdbIds(ids) {
      return (await chunked(ids, (part) => repo.findTitlesByImdbIds(db, part))).map(toLookup);
    },
    async byNames(names) {
      const lower = [...new Set(names.map((n) => n.toLowerCase()))];
      return (await chunked(lower, (part) => repo.findTitlesByNames(db, part))).map(toLookup);
    },
    async similar(names, limit) {
      const found: LookupTitle[][] = names.map(() => []);
      for (let start = 0; start < names.length; start += 200) {
        const part = names.slice(start, start + 200);
        for (const row of await repo.findTitlesNamedLike(db, part, limit)) {
          found[start + row.name_index]?.push(toLookup(row));
        }
      }
      return found;
    },
    async within(type, ids, ceiling) {
      const shown = await chunked(ids, (part) => tables.summaries(type, part, ceiling));
      return new Set(shown.map((t) => t.id));
    },
  };
}

/** Most names looked up through the live source's search at once. */
const SEARCH_CONCURRENCY = 8;

/**
 * Lookups for `CATALOG_SOURCE=tmdb`: the catalogue tables first (what was imported), then the
 * live source for what they lack: TMDB ids through its summaries (no year), titles like a name
 * through its search (the first page for movies and for shows). Every search is an upstream
 * call (cached, and held to TMDB's rate by the client), so a long list takes a while: about
 * 40 names a second. IMDb ids are found in the tables only; their rows still match by title.
 * Ratings are the live source's, as every list a kids' profile sees there.
 */
export function createSourceLookup(local: TitleLookup, source: CatalogueSource): TitleLookup {
  const fromItem = (item: MediaListItem): LookupTitle => {
    const year = Number((item.release_date ?? item.first_air_date ?? '').slice(0, 4));
    return {
      type: item.media_type,
      id: item.id,
      title: item.title ?? item.name ?? '',
      originalTitle: item.original_title ?? item.original_name ?? null,
      year: year > 0 ? year : null,
      poster_path: item.poster_path,
      popularity: item.popularity,
      imdbId: null,
    };
  };
  return {
    byImdbIds: (ids) => local.byImdbIds(ids),
    byNames: (names) => local.byNames(names),
    async within(type, ids, ceiling) {
      if (ids.length === 0) return new Set();
      return new Set((await source.summaries(type, [...ids], ceiling)).map((t) => t.id));
    },
    async byIds(type, ids) {
      const found = await local.byIds(type, ids);
      const known = new Set(found.map((t) => t.id));
      const missing = ids.filter((id) => !known.has(id));
      if (missing.length === 0) return found;
      const summaries = await source.summaries(type, missing);
      return [
        ...found,
        ...summaries.map((s): LookupTitle => ({
          type,
          id: s.id,
          title: s.title ?? s.name ?? '',
          originalTitle: null,
          year: null,
          poster_path: s.poster_path,
          popularity: 0,
          imdbId: null,
        })),
      ];
    },
    async similar(names, limit) {
      const found = await local.similar(names, limit);
      const queue = names.map((name, index) => ({ name, index }));
      const worker = async () => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          const { name, index } = next;
          const pages = await Promise.all(
            (['movie', 'tv'] as const).map((type) =>
              source.search(type, name.slice(0, MAX_QUERY_LENGTH), 1).catch((error: unknown) => {
                if (error instanceof NotFoundError) return undefined;
                throw error;
              }),
            ),
          );
          const items = pages.flatMap((page) => page?.results.slice(0, limit) ?? []);
          found[index] = [...(found[index] ?? []), ...items.map(fromItem)];
        }
      };
      await Promise.all(Array.from({ length: SEARCH_CONCURRENCY }, worker));
      return found;
    },
  };
}
