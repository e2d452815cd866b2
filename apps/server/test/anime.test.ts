/**
 * The anime-info call (API-ANIME-1 in docs/requirements.md, 'POST /playground/anime-info'): the
 * app's own GraphQL query answered from the starter catalogue (local source) and forwarded to an
 * AniList stand-in (live source), on the embedded database and on PostgreSQL (TEST_DB).
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { animeInfoResponseSchema } from '@pigostream/contracts';
import { animeMedia, animeRelations, type Database } from '@pigostream/db';

import { createAnimeService } from '../src/modules/anime/anime.service.ts';

import { startTestApp, type TestApp } from './helpers/app.ts';

import {
  APP_QUERY,
  appQuery,
  expectBadBodiesRefused,
  expectGraphqlErrors,
  post,
} from './helpers/anime-query.ts';

describe('local source', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers the app's query for Cowboy Bebop: the TV series first, edges with nodes", async () => {
    const { media } = (await appQuery(t.app, 'Cowboy Bebop')).data.Page;
    expect(media.map((m) => m.id)).toEqual([1, 5, 4037]);
    const [tv] = media;
    expect(tv).toMatchObject({
      id: 1,
      title: { english: 'Cowboy Bebop', romaji: 'Cowboy Bebop' },
      startDate: { year: 1998, month: 4, day: 3 },
      type: 'ANIME',
      format: 'TV',
      episodes: 26,
      duration: 24,
    });
    expect(tv?.description).toMatch(/bounties/);
    expect(tv?.coverImage?.large).toMatch(
      /^\/pigo-stream\/images\/w500\/art\/poster\/anime-1\.svg/,
    );
    const edges = tv?.relations?.edges ?? [];
    expect(edges.map((e) => [e.relationType, e.node?.id])).toEqual([
      ['SUMMARY', 4037],
      ['SIDE_STORY', 5],
    ]);
    expect(edges[1]?.node).toMatchObject({
      title: { english: 'Cowboy Bebop: The Movie', romaji: 'Cowboy Bebop: Tengoku no Tobira' },
      startDate: { year: 2001, month: 9, day: 1 },
      type: 'ANIME',
      format: 'MOVIE',
      episodes: 1,
    });
    expect(media[1]?.relations?.edges.map((e) => [e.relationType, e.node?.id])).toEqual([
      ['PARENT', 1],
    ]);
  });

  it('finds titles by a misspelt or partial search and by romaji', async () => {
    expect((await appQuery(t.app, 'cowbou bebop')).data.Page.media[0]?.id).toBe(1);
    const romaji = await appQuery(t.app, 'Tengoku no Tobira');
    expect(romaji.data.Page.media[0]?.id).toBe(5);
    expect((await appQuery(t.app, 'zzqxw vvkj')).data.Page.media).toEqual([]);
  });

  it('describes nodes outside anime_media from the edge; maps relation types to AniList', async () => {
    const db = t.database.db;
    await db.insert(animeMedia).values({ id: 990_001, titleRomaji: 'Pigo Kaizoku', format: 'TV' });
    await db.insert(animeRelations).values([
      {
        mediaId: 990_001,
        nodeId: 990_002,
        relationType: 'ADAPTATION',
        nodeTitleRomaji: 'Pigo Kaizoku Manga',
        nodeType: 'MANGA',
      },
      { mediaId: 990_001, nodeId: 1, relationType: 'ALTERNATIVE_VERSION' },
    ]);
    const [entry] = (await appQuery(t.app, 'Pigo Kaizoku')).data.Page.media;
    const edges = entry?.relations?.edges ?? [];
    expect(edges).toHaveLength(2);
    expect(edges[0]).toMatchObject({ relationType: 'ALTERNATIVE', node: { id: 1, format: 'TV' } });
    expect(edges[1]?.node?.coverImage?.large).toMatch(/anime-990002\.svg\?t=Pigo\+Kaizoku\+Manga/);
    expect(edges[1]).toMatchObject({
      relationType: 'ADAPTATION',
      node: {
        id: 990_002,
        title: { english: null, romaji: 'Pigo Kaizoku Manga' },
        startDate: { year: null, month: null, day: null },
        type: 'MANGA',
        format: null,
        episodes: null,
      },
    });
  });

  it('answers a stored relation type AniList added later under its own name', async () => {
    const db = t.database.db;
    await db.insert(animeMedia).values({ id: 990_011, titleRomaji: 'Pigo Henshin', format: 'TV' });
    await db.insert(animeRelations).values([
      { mediaId: 990_011, nodeId: 5, relationType: 'TRANSFORMATION' },
      { mediaId: 990_011, nodeId: 4037, relationType: 'SOURCE' },
    ]);
    const [entry] = (await appQuery(t.app, 'Pigo Henshin')).data.Page.media;
    const edges = entry?.relations?.edges ?? [];
    expect(edges.map((e) => [e.relationType, e.node?.id]).sort()).toEqual([
      ['SOURCE', 4037],
      ['TRANSFORMATION', 5],
    ]);
    // The web app's query asks with `relationType(version: 2)`, as it asks AniList.
    const versioned = await post(t.app, {
      query:
        '{ Page { media(search: "Pigo Henshin") { relations { edges { relationType(version: 2) } } } } }',
      variables: { search: 'unused' },
    });
    expect(versioned.body).toEqual({
      data: {
        Page: {
          media: [
            {
              relations: {
                edges: expect.arrayContaining([{ relationType: 'TRANSFORMATION' }]) as unknown,
              },
            },
          ],
        },
      },
    });
  });

  it('pages (perPage capped at 50), sorts and counts like AniList', async () => {
    const query = `query ($search: String, $page: Int, $perPage: Int, $sort: [MediaSort]) {
      Page(page: $page, perPage: $perPage) {
        pageInfo { total currentPage lastPage hasNextPage }
        media(search: $search, sort: $sort) { id startDate { year } } } }`;
    const first = await post(t.app, {
      query,
      variables: { search: 'Cowboy Bebop', page: 1, perPage: 2, sort: ['START_DATE_DESC'] },
    });
    expect(first.body).toEqual({
      data: {
        Page: {
          pageInfo: { total: 3, currentPage: 1, lastPage: 2, hasNextPage: true },
          media: [
            { id: 5, startDate: { year: 2001 } },
            { id: 4037, startDate: { year: 1998 } },
          ],
        },
      },
    });
    const second = await post(t.app, {
      query,
      variables: { search: 'Cowboy Bebop', page: 2, perPage: 2, sort: ['START_DATE_DESC'] },
    });
    expect(second.body).toMatchObject({
      data: { Page: { pageInfo: { hasNextPage: false }, media: [{ id: 1 }] } },
    });
    const capped = await post(t.app, {
      query: '{ Page(perPage: 500) { media { id } } }',
      variables: { search: 'unused' },
    });
    expect((capped.body as { data: { Page: { media: unknown[] } } }).data.Page.media).toHaveLength(
      50,
    );
  });

  it('loads a page and all its relation nodes in one query per level (no N+1)', async () => {
    let queries = 0;
    const db = t.database.db;
    const counting = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'execute') {
          return (...args: Parameters<Database['execute']>) => {
            queries += 1;
            return target.execute(...args);
          };
        }
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const service = createAnimeService({
      db: counting,
      source: 'local',
      anilistUrl: '',
      timeoutMs: 1,
      imagesBase: '/i',
      log: () => undefined,
    });
    const everyAnime = APP_QUERY.replace('($search: String)', '').replace('search: $search, ', '');
    const answer = await service.answer({ query: everyAnime, variables: {} });
    expect(answer.status).toBe(200);
    const media = animeInfoResponseSchema.parse(answer.body).data.Page.media;
    expect(media).toHaveLength(50);
    expect(media.filter((m) => (m.relations?.edges.length ?? 0) > 0).length).toBeGreaterThan(10);
    expect(queries).toBe(2);
  });

  it.each([
    ['an unknown field', '{ Page { media { id nope } } }', /Cannot query field "nope"/],
    ['a syntax error', '{ Page { media { id }', /Syntax Error/],
    ['a mutation', 'mutation { Page { media { id } } }', /mutation/],
    [
      'a wrong variable type',
      'query ($search: Int) { Page { media(search: $search) { id } } }',
      /Variable "\$search"/,
    ],
    [
      'a too deep query',
      `{ Page { media { ${'relations { edges { node { '.repeat(4)}id${' } } }'.repeat(4)} } } }`,
      /nested \d+ fields deep/,
    ],
  ])('answers %s with 400 GraphQL errors, never 500', async (_name, query, message) => {
    const res = await post(t.app, { query, variables: { search: 'Cowboy Bebop' } });
    expectGraphqlErrors(res, message);
    expect(res.body.errors).toMatchObject([{ status: 400 }]);
  });

  expectBadBodiesRefused(() => t.app);
});
