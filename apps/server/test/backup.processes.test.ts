/**
 * Backup and restore as an operator runs them (OPS-5, OPS-6 in docs/requirements.md), each with
 * real processes: a server (the compiled one, helpers/server-programs.ts) serving 20 clients who
 * keep saving to My List over HTTP, and `pigo backup FILE` run meanwhile as its own process. On the
 * embedded database the server holds DATA_DIR, so the CLI asks it through the control socket; on
 * PostgreSQL (TEST_DB=postgres) it connects to DATABASE_URL itself. `pigo restore FILE` then fills
 * a fresh DATA_DIR (or a fresh database), which must hold every save acknowledged before the backup
 * began, and a server started on it serves the users their lists and search.
 * backup.commands.embedded.test.ts covers the other commands against a held DATA_DIR.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '@pigostream/db';
import { checkBackup } from '../src/modules/backup/backup.format.ts';
import { runCli, verifiedProcessUser, type ProcessUser } from './helpers/backup-processes.ts';
import { openTestDatabase, testDbKind, type TestDatabase } from './helpers/database.ts';
import { rawRequest, SocketClient } from './helpers/raw-http.ts';
import { startServer, type ServerProcess } from './helpers/server-process.ts';
import { startSmtpInbox, type SmtpInbox } from './helpers/smtp-inbox.ts';
import { API, IDENTITY } from './helpers/spellings.ts';

const CLIENTS = 20;
const PUBLIC_URL = 'http://pigo.test';
const AUTH_SECRET = 'backup-processes-share-this-secret-0123456789';
const PASSWORD = 'secret-pass';
const embedded = testDbKind === 'pglite';
const CATALOGUE = fileURLToPath(new URL('../catalogue', import.meta.url));

/** Movie and show ids of the starter catalogue (files movies-*.json and shows-*.json). */
function starterTitles(): { id: number; type: 'movie' | 'tv' }[] {
  const read = (name: string) =>
    JSON.parse(readFileSync(path.join(CATALOGUE, name), 'utf8')) as { id: number }[];
  const movies = ['movies-a.json', 'movies-b.json', 'movies-open.json'].flatMap(read);
  const shows = ['a', 'b', 'c', 'd', 'e'].flatMap((s) => read(`shows-${s}.json`));
  const all = [
    ...movies.map((m) => ({ id: m.id, type: 'movie' as const })),
    ...shows.map((s) => ({ id: s.id, type: 'tv' as const })),
  ];
  // A show may be listed in two files: each title once.
  return [...new Map(all.map((t) => [`${t.type}|${String(t.id)}`, t])).values()];
}

let inbox: SmtpInbox;
let server: ServerProcess;
let dataDir: string;
let source: TestDatabase | undefined;
let users: ProcessUser[];
const work = mkdtempSync(path.join(tmpdir(), 'pigo-backup-processes-'));
const cleanups: (() => Promise<unknown>)[] = [];

/** The environment that points a process at the served database. */
function sourceEnv(): Record<string, string> {
  return source?.url ? { DATA_DIR: dataDir, DATABASE_URL: source.url } : { DATA_DIR: dataDir };
}

function serverEnv(env: Record<string, string>): Record<string, string> {
  return { ...env, SMTP_URL: inbox.url, PUBLIC_URL, AUTH_SECRET, LOG_LEVEL: 'warn' };
}

beforeAll(async () => {
  inbox = await startSmtpInbox();
  dataDir = path.join(work, 'data');
  if (!embedded) source = await openTestDatabase();
  server = await startServer(serverEnv(sourceEnv()));
  users = await Promise.all(
    Array.from({ length: CLIENTS }, (_, i) =>
      verifiedProcessUser(server.base, PUBLIC_URL, inbox, `keeper${String(i)}@gmail.com`, PASSWORD),
    ),
  );
});

afterAll(async () => {
  await server.stop();
  for (const cleanup of cleanups.reverse()) await cleanup();
  await source?.close();
  await inbox.close();
  rmSync(work, { recursive: true, force: true });
});

interface Ack {
  uid: string;
  key: string;
  sentAt: number;
  ackedAt: number;
}

describe('a backup while 20 clients write, restored into a fresh database', () => {
  const acks: Ack[] = [];
  let file: string;
  let backupStartedAt: number;
  let backupEndedAt: number;
  let createdAt: number;
  let restored: { env: Record<string, string>; open(): Promise<DatabaseHandle> };

  beforeAll(async () => {
    const titles = starterTitles();
    let stop = false;
    const client = async (user: ProcessUser, offset: number) => {
      for (let i = 0; !stop && i < titles.length; i++) {
        const title = titles[(i + offset) % titles.length] ?? { id: 0, type: 'movie' };
        const sentAt = Date.now();
        const res = await user.client.post(`${API}/my-list/save-my-list`, {
          userUID: user.uid,
          id: title.id,
          type: title.type,
        });
        expect(res.status, res.body).toBe(200);
        acks.push({
          uid: user.uid,
          key: `${user.uid}|${title.type}|${String(title.id)}`,
          sentAt,
          ackedAt: Date.now(),
        });
        // Paced so the catalogue's titles last past the backup.
        await new Promise((resolve) => setTimeout(resolve, 15));
      }
    };
    const writers = users.map((user, n) => client(user, n * 11));
    while (acks.length < 100) await new Promise((resolve) => setTimeout(resolve, 10));

    file = path.join(work, 'during-writes.pigo.gz');
    backupStartedAt = Date.now();
    const backup = await runCli(['backup', file], sourceEnv());
    backupEndedAt = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 300));
    stop = true;
    await Promise.all(writers);
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/^backup: \d+ tables, \d+ rows, [\d.]+ MB in [\d.]+ s/);
    if (embedded) expect(backup.stdout).toContain('(from the running server)');
    createdAt = Date.parse((await checkBackup(file)).header.createdAt);

    if (embedded) {
      const target = path.join(work, 'restored');
      restored = {
        env: { DATA_DIR: target },
        open: () => openDatabase({ dataDir: path.join(target, 'pglite') }),
      };
    } else {
      const target = await openTestDatabase();
      cleanups.push(() => target.close());
      const url = target.url ?? '';
      restored = {
        env: { DATA_DIR: path.join(work, 'restored-dir'), DATABASE_URL: url },
        open: () => openDatabase({ url, dataDir: '', poolSize: 2 }),
      };
    }
    const restore = await runCli(['restore', file], restored.env);
    expect(restore.code, restore.stderr).toBe(0);
    expect(restore.stdout).toMatch(/restore: \d+ rows in \d+ tables from the \w+ backup of/);

    const during = acks.filter((a) => a.ackedAt >= backupStartedAt && a.sentAt <= backupEndedAt);
    const latency = (list: Ack[]) => list.map((a) => a.ackedAt - a.sentAt).sort((x, y) => x - y);
    const pct = (list: number[], p: number) => list[Math.floor((list.length - 1) * p)] ?? 0;
    const before = latency(acks.filter((a) => a.ackedAt < backupStartedAt));
    const overlapping = latency(during);
    console.log(
      `[backup figures ${testDbKind}] backup ${String(backupEndedAt - backupStartedAt)} ms ` +
        `(CLI process, ${String(statSync(file).size)} bytes), restore ${String(Math.round(restore.ms))} ms; ` +
        `save latency before p50 ${String(pct(before, 0.5))} ms max ${String(pct(before, 1))} ms, ` +
        `during p50 ${String(pct(overlapping, 0.5))} ms max ${String(pct(overlapping, 1))} ms ` +
        `(${String(during.length)} saves)`,
    );
  });

  it('restores every save acknowledged before the backup began', async () => {
    const handle = await restored.open();
    try {
      const rows = await queryRows<{ user_id: string; media_type: string; tmdb_id: number }>(
        handle.db,
        sql`select user_id, media_type, tmdb_id from my_list`,
      );
      const present = new Set(rows.map((r) => `${r.user_id}|${r.media_type}|${String(r.tmdb_id)}`));
      const before = acks.filter((a) => a.ackedAt <= backupStartedAt);
      expect(before.length).toBeGreaterThanOrEqual(100);
      expect(before.filter((a) => !present.has(a.key))).toEqual([]);
      // The header's time is later than the spawn (the CLI starts first) and just as good.
      expect(createdAt).toBeGreaterThanOrEqual(backupStartedAt);
      const beforeSnapshot = acks.filter((a) => a.ackedAt < createdAt);
      expect(beforeSnapshot.filter((a) => !present.has(a.key))).toEqual([]);
      // The clients kept writing after the snapshot; those saves are not in it.
      const after = acks.filter((a) => a.sentAt > backupEndedAt);
      expect(after.length).toBeGreaterThan(0);
      expect(after.filter((a) => present.has(a.key))).toEqual([]);
      const accounts = await queryRows<{ n: number }>(
        handle.db,
        sql`select count(*)::int as n from "user"`,
      );
      expect(accounts[0]?.n).toBe(CLIENTS);
    } finally {
      await handle.close();
    }
  });

  it('gives a database a new server serves: sign-in with the old password, the list, search', async () => {
    const second = await startServer(serverEnv(restored.env));
    try {
      const user = users[3] as ProcessUser;
      const browser = new SocketClient(second.base, PUBLIC_URL);
      const signIn = await browser.post(`${IDENTITY}/sign-in/email`, {
        email: user.email,
        password: PASSWORD,
      });
      expect(signIn.status, signIn.body).toBe(200);
      const list = await browser.get(
        `${API}/my-list/${user.uid}/fetch-my-list?movieLimit=200&showLimit=200`,
      );
      expect(list.status, list.body).toBe(200);
      const body = list.json() as { moviesList: unknown[]; showsList: unknown[] };
      const saved = acks.filter((a) => a.uid === user.uid && a.ackedAt < createdAt).length;
      expect(body.moviesList.length + body.showsList.length).toBeGreaterThanOrEqual(saved);
      const search = await rawRequest(second.base, {
        path: `${API}/index/search/movie?query=${encodeURIComponent('sintle')}`,
      });
      expect(search.status, search.body).toBe(200);
      expect(search.body).toContain('"Sintel"');
      // The restored database is not seeded over.
      expect(second.output()).not.toContain('starter catalogue loaded');
    } finally {
      await second.stop();
    }
  });
});
