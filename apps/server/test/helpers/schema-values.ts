/**
 * Requests built from the API's own OpenAPI document (ROB-1 of docs/robustness.md): for each
 * documented call, a request whose every value its schema accepts (the signed-in user's id,
 * a show of the starter catalogue, real dates), so a hostile value put in one field, however
 * deeply nested, travels as far as the call lets it, to the SQL if the schema lets it through.
 * Each field is a leaf with a kind (whole number, number, time, digits in a query, text, other)
 * that says which hostile shapes to try in it.
 */
import { ANIME_SEARCH_QUERY } from '@pigostream/contracts/anime-queries';

/** The parts of a JSON schema (as the OpenAPI document gives them) the builder reads. */
export interface JsonSchema {
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
}

/** One documented call: method, path template, its parameters' and body's schemas. */
export interface DocumentedCall {
  method: 'GET' | 'POST' | 'DELETE';
  /** e.g. `/pigo-stream/progress/{userId}/fetch-progress`. */
  path: string;
  params: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  body: JsonSchema | undefined;
}

/** Every call of an OpenAPI document (`app.swagger()`). */
export function documentedCalls(document: unknown): DocumentedCall[] {
  const paths = (document as { paths: Record<string, Record<string, unknown>> }).paths;
  const calls: DocumentedCall[] = [];
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const op = operation as {
        parameters?: { in: string; name: string; schema: JsonSchema }[];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
      };
      const params: Record<string, JsonSchema> = {};
      const query: Record<string, JsonSchema> = {};
      for (const p of op.parameters ?? []) {
        if (p.in === 'path') params[p.name] = p.schema;
        if (p.in === 'query') query[p.name] = p.schema;
      }
      calls.push({
        method: method.toUpperCase() as DocumentedCall['method'],
        path,
        params,
        query,
        body: op.requestBody?.content['application/json']?.schema,
      });
    }
  }
  return calls;
}

/** What a request is made of: path parameters, query and body, as values. */
export interface CallValues {
  params: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
}

/** A show of the starter catalogue (it has seasons and episodes). */
export const SHOW_ID = 1396;

/** A value `schema` accepts for the field `key`, chosen so the call goes as far as it can. */
export function exampleOf(schema: JsonSchema, key: string, uid: string, inBody: boolean): unknown {
  if (/^(userUID|user_id|userId|uid)$/.test(key)) return uid;
  if (schema.enum) {
    for (const preferred of ['tv', 'history', true, 'pigostream', 'w185']) {
      if (schema.enum.includes(preferred)) return preferred;
    }
    return schema.enum[0];
  }
  if (schema.anyOf) {
    const option = schema.anyOf.find((o) => o.type === 'integer') ?? schema.anyOf[0] ?? {};
    return exampleOf(option, key, uid, inBody);
  }
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, s]) => [k, exampleOf(s, k, uid, inBody)]),
      );
    case 'array':
      return [exampleOf(schema.items ?? {}, key, uid, inBody)];
    case 'integer':
      if (/^(id|item_id)$/.test(key)) return SHOW_ID;
      return Math.max(1, schema.minimum ?? 1);
    case 'number':
      return key === 'duration' ? 1200 : 60;
    case 'boolean':
      return true;
    default:
      break;
  }
  if (schema.format === 'date-time') return '2024-05-01T20:00:00Z';
  const pattern = schema.pattern ?? '';
  if (pattern.startsWith('^\\d')) {
    if (key === 'id') return String(SHOW_ID);
    if (key === 'provider') return '8';
    if (/Limit$/.test(key)) return '12';
    if (key === 'y') return '2024';
    return '1';
  }
  if (pattern === '^[A-Za-z]{2}$') return 'US';
  if (pattern.startsWith('^[a-f0-9]')) return 'a'.repeat(24);
  if (key === 'query') return inBody ? ANIME_SEARCH_QUERY : 'breaking';
  if (key === 'operationName') return 'AnimeSearch';
  if (key === 'search' || key === 'searchQuery') return 'breaking';
  if (key === 'fileName') return 'watched.csv';
  if (key === 'content') return 'Date,Name,Year\n2024-05-01,Breaking Bad,2008\n';
  if (key === '*') return 'art/poster/x.svg';
  return 'abc';
}

/** A call's values, every one of them accepted by its schema. */
export function exampleCall(call: DocumentedCall, uid: string): CallValues {
  const of = (fields: Record<string, JsonSchema>) =>
    Object.fromEntries(Object.entries(fields).map(([k, s]) => [k, exampleOf(s, k, uid, false)]));
  return {
    params: of(call.params),
    query: of(call.query),
    body: call.body ? exampleOf(call.body, '', uid, true) : undefined,
  };
}

/** How a field is attacked. */
export type LeafKind = 'integer' | 'number' | 'time' | 'digits' | 'text' | 'other';

/** One field of a call's values: where it is and what kind it is. */
export interface Leaf {
  /** `['body', 'entries', 0, 'episodes', 0, 'season']`, `['query', 'page']`, `['params', 'uid']`. */
  path: (string | number)[];
  kind: LeafKind;
}

function kindOf(schema: JsonSchema): LeafKind {
  if (schema.anyOf) {
    if (schema.anyOf.some((o) => o.type === 'integer')) return 'integer';
    return kindOf(schema.anyOf[0] ?? {});
  }
  if (schema.type === 'integer') return 'integer';
  if (schema.type === 'number') return 'number';
  if (schema.format === 'date-time') return 'time';
  if (schema.pattern?.startsWith('^\\d')) return 'digits';
  if (schema.type === 'string' && !schema.enum) return 'text';
  return 'other';
}

/** Every field of `value` (shaped by `schema`), nested ones included, with its kind. */
function leavesIn(schema: JsonSchema, value: unknown, path: (string | number)[]): Leaf[] {
  if (schema.type === 'object' && typeof value === 'object' && value !== null) {
    return Object.entries(schema.properties ?? {}).flatMap(([k, s]) =>
      leavesIn(s, (value as Record<string, unknown>)[k], [...path, k]),
    );
  }
  if (schema.type === 'array' && Array.isArray(value)) {
    // The list itself (emptied, replaced) and each item's fields.
    return [
      { path, kind: 'other' as const },
      ...value.flatMap((item, i) => leavesIn(schema.items ?? {}, item, [...path, i])),
    ];
  }
  return [{ path, kind: kindOf(schema) }];
}

/** Every field of a call's values, path parameters, query and body, nested ones included. */
export function leavesOf(call: DocumentedCall, values: CallValues): Leaf[] {
  const fields = (part: 'params' | 'query', schemas: Record<string, JsonSchema>) =>
    Object.entries(schemas).flatMap(([k, s]) => leavesIn(s, values[part][k], [part, k]));
  return [
    ...fields('params', call.params),
    ...fields('query', call.query),
    ...(call.body ? leavesIn(call.body, values.body, ['body']) : []),
  ];
}

/**
 * A deep copy of `values` with the field at `path` set to `value`; `values` itself when an
 * earlier change replaced what held that field.
 */
export function withLeaf(
  values: CallValues,
  path: (string | number)[],
  value: unknown,
): CallValues {
  if (path.length === 1) return { ...values, [path[0] as string]: value };
  const copy = structuredClone(values) as unknown as Record<string | number, unknown>;
  let at: unknown = copy;
  for (const step of path.slice(0, -1)) {
    if (typeof at !== 'object' || at === null) return values;
    at = (at as Record<string | number, unknown>)[step];
  }
  if (typeof at !== 'object' || at === null) return values;
  (at as Record<string | number, unknown>)[path[path.length - 1] as string | number] = value;
  return copy as unknown as CallValues;
}

/** Whole numbers at and past PostgreSQL's `integer`, and what a whole number is not. */
export const INTEGER_SHAPES: unknown[] = [
  0,
  -1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  2 ** 53,
  2 ** 53 + 2,
  1e308,
  -1e308,
  1.5,
  1e-7,
  '1',
  '2147483648',
  '9'.repeat(40),
  null,
  true,
  [],
];
/** Numbers past every limit, and what a number is not. */
export const NUMBER_SHAPES: unknown[] = [-1, 0, 1e308, -1e308, 2 ** 53, 5e-324, '60', null, {}];
/** Times that are not ISO 8601, not real, infinite or outside 1870 to a year from now. */
export const TIME_SHAPES: unknown[] = [
  'x',
  ' ',
  '',
  '2024-13-45T99:99:99Z',
  '2024-02-30T12:00:00Z',
  'Infinity',
  '-infinity',
  'epoch',
  'now',
  'allballs',
  '294276-01-01T00:00:00Z',
  '+275760-09-13T00:00:00.000Z',
  '0001-01-01T00:00:00Z',
  '1869-12-31T23:59:59Z',
  '9999-12-31T23:59:59Z',
  '2024-05-01',
  '2024-05-01T20:00:00',
  '2024-05-01T20:00:00+99:99',
  '2024-05-01 20:00:00+00 BC',
  1714593600000,
  null,
];
/** Digits in a query string at and past the limits, and what digits are not. */
export const DIGITS_SHAPES: string[] = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '2147483647',
  '2147483648',
  '9'.repeat(40),
  '00000000000000000001',
  ' 1',
  '',
  'Infinity',
  '0x10',
];
/** Text at the database's edges: long and incompressible, odd code points, SQL. */
export const TEXT_SHAPES: string[] = [
  '',
  ' ',
  'x'.repeat(201),
  Array.from({ length: 3000 }, (_, i) => String.fromCharCode(33 + ((i * 7919) % 94))).join(''),
  '\uD800',
  '\uFFFF',
  '🎬'.repeat(120),
  "' OR '1'='1' --",
  '\\',
  '%00',
];

/** The hostile shapes for a field of `kind`. */
export function shapesFor(kind: LeafKind): unknown[] {
  switch (kind) {
    case 'integer':
      return INTEGER_SHAPES;
    case 'number':
      return NUMBER_SHAPES;
    case 'time':
      return TIME_SHAPES;
    case 'digits':
      return DIGITS_SHAPES;
    case 'text':
      return TEXT_SHAPES;
    default:
      return [null, 'x', -1, [], {}, [{}]];
  }
}

/**
 * The request of a call with `values`: its URL (path parameters and query percent-encoded; a
 * value that is not text sent as its JSON) and body.
 */
export function requestOf(
  call: DocumentedCall,
  values: CallValues,
): { url: string; body: unknown } {
  const text = (v: unknown) =>
    typeof v === 'string' ? v : v === undefined ? '' : JSON.stringify(v);
  const encode = (v: unknown) => {
    try {
      return encodeURIComponent(text(v));
    } catch {
      return '%EF%BF%BD';
    }
  };
  const path = call.path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    name === '*'
      ? text(values.params[name])
          .split('/')
          .map((segment) => encode(segment))
          .join('/')
      : encode(values.params[name]),
  );
  const query = Object.entries(values.query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encode(v)}`)
    .join('&');
  return { url: `${path}${query ? `?${query}` : ''}`, body: values.body };
}
