/**
 * The exports people really have (docs/imports.md, IMP-1 to IMP-5), on both databases: every
 * fixture of helpers/import-fixtures.ts (one per layout and encoding, written by hand) decoded
 * from its bytes as the page and the command decode it, previewed over HTTP with its format,
 * rows, counts, titles (accents kept), matches and candidates; every row in exactly one item;
 * the matched titles applied into one account land in the right lists, and again add nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportEntry, ImportPreview, ImportResult } from '@pigostream/contracts';
import { decodeFile } from '../src/lib/decode-file.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { fixtureBytes, IMPORT_FIXTURES, type ImportFixture } from './helpers/import-fixtures.ts';
import { API, createUser, request, type TestUser } from './helpers/users.ts';

let t: TestApp;
let u: TestUser;
beforeAll(async () => {
  t = await startTestApp();
  u = await createUser(t.app);
});
afterAll(async () => {
  await t.close();
});

const previewOf = async (fixture: ImportFixture) => {
  const res = await request(t.app, u, 'POST', `${API}/transfer/preview-import`, {
    userUID: u.uid,
    fileName: fixture.file,
    content: decodeFile(fixtureBytes(fixture.file)).text,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportPreview>();
};

/** `movie:603` for a candidate or match. */
const keyOf = (c: { type: string; id: number } | null | undefined) =>
  c ? `${c.type}:${String(c.id)}` : null;

describe('the import reads the exports people really have', () => {
  for (const fixture of IMPORT_FIXTURES) {
    it(`${fixture.file}: ${fixture.format}, ${fixture.encoding}, ${String(fixture.rows)} rows`, async () => {
      const decoded = decodeFile(fixtureBytes(fixture.file));
      expect(decoded.encoding).toBe(fixture.encoding);
      const preview = await previewOf(fixture);
      expect(preview.format).toBe(fixture.format);
      expect(preview.rows).toBe(fixture.rows);
      expect(preview.counts).toEqual(fixture.counts);
      // Every row of the file is in exactly one item.
      const lines = preview.items.flatMap((i) => i.lines);
      expect(lines.length).toBe(fixture.rows);
      expect(new Set(lines).size).toBe(fixture.rows);
      if (fixture.file.endsWith('.json')) {
        // JSON items are counted from 1; CSV lines after the header (line 1, or a list's own).
        expect([...lines].sort((a, b) => a - b)).toEqual(
          Array.from({ length: fixture.rows }, (_, i) => i + 1),
        );
      } else {
        expect(Math.min(...lines)).toBeGreaterThan(1);
      }
      for (const want of fixture.titles) {
        const items = preview.items.filter((i) => i.title === want.title && i.year === want.year);
        const label = `${want.title} (${String(want.year)})`;
        expect(items.length, label).toBe(want.items ?? 1);
        for (const item of items) {
          expect(item.status, label).toBe(want.status);
          expect(item.list, label).toBe(want.list ?? fixture.list);
          if (want.match) expect(keyOf(item.match), label).toBe(want.match);
          if (want.watchedAt) expect(item.watchedAt, label).toBe(want.watchedAt);
          const offered = item.candidates.map(keyOf);
          for (const key of want.offers ?? []) expect(offered, label).toContain(key);
          for (const key of want.never ?? []) {
            expect(offered, label).not.toContain(key);
            expect(keyOf(item.match), label).not.toBe(key);
          }
        }
      }
      // Every item is a title the table names: nothing unexpected was read.
      const named = new Set(fixture.titles.map((w) => `${w.title}|${String(w.year)}`));
      for (const item of preview.items) {
        expect(named, item.title).toContain(`${item.title}|${String(item.year)}`);
      }
    });
  }

  it('the matched titles of every fixture land in their lists, and importing them again adds nothing', async () => {
    const fresh = await createUser(t.app);
    const entries: ImportEntry[] = [];
    for (const fixture of IMPORT_FIXTURES) {
      for (const item of (await previewOf(fixture)).items) {
        if (item.status !== 'matched' || !item.match) continue;
        entries.push({
          list: item.list,
          id: item.match.id,
          type: item.match.type,
          watchedAt: item.watchedAt,
          episodes: item.episodes,
        });
      }
    }
    const apply = async () => {
      const res = await request(t.app, fresh, 'POST', `${API}/transfer/apply-import`, {
        userUID: fresh.uid,
        entries,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ImportResult>();
    };
    const distinct = (list: string) =>
      new Set(entries.filter((e) => e.list === list).map((e) => `${e.type}:${String(e.id)}`)).size;
    const first = await apply();
    expect(first.myList.added).toBe(distinct('watchlist'));
    expect(first.watchHistory.added).toBe(distinct('history'));
    // Breaking Bad's three watched episodes (Trakt) and two (ours) are three; The Bear's one;
    // Dark's two from the wrapped history.
    expect(first.episodes.added).toBe(6);
    const exported = await request(
      t.app,
      fresh,
      'GET',
      `${API}/transfer/${fresh.uid}/export?format=pigostream`,
    );
    const ours = exported.json<{
      myList: { type: string; id: number }[];
      watchHistory: { type: string; id: number; at: string }[];
    }>();
    const keys = (rows: { type: string; id: number }[]) => rows.map(keyOf).sort();
    expect(keys(ours.myList)).toEqual(
      [...new Set(entries.filter((e) => e.list === 'watchlist').map(keyOf))].sort(),
    );
    // Fight Club was rated on IMDb in 2016 and on Letterboxd in 2023: the later watch stays.
    const fightClub = ours.watchHistory.find((h) => h.type === 'movie' && h.id === 550);
    expect(fightClub?.at).toBe('2023-11-03T12:00:00.000Z');
    const again = await apply();
    expect(again.myList.added).toBe(0);
    expect(again.watchHistory.added).toBe(0);
    expect(again.episodes.added).toBe(0);
  });
});
