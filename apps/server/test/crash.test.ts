/**
 * A crash loses nothing acknowledged (OPS-8 in docs/requirements.md: "kill -9 during 50 concurrent
 * writers lost nothing on either database: keep it that way"). A real server process takes My List
 * saves from 50 concurrent writers for three users, is killed with SIGKILL mid-stream, and starts
 * again on the same DATA_DIR (the embedded database's lock is recovered) or DATABASE_URL: every
 * save that was answered 200 before the kill is in the user's My List.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openTestDatabase, testDbKind, type TestDatabase } from './helpers/database.ts';
import { verifiedProcessUser, type ProcessUser } from './helpers/backup-processes.ts';
import { freePort, startServer, type ServerProcess } from './helpers/server-process.ts';
import { startSmtpInbox, type SmtpInbox } from './helpers/smtp-inbox.ts';
import { API } from './helpers/spellings.ts';

const PUBLIC_URL = 'http://pigo.test';
const WRITERS = 50;

let inbox: SmtpInbox;
let database: TestDatabase | undefined;
let dataDir: string;
let env: Record<string, string>;
let server: ServerProcess;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  database = testDbKind === 'postgres' ? await openTestDatabase() : undefined;
  dataDir = mkdtempSync(path.join(tmpdir(), 'pigo-crash-'));
  env = {
    // The same port after the restart: the users' clients keep their address.
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    SMTP_URL: inbox.url,
    PUBLIC_URL,
    ...(database?.url ? { DATABASE_URL: database.url } : {}),
  };
  server = await startServer(env);
});

afterAll(async () => {
  await server.stop();
  await database?.close();
  await inbox.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('keeps every acknowledged save of 50 concurrent writers across a SIGKILL', async () => {
  const users: ProcessUser[] = [];
  for (const name of ['ann', 'ben', 'cat']) {
    users.push(await verifiedProcessUser(server.base, PUBLIC_URL, inbox, `${name}@gmail.com`));
  }
  const ids = new Set<number>();
  for (let page = 1; page <= 9; page++) {
    const res = await fetch(`${server.base}${API}/index/popular/movie?page=${String(page)}`);
    const body = (await res.json()) as { results?: { id: number }[] };
    for (const item of body.results ?? []) ids.add(item.id);
  }
  expect(ids.size).toBeGreaterThan(100);

  const queue = users.flatMap((user) => [...ids].map((id) => ({ user, id })));
  const acknowledged: { user: ProcessUser; id: number }[] = [];
  let killed = false;
  const writer = async () => {
    for (let next = queue.shift(); next && !killed; next = queue.shift()) {
      try {
        const res = await next.user.client.post(`${API}/my-list/save-my-list`, {
          userUID: next.user.uid,
          id: next.id,
          type: 'movie',
        });
        if (res.status === 200) acknowledged.push(next);
      } catch {
        // The server is gone: the save was not acknowledged.
      }
    }
  };
  const writing = Array.from({ length: WRITERS }, writer);
  const deadline = Date.now() + 20_000;
  while (acknowledged.length < 120 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  server.child.kill('SIGKILL');
  killed = true;
  await server.exited;
  await Promise.all(writing);
  expect(acknowledged.length).toBeGreaterThanOrEqual(120);
  // The kill came mid-stream: saves were still queued.
  expect(queue.length).toBeGreaterThan(0);

  server = await startServer(env);
  for (const user of users) {
    const res = await user.client.get(
      `${API}/my-list/${user.uid}/fetch-my-list?movieLimit=200&showLimit=1`,
    );
    expect(res.status).toBe(200);
    const listed = new Set((res.json().moviesList as { id: number }[]).map((item) => item.id));
    const mine = acknowledged.filter((save) => save.user === user).map((save) => save.id);
    expect(mine.filter((id) => !listed.has(id))).toEqual([]);
  }
});
