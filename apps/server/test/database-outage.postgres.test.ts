/**
 * A PostgreSQL database lost under load (ROB-4 of docs/robustness.md).
 *
 * A cluster of the test's own (tools/throwaway-postgres.ts) is stopped while 20 signed-in
 * users save to My List and Watch History as fast as they are answered, kept down for 8 s, and
 * started again. Every write answers 200 or 503 with the message the app shows, never 500 and
 * never nothing within 15 s, and so do session reads and sign-ins beside them;
 * `/health/ready` answers 503 naming the database while it is down and 200 once it is back;
 * writes succeed again without a restart of the app; every save acknowledged is in the database
 * afterwards; and the log tells of the outage once when it begins and once when it ends, not
 * once per request.
 *
 * A pool whose one connection is held longer than the pool's wait answers 503 too, and 200
 * once the connection is free. (The embedded database's case: database-outage.embedded.test.ts.)
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '@pigostream/db';
import type { FastifyInstance } from 'fastify';
import { WRITE_UNAVAILABLE_MESSAGE } from '../src/lib/database-unavailable.ts';
import { seedIfEmpty } from '../src/modules/catalogue/seed.ts';
import { createScratchDatabase } from './helpers/database.ts';
import { appOver, logLines, sleep } from './helpers/outage-app.ts';
import {
  startThrowawayPostgres,
  type ThrowawayPostgres,
} from '../../../tools/throwaway-postgres.ts';
import { API, createUser, createUsers, PASSWORD, request, type TestUser } from './helpers/users.ts';

const WRITERS = 20;
/** How long the database stays down, in ms. */
const OUTAGE_MS = 8_000;
/** Longest a request may take before it counts as hanging, in ms. */
const HANG_MS = 15_000;

/** One write and its answer. */
interface Write {
  list: 'my_list' | 'watch_history';
  uid: string;
  id: number;
  type: 'movie' | 'tv';
  /** The status, or 0 when no answer came within {@link HANG_MS}. */
  status: number;
  body: string;
  phase: Phase;
}
type Phase = 'before' | 'down' | 'after';

/** Resolves with the request's answer, or with status 0 when none came within HANG_MS. */
async function withinLimit(
  pending: Promise<{ statusCode: number; body: string }>,
): Promise<{ statusCode: number; body: string }> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<{ statusCode: number; body: string }>((resolve) => {
    timer = setTimeout(() => {
      resolve({ statusCode: 0, body: 'no answer' });
    }, HANG_MS);
  });
  try {
    return await Promise.race([pending, hang]);
  } finally {
    clearTimeout(timer);
  }
}

describe('PostgreSQL stopped under 20 writers', () => {
  let cluster: ThrowawayPostgres;
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const lines: string[] = [];
  let users: TestUser[];
  let titles: { id: number; type: 'movie' | 'tv' }[];
  const writes: Write[] = [];
  const identity: { what: string; status: number; body: string; phase: Phase }[] = [];
  const ready: { phase: Phase; status: number; body: Record<string, unknown> }[] = [];
  let phase: Phase = 'before';
  let recoveredAfterMs = -1;

  beforeAll(async () => {
    cluster = await startThrowawayPostgres();
    database = await openDatabase({ url: cluster.url, dataDir: '', poolSize: 10 });
    await seedIfEmpty(database.db);
    app = await appOver(database, lines);
    users = await createUsers(app, WRITERS);
    titles = await queryRows<{ id: number; type: 'movie' | 'tv' }>(
      database.db,
      sql`select id, media_type as type from titles where title <> '' order by media_type, id`,
    );

    let running = true;
    const writer = async (user: TestUser, n: number) => {
      for (let i = 0; running; i++) {
        const title = titles[(n * 13 + i) % titles.length] ?? { id: 0, type: 'movie' as const };
        const list = i % 2 === 0 ? 'my_list' : 'watch_history';
        const url =
          list === 'my_list'
            ? `${API}/my-list/save-my-list`
            : `${API}/watch-history/save-watch-history`;
        const at = phase;
        const res = await withinLimit(
          request(app, user, 'POST', url, { userUID: user.uid, id: title.id, type: title.type }),
        );
        writes.push({
          list,
          uid: user.uid,
          ...title,
          status: res.statusCode,
          body: res.body,
          phase: at,
        });
        if (res.statusCode === 0) return; // Hanging: the test fails on it below.
        await sleep(10);
      }
    };
    const readiness = async () => {
      const res = await withinLimit(app.inject({ method: 'GET', url: `${API}/health/ready` }));
      ready.push({
        phase,
        status: res.statusCode,
        body: JSON.parse(res.body) as Record<string, unknown>,
      });
    };
    // The identity calls beside them: a session read and, every 2 s, a sign-in (one user each
    // time, so no attempt limit is reached).
    const signIns = async () => {
      for (let i = 0; running; i++) {
        const user = users[i % users.length] as TestUser;
        const read = i % 10 !== 0;
        const at = phase;
        const res = await withinLimit(
          read
            ? request(app, user, 'GET', `${API}/identity/get-session`)
            : request(
                app,
                null,
                'POST',
                `${API}/identity/sign-in/email`,
                {
                  email: user.email,
                  password: PASSWORD,
                },
                { remoteAddress: user.ip },
              ),
        );
        identity.push({
          what: read ? 'get-session' : 'sign-in',
          status: res.statusCode,
          body: res.body,
          phase: at,
        });
        if (res.statusCode === 0) return;
        await sleep(200);
      }
    };
    const writers = [...users.map((user, n) => writer(user, n)), signIns()];

    await sleep(1_500);
    await cluster.stop();
    phase = 'down';
    await sleep(OUTAGE_MS / 2);
    await readiness();
    await sleep(OUTAGE_MS / 2);
    await readiness();
    await cluster.start();
    phase = 'after';
    const back = Date.now();
    // Writes recover by themselves: wait for the first 200 after the restart (at most 30 s).
    while (Date.now() - back < 30_000) {
      const since = writes.filter((w) => w.phase === 'after' && w.status === 200);
      if (since.length > 0) {
        recoveredAfterMs = Date.now() - back;
        break;
      }
      await sleep(100);
    }
    await sleep(1_500);
    await readiness();
    running = false;
    await Promise.all(writers);
  }, 240_000);

  afterAll(async () => {
    await app.close();
    await database.close();
    await cluster.destroy();
  });

  it('answers every write 200 or 503 with the message, never 500 and never nothing', () => {
    const others = writes.filter((w) => w.status !== 200 && w.status !== 503);
    expect(others.map((w) => `${w.phase} ${String(w.status)} ${w.body}`).slice(0, 5)).toEqual([]);
    for (const w of writes.filter((x) => x.status === 503)) {
      expect(JSON.parse(w.body)).toEqual({ error: WRITE_UNAVAILABLE_MESSAGE });
    }
    // The outage was real: writes while it lasted were refused, and many of them.
    expect(writes.filter((w) => w.phase === 'down' && w.status === 503).length).toBeGreaterThan(
      WRITERS,
    );
    expect(writes.filter((w) => w.phase === 'before' && w.status === 200).length).toBeGreaterThan(
      0,
    );
  });

  it('answers identity calls 200 or 503 with their message, never 500', () => {
    const others = identity.filter((r) => r.status !== 200 && r.status !== 503);
    expect(others.map((r) => `${r.phase} ${r.what} ${String(r.status)} ${r.body}`)).toEqual([]);
    for (const r of identity.filter((x) => x.status === 503)) {
      expect(JSON.parse(r.body)).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    }
    expect(identity.filter((r) => r.phase === 'down' && r.status === 503).length).toBeGreaterThan(
      0,
    );
    expect(identity.filter((r) => r.phase === 'after' && r.status === 200).length).toBeGreaterThan(
      0,
    );
  });

  it('says on /health/ready that the database is down while it is, and ready after', () => {
    const down = ready.filter((r) => r.phase === 'down');
    expect(down.length).toBe(2);
    for (const r of down) {
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({
        status: 'unavailable',
        failing: ['database'],
        database: { status: 'down', message: 'the database cannot be reached' },
      });
    }
    expect(ready.filter((r) => r.phase === 'after').map((r) => [r.status, r.body.status])).toEqual([
      [200, 'ready'],
    ]);
  });

  it('takes writes again once the database is back, without a restart', () => {
    expect(recoveredAfterMs).toBeGreaterThanOrEqual(0);
    expect(recoveredAfterMs).toBeLessThan(10_000);
    const after = writes.filter((w) => w.phase === 'after');
    // After the first success every later write of the phase succeeds.
    const first = after.findIndex((w) => w.status === 200);
    const later = writes.slice(writes.indexOf(after[first] as Write) + WRITERS);
    expect(later.filter((w) => w.status !== 200).map((w) => w.body)).toEqual([]);
  });

  it('keeps every save it acknowledged', async () => {
    const acked = writes.filter((w) => w.status === 200);
    const rows = await queryRows<{ list: string; uid: string; id: number; type: string }>(
      database.db,
      sql`select 'my_list' as list, user_id as uid, tmdb_id as id, media_type as type from my_list
          union all
          select 'watch_history', user_id, tmdb_id, media_type from watch_history`,
    );
    const stored = new Set(rows.map((r) => `${r.list} ${r.uid} ${r.type} ${String(r.id)}`));
    const lost = acked.filter((w) => !stored.has(`${w.list} ${w.uid} ${w.type} ${String(w.id)}`));
    expect(lost).toEqual([]);
  });

  it('logs the outage once when it begins and once when it ends, not per request', () => {
    const logged = logLines(lines);
    const began = logged.filter((l) => l.msg.startsWith('database unreachable'));
    const ended = logged.filter((l) => l.msg.startsWith('database reachable again'));
    expect(began.length).toBe(1);
    expect(ended.length).toBe(1);
    // Beside it, only readiness's change of state: nothing per request or per background pass.
    const warnings = logged.filter((l) => l.level >= 40).map((l) => l.msg);
    expect(warnings.filter((m) => m !== began[0]?.msg)).toEqual([
      'not ready: database: the database cannot be reached',
    ]);
  });
});

describe('a pool with no connection free', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let user: TestUser;
  const lines: string[] = [];

  beforeAll(async () => {
    scratch = await createScratchDatabase();
    database = await openDatabase({
      url: scratch.url,
      dataDir: '',
      poolSize: 1,
      connectTimeoutMs: 300,
    });
    app = await appOver(database, lines);
    user = await createUser(app);
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    await scratch.drop();
  });

  it('answers 503 while its one connection is held past the wait, and 200 once it is free', async () => {
    const save = () =>
      request(app, user, 'POST', `${API}/index/save-search-history`, {
        userUID: user.uid,
        searchQuery: 'breaking',
      });
    expect((await save()).statusCode).toBe(200);
    // Drizzle runs a query when it is awaited: `then` starts it; it takes the one connection.
    const held = database.db.execute(sql`select pg_sleep(2)`).then(() => undefined);
    await sleep(100);
    const started = Date.now();
    const refused = await save();
    expect(refused.statusCode, refused.body).toBe(503);
    expect(refused.json()).toEqual({ error: WRITE_UNAVAILABLE_MESSAGE });
    expect(Date.now() - started).toBeLessThan(1_500);
    await held;
    const saved = await save();
    expect(saved.statusCode, saved.body).toBe(200);
  });
});
