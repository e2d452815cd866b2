/**
 * The addon's catalogs (STREMIO-4 in docs/requirements.md), each for movies and for shows:
 * Trending (with a `genre` filter), Search (`search` required), one per streaming provider of
 * the fixed list, the profile's My List and its Continue Watching. Every catalog pages by `skip`,
 * {@link STREMIO_PAGE_SIZE} titles a page, read from the catalogue source's pages of 20; a kids'
 * profile's catalogs hold only titles within its rating limit (the source and the lists filter
 * them before a page is cut).
 *
 * Genres (DEC-32 in docs/decisions.md): the catalogue source lists no title by genre, so Trending
 * with a `genre` looks at the first {@link GENRE_SLICE_PAGES} pages of Trending (400 titles of
 * the type, within the profile's limit) and keeps those of the genre, in trending order.
 */
import {
  MAX_QUERY_LENGTH,
  MOVIE_GENRES,
  PROVIDERS,
  STREMIO_PAGE_SIZE,
  TV_GENRES,
  type AddonType,
  type MediaListItem,
  type MediaPage,
  type MediaType,
  type MetaPreview,
  type TitleSummary,
} from '@pigostream/contracts';
import { MAX_PAGE } from '@pigostream/contracts/constants';
import { imageUrl } from '@pigostream/contracts/images';
import type { CatalogueSource, TitleLookup } from '../catalogue/index.ts';
import type { LibraryService } from '../library/index.ts';
import type { ProgressService } from '../progress/index.ts';
import { addonIdOf, addonTypeOf } from './stremio.ids.ts';
import type { AddonProfile } from './stremio.tokens.ts';

/** The catalogue source's page length. */
const SOURCE_PAGE = 20;
/** Trending pages a genre is looked for in: 400 titles. */
export const GENRE_SLICE_PAGES = 20;
/** Furthest into a list a catalog reads (TMDB's 500 pages of 20; DEC-26). */
const MAX_SKIP = MAX_PAGE * SOURCE_PAGE;
/** Most titles of My List a catalog reads. */
const MAX_LIST = 1000;

/** What a catalog request asks besides its type and id. */
export interface CatalogExtra {
  search?: string;
  genre?: string;
  /** Titles to skip from the catalog's start, 0 by default. */
  skip: number;
}

/** Where the addon's links start, and whom it answers. */
export interface AddonRequest {
  profile: AddonProfile;
  /** The origin links are made with (a trusted one, else PUBLIC_URL). */
  origin: string;
  /** `{origin}/pigo-stream/stremio/{token}`: the addon's own links start here. */
  base: string;
}

/** What the catalogs read. */
export interface CatalogDeps {
  catalogue: CatalogueSource;
  /** The catalogue's IMDb ids (the local tables). */
  lookup: TitleLookup;
  lists: LibraryService;
  progress: ProgressService;
}

/** A manifest's catalog extra. */
interface Extra {
  name: 'search' | 'genre' | 'skip';
  isRequired?: boolean;
  options?: string[];
}

/** One catalog: listed for both types, `titles` answering one page of one type. */
interface CatalogSpec {
  id: string;
  name: string;
  extra: (type: MediaType) => Extra[];
  titles: (
    deps: CatalogDeps,
    req: AddonRequest,
    type: MediaType,
    extra: CatalogExtra,
  ) => Promise<MetaPreview[]>;
}

/** The genre names a type's catalog offers (TMDB's lists). */
function genreNames(type: MediaType): Readonly<Record<string, number>> {
  return type === 'movie' ? MOVIE_GENRES : TV_GENRES;
}

/** A genre's name by its id, the type's own list first. */
function genreName(type: MediaType, id: number): string | undefined {
  for (const list of type === 'movie' ? [MOVIE_GENRES, TV_GENRES] : [TV_GENRES, MOVIE_GENRES]) {
    const found = Object.entries(list).find(([, value]) => value === id);
    if (found) return found[0];
  }
  return undefined;
}

/** An image's absolute URL at `size`, or undefined without an image. */
export function absoluteImage(
  origin: string,
  path: string | null | undefined,
  size: 'w300' | 'w342' | 'w1280',
): string | undefined {
  const url = imageUrl(path, size);
  return url === undefined ? undefined : `${origin}${url}`;
}

/** The catalogue's vote average as the protocol's rating text, when the title has votes. */
export function ratingText(average: number, votes = 1): string | undefined {
  return votes > 0 && average > 0 ? average.toFixed(1) : undefined;
}

/** The IMDb ids the catalogue knows for `ids` of `type`. */
async function imdbIdsOf(
  lookup: TitleLookup,
  type: MediaType,
  ids: number[],
): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  return new Map((await lookup.byIds(type, ids)).map((t) => [t.id, t.imdbId]));
}

/** Catalog titles of a catalogue list's items (the source's pages), in their order. */
async function previewsOfItems(
  deps: CatalogDeps,
  req: AddonRequest,
  items: MediaListItem[],
): Promise<MetaPreview[]> {
  const imdb = new Map<string, string | null>();
  for (const type of ['movie', 'tv'] as const) {
    const ids = items.filter((i) => i.media_type === type).map((i) => i.id);
    for (const [id, imdbId] of await imdbIdsOf(deps.lookup, type, ids)) {
      imdb.set(`${type}:${String(id)}`, imdbId);
    }
  }
  return items.map((item) => {
    const type = item.media_type;
    const date = item.release_date ?? item.first_air_date ?? '';
    return {
      id: addonIdOf(type, item.id, imdb.get(`${type}:${String(item.id)}`)),
      type: addonTypeOf(type),
      name: item.title ?? item.name ?? '',
      poster: absoluteImage(req.origin, item.poster_path, 'w342') ?? '',
      background: absoluteImage(req.origin, item.backdrop_path, 'w1280'),
      description: item.overview === '' ? undefined : item.overview,
      releaseInfo: /^\d{4}/.test(date) ? date.slice(0, 4) : undefined,
      genres: item.genre_ids.flatMap((id) => genreName(type, id) ?? []),
      imdbRating: ratingText(item.vote_average, item.vote_count),
    };
  });
}

/** Catalog titles of list summaries (My List, Continue Watching), in their order. */
async function previewsOfSummaries(
  deps: CatalogDeps,
  req: AddonRequest,
  type: MediaType,
  titles: TitleSummary[],
): Promise<MetaPreview[]> {
  const imdb = await imdbIdsOf(
    deps.lookup,
    type,
    titles.map((t) => t.id),
  );
  return titles.map((t) => ({
    id: addonIdOf(type, t.id, imdb.get(t.id)),
    type: addonTypeOf(type),
    name: t.title ?? t.name ?? '',
    poster: absoluteImage(req.origin, t.poster_path, 'w342') ?? '',
    genres: t.genres.map((g) => g.name),
    imdbRating: ratingText(t.vote_average),
  }));
}

/**
 * Items `skip` to `skip + count` of a list read in the source's pages of 20 (`read(page)`,
 * pages from 1), the pages read at once; a short page ends the list.
 */
async function slice(
  read: (page: number) => Promise<MediaPage>,
  skip: number,
  count: number,
): Promise<MediaListItem[]> {
  if (skip >= MAX_SKIP) return [];
  const first = Math.floor(skip / SOURCE_PAGE) + 1;
  const last = Math.min(Math.floor((skip + count - 1) / SOURCE_PAGE) + 1, MAX_PAGE);
  const pages = await Promise.all(
    Array.from({ length: last - first + 1 }, (_, i) => read(first + i)),
  );
  const items: MediaListItem[] = [];
  for (const page of pages) {
    items.push(...page.results);
    if (page.results.length < SOURCE_PAGE) break;
  }
  const from = skip - (first - 1) * SOURCE_PAGE;
  return items.slice(from, from + count);
}

/** A list's items from the catalogue source, one catalog page of them. */
function sourceCatalog(
  read: (deps: CatalogDeps, req: AddonRequest, type: MediaType, page: number) => Promise<MediaPage>,
): CatalogSpec['titles'] {
  return async (deps, req, type, extra) =>
    previewsOfItems(
      deps,
      req,
      await slice((page) => read(deps, req, type, page), extra.skip, STREMIO_PAGE_SIZE),
    );
}

const skipExtra: Extra = { name: 'skip' };

/** Trending, whole or of one genre (within {@link GENRE_SLICE_PAGES} pages). */
const trending: CatalogSpec = {
  id: 'pigo.trending',
  name: 'Trending',
  extra: (type) => [{ name: 'genre', options: Object.keys(genreNames(type)) }, skipExtra],
  async titles(deps, req, type, extra) {
    const ceiling = req.profile.ceiling;
    const read = (page: number) => deps.catalogue.trending(type, page, ceiling);
    if (extra.genre === undefined) {
      return previewsOfItems(deps, req, await slice(read, extra.skip, STREMIO_PAGE_SIZE));
    }
    const genre = genreNames(type)[extra.genre];
    if (genre === undefined) return [];
    const pool = await slice(read, 0, GENRE_SLICE_PAGES * SOURCE_PAGE);
    const ofGenre = pool.filter((item) => item.genre_ids.includes(genre));
    return previewsOfItems(deps, req, ofGenre.slice(extra.skip, extra.skip + STREMIO_PAGE_SIZE));
  },
};

/** Search: the catalogue's typo-tolerant search (at most 200 titles, DEC-26). */
const search: CatalogSpec = {
  id: 'pigo.search',
  name: 'Search',
  extra: () => [{ name: 'search', isRequired: true }, skipExtra],
  async titles(deps, req, type, extra) {
    // eslint-disable-next-line no-control-regex
    const query = (extra.search ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim();
    if (query === '') return [];
    const cut = query.slice(0, MAX_QUERY_LENGTH);
    const read = (page: number) => deps.catalogue.search(type, cut, page, req.profile.ceiling);
    return previewsOfItems(deps, req, await slice(read, extra.skip, STREMIO_PAGE_SIZE));
  },
};

/** One catalog per provider of the fixed list, in its region. */
const providers: CatalogSpec[] = PROVIDERS.map((provider) => ({
  id: `pigo.provider.${String(provider.id)}`,
  name: provider.name,
  extra: () => [skipExtra],
  titles: sourceCatalog((deps, req, type, page) =>
    deps.catalogue.byProvider(type, provider.id, provider.region, page, req.profile.ceiling),
  ),
}));

/** The profile's My List, newest first. */
const myList: CatalogSpec = {
  id: 'pigo.my-list',
  name: 'My List',
  extra: () => [skipExtra],
  async titles(deps, req, type, extra) {
    const want = Math.min(extra.skip + STREMIO_PAGE_SIZE, MAX_LIST);
    if (extra.skip >= want) return [];
    const limits =
      type === 'movie' ? { movieLimit: want, showLimit: 1 } : { movieLimit: 1, showLimit: want };
    const list = await deps.lists.myList(req.profile.profileId, limits, req.profile.ceiling);
    const titles = (type === 'movie' ? list.moviesList : list.showsList).slice(extra.skip);
    return previewsOfSummaries(deps, req, type, titles);
  },
};

/** The profile's Continue Watching (at most 20 titles, both types together). */
const continueWatching: CatalogSpec = {
  id: 'pigo.continue-watching',
  name: 'Continue Watching',
  extra: () => [skipExtra],
  async titles(deps, req, type, extra) {
    if (extra.skip > 0) return [];
    const started = await deps.progress.continueWatching(
      req.profile.profileId,
      req.profile.ceiling,
    );
    return previewsOfSummaries(
      deps,
      req,
      type,
      started.filter((t) => t.type === type),
    );
  },
};

/** Every catalog, in the manifest's order. */
const CATALOGS: readonly CatalogSpec[] = [continueWatching, myList, trending, ...providers, search];

/** Whether a catalog answers titles of the profile itself (kept by Stremio for a short while). */
export function isPersonalCatalog(id: string): boolean {
  return id === myList.id || id === continueWatching.id;
}

/** The manifest's catalogs: each catalog for movies, then for shows. */
export function manifestCatalogs(): {
  type: AddonType;
  id: string;
  name: string;
  extra: Extra[];
}[] {
  return CATALOGS.flatMap((spec) =>
    (['movie', 'tv'] as const).map((type) => ({
      type: addonTypeOf(type),
      id: spec.id,
      name: spec.name,
      extra: spec.extra(type),
    })),
  );
}

/**
 * One page of the catalog `id` of `type` for the request's profile.
 * @returns undefined for a catalog the manifest does not list (or a search without `search`).
 */
export async function catalogPage(
  deps: CatalogDeps,
  req: AddonRequest,
  type: MediaType,
  id: string,
  extra: CatalogExtra,
): Promise<MetaPreview[] | undefined> {
  const spec = CATALOGS.find((c) => c.id === id);
  if (!spec || (spec === search && extra.search === undefined)) return undefined;
  return spec.titles(deps, req, type, extra);
}

/**
 * A catalog request's extra from its path segment (`search=the%20matrix&skip=100`, as the
 * segment was sent, before any decoding): `skip` a whole number up to 10,000 (anything else 0),
 * other names ignored.
 */
export function parseCatalogExtra(raw: string | undefined): CatalogExtra {
  if (raw === undefined) return { skip: 0 };
  const params = new URLSearchParams(raw);
  const skipText = params.get('skip') ?? '';
  const skip = /^\d{1,5}$/.test(skipText) ? Math.min(Number(skipText), MAX_SKIP) : 0;
  const searchText = params.get('search');
  const genre = params.get('genre');
  return {
    skip,
    ...(searchText !== null ? { search: searchText } : {}),
    ...(genre !== null ? { genre } : {}),
  };
}
