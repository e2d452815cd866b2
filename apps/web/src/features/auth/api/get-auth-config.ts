/** Public identity settings (IDENTITY-API.md: `GET /pigo-stream/auth/config`, no session). */
import { useEffect, useState } from 'react';
import { apiGet } from '../../../lib/api-client.ts';

/** What the sign-in screen needs to know about the identity server. */
export interface AuthConfig {
  /** Google sign-in is configured on the server. */
  google: boolean;
  /** Shortest accepted password, in characters (spec 5: default 6). */
  passwordMinLength: number;
  /** Lower-case e-mail domains sign-up accepts (spec 5, decisions.md). */
  allowedEmailDomains: string[];
}

/** Used until the server answers, or if it never does (decisions.md, spec 9). */
export const DEFAULT_AUTH_CONFIG: AuthConfig = {
  google: false,
  passwordMinLength: 6,
  allowedEmailDomains: [
    'gmail.com',
    'outlook.com',
    'hotmail.com',
    'yahoo.com',
    'icloud.com',
    'protonmail.com',
  ],
};

/** Checks the answer's shape by hand (no schema library on the sign-in route). */
function parseAuthConfig(data: unknown): AuthConfig {
  const value = data as Partial<AuthConfig> | null;
  if (
    typeof value?.google !== 'boolean' ||
    typeof value.passwordMinLength !== 'number' ||
    !Array.isArray(value.allowedEmailDomains) ||
    !value.allowedEmailDomains.every((d) => typeof d === 'string')
  ) {
    throw new TypeError('Unexpected /auth/config answer');
  }
  return {
    google: value.google,
    passwordMinLength: value.passwordMinLength,
    allowedEmailDomains: value.allowedEmailDomains.map((d) => d.toLowerCase()),
  };
}

/**
 * `GET /pigo-stream/auth/config`: whether Google is on, the password minimum and the allowed
 * e-mail domains. @throws ApiError with a spec 8 message.
 */
export function getAuthConfig(signal?: AbortSignal): Promise<AuthConfig> {
  return apiGet('/auth/config', { parse: parseAuthConfig }, { signal });
}

let loaded: AuthConfig | undefined;
let loading: Promise<AuthConfig> | undefined;

/**
 * {@link getAuthConfig} once per page load: the first call asks the server, later calls share
 * its answer; a failed call is forgotten, so the next one asks again.
 * @throws ApiError with a spec 8 message.
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

/** The identity settings, falling back to {@link DEFAULT_AUTH_CONFIG} until (or unless) known. */
export function useAuthConfig(): AuthConfig & { isLoaded: boolean } {
  const [config, setConfig] = useState(loaded);
  useEffect(() => {
    if (config) return;
    let live = true;
    loadAuthConfig().then(
      (answer) => {
        if (live) setConfig(answer);
      },
      (error: unknown) => {
        console.error('Loading the identity settings failed; using the defaults', error);
      },
    );
    return () => {
      live = false;
    };
  }, [config]);
  return { ...(config ?? DEFAULT_AUTH_CONFIG), isLoaded: config !== undefined };
}
