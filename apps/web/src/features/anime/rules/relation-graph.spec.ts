/** The anime relation graph (spec 5) on real AniList records (../shared/data/anime). */
import type { AnimeMedia } from '@pigostream/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAnilistDump } from './anilist-dump.testing.ts';
import {
  ANILIST_RELATION_TYPES,
  buildRelationGraph,
  compareByStartDate,
  followedNodes,
  GRAPH_FORMATS,
  GRAPH_RELATION_TYPES,
  isFollowedRelation,
  isGraphEntry,
} from './relation-graph.ts';

let dump: Map<number, AnimeMedia>;

beforeAll(() => {
  dump = loadAnilistDump();
});

function entry(id: number): AnimeMedia {
  const found = dump.get(id);
  if (!found) throw new Error(`AniList ${String(id)} is not in the dump`);
  return found;
}

describe('the filters', () => {
  it('lists the spec 5 formats and relation types, ALTERNATIVE as ALTERNATIVE_VERSION', () => {
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

  it("knows every relation type of the dump as one of AniList's", () => {
    for (const media of dump.values()) {
      for (const { relationType } of media.relations?.edges ?? []) {
        expect(ANILIST_RELATION_TYPES.has(relationType ?? '')).toBe(true);
      }
    }
  });

  it("follows AniList's spec 5 types and types AniList added later, never the excluded ones", () => {
    for (const t of ANILIST_RELATION_TYPES) {
      expect(isFollowedRelation(t)).toBe(GRAPH_RELATION_TYPES.has(t));
    }
    expect(isFollowedRelation('ALTERNATIVE_VERSION')).toBe(true);
    expect(isFollowedRelation('TRANSFORMATION')).toBe(true);
    expect(isFollowedRelation(null)).toBe(false);
  });

  it('refuses manga, TV_SHORT and MUSIC entries of the dump', () => {
    const formats = new Map<string, boolean>();
    for (const media of dump.values()) {
      if (media.format) formats.set(media.format, isGraphEntry(media));
    }
    expect(formats.get('TV_SHORT')).toBe(false);
    expect(formats.get('MUSIC')).toBe(false);
    expect(formats.get('TV')).toBe(true);
    expect(formats.get('OVA')).toBe(true);
    expect(isGraphEntry({ type: 'MANGA', format: 'TV' })).toBe(false);
  });
});

describe('buildRelationGraph on Neon Genesis Evangelion (AniList 30)', () => {
  it('lists the entry, its summary film and sequel film, sorted by start date', () => {
    const graph = buildRelationGraph(entry(30), dump);
    const ids = graph.relations.map((r) => r.id);
    expect(ids).toContain(30);
    expect(ids).toContain(31); // SUMMARY
    expect(ids).toContain(32); // SEQUEL
    // ADAPTATION (manga), SPIN_OFF and CHARACTER edges are not followed.
    const refused = (entry(30).relations?.edges ?? []).filter(
      (e) => e.relationType && !GRAPH_RELATION_TYPES.has(e.relationType),
    );
    expect(refused.length).toBeGreaterThan(0);
    for (const e of refused) expect(ids).not.toContain(e.node?.id);
    expect(graph.relations).toEqual([...graph.relations].sort(compareByStartDate));
  });
});

describe('buildRelationGraph on every entry of the dump', () => {
  it('holds only allowed entries, once each, sorted, reached along allowed edges', () => {
    for (const root of dump.values()) {
      const { relations, unexpanded } = buildRelationGraph(root, dump);
      const ids = relations.map((r) => r.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids.includes(root.id)).toBe(isGraphEntry(root));
      for (const r of relations) expect(isGraphEntry(r)).toBe(true);
      expect(relations).toEqual([...relations].sort(compareByStartDate));
      // Entries outside the dump are listed but cannot be followed further.
      for (const id of unexpanded) expect(dump.has(id)).toBe(false);

      // Reached: every listed entry other than the root is an allowed edge's node of the root
      // or of another listed entry.
      const reachedFrom = new Set(
        [root, ...relations.map((r) => dump.get(r.id))]
          .flatMap((m) => (m ? followedNodes(m) : []))
          .map((n) => n.id),
      );
      for (const id of ids) if (id !== root.id) expect(reachedFrom.has(id)).toBe(true);

      // Closed (transitive): every allowed edge of a listed entry leads to a listed entry.
      for (const r of relations) {
        const own = dump.get(r.id);
        for (const n of own ? followedNodes(own) : []) expect(ids).toContain(n.id);
      }
    }
  });

  it('follows ALTERNATIVE edges (AniList name of ALTERNATIVE_VERSION)', () => {
    const withAlternative = [...dump.values()].find((m) =>
      m.relations?.edges.some(
        (e) => e.relationType === 'ALTERNATIVE' && e.node && isGraphEntry(e.node),
      ),
    );
    expect(withAlternative).toBeDefined();
    const root = withAlternative as AnimeMedia;
    const target = root.relations?.edges.find(
      (e) => e.relationType === 'ALTERNATIVE' && e.node && isGraphEntry(e.node),
    )?.node;
    expect(buildRelationGraph(root, dump).relations.map((r) => r.id)).toContain(target?.id);
  });

  it('goes one hop only when no entry is known, and reports the entries to fetch', () => {
    const root = entry(30);
    const oneHop = buildRelationGraph(root);
    const direct = followedNodes(root).map((n) => n.id);
    expect(oneHop.relations.map((r) => r.id).sort()).toEqual([30, ...direct].sort());
    expect(oneHop.unexpanded.sort()).toEqual([...new Set(direct)].sort());
  });

  it('lists at most `limit` entries', () => {
    const big = [...dump.values()]
      .map((m) => buildRelationGraph(m, dump))
      .reduce((a, b) => (b.relations.length > a.relations.length ? b : a));
    expect(big.relations.length).toBeGreaterThan(3);
    const root = dump.get(big.relations[0]?.id ?? 0) as AnimeMedia;
    expect(buildRelationGraph(root, dump, 3).relations).toHaveLength(3);
  });
});

describe('buildRelationGraph on drifted answers (issue 17)', () => {
  it('lists the entry of a relation type AniList added later; passes null nodes over', () => {
    const root = entry(30);
    const sequel = root.relations?.edges.find((e) => e.relationType === 'SEQUEL')?.node;
    expect(sequel).toBeTruthy();
    const drifted: AnimeMedia = {
      ...root,
      relations: {
        edges: [
          { relationType: 'TRANSFORMATION', node: sequel ?? null },
          { relationType: 'SEQUEL', node: null },
        ],
      },
    };
    expect(buildRelationGraph(drifted).relations.map((r) => r.id)).toEqual([30, sequel?.id]);
  });

  it('lists entries whose cover, start date or title are null', () => {
    const root = entry(30);
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
    expect(graph.relations.map((r) => r.id)).toEqual([30, 990_001]);
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
