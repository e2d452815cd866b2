/**
 * The embedded database runs statements in this thread (PERF-7 in docs/requirements.md). While a
 * queue of statements waits, the event loop still gets turns, so the server accepts a new visitor's
 * connection and answers it before the queue is through, instead of after it (at 100 connections
 * that wait was seconds, and autocannon's saves timed out).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@pigostream/db';

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
