/**
 * Two server processes on one PostgreSQL database and one Redis (SCALE-1, SCALE-7 in
 * docs/requirements.md): what one server does, the other knows at once. A My List save on A is in
 * B's very next fetch although B had just kept that answer (read-your-writes through the user's
 * write generation in Redis); a write on A drops B's kept catalogue answers within 1 s (pub/sub); a
 * sign-out on A refuses the cookie on B within 1 s; 15 wrong passwords spread over A and B meet the
 * limit as one; a `pigo import` shows in B's catalogue answers within 1 s, and only one import runs
 * at a time; a media-library rescan triggered on both walks MEDIA_DIR once; `/health/ready` reports
 * Redis. With Redis stopped mid-run both keep answering on their own (attempts counted in the
 * database), and share again once it is back.
 *
 * The test runs its own redis-server (Debian's package) so it can stop it. Only the
 * server-postgres project runs this file (vitest.config.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli, verifiedProcessUser, type ProcessUser } from './helpers/backup-processes.ts';
import { FIXTURES } from './helpers/importer-fixtures.ts';
import { openTestDatabase, type TestDatabase } from './helpers/database.ts';
import { SocketClient } from './helpers/raw-http.ts';
import { startRedisServer, stopRedisServer, type RedisServer } from './helpers/redis-server.ts';
import { freePort, startServer, type ServerProcess } from './helpers/server-process.ts';
import { startSmtpInbox, type SmtpInbox } from './helpers/smtp-inbox.ts';
import { API, IDENTITY } from './helpers/spellings.ts';

const PUBLIC_URL = 'http://pigo.test';
/** What a server logs, once per outage, when Redis stops answering. */
const BUS_DOWN = 'Redis unavailable: this server falls back';
const AUTH_SECRET = 'cluster-servers-share-this-secret-0123456789';

let database: TestDatabase;
let inbox: SmtpInbox;
let redis: RedisServer | undefined;
let redisPort: number;
let serverEnv: (name: string) => Record<string, string>;
let a: ServerProcess;
let b: ServerProcess;
const work = mkdtempSync(path.join(tmpdir(), 'pigo-cluster-'));
const mediaDir = path.join(work, 'media');
let startedAt = 0;

async function startRedis(): Promise<void> {
  redis = await startRedisServer(redisPort);
}

async function stopRedis(): Promise<void> {
  await stopRedisServer(redis);
}

beforeAll(async () => {
  redisPort = await freePort();
  await startRedis();
  inbox = await startSmtpInbox();
  database = await openTestDatabase();
  serverEnv = (name: string) => ({
    DATA_DIR: path.join(work, name),
    DATABASE_URL: database.url ?? '',
    REDIS_URL: `redis://127.0.0.1:${String(redisPort)}`,
    SMTP_URL: inbox.url,
    PUBLIC_URL,
    AUTH_SECRET,
    MEDIA_DIR: mediaDir,
    // The outage and the recovery are logged at warn and info.
    LOG_LEVEL: 'info',
  });
  mkdirSync(mediaDir);
  writeFileSync(path.join(mediaDir, 'Big Buck Bunny (2008) [tmdbid-10378].mp4'), 'not a video');
  a = await startServer(serverEnv('a'));
  b = await startServer(serverEnv('b'));
  startedAt = Date.now();
});

afterAll(async () => {
  await Promise.all([a.stop(), b.stop()]);
  await stopRedis();
  await database.close();
  await inbox.close();
  rmSync(work, { recursive: true, force: true });
});

/** The same browser (cookies) talking to server `to`. */
function on(to: ServerProcess, user: ProcessUser): SocketClient {
  const client = new SocketClient(to.base, PUBLIC_URL);
  for (const [name, value] of user.client.cookies) client.cookies.set(name, value);
  return client;
}

async function myList(client: SocketClient, uid: string): Promise<number[]> {
  const res = await client.get(`${API}/my-list/${uid}/fetch-my-list?movieLimit=200&showLimit=1`);
  expect(res.status, res.body).toBe(200);
  return (res.json().moviesList as { id: number }[]).map((item) => item.id);
}

async function waitUntil(check: () => Promise<boolean>, withinMs: number): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > withinMs) throw new Error(`not within ${String(withinMs)} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

it('shows a save on A in the next fetch on B, although B had just kept the answer', async () => {
  const user = await verifiedProcessUser(a.base, PUBLIC_URL, inbox, 'ann@gmail.com');
  const onB = on(b, user);
  for (const id of [603, 550, 13, 680, 155]) {
    expect(await myList(onB, user.uid)).not.toContain(id);
    // Asked twice on B: the second answer is B's kept one.
    expect(await myList(onB, user.uid)).not.toContain(id);
    const saved = await user.client.post(`${API}/my-list/save-my-list`, {
      userUID: user.uid,
      id,
      type: 'movie',
    });
    expect(saved.status, saved.body).toBe(200);
    expect(await myList(onB, user.uid)).toContain(id);
  }
});

it("drops B's kept catalogue answers within 1 s of a write on A", async () => {
  const trending = `${API}/index/trending/movie`;
  const hit = async () =>
    (await new SocketClient(b.base, PUBLIC_URL).get(trending)).headers['x-response-cache'] ===
    'hit';
  await new SocketClient(b.base, PUBLIC_URL).get(trending);
  expect(await hit()).toBe(true);
  const user = await verifiedProcessUser(a.base, PUBLIC_URL, inbox, 'ben@gmail.com');
  await new SocketClient(b.base, PUBLIC_URL).get(trending);
  expect(await hit()).toBe(true);
  // A watch event: trending and '#1 Most Watched' blend them.
  const watched = await user.client.post(`${API}/recommender/insert`, {
    user_id: user.uid,
    item_id: 603,
    item_type: 'movie',
    watched: true,
  });
  expect(watched.status).toBe(200);
  const ms = await waitUntil(async () => !(await hit()), 1000);
  expect(ms).toBeLessThanOrEqual(1000);
});

it('refuses a cookie signed out on A on B within 1 s, and reports Redis as up', async () => {
  const user = await verifiedProcessUser(a.base, PUBLIC_URL, inbox, 'cat@gmail.com');
  const onB = on(b, user);
  expect((await onB.get(`${API}/auth/me`)).status).toBe(200);
  const out = await user.client.post(`${IDENTITY}/sign-out`, {});
  expect(out.status).toBe(200);
  const stale = on(b, { ...user, client: onB });
  for (const [name, value] of onB.cookies) stale.cookies.set(name, value);
  await waitUntil(async () => (await stale.get(`${API}/auth/me`)).body === 'null', 1000);
  const ready = await new SocketClient(b.base, PUBLIC_URL).get(`${API}/health/ready`);
  expect(ready.json()).toMatchObject({ status: 'ready', redis: { status: 'up' } });
});

it('counts 15 wrong passwords spread over A and B as one: the 11th is refused', async () => {
  const user = await verifiedProcessUser(a.base, PUBLIC_URL, inbox, 'eve@gmail.com');
  const statuses: number[] = [];
  for (let i = 0; i < 15; i++) {
    const server = i % 2 === 0 ? a : b;
    const res = await new SocketClient(server.base, PUBLIC_URL).post(`${IDENTITY}/sign-in/email`, {
      email: user.email,
      password: `wrong-${String(i)}`,
      callbackURL: '/',
    });
    statuses.push(res.status);
  }
  expect(statuses).toEqual([...Array<number>(10).fill(401), ...Array<number>(5).fill(429)]);
});

it("shows a pigo import in B's catalogue answers within 1 s", async () => {
  const search = `${API}/index/search/movie?query=${encodeURIComponent('Glass Orchard')}`;
  const found = async () =>
    ((await new SocketClient(b.base, PUBLIC_URL).get(search)).json().results as unknown[]).length >
    0;
  expect(await found()).toBe(false);
  expect(await found()).toBe(false);
  const dump = path.join(work, 'boxofficejedi.jsonl');
  writeFileSync(dump, FIXTURES.boxofficejedi);
  const run = await runCli(['import', 'boxofficejedi', dump], serverEnv('cli'));
  expect(run.code, run.stderr).toBe(0);
  const ms = await waitUntil(found, 1000);
  expect(ms).toBeLessThanOrEqual(1000);
});

it('runs one pigo import at a time on the shared database', async () => {
  const dump = path.join(work, 'tmdb5000.csv');
  writeFileSync(dump, FIXTURES.tmdb5000);
  // Another process is importing: it holds the import's advisory lock.
  const other = new pg.Client({ connectionString: database.url });
  await other.connect();
  await other.query(`select pg_advisory_lock(hashtext('pigostream:pigo import'))`);
  const refused = await runCli(['import', 'tmdb5000', dump], serverEnv('cli'));
  expect(refused.code).toBe(1);
  expect(refused.stderr).toBe(
    'pigo: another process is running pigo import on this database; try again when it ends.\n',
  );
  await other.end();
  const done = await runCli(['import', 'tmdb5000', dump], serverEnv('cli'));
  expect(done.code, done.stderr).toBe(0);
});

it('runs a rescan triggered on A and B at once a single time, and both list its result', async () => {
  const walks = () => (a.output() + b.output()).split('"msg":"media library walked"').length - 1;
  // Both servers started with the library listed, walked once between them.
  expect(walks()).toBe(1);
  writeFileSync(path.join(mediaDir, 'Sintel (2010) [tmdbid-45745].mkv'), 'not a video');
  // Rescans within 10 s of the last scan read it; wait until a new one is due.
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, startedAt + 10_500 - Date.now())));
  const rescan = (server: ServerProcess) =>
    new SocketClient(server.base, PUBLIC_URL).post(`${API}/sources/rescan`, {});
  const [onA, onB] = await Promise.all([rescan(a), rescan(b)]);
  expect([onA.json(), onB.json()]).toEqual([{ files: 2 }, { files: 2 }]);
  expect(walks()).toBe(2);
  const servers = await new SocketClient(b.base, PUBLIC_URL).get(
    `${API}/sources/servers?id=45745&type=movie`,
  );
  expect(servers.body).toContain('/pigo-stream/sources/media/');
});

it('keeps answering with Redis stopped, and shares again once it is back', async () => {
  const user = await verifiedProcessUser(a.base, PUBLIC_URL, inbox, 'dan@gmail.com');
  await stopRedis();
  const onA = user.client;
  const save = (id: number) =>
    onA.post(`${API}/my-list/save-my-list`, { userUID: user.uid, id, type: 'movie' });
  expect((await save(603)).status).toBe(200);
  expect(await myList(onA, user.uid)).toContain(603);
  // Still ready, with Redis reported down. A call joins a check already running, which may have
  // pinged Redis just before the stop (the background check, every 15 s): asked again, it says so.
  const readyReport = async () => {
    const ready = await new SocketClient(a.base, PUBLIC_URL).get(`${API}/health/ready`);
    expect(ready.status).toBe(200);
    return ready.json() as { status: string; redis?: { status: string } };
  };
  await waitUntil(async () => (await readyReport()).redis?.status === 'down', 5000);
  expect(await readyReport()).toMatchObject({ status: 'ready', redis: { status: 'down' } });
  expect((await new SocketClient(b.base, PUBLIC_URL).get(`${API}/index/trending/tv`)).status).toBe(
    200,
  );
  await waitUntil(() => Promise.resolve(a.output().includes(BUS_DOWN)), 5000);
  // A save on A is in B's next read although neither can tell the other: B keeps no answer of
  // the user's while Redis is lost.
  const onBApart = on(b, user);
  expect(await myList(onBApart, user.uid)).not.toContain(13);
  expect(await myList(onBApart, user.uid)).not.toContain(13);
  expect((await save(13)).status).toBe(200);
  expect(await myList(onBApart, user.uid)).toContain(13);
  // Attempt limits are counted in the database meanwhile: a sign-in still gets its answer.
  const attempt = await new SocketClient(a.base, PUBLIC_URL).post(`${IDENTITY}/sign-in/email`, {
    email: user.email,
    password: 'wrong',
    callbackURL: '/',
  });
  expect(attempt.status).toBe(401);

  await startRedis();
  await waitUntil(() => Promise.resolve(a.output().includes('Redis is back')), 15_000);
  const onB = on(b, user);
  await waitUntil(() => Promise.resolve(b.output().includes('Redis is back')), 15_000);
  expect(await myList(onB, user.uid)).toContain(603);
  expect((await save(550)).status).toBe(200);
  expect(await myList(onB, user.uid)).toContain(550);
  // Each outage is logged once, however many requests met it.
  expect(a.output().split(BUS_DOWN).length - 1).toBe(1);
});
