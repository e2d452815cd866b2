/**
 * `npm run screenshots`: the README's screenshots (docs/screenshots/*.jpg) of the progress screens
 * (PROG-7 in docs/requirements.md) and of Import & export (TRANSFER-6), taken in Chromium
 * (/usr/bin/chromium) from a real server on port 3520 over a fresh data directory: the starter
 * catalogue, plus the browser tests' show airing around today (tools/airing-show.ts) so New
 * Episodes has something to show. A new account gets My List shows, watched episodes and a started
 * movie through the API, as the play page would save them. Needs a built web app (`npm run build`).
 * Laptop 1280x800 and phone 390x844.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { AIRING_SHOW, writeAiringShow } from '../tools/airing-show.ts';
import { CHROMIUM_LAUNCH } from '../tools/chromium.ts';
import {
  createVerifiedAccount,
  repoRoot,
  startChild,
  waitForOk,
  type RunningServer,
} from '../tools/server-process.ts';

const PORT = 3520;
const OUT = path.join(repoRoot, 'docs/screenshots');
const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const dataDir = mkdtempSync(path.join(tmpdir(), 'pigo-shots-'));
const env = { DATA_DIR: dataDir, LOG_LEVEL: 'warn', SMTP_URL: '' };
const cli = (...args: string[]) =>
  execFileSync('npx', ['tsx', 'apps/server/src/cli.ts', ...args], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    stdio: 'ignore',
  });
const airingFile = path.join(dataDir, 'airing.jsonl');
writeAiringShow(airingFile);
cli('import', 'starter');
cli('import', 'movnix-tv', airingFile);

const baseUrl = `http://127.0.0.1:${String(PORT)}`;
const child = startChild('npx', ['tsx', 'apps/server/src/main.ts'], {
  ...env,
  PORT: String(PORT),
  HOST: '127.0.0.1',
  PUBLIC_URL: baseUrl,
});
const server: RunningServer = { baseUrl, dataDir, stop: () => child.stop() };
try {
  await waitForOk(`${baseUrl}/pigo-stream/health`, 60_000);
  const account = await createVerifiedAccount(server);
  const post = async (call: string, body: Record<string, unknown>) => {
    const res = await fetch(`${baseUrl}/pigo-stream/${call}`, {
      method: 'POST',
      headers: { cookie: account.cookie, origin: baseUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ userUID: account.uid, ...body }),
    });
    if (!res.ok) throw new Error(`${call}: ${String(res.status)} ${await res.text()}`);
  };
  for (const id of [1396, 1399, AIRING_SHOW.id]) {
    await post('my-list/save-my-list', { id, type: 'tv' });
  }
  await post('progress/mark-season', { id: 1396, season: 1, watched: true });
  await post('progress/save-progress', {
    id: 1396,
    type: 'tv',
    season: 2,
    episode: 1,
    position: 1700,
    duration: 2800,
  });
  await post('progress/mark-season', { id: AIRING_SHOW.id, season: 1, watched: true });
  await post('progress/save-progress', {
    id: 1399,
    type: 'tv',
    season: 1,
    episode: 1,
    position: 3600,
    duration: 3600,
  });
  for (const [id, position] of [
    [45745, 520],
    [10378, 240],
    [603, 4100],
  ] as const) {
    await post('progress/save-progress', { id, type: 'movie', position, duration: 6000 });
  }
  for (const episode of [1, 2, 3, 4, 5, 6]) {
    await post('progress/save-progress', {
      id: 46260,
      type: 'tv',
      season: 1,
      episode,
      position: 1400,
      duration: 1400,
    });
  }

  mkdirSync(OUT, { recursive: true });
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  const [name, value] = account.cookie.split(';')[0]?.split('=') ?? [];
  const shoot = async (
    file: string,
    url: string,
    viewport: { width: number; height: number },
    ready: (page: Page) => Promise<void>,
  ) => {
    const context = await browser.newContext({ viewport, baseURL: baseUrl });
    await context.addCookies([{ name: name ?? '', value: value ?? '', url: baseUrl }]);
    const page = await context.newPage();
    await page.goto(url);
    await ready(page);
    await page.waitForTimeout(800);
    await page.screenshot({ path: path.join(OUT, file), type: 'jpeg', quality: 80 });
    await context.close();
    console.log(`docs/screenshots/${file}`);
  };
  const visible = (text: string) => async (page: Page) => {
    await page.getByText(text).first().waitFor();
  };
  await shoot('home-laptop.jpg', '/index', LAPTOP, async (page) => {
    // The three progress rows, under the hero.
    const row = page.getByRole('region', { name: 'Continue Watching' });
    await row.waitFor();
    await page.getByRole('region', { name: 'Up Next' }).waitFor();
    const box = await row.boundingBox();
    await page.mouse.wheel(0, (box?.y ?? 0) - 72);
  });
  await shoot('home-phone.jpg', '/index', PHONE, visible('Continue Watching'));
  await shoot('new-episodes-laptop.jpg', '/new-episodes', LAPTOP, visible('Warm-Up'));
  await shoot('menu-phone.jpg', '/new-episodes', PHONE, async (page) => {
    await page.getByRole('button', { name: /^Open menu/ }).click();
    await page
      .getByRole('dialog')
      .getByRole('link', { name: /New Episodes/ })
      .waitFor();
  });
  await shoot('episodes-laptop.jpg', '/play?id=1396&type=tv', LAPTOP, async (page) => {
    const strip = page.getByRole('region', { name: 'Episodes' });
    await strip.getByText('Watched').first().waitFor();
    await strip.scrollIntoViewIfNeeded();
  });
  await shoot('anime-grid-laptop.jpg', '/play?id=46260&type=tv', LAPTOP, async (page) => {
    const grid = page.getByRole('region', { name: 'Episodes' });
    await grid.getByRole('button', { name: 'Episode 3, watched' }).waitFor();
    await grid.scrollIntoViewIfNeeded();
  });
  await shoot('import-export-laptop.jpg', '/import-export', LAPTOP, async (page) => {
    // A Letterboxd watchlist: two matches, a misspelt title to choose, one the catalogue lacks.
    const csv = [
      'Date,Name,Year,Letterboxd URI',
      '2024-01-01,The Matrix,1999,https://boxd.it/a',
      '2024-01-02,Inception,2010,https://boxd.it/b',
      '2024-01-03,Gladiatr,2000,https://boxd.it/c',
      '2024-01-04,A Film Nobody Made,2001,https://boxd.it/d',
    ].join('\n');
    await page.locator('input[type=file]').setInputFiles({
      name: 'watchlist.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await page.getByText('Gladiatr').first().waitFor();
  });
  await browser.close();
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
