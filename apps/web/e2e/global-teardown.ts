/** Removes the data directory the test server used (playwright.config.ts). */
import { rmSync } from 'node:fs';

export default function globalTeardown(): void {
  const dir = process.env.PIGO_E2E_DATA_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
