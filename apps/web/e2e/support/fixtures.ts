/**
 * `test` for screens behind the route guard: each worker signs up and verifies one account
 * (accounts.ts) and every test starts signed in as it, through the saved storage state.
 */
import path from 'node:path';
import { createVerifiedAccount, type Account } from './accounts.ts';
import { test as base } from './client-address.ts';

interface WorkerFixtures {
  /** The worker's verified account and the path of its signed-in storage state. */
  verifiedAccount: Account & { statePath: string };
}

/**
 * Playwright's `test` at its own address (client-address.ts), signed in as the worker's verified
 * account.
 */
export const test = base.extend<object, WorkerFixtures>({
  verifiedAccount: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const statePath = path.join(
        workerInfo.project.outputDir,
        `.auth-worker-${String(workerInfo.parallelIndex)}.json`,
      );
      const account = await createVerifiedAccount(statePath, 'viewer');
      await use({ ...account, statePath });
    },
    { scope: 'worker' },
  ],
  storageState: async ({ verifiedAccount }, use) => {
    await use(verifiedAccount.statePath);
  },
});

export { expect } from '@playwright/test';
