/**
 * Two recommender services over one database stand for two server processes (ARCH-2 in
 * docs/architecture.md: several servers behind a load balancer): one's watch events reach the
 * other's model by its sync, and a user's own watched titles are never recommended, synced or not.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '@pigostream/db';
import { createLocalSource } from '../src/modules/catalogue/local.source.ts';
import { RecommenderService } from '../src/modules/recommender/recommender.service.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createUsers, type TestUser } from './helpers/users.ts';

let t: TestApp;
let users: TestUser[];
let ids: number[];
beforeAll(async () => {
  t = await startTestApp();
  users = await createUsers(t.app, 4);
  ids = (
    await queryRows<{ id: number }>(
      t.database.db,
      sql`select id from titles where media_type = 'movie' and title <> ''
          order by popularity asc nulls first, id limit 3`,
    )
  ).map((r) => r.id);
});
afterAll(async () => {
  await t.close();
});

it("picks up another process's watch events on sync", async () => {
  const db = t.database.db;
  const catalogue = createLocalSource(db);
  const one = new RecommenderService(db, catalogue, { refreshMs: 0 });
  const two = new RecommenderService(db, catalogue, { refreshMs: 0 });
  const [a, b, me] = users as [TestUser, TestUser, TestUser];
  const [x, y, z] = ids as [number, number, number];
  const key = (r: { type: string; id: number }) => `${r.type}:${r.id}`;

  // Both models are loaded (as the app does at start) before the events below.
  await Promise.all([one.whenLoaded(), two.whenLoaded()]);
  // Each a few ms after the last, as a user's plays come: the embedded database's clock counts
  // whole milliseconds, and a server reading back titles first watched in the same one orders
  // them by id, so equal scores could rank in another order than the server that saw them live.
  for (const u of [a, b]) {
    for (const id of [x, y, z]) {
      await one.insert(u.uid, 'movie', id);
      await new Promise((resolve) => setTimeout(resolve, 3));
    }
  }
  await one.insert(me.uid, 'movie', x);

  const fromOne = (await one.recommend(me.uid)).map(key);
  expect(fromOne.slice(0, 2)).toEqual([`movie:${y}`, `movie:${z}`]);
  // Not synced yet: two knows no co-watch, but still leaves out what the user watched.
  const stale = (await two.recommend(me.uid)).map(key);
  expect(stale).not.toContain(`movie:${x}`);
  expect(stale.slice(0, 2)).not.toEqual([`movie:${y}`, `movie:${z}`]);

  await two.sync();
  expect((await two.recommend(me.uid)).map(key)).toEqual(fromOne);
  await Promise.all([one.close(), two.close()]);
});

it('syncs in the background every refreshMs and stops on close', async () => {
  const db = t.database.db;
  const service = new RecommenderService(db, createLocalSource(db), {
    refreshMs: 20,
  });
  const [, , , late] = users as [TestUser, TestUser, TestUser, TestUser];
  await service.whenLoaded();
  const before = await service.recommend('nobody');
  await queryRows(
    db,
    sql`insert into watch_events (user_id, media_type, tmdb_id) values (${late.uid}, 'movie', ${ids[2] ?? 0})`,
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  // The event reached the model: popularity (a user with no events gets it) changed, as a
  // fresh load of every event sees it.
  const other = new RecommenderService(db, createLocalSource(db), {
    refreshMs: 0,
  });
  await other.whenLoaded();
  const expected = await other.recommend('nobody');
  expect(expected).not.toEqual(before);
  expect(await service.recommend('nobody')).toEqual(expected);
  await service.close();
  await other.close();
});
