/**
 * The `pigo` commands against a DATA_DIR a running server holds (OPS-1, OPS-5 in
 * docs/requirements.md), as real processes: `import` and `restore` are refused with the lock's one
 * line while the server keeps serving; `backup` and `export-user` go through the server's
 * local-only control socket (mode 0600, nothing else answered).
 *
 * Only the server-pglite project runs this file (vitest.config.ts): PostgreSQL has no lock.
 */
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlSocketPath, readLockHolder } from '../src/data-dir-lock.ts';
import type { UserExport } from '../src/modules/backup/user-export.ts';
import { runCli, verifiedProcessUser, type ProcessUser } from './helpers/backup-processes.ts';
import { rawRequest } from './helpers/raw-http.ts';
import { startServer, type ServerProcess } from './helpers/server-process.ts';
import { startSmtpInbox, type SmtpInbox } from './helpers/smtp-inbox.ts';
import { API } from './helpers/spellings.ts';

const PUBLIC_URL = 'http://pigo.test';
const PASSWORD = 'secret-pass';

let inbox: SmtpInbox;
let server: ServerProcess;
let users: ProcessUser[];
const work = mkdtempSync(path.join(tmpdir(), 'pigo-backup-commands-'));
const dataDir = path.join(work, 'data');

/** What a command run by the operator sees: the server's DATA_DIR. */
function serverDirEnv(): Record<string, string> {
  return { DATA_DIR: dataDir };
}

beforeAll(async () => {
  inbox = await startSmtpInbox();
  server = await startServer({ DATA_DIR: dataDir, SMTP_URL: inbox.url, PUBLIC_URL });
  users = [];
  for (const name of ['keeper0', 'keeper1']) {
    users.push(
      await verifiedProcessUser(server.base, PUBLIC_URL, inbox, `${name}@gmail.com`, PASSWORD),
    );
  }
  const [first] = users as [ProcessUser];
  for (const id of [603, 550]) {
    const saved = await first.client.post(`${API}/my-list/save-my-list`, {
      userUID: first.uid,
      id,
      type: 'movie',
    });
    expect(saved.status, saved.body).toBe(200);
  }
});

afterAll(async () => {
  await server.stop();
  await inbox.close();
  rmSync(work, { recursive: true, force: true });
});

describe('commands against the DATA_DIR a running server holds', () => {
  /** Asserts a refusal: exit 1, one line naming the directory and the server's pid. */
  function expectLockRefusal(run: { code: number | null; stderr: string }): string {
    expect(run.code).toBe(1);
    const lines = run.stderr.trim().split('\n');
    expect(lines, run.stderr).toHaveLength(1);
    const line = lines[0] ?? '';
    expect(line).toContain(`DATA_DIR ${dataDir} is in use by PigoStream server`);
    expect(line).toContain(`pid ${String(server.child.pid)}`);
    return line;
  }

  it('refuses pigo import with the lock message, and the server keeps serving', async () => {
    const dump = path.join(work, 'tmdb.csv');
    writeFileSync(dump, 'id,title\n603,The Matrix\n');
    const run = await runCli(['import', 'tmdb5000', dump], serverDirEnv());
    const line = expectLockRefusal(run);
    expect(line).toMatch(/^pigo: .*Stop that process first, or set DATABASE_URL/);
    expect((await rawRequest(server.base, { path: `${API}/health` })).status).toBe(200);
  });

  it('refuses pigo restore, saying to stop the server first; nothing changes', async () => {
    const file = path.join(work, 'held.pigo.gz');
    const made = await runCli(['backup', file], serverDirEnv());
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain('(from the running server)');
    const user = users[0] as ProcessUser;
    const listPath = `${API}/my-list/${user.uid}/fetch-my-list?movieLimit=200&showLimit=200`;
    const before = (await user.client.get(listPath)).body;
    const diary = path.join(work, 'diary.csv');
    writeFileSync(diary, 'Date,Name,Year,Letterboxd URI\n2024-01-01,Fight Club,1999,x\n');
    for (const args of [
      ['restore', file],
      ['restore', '--force', file],
    ]) {
      const line = expectLockRefusal(await runCli(args, serverDirEnv()));
      expect(line).toContain('Stop the server first');
    }
    // Importing a user's lists needs the database too: stop the server or use its page.
    const importing = expectLockRefusal(
      await runCli(['import-user', user.email, diary], serverDirEnv()),
    );
    expect(importing).toMatch(/Stop the server first, or import on the Import & export page/);
    expect((await user.client.get(listPath)).body).toBe(before);
  });

  it('exports a user through the control socket: list, history and searches', async () => {
    const user = users[1] as ProcessUser;
    const watched = await user.client.post(`${API}/watch-history/save-watch-history`, {
      userUID: user.uid,
      id: 603,
      type: 'movie',
    });
    expect(watched.status, watched.body).toBe(200);
    const searched = await user.client.post(`${API}/index/save-search-history`, {
      userUID: user.uid,
      searchQuery: 'the matrix',
    });
    expect(searched.status, searched.body).toBe(200);
    const list = (
      await user.client.get(`${API}/my-list/${user.uid}/fetch-my-list?movieLimit=200&showLimit=200`)
    ).json() as { moviesList: unknown[]; showsList: unknown[] };

    const run = await runCli(['export-user', user.email.toUpperCase()], serverDirEnv());
    expect(run.code, run.stderr).toBe(0);
    const data = JSON.parse(run.stdout) as UserExport;
    expect(data.account).toMatchObject({ email: user.email, name: 'Keeper', emailVerified: true });
    expect(data.myList.length).toBe(list.moviesList.length + list.showsList.length);
    expect(data.watchHistory).toEqual([
      expect.objectContaining({ type: 'movie', id: 603, title: 'The Matrix' }),
    ]);
    expect(data.searchHistory.map((s) => s.query)).toEqual(['the matrix']);

    const file = path.join(work, 'export.json');
    const toFile = await runCli(['export-user', user.email, file], serverDirEnv());
    expect(toFile.code, toFile.stderr).toBe(0);
    expect((JSON.parse(readFileSync(file, 'utf8')) as UserExport).account.email).toBe(user.email);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    // Another service's format, through the control socket too (TRANSFER-1, TRANSFER-6).
    const trakt = await runCli(['export-user', user.email, '--format', 'trakt'], serverDirEnv());
    expect(trakt.code, trakt.stderr).toBe(0);
    expect(JSON.parse(trakt.stdout)).toMatchObject({
      watched_movies: [{ movie: { title: 'The Matrix', year: 1999, ids: { tmdb: 603 } } }],
    });

    const unknown = await runCli(['export-user', 'nobody@gmail.com'], serverDirEnv());
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe('pigo: no account has the e-mail address nobody@gmail.com.\n');
  });

  it('keeps the control socket to this user (0600) and answers nothing else', async () => {
    const socket = readLockHolder(dataDir)?.controlSocket;
    expect(socket).toBe(controlSocketPath(dataDir));
    expect(statSync(socket ?? '').mode & 0o777).toBe(0o600);
    const ask = (method: string, pathname: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ socketPath: socket, method, path: pathname }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        });
        req.on('error', reject);
        req.end();
      });
    expect(await ask('GET', '/backup')).toBe(404);
    expect(await ask('POST', '/restore')).toBe(404);
    expect(await ask('GET', '/export-user')).toBe(400);
    expect(await ask('GET', '/')).toBe(404);
  });
});
