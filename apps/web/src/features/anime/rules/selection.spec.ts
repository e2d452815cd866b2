/**
 * Default relation, episode count and episode pages (ANIME-5, ANIME-6 in docs/requirements.md,
 * VALID-9, VALID-10, LIMIT-13) on hand-written AniList records (anilist-fixtures.testing.ts:
 * made-up franchises whose relation graphs hold entries with and without a start day, two of one
 * month, and entries whose episode count is unknown) and on generated episode counts (fast-check).
 */
import type { AnimeMedia, RelatedAnime } from '@pigostream/contracts';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { entryOf, toAnimeInfo } from './anilist-fixtures.testing.ts';
import { buildRelationGraph } from './relation-graph.ts';
import {
  clampPage,
  defaultRelationIndex,
  episodeCount,
  EPISODES_PER_PAGE,
  pageCount,
  pageEpisodes,
  pageOfEpisode,
} from './selection.ts';

let info: Map<number, AnimeMedia>;

beforeAll(() => {
  info = toAnimeInfo();
});

function graphOf(id: number): RelatedAnime[] {
  return buildRelationGraph(entryOf(info, id), info).relations;
}

const pad = (n: number) => String(n).padStart(2, '0');
function isoOf(r: RelatedAnime): string {
  const d = r.startDate;
  if (d?.year == null || d.month == null || d.day == null) throw new Error('undated');
  return `${String(d.year)}-${pad(d.month)}-${pad(d.day)}`;
}

describe('defaultRelationIndex on the Tidewater Lanterns graph (7001)', () => {
  it('picks the entry whose start date equals the release date', () => {
    const relations = graphOf(7001);
    const dayKnown = relations.filter((r) => r.startDate?.day != null);
    expect(dayKnown.length).toBeGreaterThanOrEqual(3);
    relations.forEach((r, i) => {
      if (r.startDate?.day != null) expect(defaultRelationIndex(relations, isoOf(r))).toBe(i);
    });
  });

  it('else the first entry of the same year and month', () => {
    const relations = graphOf(7001);
    const tv = relations.findIndex((r) => r.id === 7001);
    const d = relations[tv]?.startDate;
    if (d?.year == null || d.month == null || d.day == null) throw new Error('undated');
    const otherDay = d.day === 28 ? 1 : 28;
    expect(
      defaultRelationIndex(relations, `${String(d.year)}-${pad(d.month)}-${pad(otherDay)}`),
    ).toBe(tv);
    // The side story started in 2004-12, day unknown.
    const special = relations.findIndex((r) => r.id === 7006);
    expect(defaultRelationIndex(relations, '2004-12-24')).toBe(special);
  });

  it('else the first of two entries of that month (Pocket Tanuki: season 2 and an OVA)', () => {
    const relations = graphOf(7301);
    const season2 = relations.findIndex((r) => r.id === 7302);
    const ova = relations.findIndex((r) => r.id === 7305);
    expect(season2).toBeLessThan(ova);
    expect(defaultRelationIndex(relations, '2016-04-20')).toBe(season2);
    // Reversed, the OVA comes first.
    const reversed = [...relations].reverse();
    expect(defaultRelationIndex(reversed, '2016-04-20')).toBe(
      reversed.findIndex((r) => r.id === 7305),
    );
  });

  it('else the entry with the nearest start date', () => {
    const relations = graphOf(7001);
    // Ebb (7002) started 2005-03-12, Flood (7003) 2005-07-23.
    const ebb = relations.findIndex((r) => r.id === 7002);
    const flood = relations.findIndex((r) => r.id === 7003);
    expect(defaultRelationIndex(relations, '2005-04-20')).toBe(ebb);
    expect(defaultRelationIndex(relations, '2005-06-10')).toBe(flood);
    expect(defaultRelationIndex(relations, '2030-01-01')).toBe(relations.length - 1);
    expect(defaultRelationIndex(relations, '1990-01-01')).toBe(0);
    // 2005-02-14 is 15 days from both 2005-01-30 and 2005-03-01: the earlier in the list wins.
    const at = (id: number, month: number, day: number): RelatedAnime => ({
      ...(relations[0] as RelatedAnime),
      id,
      startDate: { year: 2005, month, day },
    });
    expect(defaultRelationIndex([at(1, 1, 30), at(2, 3, 1)], '2005-02-14')).toBe(0);
    expect(defaultRelationIndex([at(2, 3, 1), at(1, 1, 30)], '2005-02-14')).toBe(0);
  });

  it('else the first: no release date, or no dated entry', () => {
    const relations = graphOf(7001);
    expect(defaultRelationIndex(relations, null)).toBe(0);
    expect(defaultRelationIndex(relations, 'soon')).toBe(0);
    const undated = relations.map((r) => ({ ...r, startDate: null }));
    expect(defaultRelationIndex(undated, '2005-04-20')).toBe(0);
  });
});

describe('episodeCount', () => {
  it("uses the relation's episodes when above 0", () => {
    const counted = [...info.values()].filter((m) => m.episodes != null && m.episodes > 0);
    expect(counted.length).toBeGreaterThan(5);
    for (const media of counted) {
      expect(episodeCount(media, false, 999)).toBe(media.episodes);
      expect(episodeCount(media, true, 999)).toBe(media.episodes);
    }
    expect(episodeCount(entryOf(info, 7001), true, 999)).toBe(26);
  });

  it("falls back to the media's number_of_episodes for the default relation only, else 1", () => {
    const unknown = [...info.values()].filter((m) => m.episodes === null);
    expect(unknown.map((m) => m.id)).toContain(7006);
    for (const media of unknown) {
      expect(episodeCount(media, true, 220)).toBe(220);
      expect(episodeCount(media, false, 220)).toBe(1);
      expect(episodeCount(media, true, null)).toBe(1);
      expect(episodeCount(media, true, 0)).toBe(1);
    }
    expect(episodeCount({ episodes: 0 }, true, 12)).toBe(12);
  });

  it('follows that rule for any episode counts', () => {
    const count = fc.option(fc.integer({ min: -3, max: 3000 }), { nil: null });
    fc.assert(
      fc.property(count, fc.boolean(), count, (episodes, isDefault, mediaEpisodes) => {
        const expected =
          episodes != null && episodes > 0
            ? episodes
            : isDefault && mediaEpisodes != null && mediaEpisodes > 0
              ? mediaEpisodes
              : 1;
        expect(episodeCount({ episodes }, isDefault, mediaEpisodes)).toBe(expected);
      }),
    );
  });
});

describe('episode pages', () => {
  it('cuts 220 episodes into 5 pages of 50', () => {
    expect(EPISODES_PER_PAGE).toBe(50);
    expect(pageCount(220)).toBe(5);
    expect(pageEpisodes(0, 220)).toMatchObject({ first: 1, last: 50 });
    expect(pageEpisodes(0, 220).numbers).toHaveLength(50);
    expect(pageEpisodes(1, 220)).toMatchObject({ first: 51, last: 100 });
    const last = pageEpisodes(4, 220);
    expect(last).toMatchObject({ first: 201, last: 220 });
    expect(last.numbers).toEqual(Array.from({ length: 20 }, (_, i) => 201 + i));
  });

  it('clamps the page index to the last page and to 0', () => {
    expect(clampPage(9, 220)).toBe(4);
    expect(pageEpisodes(9, 220)).toMatchObject({ first: 201, last: 220 });
    expect(clampPage(-3, 220)).toBe(0);
    expect(clampPage(Number.NaN, 220)).toBe(0);
    expect(clampPage(3, 1)).toBe(0);
    expect(pageEpisodes(3, 1)).toEqual({ first: 1, last: 1, numbers: [1] });
    expect(clampPage(1, 50)).toBe(0);
    expect(clampPage(1, 51)).toBe(1);
  });

  it('finds the page of an episode', () => {
    expect(pageOfEpisode(1)).toBe(0);
    expect(pageOfEpisode(50)).toBe(0);
    expect(pageOfEpisode(51)).toBe(1);
    expect(pageOfEpisode(220)).toBe(4);
  });
});
