/**
 * Fixed ports and names shared by the Playwright config, its global setup and the tests. The
 * mail directory is chosen once in the runner (playwright.config.ts) and inherited by workers.
 */

/**
 * Added to every port below, so that separate runs on one machine do not collide
 * (`PIGO_E2E_PORT_OFFSET=100 npm run test:e2e`). Default 0.
 */
const PORT_OFFSET = Number(process.env.PIGO_E2E_PORT_OFFSET ?? 0);

/** The app server under test. */
export const APP_PORT = 3210 + PORT_OFFSET;
export const APP_URL = `http://localhost:${APP_PORT}`;

/**
 * A second app server for the screen pictures (screens.spec.ts) with its own fresh data
 * directory: the starter catalogue and the pictures' account only, so trending and the hero are
 * not moved by the other tests' watching.
 */
export const SCREENS_PORT = 3211 + PORT_OFFSET;
export const SCREENS_URL = `http://localhost:${SCREENS_PORT}`;

/** The sidebar links the app server is configured with (GET /app-config). */
export const CHAT_URL = 'https://chat.example.org/pigostream';
export const SOURCE_REPOSITORY_URL = 'https://git.example.org/pigostream/pigostream';

/**
 * The reverse-proxy walk (new-user-walk.spec.ts): an app server of its own, started by the spec
 * with PUBLIC_URL and ALLOWED_ORIGINS, and Debian's nginx in front of it.
 */
export const PROXIED_APP_PORT = 3220 + PORT_OFFSET;
export const PROXY_PORT = 3221 + PORT_OFFSET;

/** The SMTP server the app server sends its mail to (smtp-server, in the runner process). */
export const SMTP_PORT = 2526 + PORT_OFFSET;

/** The local OpenID Connect provider standing in for Google (oidc-provider). */
export const OIDC_PORT = 3290 + PORT_OFFSET;
export const OIDC_ISSUER = `http://localhost:${OIDC_PORT}`;
export const OIDC_CLIENT_ID = 'pigostream-e2e';
export const OIDC_CLIENT_SECRET = 'pigostream-e2e-secret';

/** Where the test SMTP server saves each received message (one JSON file per message). */
export function mailDir(): string {
  const dir = process.env.PIGO_E2E_MAIL_DIR;
  if (!dir) throw new Error('PIGO_E2E_MAIL_DIR is not set: run through playwright.config.ts');
  return dir;
}

/** The test server's MEDIA_DIR (chosen once in playwright.config.ts, empty at start). */
export function mediaDir(): string {
  const dir = process.env.PIGO_E2E_MEDIA_DIR;
  if (!dir) throw new Error('PIGO_E2E_MEDIA_DIR is not set: run through playwright.config.ts');
  return dir;
}

/**
 * Chromium features switched off in every browser run. Chromium 156 builds its omnibox popups
 * as WebUI pages, and a headless browser still made three of them, in their own renderer
 * process, for every new context: about 1 s of CPU per context on this 2-core machine, and half
 * of what a test's page load cost (issue 18: 8 loads of `/index` took 42 s of Chromium CPU with
 * them, 22 s without). Chromium keeps only the last `--disable-features`, so the list Playwright
 * passes itself (playwright-core 1.65's `chromiumSwitches`) is repeated here first; keep it in
 * step when Playwright is upgraded.
 */
const DISABLED_FEATURES = [
  // Playwright's own list.
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
  // The omnibox popups, which a test never opens.
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
];

/**
 * How every browser run here launches Chromium (browser tests and benchmarks): Debian's build at
 * /usr/bin/chromium (never a downloaded one), headless, and fetching nothing on its own.
 */
export const CHROMIUM_LAUNCH = {
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
    `--disable-features=${DISABLED_FEATURES.join(',')}`,
  ],
};

/**
 * {@link CHROMIUM_LAUNCH} with each of `hosts` resolved to 127.0.0.1 by Chromium itself
 * (`--host-resolver-rules`), as a name in the machine's hosts file or a proxy's DNS record would
 * be: the tests reach the app server at names this machine's resolver does not know.
 */
export function chromiumLaunchMapping(hosts: readonly string[]): typeof CHROMIUM_LAUNCH {
  const rules = hosts.map((host) => `MAP ${host} 127.0.0.1`).join(',');
  return { ...CHROMIUM_LAUNCH, args: [...CHROMIUM_LAUNCH.args, `--host-resolver-rules=${rules}`] };
}
