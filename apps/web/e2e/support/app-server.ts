/**
 * How the app servers under test are configured and started: playwright.config.ts starts the
 * two shared ones as its web servers, and a spec that needs a differently configured one (the
 * reverse-proxy walk: PUBLIC_URL and ALLOWED_ORIGINS) starts its own the same way, with
 * {@link startAppServer}.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import {
  CHAT_URL,
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  OIDC_ISSUER,
  SMTP_PORT,
  SOURCE_REPOSITORY_URL,
} from './e2e-env.ts';

/** The repository's root, where `npm run serve` runs. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

/** The last build of the server, with npm start's flags (package.json). */
export const SERVER_COMMAND = 'npm run serve';

const configDir = path.join(import.meta.dirname, 'config');

/** MEDIA_RESCAN_MS of the servers under test, ms: how often a test's rescan walks MEDIA_DIR. */
export const TEST_RESCAN_MS = 500;

/**
 * What every app server under test is configured with, besides PORT and DATA_DIR. Read when
 * called: MEDIA_DIR is the run's PIGO_E2E_MEDIA_DIR (chosen in playwright.config.ts).
 */
export function appServerEnv(): Record<string, string> {
  return {
    LOG_LEVEL: 'warn',
    // As behind a reverse proxy: each test's requests carry their own X-Forwarded-For address
    // (client-address.ts), so the per-IP identity limits count each test alone.
    TRUST_PROXY: 'true',
    // The built app (default apps/web/dist); another folder keeps parallel runs apart.
    ...(process.env.PIGO_E2E_WEB_DIST ? { WEB_DIST: process.env.PIGO_E2E_WEB_DIST } : {}),
    SMTP_URL: `smtp://127.0.0.1:${String(SMTP_PORT)}`,
    MAIL_FROM: 'PigoStream <no-reply@pigostream.test>',
    GOOGLE_CLIENT_ID: OIDC_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: OIDC_CLIENT_SECRET,
    GOOGLE_DISCOVERY_URL: `${OIDC_ISSUER}/.well-known/openid-configuration`,
    CHAT_URL: CHAT_URL,
    SOURCE_REPOSITORY_URL: SOURCE_REPOSITORY_URL,
    // One link template with a movie link only, so shows without local files have no servers.
    SOURCES_FILE: path.join(configDir, 'sources.e2e.json'),
    MEDIA_DIR: process.env.PIGO_E2E_MEDIA_DIR ?? '',
    // Tests add files one after another, each with a rescan: 10 s apart (the default) they waited
    // for one another; the setting itself is tested in apps/server/test/sources.test.ts.
    MEDIA_RESCAN_MS: String(TEST_RESCAN_MS),
    // Releases for windows, android and linux; macos and ios have none (version NA).
    RELEASES_FILE: path.join(configDir, 'releases.e2e.json'),
  };
}

/** An app server a test started. */
export interface StartedServer {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Stops the server (SIGTERM to its process group) and waits until it has exited. */
  stop(): Promise<void>;
}

/**
 * Starts the compiled server as playwright.config.ts does (`npm run serve` in the repository's
 * root) with {@link appServerEnv}, then `env` (PORT and DATA_DIR at least), and waits up to
 * `timeoutMs` ms (default 120 s, as the config's web servers: a fresh data directory loads the
 * starter catalogue first) until `/pigo-stream/health` answers 200.
 * @throws Error with the server's last output when it exits or does not answer in time.
 */
export async function startAppServer(
  env: Record<string, string> & { PORT: string; DATA_DIR: string },
  timeoutMs = 120_000,
): Promise<StartedServer> {
  const inherited = { ...process.env };
  // The test runner's own loader options are not the server's.
  delete inherited.NODE_OPTIONS;
  const child = spawn(SERVER_COMMAND, {
    cwd: REPO_ROOT,
    env: { ...inherited, ...appServerEnv(), ...env },
    shell: true,
    // Its own process group: npm, its shell and node stop together.
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      resolve();
    });
  });
  const url = `http://127.0.0.1:${env.PORT}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // Already gone.
      }
      await exited;
    }
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const health = await fetch(`${url}/pigo-stream/health`).catch(() => undefined);
    if (health?.status === 200) return { url, stop };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The app server on port ${env.PORT} did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
