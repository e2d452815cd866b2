import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readStarterCatalogue, readStarterRatings, STARTER_DIR, syntheticId } from './seed.ts';

const starter = readStarterCatalogue();
const movies = starter.titles.filter((t) => t.title.mediaType === 'movie');
const shows = starter.titles.filter((t) => t.title.mediaType === 'tv');

describe('starter catalogue', () => {
  it('holds at least 150 movies with cast, a director and an overview', () => {
    expect(movies.length).toBeGreaterThanOrEqual(150);
    for (const m of movies) {
      // Only a short without dialogue (Big Buck Bunny) may have no cast.
      if ((m.title.runtime ?? 0) >= 15) expect(m.cast?.length, m.title.title).toBeGreaterThan(0);
      expect(
        m.crew?.some((c) => c.job === 'Director'),
        m.title.title,
      ).toBe(true);
      expect(m.title.overview).toBeTruthy();
    }
  });

  it('holds at least 40 shows with every season and episode numbered from 1', () => {
    const full = shows.filter((s) => (s.seasons?.length ?? 0) > 0);
    expect(full.length).toBeGreaterThanOrEqual(40);
    for (const show of full) {
      for (const season of show.seasons ?? []) {
        const numbers = (season.episodes ?? []).map((e) => e.episodeNumber);
        expect(numbers, `${show.title.title} ${season.name}`).toEqual(numbers.map((_, i) => i + 1));
        for (const e of season.episodes ?? []) expect(e.name && e.airDate, e.name).toBeTruthy();
      }
    }
  });

  it('holds at least 25 anime franchises with formats, dated entries and both-way edges', () => {
    const franchises = readdirSync(STARTER_DIR)
      .filter((f) => f.startsWith('anime') && f.endsWith('.json'))
      .flatMap((f) => JSON.parse(readFileSync(path.join(STARTER_DIR, f), 'utf8')) as unknown[]);
    expect(franchises.length).toBeGreaterThanOrEqual(25);
    const formats = new Set(starter.anime.map((a) => a.format));
    for (const f of ['TV', 'MOVIE', 'OVA', 'ONA', 'SPECIAL']) expect(formats).toContain(f);
    const types = new Set(starter.relations.map((r) => r.relationType));
    for (const t of ['PREQUEL', 'SEQUEL', 'SIDE_STORY', 'ALTERNATIVE_VERSION'])
      expect(types).toContain(t);
    const ids = new Set(starter.anime.map((a) => a.id));
    for (const r of starter.relations) {
      expect(ids.has(r.nodeId), `edge ${r.mediaId} -> ${r.nodeId}`).toBe(true);
      expect(
        starter.relations.some((back) => back.mediaId === r.nodeId && back.nodeId === r.mediaId),
      ).toBe(true);
    }
    for (const a of starter.anime) expect(a.startYear, String(a.id)).toBeTruthy();
    for (const l of starter.links) expect(ids.has(l.anilistId)).toBe(true);
  });

  it('rates every movie with the MPAA and every show with the TV Parental Guidelines (PROFILE-7)', () => {
    for (const m of movies) {
      expect(['G', 'PG', 'PG-13', 'R', 'NC-17', 'NR'], m.title.title).toContain(
        m.title.certification,
      );
    }
    for (const s of shows) {
      expect(['TV-Y', 'TV-Y7', 'TV-G', 'TV-PG', 'TV-14', 'TV-MA'], s.title.title).toContain(
        s.title.certification,
      );
    }
    const ages = new Map(starter.titles.map((t) => [t.title.title, t.title.ratingAge]));
    expect(ages.get('Toy Story')).toBe(0);
    expect(ages.get('Big Buck Bunny')).toBe(0);
    expect(ages.get('Elephants Dream')).toBe(10);
    expect(ages.get('The Matrix')).toBe(17);
    expect(ages.get('Breaking Bad')).toBe(17);
    expect(ages.get('12 Angry Men')).toBeNull();
  });

  it("has a full kids' row of films and some shows at PG and TV-PG or below", () => {
    const kids = (list: typeof movies) =>
      list.filter((t) => t.title.ratingAge != null && t.title.ratingAge <= 10).length;
    expect(kids(movies)).toBeGreaterThanOrEqual(20);
    expect(kids(shows)).toBeGreaterThanOrEqual(5);
  });

  it('reads the same ratings for the start of an upgraded server as a load writes', () => {
    const loaded = starter.titles
      .filter((t) => t.title.certification != null)
      .map((t) => `${t.title.mediaType}:${String(t.title.id)}:${t.title.certification ?? ''}`);
    // A title listed twice (Shōgun) is read twice, with the one certification.
    const read = new Set(readStarterRatings().map(([type, id, c]) => `${type}:${String(id)}:${c}`));
    expect([...read].sort()).toEqual(loaded.sort());
  });

  it('gives seasons and episodes stable ids', () => {
    expect(syntheticId('tv-1396-s1e1')).toBe(syntheticId('tv-1396-s1e1'));
    expect(syntheticId('tv-1396-s1e1')).not.toBe(syntheticId('tv-1396-s1e2'));
  });
});
