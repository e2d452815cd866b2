/**
 * The local anime source: a GraphQL schema mirroring the part of AniList's API the app uses
 * (API-ANIME-1 in docs/requirements.md, anime-info call; DATA-12, Anime-info data), answered from
 * `anime_media` and `anime_relations`. The same query text works here and against AniList.
 */
import {
  buildSchema,
  type GraphQLEnumType,
  type GraphQLFieldResolver,
  type GraphQLObjectType,
} from 'graphql';
import DataLoader from 'dataloader';
import { MAX_ANIME_SEARCH_LENGTH, type RatingCeiling } from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import { artPath } from '../images/index.ts';
import {
  ANIME_SORTS,
  findRelations,
  searchAnime,
  type AnimeRow,
  type AnimeSearchRow,
  type AnimeSort,
  type RelationRow,
} from './anime.repository.ts';

/** AniList's page size cap, also the default (LIMIT-13, LIMIT-15: anime search page size 50). */
export const MAX_PER_PAGE = 50;

/** AniList's types and fields the app reads, with AniList's names, arguments and enums. */
export const animeTypeDefs = /* GraphQL */ `
  type Query {
    Page(page: Int = 1, perPage: Int = ${MAX_PER_PAGE}): Page
  }
  type Page {
    pageInfo: PageInfo
    media(
      id: Int
      search: String
      type: MediaType
      format: MediaFormat
      format_in: [MediaFormat]
      sort: [MediaSort]
    ): [Media]
  }
  type PageInfo {
    total: Int
    perPage: Int
    currentPage: Int
    lastPage: Int
    hasNextPage: Boolean
  }
  type Media {
    id: Int!
    idMal: Int
    title: MediaTitle
    type: MediaType
    format: MediaFormat
    status: MediaStatus
    description(asHtml: Boolean): String
    startDate: FuzzyDate
    episodes: Int
    duration: Int
    coverImage: MediaCoverImage
    genres: [String]
    averageScore: Int
    popularity: Int
    relations: MediaConnection
  }
  type MediaTitle {
    romaji(stylised: Boolean): String
    english(stylised: Boolean): String
    native(stylised: Boolean): String
    userPreferred: String
  }
  type FuzzyDate {
    year: Int
    month: Int
    day: Int
  }
  type MediaCoverImage {
    extraLarge: String
    large: String
    medium: String
  }
  type MediaConnection {
    edges: [MediaEdge]
    nodes: [Media]
  }
  type MediaEdge {
    node: Media
    "AniList's MediaRelation name. Text, not an enum: types AniList adds later pass as they are."
    relationType(version: Int): String
  }
  enum MediaType { ANIME MANGA }
  enum MediaFormat { TV TV_SHORT MOVIE SPECIAL OVA ONA MUSIC MANGA NOVEL ONE_SHOT }
  enum MediaStatus { FINISHED RELEASING NOT_YET_RELEASED CANCELLED HIATUS }
  enum MediaSort { ${ANIME_SORTS.join(' ')} }
`;

/**
 * Per-request state: the database, the relation loader, where drawn art is served and the
 * rating limit of a kids' profile.
 */
export interface AnimeContext {
  db: Database;
  relations: DataLoader<number, RelationRow[]>;
  /** `/pigo-stream/images`: drawn covers resolve under it. */
  imagesBase: string;
  /** A kids' profile's limit (PROFILE-7): entries and relations it may not see are left out. */
  ceiling: RatingCeiling | undefined;
}

interface PageSource {
  page: number;
  perPage: number;
  /** Set by `Page.media`; `pageInfo` reads its total. */
  result?: Promise<AnimeSearchRow[]>;
}

interface MediaArgs {
  id?: number | null;
  search?: string | null;
  type?: string | null;
  format?: string | null;
  format_in?: (string | null)[] | null;
  sort?: (AnimeSort | null)[] | null;
}

/**
 * Loads the relation edges of every entry asked for during one turn of the event loop with one
 * query, so sibling resolvers (every entry of a page) share it instead of one query each; under
 * `ceiling` only edges to entries a kids' profile may see (PROFILE-7).
 */
function relationsLoader(
  db: Database,
  ceiling: RatingCeiling | undefined,
): DataLoader<number, RelationRow[]> {
  return new DataLoader(
    async (ids: readonly number[]) => {
      const byMedia = new Map<number, RelationRow[]>(ids.map((id) => [id, []]));
      for (const row of await findRelations(db, ids, ceiling)) byMedia.get(row.media_id)?.push(row);
      return ids.map((id) => byMedia.get(id) ?? []);
    },
    // One event-loop turn, as the hand-written batcher had, rather than DataLoader's default of
    // one tick: graphql-js may reach sibling entries' resolvers over several ticks.
    { batchScheduleFn: (load) => setImmediate(load) },
  );
}

/** `value` when the schema's enum `name` holds it, else null: stored data may hold others. */
function inEnum(name: string, value: string | null): string | null {
  const type = animeSchema.getType(name) as GraphQLEnumType;
  return value !== null && type.getValue(value) ? value : null;
}

/**
 * AniList's name for a stored relation type: the starter's ALTERNATIVE_VERSION is ALTERNATIVE;
 * any other name, known to AniList or not (LIVE-4), is answered as stored.
 */
function relationType(value: string): string {
  return value === 'ALTERNATIVE_VERSION' ? 'ALTERNATIVE' : value;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

function cover(m: AnimeRow, size: string, ctx: AnimeContext): string {
  if (m.cover_image_large) return m.cover_image_large;
  const label = m.title_english ?? m.title_romaji ?? 'Untitled';
  const year = m.start_year === null ? null : String(m.start_year);
  return `${ctx.imagesBase}/${size}${artPath('poster', `anime-${m.id}`, label, year)}`;
}

/**
 * Adapts a typed resolver to graphql-js's untyped field resolver; the type parameters type the
 * callback at each use.
 */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters
function on<S, A = Record<string, unknown>>(
  fn: (source: S, args: A, ctx: AnimeContext) => unknown,
): GraphQLFieldResolver<unknown, AnimeContext> {
  return (source, args, ctx) => fn(source as S, args as A, ctx);
}

const resolvers: Record<string, Record<string, GraphQLFieldResolver<unknown, AnimeContext>>> = {
  Query: {
    Page: on<unknown, { page?: number | null; perPage?: number | null }>((_, args): PageSource => ({
      page: Math.max(1, args.page ?? 1),
      perPage: Math.min(MAX_PER_PAGE, Math.max(1, args.perPage ?? MAX_PER_PAGE)),
    })),
  },
  Page: {
    pageInfo: on<PageSource>((p) => p),
    media: on<PageSource, MediaArgs>((p, args, ctx) => {
      const search = args.search?.trim().slice(0, MAX_ANIME_SEARCH_LENGTH) ?? '';
      const sort = (args.sort ?? []).filter((s) => s !== null);
      if (sort.length === 0) sort.push(...defaultSort(search));
      const formats = [args.format, ...(args.format_in ?? [])].filter((f) => f != null);
      p.result = searchAnime(
        ctx.db,
        { search, id: args.id, type: args.type, formats, ceiling: ctx.ceiling },
        sort,
        p.perPage,
        (p.page - 1) * p.perPage,
      );
      return p.result;
    }),
  },
  PageInfo: {
    total: on<PageSource>((p) => pageTotal(p)),
    currentPage: on<PageSource>((p) => p.page),
    lastPage: on<PageSource>(async (p) => Math.max(1, Math.ceil((await pageTotal(p)) / p.perPage))),
    hasNextPage: on<PageSource>(async (p) => (await pageTotal(p)) > p.page * p.perPage),
  },
  Media: {
    idMal: on<AnimeRow>((m) => m.id_mal),
    title: on<AnimeRow>((m) => m),
    type: on<AnimeRow>((m) => inEnum('MediaType', m.type)),
    format: on<AnimeRow>((m) => inEnum('MediaFormat', m.format)),
    status: on<AnimeRow>((m) => inEnum('MediaStatus', m.status)),
    description: on<AnimeRow, { asHtml?: boolean | null }>((m, args) =>
      args.asHtml && m.description !== null
        ? escapeHtml(m.description).replaceAll('\n', '<br>\n')
        : m.description,
    ),
    startDate: on<AnimeRow>((m) => ({
      year: m.start_year,
      month: m.start_month,
      day: m.start_day,
    })),
    coverImage: on<AnimeRow>((m, _args, ctx) => ({
      extraLarge: cover(m, 'w780', ctx),
      large: cover(m, 'w500', ctx),
      medium: cover(m, 'w185', ctx),
    })),
    averageScore: on<AnimeRow>((m) => m.average_score),
    relations: on<AnimeRow>(async (m, _args, ctx) => {
      const edges = await ctx.relations.load(m.id);
      return { edges, nodes: edges.map((e) => e.node) };
    }),
  },
  MediaTitle: {
    romaji: on<AnimeRow>((m) => m.title_romaji),
    english: on<AnimeRow>((m) => m.title_english),
    native: on<AnimeRow>((m) => m.title_native),
    userPreferred: on<AnimeRow>((m) => m.title_romaji ?? m.title_english),
  },
  MediaEdge: {
    node: on<RelationRow>((e) => e.node),
    relationType: on<RelationRow>((e) => relationType(e.relation_type)),
  },
};

/** AniList's order when none is asked for: best match, then popularity. */
function defaultSort(search: string): AnimeSort[] {
  return search ? ['SEARCH_MATCH', 'POPULARITY_DESC'] : ['POPULARITY_DESC'];
}

/** Waits until `Page.media` (a sibling field, resolved in the same pass) has started. */
async function pageTotal(p: PageSource): Promise<number> {
  await Promise.resolve();
  const rows = p.result ? await p.result : [];
  return rows[0]?.total ?? 0;
}

/** The executable schema: SDL above with the resolvers attached. */
export const animeSchema = buildSchema(animeTypeDefs);
for (const [typeName, fields] of Object.entries(resolvers)) {
  const type = animeSchema.getType(typeName) as GraphQLObjectType;
  const typeFields = type.getFields();
  for (const [name, resolve] of Object.entries(fields)) {
    const field = typeFields[name];
    if (!field) throw new Error(`No field ${typeName}.${name} in the anime schema`);
    field.resolve = resolve;
  }
}

/**
 * A fresh context for one request. `imagesBase` is the images route (`/pigo-stream/images`),
 * under which covers missing from the data are drawn; `ceiling` a kids' profile's rating limit
 * (PROFILE-7 in docs/requirements.md), under which only the entries it may see are answered,
 * as search hits and as related entries.
 */
export function createAnimeContext(
  db: Database,
  imagesBase: string,
  ceiling?: RatingCeiling,
): AnimeContext {
  return { db, relations: relationsLoader(db, ceiling), imagesBase, ceiling };
}
