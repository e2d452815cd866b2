/**
 * The recipe of docs/deploy.md, run (SCALE-7 in docs/requirements.md): Debian's nginx with the
 * repository's deploy/nginx/pigostream.conf (ports filled in) in front of two server processes on
 * one PostgreSQL database and one Redis, with PUBLIC_URL set to the proxy and TRUST_PROXY=true. A
 * user signs up and verifies through the proxy, saves to My List and reads it back many times while
 * nginx spreads the calls over both servers; attempt limits count the client's own address
 * (X-Forwarded-For), not the proxy's; with one server stopped the site still answers.
 *
 * nginx comes from Debian's nginx-light (.ci/run installs it). Only the server-postgres project
 * runs this file (vitest.config.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifiedProcessUser } from './helpers/backup-processes.ts';
import { openTestDatabase, type TestDatabase } from './helpers/database.ts';
import { startNginx, type Nginx } from '../../../tools/nginx.ts';
import { SocketClient } from './helpers/raw-http.ts';
import { freePort, startServer, type ServerProcess } from './helpers/server-process.ts';
import { startSmtpInbox, type SmtpInbox } from './helpers/smtp-inbox.ts';
import { API, IDENTITY } from './helpers/spellings.ts';

const AUTH_SECRET = 'deploy-recipe-servers-share-this-secret-0123';

let database: TestDatabase;
let inbox: SmtpInbox;
let nginx: Nginx | undefined;
let proxy: string;
const servers: ServerProcess[] = [];
const work = mkdtempSync(path.join(tmpdir(), 'pigo-deploy-'));

beforeAll(async () => {
  inbox = await startSmtpInbox();
  database = await openTestDatabase();
  const proxyPort = await freePort();
  proxy = `http://127.0.0.1:${String(proxyPort)}`;
  const ports = [await freePort(), await freePort()];
  for (const [i, port] of ports.entries()) {
    servers.push(
      await startServer({
        PORT: String(port),
        DATA_DIR: path.join(work, `server-${String(i)}`),
        DATABASE_URL: database.url ?? '',
        REDIS_URL: 'redis://127.0.0.1:6379',
        SMTP_URL: inbox.url,
        PUBLIC_URL: proxy,
        TRUST_PROXY: 'true',
        AUTH_SECRET,
        LOG_LEVEL: 'info',
      }),
    );
  }
  nginx = await startNginx(proxyPort, ports);
});

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(servers.map((server) => server.stop()));
  await database.close();
  await inbox.close();
  rmSync(work, { recursive: true, force: true });
});

/** How many requests each server logged so far. */
function requestsPerServer(): number[] {
  return servers.map((server) => server.output().split('"msg":"request completed"').length - 1);
}

it('serves a user through the proxy from both servers, and their list is always current', async () => {
  const user = await verifiedProcessUser(proxy, proxy, inbox, 'kim@gmail.com');
  const before = requestsPerServer();
  for (const id of [603, 550, 13, 680]) {
    const saved = await user.client.post(`${API}/my-list/save-my-list`, {
      userUID: user.uid,
      id,
      type: 'movie',
    });
    expect(saved.status, saved.body).toBe(200);
    for (let read = 0; read < 3; read++) {
      const list = await user.client.get(
        `${API}/my-list/${user.uid}/fetch-my-list?movieLimit=50&showLimit=1`,
      );
      expect((list.json().moviesList as { id: number }[]).map((item) => item.id)).toContain(id);
    }
  }
  const after = requestsPerServer();
  // Both servers answered part of the 16 calls.
  expect(after.map((n, i) => n - (before[i] ?? 0)).every((n) => n > 0)).toBe(true);
});

it('counts attempt limits per client address, as nginx forwards it, not per proxy', async () => {
  // Each client connects from its own loopback address (new each run: the counters live a
  // minute in the machine's Redis); nginx passes it on as X-Forwarded-For.
  const loopback = () =>
    `127.${[0, 0, 0].map(() => String(Math.floor(Math.random() * 250) + 1)).join('.')}`;
  const mine = new SocketClient(proxy, proxy, loopback());
  const theirs = new SocketClient(proxy, proxy, loopback());
  let n = 0;
  const attempt = (client: SocketClient, headers: Record<string, string> = {}) =>
    client.post(
      `${IDENTITY}/sign-in/email`,
      // A new e-mail address each time: only the per-IP limit (30 a minute) applies.
      { email: `nobody-${String((n += 1))}@gmail.com`, password: 'wrong-pass', callbackURL: '/' },
      headers,
    );
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) statuses.push((await attempt(mine)).status);
  expect(statuses).toEqual(Array<number>(30).fill(401));
  // A forwarded address of the client's own choosing is replaced by nginx: still refused.
  expect((await attempt(mine, { 'x-forwarded-for': '192.0.2.1' })).status).toBe(429);
  // Through the same proxy, another client still gets in.
  expect((await attempt(theirs)).status).toBe(401);
});

it('keeps answering through the proxy with one server stopped', async () => {
  await servers[0]?.stop();
  for (let i = 0; i < 6; i++) {
    const res = await fetch(`${proxy}${API}/index/trending/movie`);
    expect(res.status).toBe(200);
  }
});
