/**
 * The anime relation graph (VALID-9 in docs/requirements.md) on hand-written AniList records
 * (anilist-fixtures.testing.ts: made-up franchises with sequels, prequels, a summary film, side
 * stories, a spin-off, a character link, a remake linked both ways, TV_SHORT, MUSIC and manga
 * entries, relation cycles, a null node and edges to entries outside the set) and on generated
 * relation graphs (fast-check: random entries, formats, dates and edges, some entries not fetched
 * yet).
 */
import type { AnimeMedia, RelatedAnime } from '@pigostream/contracts';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { entryOf, toAnimeInfo } from './anilist-fixtures.testing.ts';
import {
  ANILIST_RELATION_TYPES,
  buildRelationGraph,
  compareByStartDate,
  followedNodes,
  GRAPH_FORMATS,
  GRAPH_RELATION_TYPES,
  isFollowedRelation,
  isGraphEntry,
  toRelatedAnime,
} from './relation-graph.ts';

let info: Map<number, AnimeMedia>;

beforeAll(() => {
  info = toAnimeInfo();
});

const entry = (id: number) => entryOf(info, id);

describe('the filters', () => {
  it('lists the required formats and relation types, ALTERNATIVE as ALTERNATIVE_VERSION', () => {
    expect([...GRAPH_FORMATS].sort()).toEqual(['MOVIE', 'ONA', 'OVA', 'SPECIAL', 'TV']);
    for (const t of ['PREQUEL', 'SEQUEL', 'PARENT', 'SIDE_STORY', 'ALTERNATIVE_VERSION']) {
      expect(GRAPH_RELATION_TYPES.has(t)).toBe(true);
    }
    for (const t of ['COMPILATION', 'SUMMARY', 'OTHER', 'ALTERNATIVE']) {
      expect(GRAPH_RELATION_TYPES.has(t)).toBe(true);
    }
    for (const t of ['ADAPTATION', 'CHARACTER', 'SPIN_OFF', 'SOURCE', 'CONTAINS']) {
      expect(GRAPH_RELATION_TYPES.has(t)).toBe(false);
    }
  });

  it("knows every relation type of the records as one of AniList's", () => {
    const seen = new Set<string>();
    for (const media of info.values()) {
      for (const { relationType } of media.relations?.edges ?? []) {
        expect(ANILIST_RELATION_TYPES.has(relationType ?? '')).toBe(true);
        seen.add(relationType ?? '');
      }
    }
    // The records use AniList's own name of ALTERNATIVE_VERSION.
    expect(seen.has('ALTERNATIVE')).toBe(true);
    expect(seen.has('ALTERNATIVE_VERSION')).toBe(false);
  });

  it("follows AniList's required types and types AniList added later, never the excluded ones", () => {
    for (const t of ANILIST_RELATION_TYPES) {
      expect(isFollowedRelation(t)).toBe(GRAPH_RELATION_TYPES.has(t));
    }
    expect(isFollowedRelation('ALTERNATIVE_VERSION')).toBe(true);
    expect(isFollowedRelation('TRANSFORMATION')).toBe(true);
    expect(isFollowedRelation(null)).toBe(false);
  });

  it('refuses manga, TV_SHORT and MUSIC entries of the records', () => {
    const formats = new Map<string, boolean>();
    for (const media of info.values()) {
      if (media.format) formats.set(media.format, isGraphEntry(media));
    }
    expect(formats.get('TV_SHORT')).toBe(false);
    expect(formats.get('MUSIC')).toBe(false);
    expect(formats.get('MANGA')).toBe(false);
    expect(formats.get('TV')).toBe(true);
    expect(formats.get('MOVIE')).toBe(true);
    expect(formats.get('OVA')).toBe(true);
    expect(formats.get('ONA')).toBe(true);
    expect(formats.get('SPECIAL')).toBe(true);
    expect(isGraphEntry({ type: 'MANGA', format: 'TV' })).toBe(false);
    expect(isGraphEntry(entry(7401))).toBe(false); // no format
  });
});

describe('buildRelationGraph on Tidewater Lanterns (7001)', () => {
  it('lists the entry, its summary film, sequel film and side story, sorted by start date', () => {
    const graph = buildRelationGraph(entry(7001), info);
    // 2004-04-06, 2004-12 (no day), 2005-03-12, 2005-07-23.
    expect(graph.relations.map((r) => r.id)).toEqual([7001, 7006, 7002, 7003]);
    expect(graph.unexpanded).toEqual([]);
    // ADAPTATION (manga), SPIN_OFF and CHARACTER edges are not followed.
    const refused = (entry(7001).relations?.edges ?? []).filter(
      (e) => e.relationType && !GRAPH_RELATION_TYPES.has(e.relationType),
    );
    expect(refused.map((e) => e.node?.id)).toEqual([7101, 7004, 7005]);
    expect(graph.relations).toEqual([...graph.relations].sort(compareByStartDate));
  });

  it('reaches the whole franchise from the spin-off, through its PARENT edge', () => {
    const ids = buildRelationGraph(entry(7004), info).relations.map((r) => r.id);
    expect(ids).toEqual([7001, 7006, 7002, 7003, 7004]);
  });
});

/**
 * Checks the graph around `root` against VALID-9 whatever the data, and returns it: only allowed
 * entries, once each, sorted, each reached along an allowed edge of the root or of a listed
 * entry whose edges are known; without a limit, closed (every allowed edge of an expanded entry
 * leads to a listed entry); the listed entries whose edges are not known reported to fetch.
 */
function expectSpecGraph(
  root: AnimeMedia,
  known: ReadonlyMap<number, AnimeMedia | null>,
  limit?: number,
) {
  const graph = buildRelationGraph(root, known, limit);
  const { relations, unexpanded } = graph;
  const ids = relations.map((r) => r.id);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids.includes(root.id)).toBe(isGraphEntry(root));
  for (const r of relations) expect(isGraphEntry(r)).toBe(true);
  expect(relations).toEqual([...relations].sort(compareByStartDate));
  if (limit !== undefined) expect(relations.length).toBeLessThanOrEqual(limit);

  // To fetch: exactly the listed entries (root aside) whose edges are not known.
  const byNumber = (a: number, b: number) => a - b;
  expect([...unexpanded].sort(byNumber)).toEqual(
    ids.filter((id) => id !== root.id && known.get(id) === undefined).sort(byNumber),
  );

  const expanded = [
    root,
    ...ids.flatMap((id) => {
      const own = id === root.id ? null : known.get(id);
      return own ? [own] : [];
    }),
  ];
  const reachedFrom = new Set(expanded.flatMap((m) => followedNodes(m)).map((n) => n.id));
  for (const id of ids) if (id !== root.id) expect(reachedFrom.has(id)).toBe(true);
  if (limit === undefined) {
    for (const m of expanded) for (const n of followedNodes(m)) expect(ids).toContain(n.id);
  }
  return graph;
}

/** Entries the generated graphs link to without holding them (not fetched, or outside). */
const OUTSIDE = 3;

/** A generated relation graph: its entries, those fetched so far, a root and a limit. */
const graphArb = fc.integer({ min: 1, max: 10 }).chain((size) =>
  fc
    .record({
      nodes: fc.array(
        fc.record({
          type: fc.constantFrom('ANIME', 'ANIME', 'ANIME', 'MANGA'),
          format: fc.constantFrom(
            'TV',
            'MOVIE',
            'OVA',
            'ONA',
            'SPECIAL',
            'TV_SHORT',
            'MUSIC',
            'MANGA',
            null,
          ),
          year: fc.option(fc.integer({ min: 2000, max: 2002 }), { nil: null }),
          month: fc.option(fc.integer({ min: 1, max: 12 }), { nil: null }),
          day: fc.option(fc.integer({ min: 1, max: 28 }), { nil: null }),
        }),
        { minLength: size + OUTSIDE, maxLength: size + OUTSIDE },
      ),
      edges: fc.array(
        fc.array(
          fc.record({
            relationType: fc.constantFrom(
              ...ANILIST_RELATION_TYPES,
              'ALTERNATIVE_VERSION',
              'TRANSFORMATION',
              null,
            ),
            to: fc.option(fc.integer({ min: 1, max: size + OUTSIDE }), { nil: null }),
          }),
          { maxLength: 5 },
        ),
        { minLength: size, maxLength: size },
      ),
      fetched: fc.array(fc.constantFrom('known', 'not yet', 'unanswered'), {
        minLength: size,
        maxLength: size,
      }),
      rootIndex: fc.integer({ min: 0, max: size - 1 }),
      limit: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
    })
    .map(({ nodes, edges, fetched, rootIndex, limit }) => {
      const related = nodes.map((n, i): RelatedAnime => ({
        id: i + 1,
        title: { english: null, romaji: `Entry ${String(i + 1)}` },
        startDate: { year: n.year, month: n.month, day: n.day },
        type: n.type,
        format: n.format,
        episodes: null,
        coverImage: null,
      }));
      const entries = edges.map((own, i): AnimeMedia => ({
        ...(related[i] as RelatedAnime),
        type: nodes[i]?.type ?? null,
        duration: null,
        description: null,
        relations: {
          edges: own.map((e) => ({
            relationType: e.relationType,
            node: e.to === null ? null : (related[e.to - 1] ?? null),
          })),
        },
      }));
      const known = new Map<number, AnimeMedia | null>();
      entries.forEach((m, i) => {
        if (fetched[i] === 'known') known.set(m.id, m);
        else if (fetched[i] === 'unanswered') known.set(m.id, null);
      });
      return { root: entries[rootIndex] as AnimeMedia, known, limit };
    }),
);

describe('buildRelationGraph on every entry of the records', () => {
  it('holds only allowed entries, once each, sorted, reached along allowed edges', () => {
    for (const root of info.values()) {
      const { unexpanded } = expectSpecGraph(root, info);
      // Edges to entries outside the records carry no format: they are never listed.
      expect(unexpanded).toEqual([]);
    }
  });

  it('goes round relation cycles once (Pocket Tanuki: SEQUEL/PREQUEL both ways, OTHER back)', () => {
    for (const id of [7301, 7302, 7303, 7304, 7305]) {
      const ids = expectSpecGraph(entry(id), info).relations.map((r) => r.id);
      // 2015-04-05, 2016-04-03, 2016-04 (no day), 2017-07-09, 2018-08-11.
      expect(ids).toEqual([7301, 7302, 7305, 7303, 7304]);
    }
  });

  it('holds on generated graphs, with entries not fetched yet or unanswered', () => {
    fc.assert(
      fc.property(graphArb, ({ root, known, limit }) => {
        expectSpecGraph(root, known, limit);
      }),
    );
  });

  it('follows ALTERNATIVE edges (AniList name of ALTERNATIVE_VERSION)', () => {
    const withAlternative = [...info.values()].find((m) =>
      m.relations?.edges.some(
        (e) => e.relationType === 'ALTERNATIVE' && e.node && isGraphEntry(e.node),
      ),
    );
    expect(withAlternative).toBeDefined();
    const root = withAlternative as AnimeMedia;
    const target = root.relations?.edges.find(
      (e) => e.relationType === 'ALTERNATIVE' && e.node && isGraphEntry(e.node),
    )?.node;
    expect(buildRelationGraph(root, info).relations.map((r) => r.id)).toContain(target?.id);
    // The remake pair: each lists the other; the TV_SHORT sequel and the MUSIC video are not.
    expect(buildRelationGraph(entry(7201), info).relations.map((r) => r.id)).toEqual([7201, 7202]);
    expect(buildRelationGraph(entry(7202), info).relations.map((r) => r.id)).toEqual([7201, 7202]);
  });

  it('goes one hop only when no entry is known, and reports the entries to fetch', () => {
    const root = entry(7001);
    const oneHop = buildRelationGraph(root);
    const direct = followedNodes(root).map((n) => n.id);
    expect(direct).toEqual([7002, 7003, 7006]);
    expect(oneHop.relations.map((r) => r.id).sort()).toEqual([7001, ...direct].sort());
    expect(oneHop.unexpanded.sort()).toEqual([...new Set(direct)].sort());
  });

  it('lists at most `limit` entries', () => {
    const root = entry(7301);
    const full = buildRelationGraph(root, info).relations;
    expect(full.length).toBeGreaterThan(3);
    const limited = buildRelationGraph(root, info, 3).relations;
    expect(limited).toHaveLength(3);
    for (const r of limited) expect(full).toContainEqual(r);
  });
});

describe('buildRelationGraph on drifted answers', () => {
  it('lists the entry of a relation type AniList added later; passes null nodes over', () => {
    const root = entry(7001);
    const sequel = root.relations?.edges.find((e) => e.relationType === 'SEQUEL')?.node;
    expect(sequel?.id).toBe(7003);
    const drifted: AnimeMedia = {
      ...root,
      relations: {
        edges: [
          { relationType: 'TRANSFORMATION', node: sequel ?? null },
          { relationType: 'SEQUEL', node: null },
        ],
      },
    };
    expect(buildRelationGraph(drifted).relations.map((r) => r.id)).toEqual([7001, 7003]);
  });

  it('lists entries whose cover, start date or title are null', () => {
    const root = entry(7001);
    const bare = {
      id: 990_001,
      title: { english: null, romaji: null },
      startDate: null,
      type: 'ANIME',
      format: 'OVA',
      episodes: null,
      coverImage: null,
    };
    const graph = buildRelationGraph({
      ...root,
      coverImage: { large: null },
      startDate: { year: 1995, month: null, day: null },
      relations: { edges: [{ relationType: 'OTHER', node: bare }] },
    });
    expect(graph.relations.map((r) => r.id)).toEqual([7001, 990_001]);
    expect(graph.relations[0]).toEqual({
      ...toRelatedAnime(root),
      coverImage: { large: null },
      startDate: { year: 1995, month: null, day: null },
    });
  });
});

describe('compareByStartDate', () => {
  it('puts undated entries last and missing parts after known ones', () => {
    const at = (id: number, year: number | null, month: number | null, day: number | null) => ({
      id,
      startDate: { year, month, day },
    });
    const sorted = [
      at(1, null, null, null),
      at(2, 2001, null, null),
      at(3, 2001, 5, null),
      at(4, 2001, 5, 2),
      at(5, 1999, 12, 31),
      { id: 6, startDate: null },
    ].sort(compareByStartDate);
    expect(sorted.map((e) => e.id)).toEqual([5, 4, 3, 2, 1, 6]);
  });
});
