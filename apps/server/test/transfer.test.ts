/**
 * Import and export of My List and Watch History (TRANSFER-1 in docs/requirements.md) over the real
 * app and database: previews of Letterboxd, IMDb and Trakt files generated from their published
 * column lists (helpers/transfer-files.ts), applying the confirmed titles once and again (nothing
 * added), bad files, authorization, and an export imported into a new account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportEntry, ImportPreview, ImportResult } from '@pigostream/contracts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { progressOf } from './helpers/progress.ts';
import {
  dayOf,
  imdbRatingsFile,
  letterboxdFile,
  traktHistoryFile,
  UNKNOWN_TITLES,
} from './helpers/transfer-files.ts';
import { API, createUser, request, type TestUser } from './helpers/users.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const preview = async (u: TestUser, fileName: string, content: string) => {
  const res = await request(t.app, u, 'POST', `${API}/transfer/preview-import`, {
    userUID: u.uid,
    fileName,
    content,
  });
  return { status: res.statusCode, body: res.json<ImportPreview & { error?: string }>() };
};
const apply = async (u: TestUser, entries: ImportEntry[]) => {
  const res = await request(t.app, u, 'POST', `${API}/transfer/apply-import`, {
    userUID: u.uid,
    entries,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportResult>();
};
/** The entries a user confirming every match (and no uncertain one) sends. */
const matchedEntries = (p: ImportPreview): ImportEntry[] =>
  p.items.flatMap((i) =>
    i.status === 'matched' && i.match
      ? [
          {
            list: i.list,
            id: i.match.id,
            type: i.match.type,
            watchedAt: i.watchedAt,
            episodes: i.episodes,
          },
        ]
      : [],
  );
const exportOf = async (u: TestUser, format: string) => {
  const res = await request(t.app, u, 'GET', `${API}/transfer/${u.uid}/export?format=${format}`);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};
/** The latest watch time of the preview's items matched to movie `id`. */
const latestWatchOf = (p: ImportPreview, id: number): string | undefined =>
  p.items
    .filter((i) => i.match?.id === id && i.watchedAt)
    .map((i) => i.watchedAt ?? '')
    .sort()
    .at(-1);
interface OurExport {
  myList: { type: string; id: number; at: string }[];
  watchHistory: { type: string; id: number; at: string; episodes?: unknown[] }[];
}

describe('Letterboxd', () => {
  it('previews a diary: every row once, rewatches (their own diary entries) kept apart, years one off kept, far off and unknown ones not offered, nothing written', async () => {
    const u = await createUser(t.app);
    const file = letterboxdFile();
    expect(file.rows).toBeGreaterThanOrEqual(300);
    const { status, body } = await preview(u, 'diary.csv', file.text);
    expect(status, JSON.stringify(body).slice(0, 300)).toBe(200);
    expect(body.format).toBe('letterboxd');
    expect(body.rows).toBe(file.rows);
    const matched = body.items.filter((i) => i.status === 'matched');
    const ids = new Set(matched.map((i) => i.match?.id));
    for (const title of file.titles) expect(ids, title.title).toContain(title.id);
    // Every row is in exactly one item; a rewatch is its own diary entry (its own URI), so it
    // is an item of its own, matched to the same title.
    const lines = body.items.flatMap((i) => i.lines).sort((a, b) => a - b);
    expect(lines).toEqual(Array.from({ length: file.rows }, (_, i) => i + 2));
    const perTitle = new Map<number, number>();
    for (const i of matched)
      perTitle.set(i.match?.id ?? 0, (perTitle.get(i.match?.id ?? 0) ?? 0) + 1);
    expect([...perTitle.values()].filter((n) => n > 1).length).toBeGreaterThan(50);
    // Own-script titles, and years one off, still match.
    for (const title of [...file.nonLatin, ...file.yearOneOff]) {
      const item = matched.find((i) => i.match?.id === title.id);
      expect(item?.list, title.originalTitle).toBe('history');
    }
    // A year five off rules the title out (IMP-3): not matched, not offered.
    for (const title of file.yearFarOff) {
      const item = body.items.find((i) => i.title === title.title && i.year === title.year + 5);
      expect(item?.status, title.title).not.toBe('matched');
      expect(item?.candidates.map((c) => c.id)).not.toContain(title.id);
    }
    for (const name of UNKNOWN_TITLES) {
      expect(body.items.find((i) => i.title === name)?.status).toBe('not-found');
    }
    expect(body.counts.matched + body.counts.uncertain + body.counts.notFound).toBe(
      body.items.length,
    );
    // Nothing was written.
    const ours = (await exportOf(u, 'pigostream')).json<OurExport>();
    expect(ours.watchHistory).toEqual([]);
  });

  it('applies the confirmed titles with their watch dates; the same file again adds nothing', async () => {
    const u = await createUser(t.app);
    const file = letterboxdFile();
    const { body } = await preview(u, 'diary.csv', file.text);
    const entries = matchedEntries(body);
    const titles = new Set(entries.map((e) => e.id)).size;
    expect(titles).toBeLessThan(entries.length);
    const first = await apply(u, entries);
    // Rewatches are one title in Watch History, at the latest watch.
    expect(first.watchHistory.added).toBe(titles);
    expect(first.myList.added).toBe(0);
    const ours = (await exportOf(u, 'pigostream')).json<OurExport>();
    expect(ours.watchHistory).toHaveLength(titles);
    const matrix = ours.watchHistory.find((h) => h.id === 603);
    expect(matrix?.at).toBe(latestWatchOf(body, 603));

    const again = await apply(u, matchedEntries((await preview(u, 'diary.csv', file.text)).body));
    expect(again.watchHistory).toEqual({ added: 0, updated: 0, kept: titles });
  });

  it('reads a watchlist into My List', async () => {
    const u = await createUser(t.app);
    const file = letterboxdFile({ watchlist: true });
    const { body } = await preview(u, 'watchlist.csv', file.text);
    expect(body.items.every((i) => i.list === 'watchlist')).toBe(true);
    const result = await apply(u, matchedEntries(body));
    expect(result.myList.added).toBe(body.counts.matched);
    const list = await request(
      t.app,
      u,
      'GET',
      `${API}/my-list/${u.uid}/fetch-my-list?movieLimit=200`,
    );
    expect(list.json<{ moviesList: unknown[] }>().moviesList.length).toBe(
      Math.min(200, body.counts.matched),
    );
  });

  it('names the broken line of a file and writes nothing', async () => {
    const u = await createUser(t.app);
    const { status, body } = await preview(u, 'diary.csv', letterboxdFile({ brokenAt: 41 }).text);
    expect(status).toBe(400);
    expect(body.error).toMatch(/^diary\.csv line 42: /);
  });
});

describe('IMDb and Trakt', () => {
  it('matches IMDb ratings by IMDb id and shows by title; episode ratings are not placed', async () => {
    const u = await createUser(t.app);
    const file = imdbRatingsFile();
    const { status, body } = await preview(u, 'ratings.csv', file.text);
    expect(status).toBe(200);
    expect(body.format).toBe('imdb');
    const byId = new Map(
      body.items.map((i) => [`${i.match?.type ?? ''}:${String(i.match?.id)}`, i]),
    );
    for (const title of file.titles) {
      expect(byId.get(`${title.type}:${String(title.id)}`)?.status, title.title).toBe('matched');
    }
    expect(body.items.filter((i) => i.status === 'not-found').length).toBe(
      UNKNOWN_TITLES.length + file.episodesRated,
    );
  });

  it("applies Trakt's history: movies and shows in Watch History, their episodes marked watched", async () => {
    const u = await createUser(t.app);
    const file = traktHistoryFile();
    const { body } = await preview(u, 'history.json', file.text);
    expect(body.format).toBe('trakt');
    expect(body.counts.notFound).toBe(UNKNOWN_TITLES.length);
    expect(body.counts.matched).toBe(file.titles.length);
    const result = await apply(u, matchedEntries(body));
    expect(result.watchHistory.added).toBe(file.titles.length);
    expect(result.episodes.added).toBe([...file.episodes.values()].reduce((a, b) => a + b, 0));
    const [showId] = [...file.episodes.keys()];
    const episodes = await progressOf(t.app, u, showId ?? 0, 'tv');
    expect(episodes.map((e) => [e.season, e.episode, e.watched]).sort()).toEqual([
      [1, 1, true],
      [1, 2, true],
      [1, 3, true],
    ]);
    expect((await apply(u, matchedEntries(body))).episodes.added).toBe(0);
  });
});

describe('export', () => {
  it('our export, and the Trakt-shaped one, imported into a new account give the same lists', async () => {
    const u = await createUser(t.app);
    const trakt = await preview(u, 'history.json', traktHistoryFile().text);
    await apply(u, matchedEntries(trakt.body));
    const watchlist = await preview(u, 'watchlist.csv', letterboxdFile({ watchlist: true }).text);
    await apply(u, matchedEntries(watchlist.body));
    const original = (await exportOf(u, 'pigostream')).json<OurExport>();
    expect(original.myList.length).toBeGreaterThan(100);

    for (const format of ['pigostream', 'trakt']) {
      const file = await exportOf(u, format);
      expect(file.headers['content-disposition']).toMatch(/^attachment; filename="pigostream-/);
      const fresh = await createUser(t.app);
      const back = await preview(fresh, `export.${format}.json`, file.body);
      expect(back.body.counts.notFound, format).toBe(0);
      expect(back.body.counts.uncertain, format).toBe(0);
      await apply(fresh, matchedEntries(back.body));
      const copy = (await exportOf(fresh, 'pigostream')).json<OurExport>();
      const key = (e: { type: string; id: number; at: string }) =>
        `${e.type}:${String(e.id)}:${e.at}`;
      expect(copy.myList.map(key).sort(), format).toEqual(original.myList.map(key).sort());
      expect(copy.watchHistory.map(key).sort(), format).toEqual(
        original.watchHistory.map(key).sort(),
      );
      expect(copy.watchHistory.find((h) => h.episodes)?.episodes).toEqual(
        original.watchHistory.find((h) => h.episodes)?.episodes,
      );
    }
  });

  it("writes Letterboxd's import CSV of the watched movies, which the import reads back", async () => {
    const u = await createUser(t.app);
    const { body } = await preview(u, 'diary.csv', letterboxdFile().text);
    await apply(u, matchedEntries(body));
    const csv = await exportOf(u, 'letterboxd');
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toBe('tmdbID,Title,Year,WatchedDate');
    expect(lines).toContain(
      `603,The Matrix,1999,${String(latestWatchOf(body, 603)?.slice(0, 10))}`,
    );
    const back = await preview(u, 'letterboxd-diary.csv', csv.body);
    expect(back.body.counts.matched).toBe(lines.length - 1);
  });
});

describe('bad input and authorization', () => {
  it('refuses files it cannot read with a message, and over 20 MB with 413', async () => {
    const u = await createUser(t.app);
    const cases: [string, string, RegExp][] = [
      [
        'notes.csv',
        'Color,Size\nred,2\n',
        /^notes\.csv is not a file this import reads \(its columns are Color, Size\)/,
      ],
      ['list.json', '{"hello": 1}', /^list\.json is not a file this import reads/],
      ['history.json', '[{"id": 1}]', /^history\.json item 1: it names no movie or show/],
      ['broken.json', '[\n{"a": 1,\n', /^broken\.json line \d+: it is not valid JSON\.$/],
      ['empty.csv', '   ', /^empty\.csv is empty\.$/],
    ];
    for (const [name, content, message] of cases) {
      const { status, body } = await preview(u, name, content);
      expect(status, name).toBe(400);
      expect(body.error, name).toMatch(message);
    }
    const many = `Date,Name,Year,Letterboxd URI\n${`${dayOf(1)},A,2001,x\n`.repeat(100_001)}`;
    const tooMany = await preview(u, 'many.csv', many);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe(
      'many.csv has more than 100,000 rows; split it and import the parts.',
    );
    const big = `Date,Name,Year,Letterboxd URI\n${`${dayOf(1)},A,2001,x\n`.repeat(1_100_000)}`;
    const { status, body } = await preview(u, 'big.csv', big);
    expect(status).toBe(413);
    expect(body.error).toBe('The file is larger than 20 MB.');
  });

  it('refuses an entry the catalogue does not know, writing nothing', async () => {
    const u = await createUser(t.app);
    const res = await request(t.app, u, 'POST', `${API}/transfer/apply-import`, {
      userUID: u.uid,
      entries: [
        { list: 'watchlist', id: 603, type: 'movie' },
        { list: 'watchlist', id: 999_999_991, type: 'movie' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toMatch(/No movie with id 999999991/);
    expect((await exportOf(u, 'pigostream')).json<OurExport>().myList).toEqual([]);
  });

  it('answers 401 without a session and 403 for another user', async () => {
    const [u, other] = [await createUser(t.app), await createUser(t.app)];
    const body = { userUID: u.uid, fileName: 'a.csv', content: 'x' };
    expect(
      (await request(t.app, null, 'POST', `${API}/transfer/preview-import`, body)).statusCode,
    ).toBe(401);
    expect(
      (await request(t.app, other, 'POST', `${API}/transfer/preview-import`, body)).statusCode,
    ).toBe(403);
    expect(
      (
        await request(t.app, other, 'POST', `${API}/transfer/apply-import`, {
          userUID: u.uid,
          entries: [],
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await request(t.app, other, 'GET', `${API}/transfer/${u.uid}/export?format=trakt`))
        .statusCode,
    ).toBe(403);
    expect(
      (await request(t.app, u, 'GET', `${API}/transfer/${u.uid}/export?format=zip`)).statusCode,
    ).toBe(400);
  });
});
