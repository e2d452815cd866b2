/**
 * Re-reading live AniList answers against the local schema (LIVE-4 in docs/requirements.md): one
 * test per rule.
 */
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { rereadAnilistData } from './anilist.reread.ts';

const QUERY = `query AnimeSearch($search: String) {
  Page(perPage: 50) {
    media(search: $search, type: ANIME) {
      id
      title { english romaji }
      startDate { year month day }
      format
      episodes
      coverImage { large }
      genres
      relations { edges { relationType(version: 2) node { id format } } }
    }
  }
}`;

/** A Media entry as AniList answers the query above. */
function entry(id: number, fields: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    title: { english: `Entry ${String(id)}`, romaji: null },
    startDate: { year: 1998, month: 4, day: 3 },
    format: 'TV',
    episodes: 26,
    coverImage: {
      large: `https://s4.anilist.co/file/anilistcdn/media/anime/cover/${String(id)}.jpg`,
    },
    genres: ['Action'],
    relations: { edges: [] },
    ...fields,
  };
}

function read(media: unknown[], query = QUERY, variables: Record<string, unknown> = {}) {
  return rereadAnilistData(parse(query), { query, variables }, { Page: { media } });
}

function firstEntry(result: ReturnType<typeof read>): Record<string, unknown> {
  const page = result.data?.Page as { media: Record<string, unknown>[] };
  return page.media[0] ?? {};
}

describe('rereadAnilistData', () => {
  it('passes a well-formed answer as it is, with no problems', () => {
    const result = read([entry(1), entry(5)]);
    expect(result).toEqual({ data: { Page: { media: [entry(1), entry(5)] } }, problems: [] });
  });

  it('answers an absent selected field as null', () => {
    const { coverImage: _, ...noCover } = entry(1);
    const result = read([noCover]);
    expect(firstEntry(result).coverImage).toBeNull();
    expect(result.problems).toEqual([
      { path: ['Page', 'media', 0, 'coverImage'], problem: 'absent' },
    ]);
  });

  it('reads an Int sent as a numeric string as its number', () => {
    const result = read([entry(1, { episodes: '12' })]);
    expect(firstEntry(result).episodes).toBe(12);
    expect(result.problems).toEqual([]);
  });

  it.each([
    ['a non-numeric string', '12abc'],
    ['a blank string', ' '],
    ['a hexadecimal string', '0x1A'],
    ['a fraction in a string', '12.5'],
    ['a fraction', 12.5],
    ['a boolean', true],
    ['an object', { count: 12 }],
  ])('answers an Int sent as %s as null', (_name, episodes) => {
    const result = read([entry(1, { episodes })]);
    expect(firstEntry(result).episodes).toBeNull();
    expect(result.problems).toMatchObject([{ path: ['Page', 'media', 0, 'episodes'] }]);
  });

  it('answers a String sent as a number, and an enum value outside the enum, as null', () => {
    const result = read([
      entry(1, { title: { english: 1998, romaji: 'x' }, format: 'TV_SPECIAL' }),
    ]);
    expect(firstEntry(result)).toMatchObject({
      title: { english: null, romaji: 'x' },
      format: null,
    });
    expect(result.problems.map((p) => p.path.join('.'))).toEqual([
      'Page.media.0.title.english',
      'Page.media.0.format',
    ]);
  });

  it('answers an object sent as something else as null', () => {
    const result = read([entry(1, { coverImage: 'cover.jpg', startDate: [1998, 4, 3] })]);
    expect(firstEntry(result)).toMatchObject({ coverImage: null, startDate: null });
    expect(result.problems).toHaveLength(2);
  });

  it('answers a list of leaves with an unreadable item as null', () => {
    const result = read([entry(1, { genres: ['Action', 7] })]);
    expect(firstEntry(result).genres).toBeNull();
    expect(result.problems).toEqual([
      { path: ['Page', 'media', 0, 'genres'], problem: 'expected String, received number' },
    ]);
  });

  it('keeps null where AniList may answer null: a null cover, date part or relation node', () => {
    const relations = { edges: [{ relationType: 'SEQUEL', node: null }] };
    const media = entry(1, {
      coverImage: { large: null },
      startDate: { year: 2003, month: null, day: null },
      relations,
    });
    const result = read([media]);
    expect(firstEntry(result)).toEqual(media);
    expect(result.problems).toEqual([]);
  });

  it('does not pass on fields the query did not select', () => {
    const media = entry(1, { isAdult: false, siteUrl: 'https://anilist.co/anime/1' });
    (media.coverImage as Record<string, unknown>).color = '#f1785d';
    const result = read([media]);
    expect(firstEntry(result)).toEqual(entry(1));
    expect(result.problems).toEqual([]);
  });

  it('skips null entries of Page.media and keeps the rest of the page', () => {
    const result = read([entry(1), null, entry(5)]);
    expect((result.data?.Page as { media: { id: number }[] }).media.map((m) => m.id)).toEqual([
      1, 5,
    ]);
    expect(result.problems).toEqual([
      { path: ['Page', 'media', 1], problem: 'null entry skipped' },
    ]);
  });

  it('skips an entry whose id cannot be read', () => {
    const result = read([entry(1), entry(2, { id: 'two' }), entry(5)]);
    expect((result.data?.Page as { media: { id: number }[] }).media.map((m) => m.id)).toEqual([
      1, 5,
    ]);
    expect(result.problems).toMatchObject([{ path: ['Page', 'media', 1, 'id'] }]);
  });

  it('answers a relation type AniList added later under its own name', () => {
    const relations = {
      edges: [{ relationType: 'TRANSFORMATION', node: { id: 5, format: 'MOVIE' } }],
    };
    expect(firstEntry(read([entry(1, { relations })])).relations).toEqual(relations);
  });

  it('reads aliased fields and fragments by their response keys', () => {
    const query = `query AnimeRelations {
      entry5: Page(perPage: 1) { media(id: 5, type: ANIME) { ...Info } }
      entry6: Page(perPage: 1) { media(id: 6, type: ANIME) { ...Info } }
    }
    fragment Info on Media { id name: title { romaji } }`;
    const data = {
      entry5: { media: [{ id: 5, name: { romaji: 'Tengoku no Tobira' } }] },
      entry6: { media: [null] },
    };
    const result = rereadAnilistData(parse(query), { query, variables: {} }, data);
    expect(result.data).toEqual({
      entry5: { media: [{ id: 5, name: { romaji: 'Tengoku no Tobira' } }] },
      entry6: { media: [] },
    });
    expect(result.problems).toEqual([
      { path: ['entry6', 'media', 0], problem: 'null entry skipped' },
    ]);
  });

  it('answers data that is not an object as null', () => {
    const result = rereadAnilistData(parse(QUERY), { query: QUERY, variables: {} }, ['x']);
    expect(result).toEqual({
      data: null,
      problems: [{ path: [], problem: 'expected object, received array' }],
    });
  });

  it('says when the request itself does not fit the schema', () => {
    const result = read([entry(1)], QUERY, { search: { not: 'a string' } });
    expect(result.data).toBeUndefined();
    expect(result.errors?.[0]?.message).toMatch(/\$search/);
  });
});
