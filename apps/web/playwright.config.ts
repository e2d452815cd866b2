/**
 * Browser tests against the real server, compiled as `npm start` runs it, and the built app
 * (`npm run test:e2e` builds both first).
 * Chromium is Debian's `/usr/bin/chromium`: no browser is ever downloaded. Each run starts the
 * server on port 3210 with a fresh data directory, so the starter catalogue is always loaded, plus
 * one show airing around the day of the run (tools/airing-show.ts).
 *
 * Identity runs for real: the global setup starts an SMTP server (port 2526) that saves every
 * message under PIGO_E2E_MAIL_DIR and a local OpenID Connect provider (port 3290) standing in
 * for Google; the app server sends its mail to the one and signs in with the other.
 */
import { existsSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { APP_PORT, APP_URL, SCREENS_PORT, SCREENS_URL } from './e2e/support/e2e-env.ts';
import { writeAiringShow } from '../../tools/airing-show.ts';
import { CHROMIUM_LAUNCH } from '../../tools/chromium.ts';
import { appServerEnv, REPO_ROOT, SERVER_COMMAND } from './e2e/support/app-server.ts';

// Set once in the runner's process; workers inherit them, and the teardown removes them.
const runId = String(Date.now());
process.env.PIGO_E2E_DATA_DIR ??= path.join(os.tmpdir(), `pigo-e2e-${runId}`);
process.env.PIGO_E2E_MAIL_DIR ??= path.join(os.tmpdir(), `pigo-e2e-mail-${runId}`);
process.env.PIGO_E2E_MEDIA_DIR ??= path.join(os.tmpdir(), `pigo-e2e-media-${runId}`);
process.env.PIGO_E2E_SCREENS_DATA_DIR ??= path.join(os.tmpdir(), `pigo-e2e-screens-${runId}`);
const dataDir = process.env.PIGO_E2E_DATA_DIR;
// The local media library starts empty; tests put files in it and ask the server to rescan.
mkdirSync(process.env.PIGO_E2E_MEDIA_DIR, { recursive: true });
// A show airing around today (tools/airing-show.ts), imported before the server starts.
process.env.PIGO_E2E_AIRING_FILE ??= path.join(os.tmpdir(), `pigo-e2e-airing-${runId}.jsonl`);
const airingShowFile = process.env.PIGO_E2E_AIRING_FILE;
if (!existsSync(airingShowFile)) writeAiringShow(airingShowFile);

/** What both app servers under test are configured with, besides PORT and DATA_DIR. */
const serverEnv = appServerEnv();

export default defineConfig({
  testDir: 'e2e',
  // The room tests (three browser contexts playing for a minute or more) start first, so that
  // the short tests fill the other worker beside them rather than leaving it idle at the end.
  // The two-server room test runs alone, after the others: it measures members in step to half
  // a second across 2 more servers and 3 browsers, which the other worker's tests beside it
  // slowed past its 1 s on a 2-core machine.
  projects: [
    { name: 'rooms', testMatch: /together\.spec\.ts$/ },
    { name: 'app', testIgnore: /together(-cluster)?\.spec\.ts$/ },
    {
      name: 'cluster',
      testMatch: /together-cluster\.spec\.ts$/,
      dependencies: ['rooms', 'app'],
    },
  ],
  // Per port offset, so parallel runs keep their signed-in states and traces apart.
  outputDir: process.env.PIGO_E2E_PORT_OFFSET
    ? `test-results-${process.env.PIGO_E2E_PORT_OFFSET}`
    : 'test-results',
  globalSetup: './e2e/global-setup.ts',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: true,
  // Two browsers side by side (ARCH-36 in docs/architecture.md): with one, a run leaves a core
  // idle about half the time (docs/benchmarks.md). PIGO_E2E_WORKERS=1 runs one.
  workers: Number(process.env.PIGO_E2E_WORKERS ?? 2),
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  // The screen pictures (screens.spec.ts) are committed beside the tests, one file per screen and
  // size, the same on every machine of this kind (Debian's Chromium and fonts): docs/screens.md
  // and the README show these files.
  snapshotPathTemplate: '{testDir}/screens/{arg}{ext}',
  expect: {
    toHaveScreenshot: {
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
      // Anti-aliasing may differ on a few pixels between runs; a moved bar differs on thousands.
      maxDiffPixels: 200,
    },
  },
  use: {
    baseURL: APP_URL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    // Recording a trace of every test costs about a quarter of the run's time (ARCH-36,
    // docs/benchmarks.md); a failure still leaves its screenshot and page snapshot.
    // PIGO_E2E_TRACE=retain-on-failure records traces again for a run that needs them.
    trace: process.env.PIGO_E2E_TRACE === 'retain-on-failure' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // No service worker but in pwa.spec.ts, which tests it: online it answers nothing the network
    // does not (apps/web/pwa.config.ts), and installing it (the whole app shell fetched into its
    // cache) cost about 0.4 s of CPU per browser context, a minute of a run (ARCH-36).
    serviceWorkers: 'block',
    launchOptions: CHROMIUM_LAUNCH,
  },
  // Both run the compiled server and CLI, as `npm start` does (`npm run test:e2e` builds first).
  webServer: [
    {
      // The starter catalogue is loaded first: a server loads it by itself only into an empty one.
      command: [
        'node --enable-source-maps apps/server/dist/cli.js import starter',
        `node --enable-source-maps apps/server/dist/cli.js import movnix-tv ${airingShowFile}`,
        SERVER_COMMAND,
      ].join(' && '),
      cwd: REPO_ROOT,
      url: `${APP_URL}/pigo-stream/health`,
      env: { ...serverEnv, PORT: String(APP_PORT), DATA_DIR: dataDir },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // The screen pictures' server (screens.spec.ts): the starter catalogue only, loaded by the
      // server itself into its empty database.
      command: SERVER_COMMAND,
      cwd: REPO_ROOT,
      url: `${SCREENS_URL}/pigo-stream/health`,
      env: {
        ...serverEnv,
        PORT: String(SCREENS_PORT),
        DATA_DIR: process.env.PIGO_E2E_SCREENS_DATA_DIR,
        // No local media library: the other tests' files never reach the pictures.
        MEDIA_DIR: '',
      },
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
});
