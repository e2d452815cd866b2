/**
 * Each browser test is its own client, at its own address, as users of a real site are. The
 * app server under test runs as it would behind a reverse proxy (`TRUST_PROXY=true` in
 * playwright.config.ts), and every request of a test carries an `X-Forwarded-For` address no
 * other test uses. Without it the whole suite is one IP to the server's per-IP identity limits
 * (20 sign-ups and 30 sign-ins a minute), and a run faster than those would have its later workers
 * refused at sign-up with 429. Limits per address, token and user, which the tests do exercise, are
 * unaffected.
 */
import { test as base } from '@playwright/test';

let issued = 0;

/**
 * The `X-Forwarded-For` header of a new client: a private address (10.0.0.0/8) no other test
 * or worker of this run uses, made of the worker's index (`TEST_WORKER_INDEX`, unique per
 * worker process, also after a restart) and a counter within the worker.
 */
export function newClientAddress(): { 'x-forwarded-for': string } {
  issued += 1;
  const worker = Number(process.env.TEST_WORKER_INDEX ?? 0) % 256;
  const address = [10, worker, Math.floor(issued / 256) % 256, issued % 256].join('.');
  return { 'x-forwarded-for': address };
}

/** Playwright's `test`, with every request of a test coming from the test's own address. */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, ...newClientAddress() });
  },
});

export { expect } from '@playwright/test';
