/**
 * The anime-info call (spec section 7): answers an AniList GraphQL request from the local
 * catalogue (anime.graphql.ts) or from live AniList (anilist.client.ts), in AniList's shapes.
 */
import {
  execute,
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
import type { Database } from '@pigostream/db';
import { CachedLoader, createSharedCache } from '../../lib/shared-cache.ts';
import { answerFromAnilist } from './anilist.cached.ts';
import type { AnimeAnswer, GraphqlRequest } from './anilist.client.ts';
import { animeSchema, createAnimeContext } from './anime.graphql.ts';

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
}

export interface AnimeService {
  /**
   * Answers one GraphQL request: 200 `{ data }` (AniList's shape), 400 `{ errors, data: null }`
   * for a query outside the schema, or the live source's answers (anilist.client.ts).
   * @throws only on a database failure (the app answers 500).
   */
  answer(request: GraphqlRequest): Promise<AnimeAnswer>;
}

/** Picks the source named by `options.source`. */
export function createAnimeService(options: AnimeServiceOptions): AnimeService {
  if (options.source === 'anilist') {
    const client = { url: options.anilistUrl, timeoutMs: options.timeoutMs };
    const loader = options.loader ?? new CachedLoader(createSharedCache({}), 0);
    return { answer: (request) => answerFromAnilist(loader, client, request) };
  }
  return { answer: (request) => runLocalQuery(options.db, options.imagesBase, request) };
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
  request: GraphqlRequest,
): Promise<AnimeAnswer> {
  let document: DocumentNode;
  try {
    document = parse(request.query);
  } catch (error) {
    if (error instanceof GraphQLError) return refused([error]);
    throw error;
  }
  const invalid = validate(animeSchema, document, [...specifiedRules, maxDepthRule]);
  if (invalid.length > 0) return refused(invalid);
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
