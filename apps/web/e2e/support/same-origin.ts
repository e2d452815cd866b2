/**
 * The `Origin` header a page's own writes carry, for calls a test makes through Playwright's
 * request API (which sends none): the server refuses a write that carries a session cookie but
 * names no site (docs/addresses.md, ADDR-2).
 */
import type { Page } from '@playwright/test';
import { APP_URL } from './e2e-env.ts';

/** `{ origin }` of `page`'s current URL when it is an http(s) page, else of the test server. */
export function sameOrigin(page?: Page): { origin: string } {
  const url = page?.url();
  if (url && /^https?:/.test(url)) return { origin: new URL(url).origin };
  return { origin: new URL(APP_URL).origin };
}
