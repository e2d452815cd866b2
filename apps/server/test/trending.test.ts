/**
 * Trending blends catalogue popularity with this server's own watch events of the last 7 days, and
 * '#1 Most Watched' is the title most users started watching in that time (ARCH-13 in
 * docs/architecture.md: Data; HOME-3 in docs/requirements.md). Sidebar links come from
 * configuration.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { mediaPageSchema } from '@pigostream/contracts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { API, createUser, request } from './helpers/users.ts';
import { RESPONSE_CACHE_TTL_MS } from '../src/lib/response-cache.ts';
import { RecentViewers } from '../src/modules/activity/index.ts';
import { analyzeCatalogue, Rankings } from '../src/modules/catalogue/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const trendingIds = async () =>
  mediaPageSchema
    .parse((await t.app.inject({ url: `${API}/index/trending/tv?page=1` })).json())
    .results.map((r) => r.id);

it('has no most-watched title before anyone watches, then the most watched one', async () => {
  const none = await t.app.inject({ url: `${API}/index/most-watched` });
  expect(none.statusCode).toBe(200);
  expect(none.json()).toBeNull();

  // Sherlock (19885) is in the starter catalogue but not in the first trending page.
  expect(await trendingIds()).not.toContain(19885);
  const [a, b] = [await createUser(t.app), await createUser(t.app)];
  for (const u of [a, b]) {
    const res = await request(t.app, u, 'POST', `${API}/recommender/insert`, {
      user_id: u.uid,
      item_id: 19885,
      item_type: 'tv',
      watched: true,
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const top = await t.app.inject({ url: `${API}/index/most-watched` });
  expect(top.json()).toEqual({ id: 19885, type: 'tv' });
  expect(await trendingIds()).toContain(19885);
});

it('forgets viewers older than 7 days, within a minute of their 7 days ending', async () => {
  const rankings = new Rankings(t.database.db, new RecentViewers(t.database.db));
  // Sherlock's two viewers started watching 7 days ago less 2 seconds: they still count.
  await t.database.db.execute(
    sql`update watch_events set first_watched_at = now() - interval '7 days' + interval '2 seconds',
          last_watched_at = now() - interval '7 days' + interval '2 seconds'`,
  );
  await rankings.check();
  await new Promise((resolve) => setTimeout(resolve, RESPONSE_CACHE_TTL_MS + 50));
  expect(await trendingIds()).toContain(19885);
  // Their 7 days end; the minute's expiry (rankings.service.ts) takes them off.
  await new Promise((resolve) => setTimeout(resolve, 2500));
  await rankings.expireViewers();
  await new Promise((resolve) => setTimeout(resolve, RESPONSE_CACHE_TTL_MS + 50));
  const none = await t.app.inject({ url: `${API}/index/most-watched` });
  expect(none.statusCode).toBe(200);
  expect(none.json()).toBeNull();
  expect(await trendingIds()).not.toContain(19885);
});

it('ranks a catalogue snapshot the same in any year: age counts from its newest release', async () => {
  const before = await trendingIds();
  // The same catalogue, as if it had been taken ten years earlier (or read ten years later).
  await t.database.db.execute(
    sql`update titles set release_date = release_date - interval '10 years' where media_type = 'tv'`,
  );
  // Written behind the app's back, as an import would: the scores are then refreshed.
  await analyzeCatalogue(t.database.db);
  await new Promise((resolve) => setTimeout(resolve, RESPONSE_CACHE_TTL_MS + 50));
  try {
    expect(await trendingIds()).toEqual(before);
  } finally {
    await t.database.db.execute(
      sql`update titles set release_date = release_date + interval '10 years' where media_type = 'tv'`,
    );
    await analyzeCatalogue(t.database.db);
  }
});

it('answers the sidebar links, null when not configured', async () => {
  const res = await t.app.inject({ url: `${API}/app-config` });
  expect(res.json()).toEqual({ chatUrl: null, sourceUrl: null });
});
