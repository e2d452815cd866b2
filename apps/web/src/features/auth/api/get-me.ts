/**
 * The signed-in user (DATA-1 in docs/requirements.md; IDENTITY-API.md: `GET /pigo-stream/auth/me`).
 * A small store here keeps the app's one record of the sign-in state: the route guard, the
 * sign-in screen and the header read it ({@link useMe}), and every identity call that changes
 * the session refreshes it ({@link refreshMe}). It is not a TanStack query so that the sign-in
 * route loads without TanStack Query (QUAL-1: 100 kB of JavaScript for `/`).
 */
import { AUTH_ME } from '@pigostream/contracts/identity-endpoints';
import type { AuthUser } from '@pigostream/contracts/identity';
import { useEffect, useSyncExternalStore } from 'react';
import { apiGet, checkAnswer, retryingGet } from '../../../lib/api-client.ts';

export type { AuthUser };

/**
 * How long one attempt may take, in ms (LIMIT-2, LIMIT-6: the sign-in overlay waits at most 10 s).
 */
export const ME_TIMEOUT_MS = 10_000;

/** The answer as sent, checked by {@link getMe}: `null` needs no schema. */
const asSent = { parse: (answer: unknown) => answer };

/**
 * The contracts' `meSchema`, loaded only when there is a user to read: a signed-out visitor's
 * `null` needs no check, so the sign-in route loads no schema library (QUAL-1 budget).
 */
const meAnswer = {
  load: () => import('@pigostream/contracts/identity').then((m) => m.meSchema),
};

/**
 * `GET /pigo-stream/auth/me`: the signed-in user of DATA-1 (verified or not; contracts
 * `meSchema`), or null when signed out (the server's 200 `null`). Retried like every data GET
 * ({@link retryingGet}: 3 attempts 1000 ms apart), each attempt at most {@link ME_TIMEOUT_MS} ms.
 * @throws ApiError with an ERR-1 message when the server fails or does not answer.
 */
export async function getMe(signal?: AbortSignal): Promise<AuthUser | null> {
  const answer = await retryingGet(
    () => apiGet(AUTH_ME.path, asSent, { signal, timeoutMs: ME_TIMEOUT_MS }),
    signal,
  );
  return answer === null ? null : checkAnswer(answer, meAnswer);
}

/** How long a known sign-in state counts as fresh (route changes, new readers), in ms. */
export const ME_STALE_MS = 30_000;

/** The sign-in state as the store holds it. */
export interface MeState {
  /** The user; null when signed out; undefined until the server first answered. */
  data: AuthUser | null | undefined;
  /** The last failed check (cleared by the next answer), else null. */
  error: Error | null;
  /** A check is running. */
  isFetching: boolean;
  /** When `data` was last answered, in ms since the epoch (0: never). */
  updatedAt: number;
}

let state: MeState = { data: undefined, error: null, isFetching: false, updatedAt: 0 };
const listeners = new Set<() => void>();
let inFlight: Promise<AuthUser | null> | null = null;
/** Id of the latest check or {@link setMe}; an older check's answer is dropped. */
let latest = 0;

function update(patch: Partial<MeState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function startCheck(): Promise<AuthUser | null> {
  const id = ++latest;
  update({ isFetching: true, ...(state.data === undefined ? { error: null } : {}) });
  const check = getMe().then(
    (user) => {
      if (id === latest)
        update({ data: user, error: null, isFetching: false, updatedAt: Date.now() });
      return user;
    },
    (cause: unknown) => {
      const error = cause instanceof Error ? cause : new Error(String(cause));
      if (id === latest) update({ error, isFetching: false });
      throw error;
    },
  );
  inFlight = check;
  void check.then(
    () => (inFlight === check ? (inFlight = null) : null),
    () => (inFlight === check ? (inFlight = null) : null),
  );
  return check;
}

/**
 * The sign-in state, from the store while it is younger than `maxAgeMs` ms (default
 * {@link ME_STALE_MS}), else from the server; a check already running is shared.
 * @throws ApiError with an ERR-1 message when the server fails or does not answer.
 */
export function fetchMe({
  maxAgeMs = ME_STALE_MS,
}: { maxAgeMs?: number } = {}): Promise<AuthUser | null> {
  if (state.data !== undefined && Date.now() - state.updatedAt < maxAgeMs) {
    return Promise.resolve(state.data);
  }
  return inFlight ?? startCheck();
}

/**
 * Reloads the user from the server now (AUTH-10: "after reloading the user"), updating every
 * reader of the sign-in state, and returns it. A check that started earlier is superseded.
 * @throws ApiError with an ERR-1 message when the server fails or does not answer.
 */
export function refreshMe(): Promise<AuthUser | null> {
  return startCheck();
}

/** Sets the sign-in state without asking the server (sign-out: `null`). */
export function setMe(user: AuthUser | null): void {
  latest++;
  update({ data: user, error: null, isFetching: false, updatedAt: Date.now() });
}

/** The store's current state (for code outside React). */
export function getMeState(): MeState {
  return state;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

const logFailure = (error: unknown) => {
  console.error('Checking the sign-in state failed', error);
};

/** When a reader re-checks: `true` when the tab becomes visible and the state is stale. */
export interface UseMeOptions {
  /** `true` (default): re-check a stale state when the tab becomes visible; 'always': always. */
  refetchOnWindowFocus?: boolean | 'always';
}

/**
 * The sign-in state for a component: `data` is the user (null when signed out, undefined
 * until known), `error` the last failed check, `isPending` true until the first answer or
 * failure. Mounting checks a stale state; a tab becoming visible again re-checks it.
 */
export function useMe(options: UseMeOptions = {}) {
  // The server's render of the first screen (entry-server.tsx) reads the store as it is.
  const snapshot = useSyncExternalStore(subscribe, getMeState, getMeState);
  const onFocus = options.refetchOnWindowFocus ?? true;

  useEffect(() => {
    // The failure is kept in the state, where readers show it.
    fetchMe().catch(() => undefined);
  }, []);

  useEffect(() => {
    if (onFocus === false) return;
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      (onFocus === 'always' ? refreshMe() : fetchMe()).catch(logFailure);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [onFocus]);

  return {
    data: snapshot.data,
    error: snapshot.error,
    isPending: snapshot.data === undefined && snapshot.error === null,
    isError: snapshot.error !== null,
    isFetching: snapshot.isFetching,
    refetch: refreshMe,
  };
}
