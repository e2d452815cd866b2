/**
 * A new user's whole walk (support/new-user-walk.ts: sign-up, the mailed link in a second tab,
 * Home, search, a local media file played and resumed, My List, Watch History, sign-out) at
 * every address users reach the server at, with no configuration but TRUST_PROXY: localhost,
 * 127.0.0.1, another address of the machine, and its host name on the local network; and once
 * more behind nginx, at a name of ALLOWED_ORIGINS while PUBLIC_URL names another. The runs
 * differ only in the address typed and how the browser reaches it.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, type Browser } from '@playwright/test';
import { startAppServer, type StartedServer } from './support/app-server.ts';
import { test } from './support/client-address.ts';
import { APP_PORT, APP_URL, mediaDir, PROXIED_APP_PORT, PROXY_PORT } from './support/e2e-env.ts';
import { chromiumLaunchMapping } from '../../../tools/chromium.ts';
import { startNginx, type Nginx } from '../../../tools/nginx.ts';
import { alertBar, openSignIn } from './support/sign-in-page.ts';
import {
  firstExternalIPv4,
  localHostName,
  walkAsNewUser,
  type WalkLibrary,
  type WalkTitle,
} from './support/new-user-walk.ts';

/**
 * The walk goes through a dozen screens, waits for a mail and for the media library's rescan
 * (at most one per 10 s, shared with the other tests), records its 10 s video (once per worker)
 * and plays it: well under a minute on a quiet 2-core machine, and this leaves room for one
 * running other test suites beside it (docs/benchmarks.md).
 */
const WALK_TIMEOUT_MS = 120_000;

/** The shared app server's media library, rescanned at its own trusted address. */
const SHARED_LIBRARY = (): WalkLibrary => ({
  dir: mediaDir(),
  serverUrl: APP_URL,
  origin: APP_URL,
});

/** Starter-catalogue movies, one per run, that no other test plays or lists. */
const TITLES = {
  casablanca: { id: 289, type: 'movie', title: 'Casablanca', year: 1942 },
  psycho: { id: 539, type: 'movie', title: 'Psycho', year: 1960 },
  angryMen: { id: 389, type: 'movie', title: '12 Angry Men', year: 1957 },
  shining: { id: 694, type: 'movie', title: 'The Shining', year: 1980 },
  bladeRunner: { id: 78, type: 'movie', title: 'Blade Runner', year: 1982 },
} as const satisfies Record<string, WalkTitle>;

const port = String(APP_PORT);
/** A second address of the machine: its network's IPv4 address, else another loopback one. */
const secondAddress = firstExternalIPv4() ?? '127.0.0.2';

for (const { base, title } of [
  { base: `http://localhost:${port}`, title: TITLES.casablanca },
  { base: `http://127.0.0.1:${port}`, title: TITLES.psycho },
  { base: `http://${secondAddress}:${port}`, title: TITLES.angryMen },
] as const) {
  test(`a new user's whole walk at ${base}`, async ({ browser }) => {
    test.setTimeout(WALK_TIMEOUT_MS);
    await walkAsNewUser(browser, { base, title, library: SHARED_LIBRARY() });
  });
}

test(`a new user's whole walk at the host name, http://${localHostName()}:${port}`, async () => {
  test.setTimeout(WALK_TIMEOUT_MS);
  // The local network's name of the machine, as its mDNS would answer it: to 127.0.0.1 here.
  const browser = await chromium.launch(chromiumLaunchMapping([localHostName()]));
  try {
    await walkAsNewUser(browser, {
      base: `http://${localHostName()}:${port}`,
      title: TITLES.shining,
      library: SHARED_LIBRARY(),
    });
  } finally {
    await browser.close();
  }
});

test.describe('behind a reverse proxy', () => {
  /** The names the proxy is reached at: PUBLIC_URL's, and a VPN's in ALLOWED_ORIGINS. */
  const PUBLIC_URL = `http://pigo.example.test:${String(PROXY_PORT)}`;
  const VPN_URL = `http://pigo-vpn.test:${String(PROXY_PORT)}`;

  let dataDir = '';
  let library: WalkLibrary | undefined;
  let server: StartedServer | undefined;
  let proxy: Nginx | undefined;
  let browser: Browser | undefined;

  test.beforeAll(async () => {
    // A fresh data directory: the server loads the starter catalogue before it answers (up to
    // 120 s, as playwright.config.ts allows its own servers).
    test.setTimeout(150_000);
    dataDir = mkdtempSync(path.join(tmpdir(), 'pigo-e2e-proxied-'));
    const dir = path.join(dataDir, 'media');
    mkdirSync(dir);
    server = await startAppServer({
      PORT: String(PROXIED_APP_PORT),
      DATA_DIR: path.join(dataDir, 'data'),
      MEDIA_DIR: dir,
      PUBLIC_URL,
      ALLOWED_ORIGINS: VPN_URL,
    });
    library = { dir, serverUrl: server.url, origin: PUBLIC_URL };
    proxy = await startNginx(PROXY_PORT, [PROXIED_APP_PORT]);
    browser = await chromium.launch(
      chromiumLaunchMapping([new URL(PUBLIC_URL).hostname, new URL(VPN_URL).hostname]),
    );
  });

  test.afterAll(async () => {
    await browser?.close();
    await proxy?.stop();
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  test(`a new user's whole walk at ALLOWED_ORIGINS' ${VPN_URL}, PUBLIC_URL ${PUBLIC_URL}`, async () => {
    test.setTimeout(WALK_TIMEOUT_MS);
    if (!browser || !library) throw new Error('the proxy was not set up');
    await walkAsNewUser(browser, { base: VPN_URL, title: TITLES.bladeRunner, library });
  });
});

test('at a name the server does not know, pages open but sign-up shows what to add to ALLOWED_ORIGINS', async () => {
  // A name pointed at the machine that is none of its own (a proxy's domain not yet set up, or
  // DNS rebinding): reads answer, writes are refused with the message the screen shows.
  const unknown = `http://unknown-name.test:${port}`;
  const browser = await chromium.launch(chromiumLaunchMapping(['unknown-name.test']));
  try {
    const page = await browser.newPage({ baseURL: unknown });
    const screen = await openSignIn(page);
    await screen.toSignUp.click();
    await screen.userName.fill('Unknown');
    await screen.email.fill(`unknown${String(Date.now())}@gmail.com`);
    await screen.password.fill('secret-pass');
    const answered = page.waitForResponse((r) => r.url().endsWith('/identity/sign-up/email'));
    await screen.signUp.click();
    expect((await answered).status()).toBe(403);
    await expect(
      alertBar(
        page,
        `This server does not know the address ${unknown}, so it takes no changes there. Add ${unknown} to ALLOWED_ORIGINS in the server's settings and restart it.`,
      ),
    ).toBeVisible();
    // Catalogue answers still come at that name, as the page asks for them.
    const status = await page.evaluate(
      async () => (await fetch('/pigo-stream/index/trending/movie')).status,
    );
    expect(status).toBe(200);
  } finally {
    await browser.close();
  }
});
