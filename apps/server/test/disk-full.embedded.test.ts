/**
 * A full disk under the embedded database (OPS-4, OPS-8 in docs/requirements.md), with a real
 * server process on a small tmpfs: readiness answers 503 naming the database and the mail outbox; a
 * save answers 503 with a message and keeps nothing; sign-up answers 200 saying the mail is
 * delayed; once space is freed the kept mail goes out, readiness is 200 again, and after a restart
 * every save that was acknowledged is there.
 *
 * Only the server-pglite project runs this file (vitest.config.ts). mail-outbox.test.ts covers
 * the mail part on both databases.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fillDisk, mountTmpfs, startServer, type ServerProcess } from './helpers/server-process.ts';
import { parseMail } from './helpers/smtp-inbox.ts';

const PASSWORD = 'secret-pass';
let dataDir: string;
let unmount: () => void;
let server: ServerProcess;

beforeAll(async () => {
  const scratch = mkdtempSync(path.join(tmpdir(), 'pigo-disk-full-'));
  dataDir = path.join(scratch, 'data');
  unmount = mountTmpfs(dataDir, { sizeMb: 160 });
  server = await startServer({ DATA_DIR: dataDir });
});

afterAll(async () => {
  await server.stop();
  unmount();
});

/** A call from the site's own page (the dev origin PUBLIC_URL-less servers trust). */
async function call(
  route: string,
  init: { method?: string; body?: unknown; cookie?: string } = {},
): Promise<{ status: number; body: Record<string, unknown>; setCookie: string[] }> {
  const res = await fetch(`${server.base}/pigo-stream${route}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    redirect: 'manual',
    headers: {
      origin: server.base,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text.startsWith('{') ? (JSON.parse(text) as Record<string, unknown>) : {},
    setCookie: res.headers.getSetCookie(),
  };
}

/** The verification link of the newest outbox message to `email`, or undefined. */
function verificationLink(email: string): string | undefined {
  const outbox = path.join(dataDir, 'outbox');
  if (!existsSync(outbox)) return undefined;
  const files = readdirSync(outbox)
    .filter((name) => name.includes(email) && name.endsWith('.eml'))
    .sort();
  const newest = files.at(-1);
  if (!newest) return undefined;
  const mail = parseMail(readFileSync(path.join(outbox, newest), 'utf8'));
  return mail.links.find((link) => link.includes('/verify-email'));
}

/** Waits (up to `timeoutMs`) for the verification link to `email` to reach the outbox. */
async function waitForLink(email: string, timeoutMs: number): Promise<string | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const link = verificationLink(email);
    if (link || Date.now() > deadline) return link;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Follows a verification link; returns the session cookie it sets. */
async function verify(link: string): Promise<string> {
  const url = new URL(link);
  const res = await call(`${url.pathname.replace('/pigo-stream', '')}${url.search}`);
  expect(res.status).toBe(302);
  return res.setCookie.map((cookie) => cookie.split(';')[0]).join('; ');
}

async function signUp(email: string) {
  return call('/identity/sign-up/email', { body: { name: 'Disk', email, password: PASSWORD } });
}

it('reports a full disk, keeps the mail, loses nothing acknowledged, and recovers when space is freed', async () => {
  // Before: a verified user with 8 titles on My List, each save acknowledged.
  expect((await signUp('before@gmail.com')).body.mailDelayed).toBe(false);
  const link = await waitForLink('before@gmail.com', 10_000);
  expect(link).toBeDefined();
  const cookie = await verify(link ?? '');
  const me = await call('/auth/me', { cookie });
  const uid = me.body.uid as string;
  const trending = await call('/index/trending/movie');
  const ids = (trending.body.results as { id: number }[]).map((item) => item.id);
  const acknowledged = ids.slice(0, 8);
  for (const id of acknowledged) {
    const saved = await call('/my-list/save-my-list', {
      cookie,
      body: { userUID: uid, id, type: 'movie' },
    });
    expect(saved.status).toBe(200);
  }
  expect((await call('/health/ready')).status).toBe(200);

  const filler = path.join(dataDir, 'filler');
  fillDisk(filler);

  const ready = await call('/health/ready');
  expect(ready.status).toBe(503);
  expect(ready.body).toMatchObject({
    status: 'unavailable',
    failing: ['database', 'mail'],
    database: { status: 'down', message: 'the disk of the database is full' },
    mail: { status: 'down', kind: 'outbox', message: 'the disk of the mail outbox is full' },
  });

  const during = await signUp('during@gmail.com');
  expect(during.status).toBe(200);
  expect(during.body.mailDelayed).toBe(true);

  // A save either goes through (acknowledged: it must survive) or answers 503 with a message
  // and keeps nothing. Which one depends on whether the table's pages still have room.
  const outcomes: number[] = [];
  for (const id of ids.slice(8, 20)) {
    const saved = await call('/my-list/save-my-list', {
      cookie,
      body: { userUID: uid, id, type: 'movie' },
    });
    outcomes.push(saved.status);
    if (saved.status === 200) acknowledged.push(id);
    else {
      expect(saved.status).toBe(503);
      expect(saved.body.error).toBe(
        "The server's disk is full, so this was not saved. Please try again later.",
      );
    }
  }
  expect(outcomes.length).toBe(12);
  // The mail could not be written: nothing (not even an empty file) is in the outbox for it.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(readdirSync(path.join(dataDir, 'outbox')).filter((f) => f.includes('during'))).toEqual([]);

  rmSync(filler);
  const kept = await waitForLink('during@gmail.com', 30_000);
  expect(kept).toBeDefined();
  const readyAgain = await call('/health/ready');
  expect(readyAgain.status).toBe(200);
  expect(readyAgain.body).toMatchObject({ status: 'ready', failing: [], mail: { pending: 0 } });
  expect(server.output()).toContain('not ready: database: the disk of the database is full');

  // A restart finds every acknowledged save, and the delayed link works.
  expect(await server.stop()).toBe(0);
  server = await startServer({ DATA_DIR: dataDir });
  const list = await call(`/my-list/${uid}/fetch-my-list?movieLimit=100`, { cookie });
  expect(list.status).toBe(200);
  const listed = (list.body.moviesList as { id: number }[]).map((item) => item.id);
  expect(listed.sort()).toEqual([...acknowledged].sort());
  const duringCookie = await verify(kept ?? '');
  expect((await call('/auth/me', { cookie: duringCookie })).body.email).toBe('during@gmail.com');
});
