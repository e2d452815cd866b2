/** The catalogue contract on the local source (starter catalogue). */
import { afterAll, beforeAll } from 'vitest';
import { catalogueContract } from './contract/catalogue-contract.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

catalogueContract(() => ({ app: t.app }));
