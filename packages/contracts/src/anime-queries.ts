/**
 * The GraphQL texts the app's anime lookup sends to `POST /pigo-stream/playground/anime-info`
 * (API-ANIME-1 in docs/requirements.md), in AniList's protocol: the same text works against the
 * local catalogue and live AniList. Plain strings with no schema library, importable on their own
 * (`@pigostream/contracts/anime-queries`) by the web app and by the server's tests.
 */

/** Anime search page size (LIMIT-13, LIMIT-15). */
export const ANIME_SEARCH_PAGE_SIZE = 50;

/** The Related anime entry fields (DATA-13) asked for every relation edge's node. */
const NODE_FIELDS = `id
title { english romaji }
startDate { year month day }
type
format
episodes
coverImage { large }`;

/** Anime-info data (DATA-12) with its relation edges. */
const MEDIA_FRAGMENT = `fragment AnimeInfo on Media {
  id
  title { english romaji }
  startDate { year month day }
  type
  format
  episodes
  duration
  description
  coverImage { large }
  relations {
    edges {
      relationType(version: 2)
      node { ${NODE_FIELDS} }
    }
  }
}`;

/**
 * The lookup (API-GEN-2): anime entries matching `$search`, one page of
 * {@link ANIME_SEARCH_PAGE_SIZE}, answered as `data.Page.media`.
 */
export const ANIME_SEARCH_QUERY = `query AnimeSearch($search: String) {
  Page(perPage: ${String(ANIME_SEARCH_PAGE_SIZE)}) {
    media(search: $search, type: ANIME) { ...AnimeInfo }
  }
}
${MEDIA_FRAGMENT}`;

/** The alias under which {@link relationsQuery} answers entry `id`. */
export function relationAlias(id: number): string {
  return `entry${String(id)}`;
}

/**
 * One round of following the relation graph: the entries `ids` with their own edges, each as
 * `data.entry{id}.media` (one `Page` per id, since AniList's `Page.media` takes a single id).
 */
export function relationsQuery(ids: readonly number[]): string {
  const pages = ids
    .map(
      (id) =>
        `${relationAlias(id)}: Page(perPage: 1) { media(id: ${String(id)}, type: ANIME) { ...AnimeInfo } }`,
    )
    .join('\n  ');
  return `query AnimeRelations {\n  ${pages}\n}\n${MEDIA_FRAGMENT}`;
}

/** A release date's year and month (1-12). */
export interface YearMonth {
  year: number;
  month: number;
}

/** Year and month of a `YYYY-MM[-DD]` date; undefined when missing or malformed. */
export function parseYearMonth(date: string | null | undefined): YearMonth | undefined {
  const m = /^(\d{4})-(\d{2})(?:-\d{2})?$/.exec(date?.trim() ?? '');
  if (!m) return undefined;
  const year = Number(m[1]);
  const month = Number(m[2]);
  return month >= 1 && month <= 12 ? { year, month } : undefined;
}

/**
 * The text the play page's anime lookup searches for a title shown as `title` and released on
 * `releaseDate` (VALID-6, VALID-8): the title trimmed; undefined when the lookup is skipped,
 * because the title or the release date is missing (a malformed date counts as missing). The web
 * app's lookup and the server's first answers of the play page (PERF-1) both decide with it.
 */
export function animeLookupSearch(
  title: string,
  releaseDate: string | null | undefined,
): string | undefined {
  const search = title.trim();
  return search.length > 0 && parseYearMonth(releaseDate) !== undefined ? search : undefined;
}

/** The body of the lookup's first call for `search`: {@link ANIME_SEARCH_QUERY}, `{ search }`. */
export function animeSearchRequest(search: string): {
  query: string;
  variables: { search: string };
} {
  return { query: ANIME_SEARCH_QUERY, variables: { search } };
}
