/**
 * The embedded database lost under the app (ROB-4 of docs/robustness.md): the database is closed
 * under the app (it cannot come back without a restart), and writes and reads answer 503, never
 * 500, with one log line. (PostgreSQL's case: database-outage.postgres.test.ts.)
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@pigostream/db';
import {
  READ_UNAVAILABLE_MESSAGE,
  WRITE_UNAVAILABLE_MESSAGE,
} from '../src/lib/database-unavailable.ts';
import { openTestDatabase } from './helpers/database.ts';
import { appOver, logLines, sleep } from './helpers/outage-app.ts';
import { API, createUser, request, type TestUser } from './helpers/users.ts';

describe('the embedded database closed under the app', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  const lines: string[] = [];
  let user: TestUser;

  beforeAll(async () => {
    database = await openTestDatabase({ seeded: true });
    app = await appOver(database, lines);
    user = await createUser(app);
    const saved = await request(app, user, 'POST', `${API}/my-list/save-my-list`, {
      userUID: user.uid,
      id: 603,
      type: 'movie',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await database.close();
  });

  afterAll(async () => {
    await app.close();
  });

  it('answers writes and reads 503 with the message, never 500, and logs it once', async () => {
    for (let i = 0; i < 5; i++) {
      const write = await request(app, user, 'POST', `${API}/watch-history/save-watch-history`, {
        userUID: user.uid,
        id: 603,
        type: 'movie',
      });
      expect(write.statusCode, write.body).toBe(503);
      expect(write.json()).toEqual({ error: WRITE_UNAVAILABLE_MESSAGE });
    }
    // The session was looked up before; a fresh lookup fails the same way.
    await sleep(4_100);
    const read = await request(app, user, 'GET', `${API}/my-list/${user.uid}/fetch-my-list`);
    expect(read.statusCode, read.body).toBe(503);
    expect(read.json()).toEqual({ error: READ_UNAVAILABLE_MESSAGE });
    const ready = await app.inject({ method: 'GET', url: `${API}/health/ready` });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ failing: ['database'] });
    const began = logLines(lines).filter((l) => l.msg.startsWith('database unreachable'));
    expect(began.length).toBe(1);
  });
});
