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
