/**
 * The `pigo` CLI (README "Command line"): its help, its error handling, and the imports it runs
 * as a separate process on a data directory of its own, the embedded database being the one a
 * CLI run opens by itself (DATABASE_URL unset); the importers it calls are tested on both
 * databases in importers.test.ts. Runs once (vitest.config.ts: database-neutral tests).
 */
import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@pigostream/db';
import { STANDARD_FILES, type ImporterKind } from '../src/modules/catalogue/importers/index.ts';
import { IMPORT_FIXTURES, IMPORT_FIXTURES_DIR } from './helpers/import-fixtures.ts';
import { FIXTURES } from './helpers/importer-fixtures.ts';
import { cliArgs } from './helpers/server-programs.ts';

let dir: string;
const fileOf = (kind: ImporterKind) =>
  path.join(dir, STANDARD_FILES.find((s) => s.kind === kind)?.file ?? kind);

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pigo-cli-'));
  await mkdir(path.dirname(fileOf('anilist')), { recursive: true });
  await writeFile(fileOf('anilist'), FIXTURES.anilist);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('pigo CLI', () => {
  const cli = (args: string[], env: Record<string, string> = {}) =>
    spawnSync(process.execPath, cliArgs(args), {
      encoding: 'utf8',
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: 'memory://', ...env },
    });

  it('lists the import command in --help', () => {
    const result = cli(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/import/);
  });

  it('exits 1 with a plain message when the file is missing', () => {
    const result = cli(['import', 'anilist', path.join(dir, 'nope.jsonl')]);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/pigo: file not found: .*nope\.jsonl/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('imports a file into the configured database and prints the summary', () => {
    const result = cli(['import', 'anilist', fileOf('anilist')], {
      DATA_DIR: path.join(dir, 'data'),
    });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(/^anilist: 3 read, 1 skipped; anime \+2 ~0 =0, relations \+3; /m);
    expect(result.stderr).toMatch(/line 3: skipped/);
  });

  it("imports a Letterboxd diary into one user's Watch History, once", async () => {
    const env = { DATA_DIR: path.join(dir, 'user-data') };
    expect(cli(['import', 'starter'], env).status).toBe(0);
    // An account, as sign-up would have made it.
    const database = await openDatabase({ dataDir: path.join(env.DATA_DIR, 'pglite') });
    await database.db.execute(
      sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
          values ('kim', 'Kim', 'kim@gmail.com', true, now(), now())`,
    );
    await database.close();
    const diary = path.join(dir, 'diary.csv');
    await writeFile(
      diary,
      'Date,Name,Year,Letterboxd URI,Rating,Rewatch,Tags,Watched Date\n' +
        '2024-01-02,The Matrix,1999,x,4,,,2024-01-01\n' +
        '2024-02-02,The Matrix,1999,x,5,Yes,,2024-02-01\n' +
        '2024-03-02,Gladiator,2002,x,4,,,2024-03-01\n' +
        '2024-04-02,Qwxzv Unmade,2001,x,4,,,2024-04-01\n',
    );
    const dry = cli(['import-user', 'KIM@gmail.com', diary, '--dry-run'], env);
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toMatch(
      /diary\.csv \(letterboxd, 4 rows\): 1 matched, 1 uncertain, 1 not found/,
    );
    expect(dry.stdout).toMatch(/Gladiator \(2002\), line 4 — maybe: Gladiator \(2000\)/);
    expect(dry.stdout).toMatch(/Qwxzv Unmade \(2001\), line 5/);
    expect(dry.stdout).toMatch(/Dry run: nothing was written/);
    const run = cli(['import-user', 'kim@gmail.com', diary], env);
    expect(run.stdout).toMatch(/Watch History: 1 added, 0 moved to a later watch, 0 kept/);
    expect(cli(['import-user', 'kim@gmail.com', diary], env).stdout).toMatch(
      /Watch History: 0 added, 0 moved to a later watch, 1 kept/,
    );
    const exported = cli(['export-user', 'kim@gmail.com', '--format', 'letterboxd'], env);
    expect(exported.stdout).toBe('tmdbID,Title,Year,WatchedDate\n603,The Matrix,1999,2024-02-01\n');
    const nobody = cli(['import-user', 'nobody@gmail.com', diary], env);
    expect(nobody.status).toBe(1);
    expect(nobody.stderr).toBe('pigo: no account has the e-mail address nobody@gmail.com.\n');
    // Seven CLI processes, each opening the embedded database: on a loaded 2-core machine that
    // can pass the suite's 60 s default.
  }, 180_000);

  it('reads every layout and encoding of the import fixtures as the page does, in one run', async () => {
    const env = { DATA_DIR: path.join(dir, 'fixture-data') };
    expect(cli(['import', 'starter'], env).status).toBe(0);
    const database = await openDatabase({ dataDir: path.join(env.DATA_DIR, 'pglite') });
    await database.db.execute(
      sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
          values ('lea', 'Léa', 'lea@example.com', true, now(), now())`,
    );
    await database.close();
    const files = IMPORT_FIXTURES.map((f) => path.join(IMPORT_FIXTURES_DIR, f.file));
    const dry = cli(['import-user', 'lea@example.com', ...files, '--dry-run'], env);
    expect(dry.status, dry.stderr).toBe(0);
    for (const f of IMPORT_FIXTURES) {
      const { matched, uncertain, notFound } = f.counts;
      expect(dry.stdout).toContain(
        `import-user: ${f.file} (${f.format}, ${String(f.rows)} rows): ${String(matched)} matched, ${String(uncertain)} uncertain, ${String(notFound)} not found`,
      );
    }
    // Titles of the Windows-1252 and UTF-16 files, with their accents and their lines.
    expect(dry.stdout).toContain('Män som hatar kvinnor (2009), line 5');
    expect(dry.stdout).toContain('The Haunted Castle (1897), line 6');
    expect(dry.stdout).toContain('The Haunted Castle (1897), line 7');
    expect(dry.stdout).not.toContain('\ufffd');
    const run = cli(['import-user', 'lea@example.com', ...files], env);
    expect(run.status, run.stderr).toBe(0);
    const again = cli(['import-user', 'lea@example.com', ...files], env);
    expect(again.stdout).not.toMatch(/My List: [1-9]|Watch History: [1-9]|episodes: [1-9]/);
  }, 180_000);

  it('loads the starter catalogue beside imported titles, once', () => {
    // The imported file came first, so a server would not load the starter by itself.
    const env = { DATA_DIR: path.join(dir, 'starter-data') };
    expect(cli(['import', 'anilist', fileOf('anilist')], env).status).toBe(0);
    const first = cli(['import', 'starter'], env);
    expect(first.status, first.stderr).toBe(0);
    const [titles, episodes, anime] = (
      /^starter: titles \+(\d+), episodes \+(\d+), anime \+(\d+)$/m.exec(first.stdout) ?? []
    )
      .slice(1)
      .map(Number);
    expect(titles).toBeGreaterThan(200);
    expect(episodes).toBeGreaterThan(1000);
    expect(anime).toBeGreaterThan(100);
    expect(cli(['import', 'starter'], env).stdout).toMatch(
      /^starter: titles \+0, episodes \+0, anime \+0$/m,
    );
  });
});
