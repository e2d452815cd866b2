/**
 * A stand-in for AniList's GraphQL endpoint: a real HTTP server on 127.0.0.1 that takes
 * `POST { query, variables }` as JSON and answers `{ data: { Page: { media } } }` in AniList's
 * field layout, holding only the fields the query selects (fragments spread in, aliases
 * applied, one answer per `Page` field). Its catalogue is a hand-written Cowboy Bebop record
 * set, completed at test time from the real AniList dump in `../shared/data/anime/` when it is
 * there. It can be told to fail like AniList does (`mode`), and to answer in the shapes live
 * AniList drifts into (`drift`, issue 17).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
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

type Json = Record<string, unknown>;

const DUMP = fileURLToPath(
  new URL('../../../../../shared/data/anime/anilist_media_relations.jsonl', import.meta.url),
);
const CDN = 'https://s4.anilist.co/file/anilistcdn/media/anime';

function cover(file: string): Json {
  return {
    extraLarge: `${CDN}/cover/large/${file}`,
    large: `${CDN}/cover/medium/${file}`,
    medium: `${CDN}/cover/small/${file}`,
    color: '#f1785d',
  };
}

/** Hand-written records in AniList's Media layout (as `Media` answers with every field). */
const RECORDS: Json[] = [
  {
    id: 1,
    idMal: 1,
    title: { romaji: 'Cowboy Bebop', english: 'Cowboy Bebop', native: 'カウボーイビバップ' },
    type: 'ANIME',
    format: 'TV',
    status: 'FINISHED',
    description: 'Bounty hunters drift through the solar system in 2071.<br><br>\n(Stand-in text)',
    startDate: { year: 1998, month: 4, day: 3 },
    endDate: { year: 1999, month: 4, day: 24 },
    season: 'SPRING',
    seasonYear: 1998,
    episodes: 26,
    duration: 24,
    countryOfOrigin: 'JP',
    source: 'ORIGINAL',
    coverImage: cover('bx1-CXtrrkMpJ8Zq.png'),
    bannerImage: `${CDN}/banner/1-OquNCNB6srGe.jpg`,
    genres: ['Action', 'Adventure', 'Drama', 'Sci-Fi'],
    averageScore: 86,
    popularity: 390_000,
    relations: {
      edges: [
        { relationType: 'ADAPTATION', node: node(30173, 'Cowboy Bebop', 'MANGA') },
        { relationType: 'SIDE_STORY', node: node(5, 'Cowboy Bebop: Tengoku no Tobira') },
        { relationType: 'SUMMARY', node: node(4037, 'Cowboy Bebop: Yose Atsume Blues') },
      ],
    },
  },
  {
    id: 5,
    idMal: 5,
    title: {
      romaji: 'Cowboy Bebop: Tengoku no Tobira',
      english: "Cowboy Bebop: The Movie - Knockin' on Heaven's Door",
      native: 'カウボーイビバップ 天国の扉',
    },
    type: 'ANIME',
    format: 'MOVIE',
    status: 'FINISHED',
    description: 'A bounty on a man threatening Mars with a chemical weapon. (Stand-in text)',
    startDate: { year: 2001, month: 9, day: 1 },
    episodes: 1,
    duration: 115,
    coverImage: cover('bx5-NozHwXWdNLCz.jpg'),
    genres: ['Action', 'Drama', 'Mystery', 'Sci-Fi'],
    averageScore: 82,
    popularity: 77_000,
    relations: { edges: [{ relationType: 'PARENT', node: node(1, 'Cowboy Bebop') }] },
  },
  {
    id: 4037,
    idMal: 4037,
    title: { romaji: 'Cowboy Bebop: Yose Atsume Blues', english: null, native: null },
    type: 'ANIME',
    format: 'SPECIAL',
    status: 'FINISHED',
    description: 'A clip show framed as a look back at the crew. (Stand-in text)',
    startDate: { year: 1998, month: 6, day: 26 },
    episodes: 1,
    duration: 24,
    coverImage: cover('4037.jpg'),
    genres: ['Action', 'Sci-Fi'],
    averageScore: 72,
    popularity: 21_000,
    relations: { edges: [{ relationType: 'PARENT', node: node(1, 'Cowboy Bebop') }] },
  },
  {
    id: 30173,
    idMal: 173,
    title: { romaji: 'Cowboy Bebop', english: 'Cowboy Bebop', native: 'カウボーイビバップ' },
    type: 'MANGA',
    format: 'MANGA',
    status: 'FINISHED',
    description: 'The manga published alongside the series. (Stand-in text)',
    startDate: { year: 1997, month: 11, day: 18 },
    episodes: null,
    duration: null,
    coverImage: cover('30173.jpg'),
    genres: ['Action', 'Sci-Fi'],
    averageScore: 70,
    popularity: 9_000,
    relations: { edges: [{ relationType: 'ADAPTATION', node: node(1, 'Cowboy Bebop') }] },
  },
];

/** An edge's node as AniList's dumps hold it: `{ id, title { romaji }, type }`. */
function node(id: number, romaji: string, type = 'ANIME'): Json {
  return { id, title: { romaji }, type };
}

/** Every record by id: the hand-written ones, then (when present) the real dump's. */
function loadCatalogue(): Map<number, Json> {
  const byId = new Map<number, Json>();
  if (existsSync(DUMP)) {
    for (const line of readFileSync(DUMP, 'utf8').split('\n')) {
      if (!line.trim()) continue;
      const media = JSON.parse(line) as Json;
      byId.set(media.id as number, media);
    }
  }
  for (const media of RECORDS)
    if (!byId.has(media.id as number)) byId.set(media.id as number, media);
  return byId;
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
