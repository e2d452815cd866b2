/**
 * The product server's identity calls (IDENTITY-API.md), as endpoint objects of the one endpoint
 * table (endpoints.ts, which re-exports them). They live apart because the web app's entry
 * script reads them on every first visit (the sign-in check): this module holds nothing else, so
 * importing it brings no other endpoint and no schema library into `/`'s 100 kB of JavaScript.
 */
import type { Endpoint } from './endpoints.ts';

/** `GET /auth/config` -> `authConfigSchema`: the public identity settings (no session). */
export const AUTH_CONFIG = { method: 'GET', path: '/auth/config' } as const satisfies Endpoint;

/** `GET /auth/me` -> `meSchema` or `null`: the signed-in user, verified or not. */
export const AUTH_ME = { method: 'GET', path: '/auth/me' } as const satisfies Endpoint;

/**
 * `POST /auth/users` `{ userUID }` -> `productUserSchema`: records the verified user with the
 * product (outside the user's own lists: the server's caches count it as a write that may
 * change the catalogue).
 */
export const AUTH_USERS = { method: 'POST', path: '/auth/users' } as const satisfies Endpoint;
