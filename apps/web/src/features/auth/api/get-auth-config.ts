/** Public identity settings (IDENTITY-API.md: `GET /pigo-stream/auth/config`, no session). */
import { queryOptions, useQuery } from '@tanstack/react-query';
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

/** Query options for {@link getAuthConfig}: fetched once per page load. */
export function authConfigQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'config'] as const,
    queryFn: ({ signal }) => getAuthConfig(signal),
    staleTime: Infinity,
  });
}

/** The identity settings, falling back to {@link DEFAULT_AUTH_CONFIG} until (or unless) known. */
export function useAuthConfig(): AuthConfig & { isLoaded: boolean } {
  const { data } = useQuery(authConfigQueryOptions());
  return { ...(data ?? DEFAULT_AUTH_CONFIG), isLoaded: data !== undefined };
}
