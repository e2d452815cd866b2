/**
 * Browser tests against the real server and the built app (`npm run test:e2e` builds first).
 * Chromium is Debian's `/usr/bin/chromium`: no browser is ever downloaded. Each run starts the
 * server on port 3210 with a fresh data directory, so the starter catalogue is always loaded.
 */
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = 3210;
const BASE_URL = `http://localhost:${PORT}`;
const repoRoot = path.resolve(import.meta.dirname, '../..');
// Set once in the runner's process; workers inherit it, and the teardown removes it.
process.env.PIGO_E2E_DATA_DIR ??= path.join(os.tmpdir(), `pigo-e2e-${Date.now()}`);
const dataDir = process.env.PIGO_E2E_DATA_DIR;

export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'npx tsx apps/server/src/main.ts',
    cwd: repoRoot,
    url: `${BASE_URL}/pigo-stream/health`,
    env: { PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
