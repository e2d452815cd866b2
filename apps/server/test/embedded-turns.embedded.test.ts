/**
 * The embedded database runs statements in this thread (PERF-7 in docs/requirements.md). While a
 * queue of statements waits, the event loop still gets turns, so the server accepts a new visitor's
 * connection and answers it before the queue is through, instead of after it (at 100 connections
 * that wait was seconds, and autocannon's saves timed out). Statements of the slow lane (searches,
 * background upkeep: PERF-8) wait while ordinary ones are queued, but are never starved.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { inSlowLane, openDatabase, type DatabaseHandle } from '@pigostream/db';

let database: DatabaseHandle;
let server: Server;
beforeAll(async () => {
  database = await openDatabase({ dataDir: 'memory://' });
  server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  server.close();
  await database.close();
});

it('a new connection is answered while 300 statements are still queued', async () => {
  let statementsDone = 0;
  const statements = Array.from({ length: 300 }, async () => {
    await database.db.execute(sql`select count(*) from generate_series(1, 20000)`);
    statementsDone++;
  });
  const { port } = server.address() as AddressInfo;
  const answer = await fetch(`http://127.0.0.1:${String(port)}/`);
  expect(await answer.text()).toBe('ok');
  const doneWhenAnswered = statementsDone;
  await Promise.all(statements);
  expect(statementsDone).toBe(300);
  expect(doneWhenAnswered).toBeLessThan(300);
});

it('an ordinary statement runs before queued slow-lane statements, which still all run', async () => {
  const order: string[] = [];
  const slow = Array.from({ length: 40 }, (_, i) =>
    inSlowLane(async () => {
      await database.db.execute(sql`select count(*) from generate_series(1, 20000)`);
      order.push(`slow ${String(i)}`);
    }),
  );
  const ordinary = (async () => {
    await database.db.execute(sql`select 1`);
    order.push('ordinary');
  })();
  await Promise.all([...slow, ordinary]);
  expect(order).toHaveLength(41);
  // The first slow statement had started before the ordinary one was queued; no other.
  expect(order.indexOf('ordinary')).toBeLessThanOrEqual(1);
});

it('a slow-lane statement is not starved by ordinary statements that keep coming', async () => {
  // Two ordinary loops of 300 statements each keep one waiting at every moment, for seconds.
  let ordinaryDone = 0;
  const loop = async () => {
    for (let i = 0; i < 300; i++) {
      await database.db.execute(sql`select count(*) from generate_series(1, 20000)`);
      ordinaryDone++;
    }
  };
  const ordinary = Promise.all([loop(), loop()]);
  let ordinaryDoneWhenSlowRan: number | undefined;
  await inSlowLane(async () => {
    await database.db.execute(sql`select 1`);
    ordinaryDoneWhenSlowRan = ordinaryDone;
  });
  await ordinary;
  expect(ordinaryDone).toBe(600);
  // It ran once it had waited its longest wait, not after the whole queue.
  expect(ordinaryDoneWhenSlowRan).toBeLessThan(600);
});
