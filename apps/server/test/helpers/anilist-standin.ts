/**
 * A stand-in for AniList's GraphQL endpoint: a real HTTP server on 127.0.0.1 that takes
 * `POST { query, variables }` as JSON and answers `{ data: { Page: { media } } }` in AniList's
 * field layout, holding only the fields the query selects (fragments spread in, aliases
 * applied, one answer per `Page` field). Its catalogue is the hand-written records of
 * helpers/anilist-standin-data.ts: Cowboy Bebop's entries and invented neighbours that a search
 * for it must not answer. It can be told to fail like AniList does (`mode`), and to answer in
 * the shapes live AniList drifts into (`drift`).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  GraphQLError,
  Kind,
  parse,
  valueFromASTUntyped,
  type FieldNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { ANILIST_RECORDS, type Json } from './anilist-standin-data.ts';
import { applyDrift, type AnilistDrift } from './anilist-standin-drift.ts';

export type { AnilistDrift };

/**
 * `ok`: answer the query; `graphql-error`: 400 with GraphQL errors; `rate-limit`: 429 with
 * Retry-After; `server-error`: 500 HTML; `hang`: accept and never answer; `stall-body`: send
 * the status and the start of the body, then nothing more.
 */
export type StandinMode =
  'ok' | 'graphql-error' | 'rate-limit' | 'server-error' | 'hang' | 'stall-body';

export interface RecordedRequest {
  method: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export interface AnilistStandin {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  mode: StandinMode;
  /** How `ok` answers drift; undefined: they come as AniList's schema says. */
  drift: AnilistDrift | undefined;
  /** Every request received, oldest first. */
  requests: RecordedRequest[];
  close(): Promise<void>;
}

/** Every record the stand-in holds, by id. */
function loadCatalogue(): Map<number, Json> {
  return new Map(ANILIST_RECORDS.map((media) => [media.id as number, media]));
}

function send(res: ServerResponse, status: number, body: unknown, headers: Json = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

function errors(status: number, message: string, error?: GraphQLError): Json {
  return { errors: [{ message, status, locations: error?.locations }], data: null };
}

/** What answering one query needs besides the value at hand. */
interface Answering {
  catalogue: Map<number, Json>;
  fragments: Map<string, FragmentDefinitionNode>;
}

/** The fields of `set`, fragments spread in (their type conditions are not checked). */
function fieldsOf(set: SelectionSetNode | undefined, a: Answering): FieldNode[] {
  return (set?.selections ?? []).flatMap((s) => {
    if (s.kind === Kind.FIELD) return [s];
    const inner =
      s.kind === Kind.INLINE_FRAGMENT
        ? s.selectionSet
        : a.fragments.get(s.name.value)?.selectionSet;
    return fieldsOf(inner, a);
  });
}

/** Only the selected fields of `value`, aliases applied; edge nodes are full records. */
function project(value: unknown, set: SelectionSetNode, a: Answering): unknown {
  if (Array.isArray(value)) return value.map((v) => project(v, set, a));
  if (typeof value !== 'object' || value === null) return value ?? null;
  const source = value as Json;
  const out: Json = {};
  for (const selection of fieldsOf(set, a)) {
    const name = selection.name.value;
    let field = source[name] ?? null;
    if (name === 'node' && field !== null) {
      const full = a.catalogue.get((field as Json).id as number);
      field = full ? full : field;
    }
    out[selection.alias?.value ?? name] = selection.selectionSet
      ? project(field, selection.selectionSet, a)
      : field;
  }
  return out;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function argument(field: FieldNode, name: string, variables: Json): unknown {
  const arg = field.arguments?.find((a) => a.name.value === name);
  return arg ? valueFromASTUntyped(arg.value, variables) : undefined;
}

/**
 * One `Page` field's value: its `media` field's matches, by `id`, `type` and an AniList-like
 * `search` (every word of it in the english, romaji or native title), most popular first.
 */
function pageValue(page: FieldNode, media: FieldNode, variables: Json, a: Answering): Json {
  const perPage = Math.min(50, Number(argument(page, 'perPage', variables) ?? 50));
  const id = argument(media, 'id', variables);
  const type = argument(media, 'type', variables);
  const words = text(argument(media, 'search', variables))
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean);
  const hits = [...a.catalogue.values()]
    .filter((m) => (id === undefined || m.id === id) && (type === undefined || m.type === type))
    .filter((m) => {
      const t = m.title as Json;
      const titles = [t.english, t.romaji, t.native].map((x) => text(x).toLowerCase());
      return words.every((w) => titles.some((x) => x.includes(w)));
    })
    .sort((x, y) => Number(y.popularity ?? 0) - Number(x.popularity ?? 0));
  return {
    media: hits.slice(0, perPage),
    pageInfo: { total: hits.length, currentPage: 1, perPage, hasNextPage: hits.length > perPage },
  };
}

/** Answers `body`, a `{ query, variables }` request: one page per `Page` field of the query. */
function answer(
  body: Json,
  catalogue: Map<number, Json>,
  drift: AnilistDrift | undefined,
): { status: number; body: Json } {
  if (typeof body.query !== 'string') return { status: 400, body: errors(400, 'No query') };
  let document;
  try {
    document = parse(body.query);
  } catch (error) {
    if (error instanceof GraphQLError)
      return { status: 400, body: errors(400, error.message, error) };
    throw error;
  }
  const operation = document.definitions.find(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const fragments = document.definitions.filter(
    (d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION,
  );
  const a: Answering = { catalogue, fragments: new Map(fragments.map((f) => [f.name.value, f])) };
  const variables = (body.variables ?? {}) as Json;
  const pages = fieldsOf(operation?.selectionSet, a).filter((f) => f.name.value === 'Page');
  const data: Json = {};
  for (const page of pages) {
    const media = fieldsOf(page.selectionSet, a).find((f) => f.name.value === 'media');
    if (!media || !page.selectionSet)
      return { status: 400, body: errors(400, 'Unsupported query') };
    const value = pageValue(page, media, variables, a);
    data[page.alias?.value ?? 'Page'] = project(value, page.selectionSet, a);
  }
  if (pages.length === 0) return { status: 400, body: errors(400, 'Unsupported query') };
  if (drift) applyDrift(data, drift);
  return { status: 200, body: { data } };
}

/** Starts the stand-in on a free port of 127.0.0.1; `close()` ends it and hung requests. */
export async function startAnilistStandin(): Promise<AnilistStandin> {
  const catalogue = loadCatalogue();
  const standin: Omit<AnilistStandin, 'url' | 'close'> = {
    mode: 'ok',
    drift: undefined,
    requests: [],
  };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = null;
      }
      standin.requests.push({ method: req.method ?? '', headers: req.headers, body });
      switch (standin.mode) {
        case 'hang':
          return;
        case 'stall-body':
          res.writeHead(200, { 'content-type': 'application/json' });
          res.write('{"data":{"Page":');
          return;
        case 'server-error':
          res.writeHead(500, { 'content-type': 'text/html' });
          res.end('<html><body>Internal Server Error</body></html>');
          return;
        case 'rate-limit':
          send(res, 429, errors(429, 'Too Many Requests.'), { 'retry-after': '60' });
          return;
        case 'graphql-error':
          send(res, 400, errors(400, 'Cannot query field "nope" on type "Media".'));
          return;
        case 'ok': {
          if (req.method !== 'POST' || typeof body !== 'object' || body === null) {
            send(res, 400, errors(400, 'Invalid request'));
            return;
          }
          const result = answer(body as Json, catalogue, standin.drift);
          send(res, result.status, result.body);
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(standin, {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  });
}
