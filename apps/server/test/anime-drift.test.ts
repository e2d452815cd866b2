/**
 * The anime-info call on the live source when AniList's answers drift (LIVE-2, LIVE-4 in
 * docs/requirements.md): every variant of the stand-in answers 200 with the readable fields filled
 * and the unreadable ones null, the web app's parse and relation graph list the entries, and each
 * dropped field is logged once per AniList call.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animeInfoResponseSchema, animePageSchema, type AnimeMedia } from '@pigostream/contracts';

import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
// The web app's own query texts and relation graph: what it sends, and what it makes of it.
import {
  ANIME_SEARCH_QUERY,
  relationAlias,
  relationsQuery,
} from '@pigostream/contracts/anime-queries';
import { buildRelationGraph } from '../../web/src/features/anime/rules/relation-graph.ts';

import {
  startAnilistStandin,
  type AnilistDrift,
  type AnilistStandin,
} from './helpers/anilist-standin.ts';
import { post } from './helpers/anime-query.ts';
import { openTestDatabase, type TestDatabase } from './helpers/database.ts';

type Json = Record<string, unknown>;

interface LiveApp {
  app: FastifyInstance;
  /** Warnings the app logged, as pino wrote them. */
  warnings: Json[];
}

let standin: AnilistStandin;
let database: TestDatabase;

beforeAll(async () => {
  standin = await startAnilistStandin();
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
  await standin.close();
});

/** The real app on live AniList (the stand-in), with its own cache, its warnings captured. */
async function buildLiveApp(): Promise<LiveApp> {
  const config = loadConfig({
    DATA_DIR: 'memory://',
    CATALOG_SOURCE: 'tmdb',
    TMDB_API_TOKEN: 'test',
    ANILIST_URL: standin.url,
    UPSTREAM_TIMEOUT_MS: '1000',
  });
  const warnings: Json[] = [];
  const stream = {
    write: (line: string) => {
      warnings.push(JSON.parse(line) as Json);
    },
  };
  const app = await buildApp({ config, database, logger: { level: 'warn', stream } });
  await app.ready();
  return { app, warnings };
}

/** The drift warnings among `warnings`: `{ call, field, count, problem }` each. */
function driftWarnings(warnings: Json[]): Json[] {
  return warnings
    .filter((w) => w.msg === 'upstream answer drifted: field dropped')
    .map(({ source, call, field, count, problem }) => ({ source, call, field, count, problem }));
}

/** The web app's lookup for Cowboy Bebop: its search, then one round for the related entries. */
async function lookUp(app: FastifyInstance) {
  const search = await post(app, {
    query: ANIME_SEARCH_QUERY,
    variables: { search: 'Cowboy Bebop' },
  });
  expect(search.status, JSON.stringify(search.body)).toBe(200);
  const media = animeInfoResponseSchema.parse(search.body).data.Page.media;
  const root = media.find((m) => m.id === 1);
  if (!root) throw new Error('Cowboy Bebop (1) is not in the answer');
  const first = buildRelationGraph(root);
  const round = await post(app, {
    query: relationsQuery(first.unexpanded),
    variables: { search: 'Cowboy Bebop' },
  });
  expect(round.status, JSON.stringify(round.body)).toBe(200);
  const pages = (round.body.data ?? {}) as Json;
  const known = new Map<number, AnimeMedia | null>(
    first.unexpanded.map((id) => [
      id,
      animePageSchema.parse(pages[relationAlias(id)]).media[0] ?? null,
    ]),
  );
  const graph = buildRelationGraph(root, known);
  return { raw: search.body, media, root, graph };
}

describe('live AniList answers that drift', () => {
  // Each variant on its own app, so no cached answer stands in for the drifted one.
  let live: LiveApp;
  async function lookUpWith(drift: AnilistDrift | undefined) {
    standin.drift = drift;
    live = await buildLiveApp();
    try {
      return await lookUp(live.app);
    } finally {
      standin.drift = undefined;
      await live.app.close();
    }
  }

  it('as AniList documents them: the graph lists the TV series, its summary and film', async () => {
    const { media, graph } = await lookUpWith(undefined);
    expect(media.map((m) => m.id)).toEqual([1, 5, 4037]);
    expect(graph.relations.map((r) => r.id)).toEqual([1, 4037, 5]);
    expect(driftWarnings(live.warnings)).toEqual([]);
  });

  it('skips a null entry of Page.media and keeps the rest of the page', async () => {
    const { media, graph } = await lookUpWith('null-media-entry');
    expect(media.map((m) => m.id)).toEqual([1, 5, 4037]);
    expect(graph.relations.map((r) => r.id)).toEqual([1, 4037, 5]);
    expect(driftWarnings(live.warnings)).toContainEqual({
      source: 'anilist',
      call: 'AnimeSearch',
      field: 'Page.media[]',
      count: 1,
      problem: 'null entry skipped',
    });
  });

  it('answers a missing coverImage as null', async () => {
    const { media, graph } = await lookUpWith('cover-absent');
    for (const m of media) expect(m.coverImage).toBeNull();
    expect(media[0]).toMatchObject({ id: 1, episodes: 26, title: { english: 'Cowboy Bebop' } });
    expect(graph.relations.map((r) => r.id)).toEqual([1, 4037, 5]);
    expect(driftWarnings(live.warnings)).toContainEqual({
      source: 'anilist',
      call: 'AnimeSearch',
      field: 'Page.media[].coverImage',
      count: 3,
      problem: 'absent',
    });
  });

  it('passes coverImage { large: null } on as it is', async () => {
    const { media, graph } = await lookUpWith('cover-large-null');
    for (const m of media) expect(m.coverImage).toEqual({ large: null });
    expect(graph.relations.map((r) => r.id)).toEqual([1, 4037, 5]);
    expect(driftWarnings(live.warnings)).toEqual([]);
  });

  it('passes a start date with null parts on, sorted after dated entries of its year', async () => {
    const { media, graph } = await lookUpWith('start-date-parts-null');
    expect(media[0]?.startDate).toEqual({ year: 1998, month: null, day: null });
    expect(graph.relations.map((r) => r.id)).toEqual([4037, 1, 5]);
    expect(driftWarnings(live.warnings)).toEqual([]);
  });

  it('passes a null start date on; the entry is listed last', async () => {
    const { media, graph } = await lookUpWith('start-date-null');
    for (const m of media) expect(m.startDate).toBeNull();
    expect(graph.relations.map((r) => r.id)).toEqual([4037, 5, 1]);
    expect(driftWarnings(live.warnings)).toEqual([]);
  });

  it('reads an Int sent as a numeric string as its number', async () => {
    const { raw, media, graph } = await lookUpWith('int-as-string');
    expect(media[0]).toMatchObject({ id: 1, episodes: 26, duration: 24 });
    expect(JSON.stringify(raw)).not.toContain('"26"');
    expect(graph.relations.map((r) => r.id)).toEqual([1, 4037, 5]);
    expect(driftWarnings(live.warnings)).toEqual([]);
  });

  it('answers an unreadable Int as null, the rest of the entry kept', async () => {
    const { media, graph } = await lookUpWith('unreadable-int');
    expect(media.map((m) => m.episodes)).toEqual([null, null, null]);
    expect(media[0]).toMatchObject({ id: 1, duration: 24, format: 'TV' });
    expect(graph.relations.map((r) => r.id)).toEqual([1, 4037, 5]);
  });

  it('keeps a relation type AniList added later under its name, and lists its entry', async () => {
    const { root, graph } = await lookUpWith('unknown-relation-type');
    const edge = root.relations?.edges.find((e) => e.relationType === 'TRANSFORMATION');
    expect(edge?.node).toMatchObject({ id: 5, format: 'MOVIE' });
    expect(graph.relations.map((r) => r.id)).toEqual([1, 4037, 5]);
    expect(driftWarnings(live.warnings)).toEqual([]);
  });

  it('keeps a relation edge whose node is null', async () => {
    const { root, graph } = await lookUpWith('null-relation-node');
    expect(root.relations?.edges.at(-1)).toEqual({ relationType: 'SEQUEL', node: null });
    expect(graph.relations.map((r) => r.id)).toEqual([1, 4037, 5]);
    expect(driftWarnings(live.warnings)).toEqual([]);
  });

  it('does not pass on fields the query did not select', async () => {
    const { raw, graph } = await lookUpWith('extra-fields');
    const text = JSON.stringify(raw);
    for (const key of ['isAdult', 'siteUrl', 'color', '"id":9000']) expect(text).not.toContain(key);
    expect(graph.relations.map((r) => r.id)).toEqual([1, 4037, 5]);
    expect(driftWarnings(live.warnings)).toEqual([]);
  });
});

describe('drift warnings', () => {
  it('are logged once per field and AniList call, with the count and one path', async () => {
    standin.drift = 'unreadable-int';
    const { app, warnings } = await buildLiveApp();
    try {
      const request = { query: ANIME_SEARCH_QUERY, variables: { search: 'Cowboy Bebop' } };
      expect((await post(app, request)).status).toBe(200);
      expect(warnings.filter((w) => w.level === 40 && w.source === 'anilist')).toEqual([
        expect.objectContaining({
          msg: 'upstream answer drifted: field dropped',
          call: 'AnimeSearch',
          field: 'Page.media[].episodes',
          count: 3,
          example: 'Page.media.0.episodes',
          problem: 'expected Int, received "26 episodes"',
        }),
      ]);
      // The same request again is answered from the cache: no AniList call, no new warning.
      expect((await post(app, request)).status).toBe(200);
      expect(driftWarnings(warnings)).toHaveLength(1);
      // Another call warns on its own, each aliased page's field by name.
      const round = await post(app, {
        query: relationsQuery([5, 4037]),
        variables: { search: 'x' },
      });
      expect(round.status).toBe(200);
      expect(driftWarnings(warnings).slice(1)).toEqual([
        expect.objectContaining({
          call: 'AnimeRelations',
          field: 'entry5.media[].episodes',
          count: 1,
        }),
        expect.objectContaining({
          call: 'AnimeRelations',
          field: 'entry4037.media[].episodes',
          count: 1,
        }),
      ]);
    } finally {
      standin.drift = undefined;
      await app.close();
    }
  });
});
