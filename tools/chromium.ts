/**
 * How every browser run of the repository launches Chromium: the browser tests
 * (apps/web/e2e), the bench (bench/web.ts) and the README's screenshots
 * (scripts/readme-screenshots.ts).
 */

/**
 * Chromium features switched off in every browser run. Chromium 156 builds its omnibox popups as
 * WebUI pages, and a headless browser still makes three of them, in their own renderer process, for
 * every new context: about 1 s of CPU per context on a 2-core machine, and about half of what a
 * test's page load costs (ARCH-36 in docs/architecture.md; docs/benchmarks.md). Chromium keeps only
 * the last `--disable-features`, so the list Playwright passes itself (playwright-core 1.65's
 * `chromiumSwitches`) is repeated here first; keep it in step when Playwright is upgraded.
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
