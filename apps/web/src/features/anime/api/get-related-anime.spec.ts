/**
 * The related-anime lookup on answers as the server passes live AniList's on (LIVE-4 in
 * docs/requirements.md): every selected field present, but nulls wherever AniList's protocol allows
 * them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AnimeSourceMedia } from '../anime-view-contract.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { getRelatedAnime, searchAnimeInfo } from './get-related-anime.ts';

type Json = Record<string, unknown>;

function node(id: number, fields: Json = {}): Json {
  return {
    id,
    title: { english: null, romaji: `Entry ${String(id)}` },
    startDate: { year: 1998, month: 4, day: 3 },
    type: 'ANIME',
    format: 'TV',
    episodes: 1,
    coverImage: { large: null },
    ...fields,
  };
}

function media(id: number, edges: unknown[] | null, fields: Json = {}): Json {
  return {
    ...node(id, fields),
    duration: 24,
    description: null,
    relations: edges === null ? null : { edges },
  };
}

const BEBOP = media(
  1,
  [
    { relationType: 'ADAPTATION', node: node(30173, { type: 'MANGA', format: 'MANGA' }) },
    // A type AniList added after the app was written: followed like OTHER.
    { relationType: 'TRANSFORMATION', node: node(5, { format: 'MOVIE', startDate: null }) },
    { relationType: 'SEQUEL', node: null },
    null,
    {
      relationType: 'SUMMARY',
      node: node(4037, {
        title: null,
        format: 'SPECIAL',
        coverImage: null,
        startDate: { year: 2003, month: null, day: null },
      }),
    },
  ],
  { title: { english: 'Cowboy Bebop', romaji: 'Cowboy Bebop' } },
);

const TARGET: AnimeSourceMedia = {
  id: 30991,
  type: 'tv',
  title: 'Cowboy Bebop',
  releaseDate: '1998-04-03',
  numberOfEpisodes: 26,
};

/** Answers the lookup's calls: the search with `search`, each relations round with `rounds`. */
function answering(search: unknown, rounds: (ids: number[]) => unknown) {
  const calls: string[] = [];
  vi.stubGlobal('fetch', (_url: string, init: { body: string }) => {
    const { query } = JSON.parse(init.body) as { query: string };
    calls.push(query);
    const ids = [...query.matchAll(/media\(id: (\d+)/g)].map((m) => Number(m[1]));
    const body = query.startsWith('query AnimeSearch') ? search : rounds(ids);
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('searchAnimeInfo', () => {
  it('skips null entries and reads a null page as none', async () => {
    answering({ data: { Page: { media: [null, BEBOP, null] } } }, () => ({}));
    expect((await searchAnimeInfo('Cowboy Bebop')).map((m) => m.id)).toEqual([1]);
    answering({ data: { Page: null } }, () => ({}));
    expect(await searchAnimeInfo('Cowboy Bebop')).toEqual([]);
  });

  it('reads null edges, null edge lists and a null title', async () => {
    const noEdges = media(2, null, { title: null });
    const nullList = { ...media(3, []), relations: { edges: null } };
    answering({ data: { Page: { media: [noEdges, nullList] } } }, () => ({}));
    const [a, b] = await searchAnimeInfo('x');
    expect(a).toMatchObject({ title: { english: null, romaji: null }, relations: null });
    expect(b?.relations).toEqual({ edges: [] });
  });

  it('still refuses what the server guarantees, e.g. an entry without an id', async () => {
    const { id: _, ...noId } = BEBOP;
    answering({ data: { Page: { media: [noId] } } }, () => ({}));
    await expect(searchAnimeInfo('Cowboy Bebop')).rejects.toThrow(
      new ApiError('Unable to fetch data. Please try again later.', { status: 200 }),
    );
  });
});

describe('getRelatedAnime', () => {
  it('lists the entries of an answer with null covers, dates, nodes and a new relation type', async () => {
    const calls = answering({ data: { Page: { media: [null, BEBOP] } } }, (ids) => ({
      data: Object.fromEntries(
        ids.map((id) => [
          `entry${String(id)}`,
          // 4037's page comes back null; 5's entry leads back to 1 only.
          id === 4037
            ? null
            : {
                media: [null, media(id, [{ relationType: 'PARENT', node: node(1) }])],
              },
        ]),
      ),
    }));
    const relations = await getRelatedAnime(TARGET);
    // Sorted by start date: 1998-04-03, then 2003 (no month or day), then undated.
    expect(relations.map((r) => r.id)).toEqual([1, 4037, 5]);
    expect(relations[1]).toMatchObject({
      title: { english: null, romaji: null },
      coverImage: null,
    });
    expect(relations[2]?.startDate).toBeNull();
    expect(calls).toHaveLength(2);
  });
});
