/** Public identity settings (IDENTITY-API.md: `GET /pigo-stream/auth/config`, no session). */
import { AUTH_CONFIG } from '@pigostream/contracts/identity-endpoints';
import {
  DEFAULT_ALLOWED_EMAIL_DOMAINS,
  DEFAULT_PASSWORD_MIN_LENGTH,
} from '@pigostream/contracts/constants';
import type { AuthConfig } from '@pigostream/contracts/identity';
import { apiGet, retryingGet } from '../../../lib/api-client.ts';

export type { AuthConfig };

/**
 * Used until the server answers, or if it never does (DEC-2 in docs/decisions.md, LIMIT-17 in
 * docs/requirements.md).
 */
export const DEFAULT_AUTH_CONFIG: AuthConfig = {
  google: false,
  passwordMinLength: DEFAULT_PASSWORD_MIN_LENGTH,
  allowedEmailDomains: [...DEFAULT_ALLOWED_EMAIL_DOMAINS],
};

/**
 * The contracts' `authConfigSchema`, loaded with the answer (after the screen shows, which uses
 * {@link DEFAULT_AUTH_CONFIG} meanwhile), so the sign-in route's first load has no schema library.
 */
const authConfigAnswer = {
  load: () => import('@pigostream/contracts/identity').then((m) => m.authConfigSchema),
};

/**
 * `GET /pigo-stream/auth/config`: `{ google, passwordMinLength, allowedEmailDomains }` (contracts
 * `authConfigSchema`), the domains lower-cased. Retried like every data GET ({@link retryingGet}).
 * @throws ApiError with an ERR-1 message.
 */
export async function getAuthConfig(signal?: AbortSignal): Promise<AuthConfig> {
  const config = await retryingGet(
    () => apiGet(AUTH_CONFIG.path, authConfigAnswer, { signal }),
    signal,
  );
  return { ...config, allowedEmailDomains: config.allowedEmailDomains.map((d) => d.toLowerCase()) };
}

let loaded: AuthConfig | undefined;
let loading: Promise<AuthConfig> | undefined;

/**
 * {@link getAuthConfig} once per page load: the first call asks the server, later calls share
 * its answer; a failed call is forgotten, so the next one asks again.
 * @throws ApiError with an ERR-1 message.
 */
export function loadAuthConfig(): Promise<AuthConfig> {
  if (loaded) return Promise.resolve(loaded);
  loading ??= getAuthConfig().then(
    (config) => (loaded = config),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * The identity settings for a check the form makes now (AUTH-4: the e-mail's provider, Google):
 * the server's answer when it is known, else it is asked for; {@link DEFAULT_AUTH_CONFIG} when
 * the server cannot say (DEC-2, LIMIT-17). Never throws.
 */
export function authConfigForCheck(): Promise<AuthConfig> {
  return loadAuthConfig().catch(() => DEFAULT_AUTH_CONFIG);
}
