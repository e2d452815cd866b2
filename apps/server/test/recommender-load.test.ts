/**
 * The recommender's model loads in the background (RECO-4 in docs/requirements.md; LEAN-3: what
 * it holds is bounded by RECOMMENDER_MAX_EVENTS): a request made while the load is held back
 * answers at once, from the fallbacks or from the pages loaded so far, never with a watched title;
 * a model capped below the number of events keeps the newest, so recommendations follow recent
 * watching. Loads are held back by an activity service whose page reads wait on a gate the test
 * opens: nothing here depends on timing.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '@pigostream/db';
import { ActivityService } from '../src/modules/activity/activity.service.ts';
import { createLocalSource } from '../src/modules/catalogue/local.source.ts';
import {
  RecommenderService,
  type RecommenderOptions,
} from '../src/modules/recommender/recommender.service.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { createUsers } from './helpers/users.ts';

let t: TestApp;
let db: Database;
/** Movies nobody else watches here, least popular first: each test takes its own. */
let movies: number[];
beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  movies = (
    await queryRows<{ id: number }>(
      db,
      sql`select id from titles where media_type = 'movie' and title <> ''
          order by popularity asc nulls first, id limit 20`,
    )
  ).map((r) => r.id);
});
afterAll(async () => {
  await t.close();
});

/** A way to hold a load back: the page reads from the `holdFrom`-th (0-based) wait for it. */
class Gate {
  /** Resolves once a page read waits at the gate. */
  readonly reached: Promise<void>;
  private arrive = (): void => undefined;
  private open = (): void => undefined;
  private readonly opened = new Promise<void>((resolve) => (this.open = resolve));

  constructor(readonly holdFrom: number) {
    this.reached = new Promise<void>((resolve) => (this.arrive = resolve));
  }

  /** Lets every held and later page read go on. */
  release(): void {
    this.open();
  }

  /** Waits at the gate when page `index` is held. */
  async pass(index: number): Promise<void> {
    if (index < this.holdFrom) return;
    this.arrive();
    await this.opened;
  }
}

/** The activity module, except that its page reads (the model's load) pass `gate` first. */
class GatedActivity extends ActivityService {
  private pages = 0;

  constructor(
    database: Database,
    private readonly gate: Gate,
  ) {
    super(database);
  }

  override async eventsAfter(...args: Parameters<ActivityService['eventsAfter']>) {
    await this.gate.pass(this.pages++);
    return super.eventsAfter(...args);
  }
}

const service = (options: RecommenderOptions = {}) =>
  new RecommenderService(db, createLocalSource(db), {
    refreshMs: 0,
    ...options,
  });
const keys = (recs: { type: string; id: number }[]) => recs.map((r) => `${r.type}:${r.id}`);
const movie = (id: number) => `movie:${id}`;
/** `n` new verified users' ids. */
const userIds = async (n: number) => (await createUsers(t.app, n)).map((u) => u.uid);

/**
 * Movie watch events at fixed times, `days` days from now plus a second per event in the order
 * given (later than anything recorded at the database's clock, so their order is known).
 */
async function watchAt(days: number, events: [user: string, movie: number][]) {
  for (const [k, [user, id]] of events.entries()) {
    await queryRows(
      db,
      sql`insert into watch_events (user_id, media_type, tmdb_id, first_watched_at, last_watched_at)
          values (${user}, 'movie', ${id},
                  now() + make_interval(days => ${days}, secs => ${k + 1}),
                  now() + make_interval(days => ${days}, secs => ${k + 1}))`,
    );
  }
}

/** Watch events first watched before `days` days from now. */
async function eventsBefore(days: number): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from watch_events
        where first_watched_at < now() + make_interval(days => ${days})`,
  );
  return row?.n ?? 0;
}

describe('while the model loads', () => {
  it('answers at once with fallback titles, never a watched one, and co-watch once loaded', async () => {
    const [a, b, c, me] = (await userIds(4)) as [string, string, string, string];
    const [x, y, z] = movies.slice(0, 3) as [number, number, number];
    const [top] = await queryRows<{ id: number }>(
      db,
      sql`select id from titles where media_type = 'movie' order by popularity desc nulls last limit 1`,
    );
    const popular = top?.id ?? 0;
    await watchAt(10, [
      ...[a, b, c].flatMap((u): [string, number][] => [
        [u, x],
        [u, y],
        [u, z],
      ]),
      [me, popular],
      [me, x],
    ]);
    const gate = new Gate(0);
    const recommender = service({ activity: new GatedActivity(db, gate) });
    recommender.warm();
    await gate.reached; // the load waits at its first page: the model holds nothing yet

    const during = keys(await recommender.recommend(me));
    expect(during).toHaveLength(50);
    expect(new Set(during).size).toBe(50);
    expect(during).not.toContain(movie(x));
    expect(during).not.toContain(movie(popular));
    expect(during.slice(0, 2)).not.toEqual([movie(y), movie(z)]);

    gate.release();
    await recommender.whenLoaded();
    const after = keys(await recommender.recommend(me));
    expect(after.slice(0, 2)).toEqual([movie(y), movie(z)]);
    expect(after).not.toContain(movie(x));
    await recommender.close();
  });

  it('answers from the pages loaded so far', async () => {
    const [a, b, c, me] = (await userIds(4)) as [string, string, string, string];
    const [x, y, z] = movies.slice(3, 6) as [number, number, number];
    // In load order: a watched x then y; later b and c watched x then z; then me x.
    await watchAt(20, [
      [a, x],
      [a, y],
      [b, x],
      [b, z],
      [c, x],
      [c, z],
      [me, x],
    ]);
    // The first page ends with a's two events; the second waits at the gate.
    const gate = new Gate(1);
    const recommender = service({
      activity: new GatedActivity(db, gate),
      pageRows: (await eventsBefore(20)) + 2,
    });
    recommender.warm();
    await gate.reached;

    const during = keys(await recommender.recommend(me));
    expect(during[0]).toBe(movie(y)); // only a's events are in the model
    expect(during).not.toContain(movie(x));

    gate.release();
    await recommender.whenLoaded();
    const after = keys(await recommender.recommend(me));
    expect(after.slice(0, 2)).toEqual([movie(z), movie(y)]); // two users watched z after x
    await recommender.close();
  });

  it('answers while a failed load is tried again, and loads once the database answers', async () => {
    const [a, me] = (await userIds(2)) as [string, string];
    const [x, y] = movies.slice(6, 8) as [number, number];
    await watchAt(30, [
      [a, x],
      [a, y],
      [me, x],
    ]);
    let fail = true;
    class FailingActivity extends ActivityService {
      override eventsAfter(...args: Parameters<ActivityService['eventsAfter']>) {
        if (fail) return Promise.reject(new Error('database went away'));
        return super.eventsAfter(...args);
      }
    }
    const errors: unknown[] = [];
    const recommender = service({
      activity: new FailingActivity(db),
      onError: (error) => errors.push(error),
    });
    await expect(recommender.whenLoaded()).rejects.toThrow('database went away');
    // The request tries the load again in the background (failing: logged) and answers at once.
    const during = keys(await recommender.recommend(me));
    expect(during).toHaveLength(50);
    expect(during).not.toContain(movie(x));
    expect(errors).toHaveLength(1);

    fail = false;
    await recommender.whenLoaded();
    expect(keys(await recommender.recommend(me))[0]).toBe(movie(y));
    await recommender.close();
  });
});

describe('a capped model', () => {
  it('keeps the newest events: recommendations follow recent watching', async () => {
    const [a, b, c, d, e, me] = (await userIds(6)) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const [f, g, h] = (await userIds(3)) as [string, string, string];
    const [x, y, z, w] = movies.slice(8, 12) as [number, number, number, number];
    // Long ago (in load order) three users watched x then y; lately two watched x then z. The
    // newest events of all (farther ahead than any other test's).
    await watchAt(100, [
      [a, x],
      [a, y],
      [b, x],
      [b, y],
      [c, x],
      [c, y],
    ]);
    await watchAt(101, [
      [d, x],
      [d, z],
      [e, x],
      [e, z],
      [me, x],
    ]);
    const whole = service();
    await whole.whenLoaded();
    expect(keys(await whole.recommend(me)).slice(0, 2)).toEqual([movie(y), movie(z)]);
    await whole.close();

    // Room for the five newest: d's, e's and mine. Its sync re-reads every event ahead of its
    // cursor, the older ones too: they stay out.
    const capped = service({ maxEvents: 5, pageRows: 2 });
    await capped.whenLoaded();
    const recent = keys(await capped.recommend(me));
    expect(recent[0]).toBe(movie(z));
    await capped.sync();
    expect(keys(await capped.recommend(me))).toEqual(recent);

    // Newer watches push the oldest out: three users watch x then w.
    for (const user of [f, g, h]) {
      await capped.insert(user, 'movie', x);
      await capped.insert(user, 'movie', w);
    }
    const newer = keys(await capped.recommend(me));
    expect(newer[0]).toBe(movie(w));
    expect(newer).not.toContain(movie(x));
    await capped.close();
  });
});
