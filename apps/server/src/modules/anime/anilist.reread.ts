/**
 * Live AniList answers, read leniently and answered strictly (LIVE-2, LIVE-4 in
 * docs/requirements.md): the `data` of a 200 answer is re-read against the local schema
 * (anime.graphql.ts) by executing the app's own query over it, so the app gets exactly the fields
 * its query selected, with the schema's types, and a drifted field costs that field only, never the
 * whole answer (API-ANIME-1, anime-info call).
 */
import {
  buildSchema,
  executeSync,
  getNamedType,
  isLeafType,
  isObjectType,
  responsePathAsArray,
  type DocumentNode,
  type GraphQLError,
  type GraphQLFieldResolver,
  type GraphQLLeafType,
} from 'graphql';
import type { DriftProblem } from '../../lib/upstream-drift.ts';
import type { GraphqlRequest } from './anilist.client.ts';
import { animeTypeDefs } from './anime.graphql.ts';

/** What one re-read keeps track of. */
interface ReadState {
  problems: DriftProblem[];
  /** Paths of the `Page.media` lists in the answer, whose null entries are skipped. */
  mediaLists: (string | number)[][];
}

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The local schema without resolvers; an object type only takes a JSON object. */
const mirror = buildSchema(animeTypeDefs);
for (const type of Object.values(mirror.getTypeMap())) {
  // The introspection types (`__Schema`, ...) are graphql-js's own, shared: left alone.
  if (isObjectType(type) && !type.name.startsWith('__')) type.isTypeOf = isRecord;
}

/** A number written in decimal: '12', '-3', '7.5'. */
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * Whether a JSON value is of a kind `type` is read from. Int and Float also take a number
 * written in decimal ('12'); graphql-js's serializers then refuse what is not a number of that
 * type (12.5 for an Int) and enum values outside the enum.
 */
function readableAs(type: GraphQLLeafType, value: unknown): boolean {
  switch (type.name) {
    case 'Int':
    case 'Float':
      return typeof value === 'number' || (typeof value === 'string' && DECIMAL.test(value));
    case 'Boolean':
      return typeof value === 'boolean';
    default:
      return typeof value === 'string';
  }
}

/** `value` as a problem names it: a string as itself (its first 40 characters), else its kind. */
function kindOf(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.slice(0, 40));
  return Array.isArray(value) ? 'array' : typeof value;
}

/**
 * Reads each field from AniList's answer under its response key (the alias when there is one):
 * absent is an error (the field answers null), and so is a leaf of the wrong kind; a leaf list
 * with one unreadable item answers null as a whole.
 */
const readField: GraphQLFieldResolver<unknown, ReadState> = (source, _args, state, info) => {
  const key = String(info.path.key);
  if (!isRecord(source) || !Object.hasOwn(source, key)) throw new Error('absent');
  const value = source[key];
  const type = getNamedType(info.returnType);
  if (isLeafType(type) && value !== null) {
    const items: unknown[] = Array.isArray(value) ? value : [value];
    const wrong = items.find((item) => item !== null && !readableAs(type, item));
    if (wrong !== undefined) throw new Error(`expected ${type.name}, received ${kindOf(wrong)}`);
  }
  if (info.parentType.name === 'Page' && info.fieldName === 'media' && Array.isArray(value)) {
    const path = responsePathAsArray(info.path);
    state.mediaLists.push(path);
    value.forEach((item, i) => {
      if (item === null) state.problems.push({ path: [...path, i], problem: 'null entry skipped' });
    });
  }
  return value;
};

/** Drops the null entries of the list at `path` in `data` (left as is when not a list). */
function skipNulls(data: Json, path: readonly (string | number)[]): void {
  const parent = path.slice(0, -1).reduce<unknown>((node, key) => {
    return isRecord(node) || Array.isArray(node) ? (node as Json)[key] : undefined;
  }, data);
  const key = path.at(-1);
  if (!isRecord(parent) || key === undefined) return;
  const list = parent[key];
  if (Array.isArray(list)) parent[key] = list.filter((item) => item !== null);
}

/** The result of re-reading one answer. */
export interface RereadResult {
  /**
   * The answer's data as the query selects it: every selected field present, null when it was
   * absent or unreadable; `Page.media` without null entries. Undefined when the request itself
   * does not fit the schema (`errors` then says why).
   */
  data?: Json | null;
  /** Request-level errors (an operation or variables the schema refuses). */
  errors?: readonly GraphQLError[];
  /** Each field answered null because it could not be read, and each skipped entry. */
  problems: DriftProblem[];
}

/**
 * Re-reads `data`, AniList's `data` for `request` (whose query is `document`, already validated
 * against the local schema), as the query selects it: a selected field that is absent or of
 * the wrong type answers null (a non-null field nulls its nearest nullable parent, as GraphQL
 * does: a Media without a readable `id` is skipped); an Int or Float sent as a numeric string
 * is read as its number; fields the query did not select are not passed on; null entries of
 * `Page.media` lists are skipped, the rest of the page kept. `data` that is not an object
 * answers null. Never throws.
 */
export function rereadAnilistData(
  document: DocumentNode,
  request: GraphqlRequest,
  data: unknown,
): RereadResult {
  if (!isRecord(data)) {
    return {
      data: null,
      problems: [{ path: [], problem: `expected object, received ${kindOf(data)}` }],
    };
  }
  const state: ReadState = { problems: [], mediaLists: [] };
  const result = executeSync({
    schema: mirror,
    document,
    rootValue: data,
    contextValue: state,
    variableValues: request.variables,
    operationName: request.operationName,
    fieldResolver: readField,
  });
  if (!result.data) return { errors: result.errors ?? [], problems: [] };
  for (const e of result.errors ?? [])
    state.problems.push({ path: e.path ?? [], problem: e.message });
  for (const path of state.mediaLists) skipNulls(result.data, path);
  return { data: result.data, problems: state.problems };
}
