/**
 * Default relation, episode count and episode pages (spec 4 Anime view, spec 5, spec 9) on real
 * AniList records (../shared/data/anime).
 */
import type { AnimeMedia, RelatedAnime } from '@pigostream/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadAnilistDump } from './anilist-dump.testing.ts';
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

let dump: Map<number, AnimeMedia>;

beforeAll(() => {
  dump = loadAnilistDump();
});

function graphOf(id: number): RelatedAnime[] {
  const root = dump.get(id);
  if (!root) throw new Error(`AniList ${String(id)} is not in the dump`);
  return buildRelationGraph(root, dump).relations;
}

const pad = (n: number) => String(n).padStart(2, '0');
function isoOf(r: RelatedAnime): string {
  const d = r.startDate;
  if (d?.year == null || d.month == null || d.day == null) throw new Error('undated');
  return `${String(d.year)}-${pad(d.month)}-${pad(d.day)}`;
}

describe('defaultRelationIndex on the Evangelion graph (AniList 30)', () => {
  it('picks the entry whose start date equals the release date', () => {
    const relations = graphOf(30);
    relations.forEach((r, i) => {
      if (r.startDate?.day != null) expect(defaultRelationIndex(relations, isoOf(r))).toBe(i);
    });
  });

  it('else the first entry of the same year and month', () => {
    const relations = graphOf(30);
    const tv = relations.findIndex((r) => r.id === 30);
    const d = relations[tv]?.startDate;
    if (d?.year == null || d.month == null || d.day == null) throw new Error('undated');
    const otherDay = d.day === 28 ? 1 : 28;
    expect(
      defaultRelationIndex(relations, `${String(d.year)}-${pad(d.month)}-${pad(otherDay)}`),
    ).toBe(tv);
  });

  it('else the entry with the nearest start date', () => {
    const relations = graphOf(30);
    // Death & Rebirth (31) started 1997-03-15, The End of Evangelion (32) 1997-07-19.
    const deathAndRebirth = relations.findIndex((r) => r.id === 31);
    const endOfEva = relations.findIndex((r) => r.id === 32);
    expect(defaultRelationIndex(relations, '1997-04-20')).toBe(deathAndRebirth);
    expect(defaultRelationIndex(relations, '1997-06-10')).toBe(endOfEva);
    expect(defaultRelationIndex(relations, '2030-01-01')).toBe(relations.length - 1);
  });

  it('else the first: no release date, or no dated entry', () => {
    const relations = graphOf(30);
    expect(defaultRelationIndex(relations, null)).toBe(0);
    expect(defaultRelationIndex(relations, 'soon')).toBe(0);
    const undated = relations.map((r) => ({ ...r, startDate: null }));
    expect(defaultRelationIndex(undated, '1997-04-20')).toBe(0);
  });
});

describe('episodeCount', () => {
  it("uses the relation's episodes when above 0", () => {
    for (const media of dump.values()) {
      if (media.episodes != null && media.episodes > 0) {
        expect(episodeCount(media, false, 999)).toBe(media.episodes);
        expect(episodeCount(media, true, 999)).toBe(media.episodes);
      }
    }
  });

  it("falls back to the media's number_of_episodes for the default relation only, else 1", () => {
    const unknown = [...dump.values()].filter((m) => m.episodes === null);
    expect(unknown.length).toBeGreaterThan(0);
    for (const media of unknown) {
      expect(episodeCount(media, true, 220)).toBe(220);
      expect(episodeCount(media, false, 220)).toBe(1);
      expect(episodeCount(media, true, null)).toBe(1);
      expect(episodeCount(media, true, 0)).toBe(1);
    }
    expect(episodeCount({ episodes: 0 }, true, 12)).toBe(12);
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

  it('clamps the page index to the last page (spec 5) and to 0', () => {
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
