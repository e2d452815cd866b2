/**
 * The anime-info call (API-ANIME-1 in docs/requirements.md): answers an AniList GraphQL request
 * from the local catalogue (anime.graphql.ts) or from live AniList (anilist.client.ts), in
 * AniList's shapes. Either way the query must fit the local schema; live answers are re-read
 * against it (anilist.reread.ts), and what drifted is logged (lib/upstream-drift.ts).
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
import type { GraphqlResponse } from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import { CachedLoader, createSharedCache } from '../../lib/shared-cache.ts';
import { reportDrift, type DriftLog } from '../../lib/upstream-drift.ts';
import { answerFromAnilist } from './anilist.cached.ts';
import type { AnimeAnswer, GraphqlRequest } from './anilist.client.ts';
import { rereadAnilistData } from './anilist.reread.ts';
import { animeSchema, createAnimeContext } from './anime.graphql.ts';
import { findFranchiseTitles, type FranchiseTitleRow } from './anime.repository.ts';

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
   * source's answers (anilist.client.ts), their `data` re-read against the schema.
   * @throws only on a database failure (the app answers 500).
   */
  answer(request: GraphqlRequest): Promise<AnimeAnswer>;
}

/** Picks the source named by `options.source`. */
export function createAnimeService(options: AnimeServiceOptions): AnimeService {
  const answerFrom =
    options.source === 'anilist'
      ? liveSource(options)
      : (document: DocumentNode, request: GraphqlRequest) =>
          runLocalQuery(options.db, options.imagesBase, document, request);
  return {
    answer: async (request) => {
      const document = parseQuery(request.query);
      return 'status' in document ? document : answerFrom(document, request);
    },
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

async function runLocalQuery(
  db: Database,
  imagesBase: string,
  document: DocumentNode,
  request: GraphqlRequest,
): Promise<AnimeAnswer> {
  const result = await execute({
    schema: animeSchema,
    document,
    variableValues: request.variables,
    operationName: request.operationName,
    contextValue: createAnimeContext(db, imagesBase),
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
