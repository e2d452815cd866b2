/**
 * The signed-in user (spec 3 "Signed-in user"; IDENTITY-API.md: `GET /pigo-stream/auth/me`).
 * Its query is the app's one record of the sign-in state: the route guard, the sign-in screen
 * and the header read it, and every identity call that changes the session refreshes it.
 */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, apiGet } from '../../../lib/api-client.ts';

/** One identity linked to the user: 'credential' (e-mail + password) or 'google'. */
export interface ProviderInfo {
  providerId: string;
  uid: string;
  email: string | null;
  displayName: string | null;
}

/** The signed-in user of spec section 3; times are ISO 8601 strings. */
export interface AuthUser {
  uid: string;
  displayName: string | null;
  email: string | null;
  emailVerified: boolean;
  photoURL: string | null;
  phoneNumber: string | null;
  providerData: ProviderInfo[];
  /** When the user was created. */
  creationTime: string;
  /** When the current session was created. */
  lastSignInTime: string;
}

/** How long one attempt may take, in ms (spec 9: the sign-in overlay waits at most 10 s). */
export const ME_TIMEOUT_MS = 10_000;

/** How long a known sign-in state counts as fresh for route changes, in ms. */
const ME_STALE_MS = 30_000;

/** Query key of {@link getMe}. */
export const ME_QUERY_KEY = ['auth', 'me'] as const;

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Checks the answer's shape by hand (no schema library on the sign-in route). */
function parseAuthUser(data: unknown): AuthUser {
  const v = (data ?? {}) as Record<string, unknown>;
  const uid = text(v.uid);
  const creationTime = text(v.creationTime);
  const lastSignInTime = text(v.lastSignInTime);
  if (!uid || !creationTime || !lastSignInTime || typeof v.emailVerified !== 'boolean') {
    throw new TypeError('Unexpected /auth/me answer');
  }
  const providers = Array.isArray(v.providerData) ? (v.providerData as unknown[]) : [];
  return {
    uid,
    displayName: text(v.displayName),
    email: text(v.email),
    emailVerified: v.emailVerified,
    photoURL: text(v.photoURL),
    phoneNumber: text(v.phoneNumber),
    providerData: providers.map((p) => {
      const r = (p ?? {}) as Record<string, unknown>;
      return {
        providerId: text(r.providerId) ?? '',
        uid: text(r.uid) ?? '',
        email: text(r.email),
        displayName: text(r.displayName),
      };
    }),
    creationTime,
    lastSignInTime,
  };
}

/**
 * `GET /pigo-stream/auth/me`: the signed-in user (verified or not), or null when signed out
 * (the server's 401). Retried like every data GET (spec 7), each attempt at most 10 s.
 * @throws ApiError with a spec 8 message when the server fails or does not answer.
 */
export async function getMe(signal?: AbortSignal): Promise<AuthUser | null> {
  try {
    return await apiGet('/auth/me', { parse: parseAuthUser }, { signal, timeoutMs: ME_TIMEOUT_MS });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

/** Query options for {@link getMe}; refetched when the window regains focus. */
export function meQueryOptions() {
  return queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: ME_STALE_MS,
    refetchOnWindowFocus: true,
  });
}

/** The sign-in state as a TanStack query: `data` is the user, null when signed out. */
export function useMe(options: { refetchOnWindowFocus?: boolean | 'always' } = {}) {
  return useQuery({ ...meQueryOptions(), ...options });
}

/**
 * Reloads the user from the server now (spec 4: "after reloading the user"), updating every
 * reader of the sign-in state, and returns it.
 */
export function refreshMe(queryClient: QueryClient): Promise<AuthUser | null> {
  return queryClient.query({ ...meQueryOptions(), staleTime: 0 });
}
