/**
 * The anime-info call (API-ANIME-1 in docs/requirements.md): answers an AniList GraphQL request
 * from the local catalogue (anime.graphql.ts) or from live AniList (anilist.client.ts), in
 * AniList's shapes. Either way the query must fit the local schema; live answers are re-read
 * against it (anilist.reread.ts), and what drifted is logged (lib/upstream-drift.ts). A kids'
 * profile (PROFILE-7 in docs/requirements.md) is answered only the entries it may see: an entry
 * is shown when the TMDB titles it is linked to (`anime_links`) are rated within the profile's
 * limit; one linked to a title above it is hidden, and so is one with no linked title of known
 * rating unless the profile shows unrated titles (anime.repository.ts, `shownUnder`).
 */
import {
  execute,
  getOperationAST,
  GraphQLError,
  Kind,
  parse,
  specifiedRules,
  validate,
  type ASTVisitor,
  type DocumentNode,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import type { GraphqlResponse, RatingCeiling } from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import { CachedLoader, createSharedCache } from '../../lib/shared-cache.ts';
import { reportDrift, type DriftLog } from '../../lib/upstream-drift.ts';
import { answerFromAnilist } from './anilist.cached.ts';
import type { AnimeAnswer, GraphqlRequest } from './anilist.client.ts';
import { rereadAnilistData } from './anilist.reread.ts';
import { animeSchema, createAnimeContext } from './anime.graphql.ts';
import {
  findEntriesShown,
  findFranchiseTitles,
  type FranchiseTitleRow,
} from './anime.repository.ts';

/** Deepest field nesting accepted; the app's own query is 6 deep. */
export const MAX_QUERY_DEPTH = 12;

export interface AnimeServiceOptions {
  db: Database;
  source: 'local' | 'anilist';
  anilistUrl: string;
  /** Bound of a whole AniList call, in ms. */
  timeoutMs: number;
  /** The images route (`/pigo-stream/images`), under which missing covers are drawn. */
  imagesBase: string;
  /** The shared upstream cache for the live source (a private in-process one when absent). */
  loader?: CachedLoader | undefined;
  /** Where drift in live answers is reported: a pino-style `warn(details, message)`. */
  log: DriftLog;
}

export interface AnimeService {
  /**
   * Answers one GraphQL request: 200 `{ data }` (AniList's shape), 400 `{ errors, data: null }`
   * for a query outside the schema (both sources: nothing outside it is forwarded), or the live
   * source's answers (anilist.client.ts), their `data` re-read against the schema. With
   * `ceiling` (a kids' profile's rating limit, PROFILE-7) only the entries it may see, as search
   * hits and as related entries: the local source filters them in its queries (pages and
   * totals count only those), the live one leaves the others out of AniList's answer, and with
   * them any entry or edge whose id the query did not ask for (it cannot be told apart).
   * @throws only on a database failure (the app answers 500).
   */
  answer(request: GraphqlRequest, ceiling?: RatingCeiling): Promise<AnimeAnswer>;
}

/** Picks the source named by `options.source`. */
export function createAnimeService(options: AnimeServiceOptions): AnimeService {
  const live = options.source === 'anilist' ? liveSource(options) : undefined;
  const answerFrom = async (
    document: DocumentNode,
    request: GraphqlRequest,
    ceiling: RatingCeiling | undefined,
  ): Promise<AnimeAnswer> => {
    if (!live) return runLocalQuery(options.db, options.imagesBase, document, request, ceiling);
    const answer = await live(document, request);
    return ceiling ? keepShown(options.db, answer, ceiling) : answer;
  };
  return {
    answer: async (request, ceiling) => {
      const document = parseQuery(request.query);
      return 'status' in document ? document : answerFrom(document, request, ceiling);
    },
  };
}

/**
 * The AniList id an element of a list in an answer stands for: a Media's `id`, or a relation
 * edge's `node.id`; undefined when the query asked for neither.
 */
function entryIdOf(element: object): number | undefined {
  const { id, node } = element as { id?: unknown; node?: unknown };
  if (typeof id === 'number') return id;
  if (typeof node === 'object' && node !== null) {
    const nodeId = (node as { id?: unknown }).id;
    if (typeof nodeId === 'number') return nodeId;
  }
  return undefined;
}

/** Every AniList id the lists of `value` (a JSON answer's data) hold, into `ids`. */
function collectEntryIds(value: unknown, ids: Set<number>): void {
  if (Array.isArray(value)) {
    for (const element of value as unknown[]) {
      if (typeof element === 'object' && element !== null) {
        const id = entryIdOf(element);
        if (id !== undefined) ids.add(id);
      }
      collectEntryIds(element, ids);
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const field of Object.values(value)) collectEntryIds(field, ids);
  }
}

/**
 * A copy of `value` whose lists hold only the entries (Media, relation edges) in `shown`:
 * in this schema every list of objects is one of entries or of edges (`Page.media`,
 * `relations.edges`, `relations.nodes`). An object in a list that names no id is left out too.
 */
function withoutHidden(value: unknown, shown: ReadonlySet<number>): unknown {
  if (Array.isArray(value)) {
    return (value as unknown[])
      .filter((element) => {
        if (typeof element !== 'object' || element === null) return true;
        const id = entryIdOf(element);
        return id !== undefined && shown.has(id);
      })
      .map((element) => withoutHidden(element, shown));
  }
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, field]) => [key, withoutHidden(field, shown)]),
    );
  }
  return value;
}

/**
 * A live answer for a kids' profile (PROFILE-7): its data without the entries `ceiling` hides
 * (one query for every id the answer names). The cached answer is not changed: a copy is.
 * @throws when the database fails.
 */
async function keepShown(
  db: Database,
  answer: AnimeAnswer,
  ceiling: RatingCeiling,
): Promise<AnimeAnswer> {
  if (answer.status !== 200 || !('data' in answer.body)) return answer;
  const { data } = answer.body;
  if (data === null || data === undefined) return answer;
  const ids = new Set<number>();
  collectEntryIds(data, ids);
  const shown = await findEntriesShown(db, [...ids], ceiling);
  return {
    ...answer,
    body: { ...answer.body, data: withoutHidden(data, shown) as typeof data },
  };
}

/** The query document, or the 400 answer refusing a query outside the schema. */
function parseQuery(query: string): DocumentNode | AnimeAnswer {
  let document: DocumentNode;
  try {
    document = parse(query);
  } catch (error) {
    if (error instanceof GraphQLError) return refused([error]);
    throw error;
  }
  const invalid = validate(animeSchema, document, [...specifiedRules, maxDepthRule]);
  return invalid.length > 0 ? refused(invalid) : document;
}

/** Forwards to AniList through the cache; 200 answers are re-read and their drift logged. */
function liveSource(options: AnimeServiceOptions) {
  const client = { url: options.anilistUrl, timeoutMs: options.timeoutMs };
  const loader = options.loader ?? new CachedLoader(createSharedCache({}), 0);
  return (document: DocumentNode, request: GraphqlRequest) =>
    answerFromAnilist(loader, client, request, (body) =>
      rereadAnswer(document, request, body, options.log),
    );
}

/**
 * AniList's 200 `body` for `request` with its `data` re-read (anilist.reread.ts): 200
 * `{ data, errors? }` (AniList's own errors passed on, nothing else), `body` as it is when it
 * holds no data, 400 `{ errors, data: null }` when the request's operation or variables do not
 * fit the schema. What was dropped is logged to `log`, one warning per field, under the
 * operation's name ('query' when it has none).
 */
function rereadAnswer(
  document: DocumentNode,
  request: GraphqlRequest,
  body: GraphqlResponse,
  log: DriftLog,
): AnimeAnswer {
  if (body.data === undefined || body.data === null) return { status: 200, body };
  const read = rereadAnilistData(document, request, body.data);
  if (read.data === undefined) return refused(read.errors ?? []);
  const call = getOperationAST(document, request.operationName)?.name?.value ?? 'query';
  reportDrift(log, 'anilist', call, read.problems);
  const data = read.data;
  return { status: 200, body: body.errors ? { data, errors: body.errors } : { data } };
}

/** An error as AniList lists it: `{ message, status?, locations?, path? }`. */
function formatError(e: GraphQLError, status?: number) {
  return {
    message: e.message,
    ...(status ? { status } : {}),
    ...(e.locations
      ? { locations: e.locations.map(({ line, column }) => ({ line, column })) }
      : {}),
    ...(e.path ? { path: [...e.path] } : {}),
  };
}

/** `{ errors: [{ message, status: 400, locations }], data: null }` as AniList refuses a query. */
function refused(errors: readonly GraphQLError[]): AnimeAnswer {
  return { status: 400, body: { errors: errors.map((e) => formatError(e, 400)), data: null } };
}

/**
 * Answers `request` from the local catalogue; with `ceiling` only the entries a kids' profile
 * may see (PROFILE-7).
 * @throws on a database failure.
 */
async function runLocalQuery(
  db: Database,
  imagesBase: string,
  document: DocumentNode,
  request: GraphqlRequest,
  ceiling: RatingCeiling | undefined,
): Promise<AnimeAnswer> {
  const result = await execute({
    schema: animeSchema,
    document,
    variableValues: request.variables,
    operationName: request.operationName,
    contextValue: createAnimeContext(db, imagesBase, ceiling),
  });
  const internal = result.errors?.find(
    (e) => e.originalError && !(e.originalError instanceof GraphQLError),
  );
  if (internal?.originalError) throw internal.originalError;
  // No data at all: the variables or the operation name did not fit the query.
  if (result.data === undefined || result.data === null) return refused(result.errors ?? []);
  return {
    status: 200,
    body: result.errors
      ? { data: result.data, errors: result.errors.map((e) => formatError(e)) }
      : { data: result.data },
  };
}

/** Refuses operations nested deeper than MAX_QUERY_DEPTH fields (introspection not counted). */
function maxDepthRule(context: ValidationContext): ASTVisitor {
  return {
    OperationDefinition(node) {
      const depth = selectionDepth(context, node.selectionSet, new Set());
      if (depth > MAX_QUERY_DEPTH) {
        context.reportError(
          new GraphQLError(
            `Query is nested ${depth} fields deep; at most ${MAX_QUERY_DEPTH} are allowed`,
            { nodes: node },
          ),
        );
      }
    },
  };
}

function selectionDepth(
  context: ValidationContext,
  set: SelectionSetNode | undefined,
  fragments: ReadonlySet<string>,
): number {
  let deepest = 0;
  for (const selection of set?.selections ?? []) {
    let depth: number;
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value.startsWith('__')) continue;
      depth = 1 + selectionDepth(context, selection.selectionSet, fragments);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      depth = selectionDepth(context, selection.selectionSet, fragments);
    } else {
      const name = selection.name.value;
      // Cycles are refused by NoFragmentCyclesRule; here they only must not loop.
      if (fragments.has(name)) continue;
      const fragment = context.getFragment(name);
      depth = selectionDepth(context, fragment?.selectionSet, new Set([...fragments, name]));
    }
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

/**
 * The anime franchise of titles, for the recommender: TMDB titles (`{ type, id }`) that cover
 * the AniList entries the `seeds` cover or entries related to those, each with `entries`, the
 * number of such entries it covers (the seeds themselves included). Answered from this
 * server's database (the anime module's tables), whatever the anime source.
 * @throws when the database fails.
 */
export function franchiseTitles(
  db: Database,
  seeds: readonly { type: 'movie' | 'tv'; id: number }[],
): Promise<FranchiseTitleRow[]> {
  return findFranchiseTitles(db, seeds);
}
