/** Removes the data directory the test server used and the saved mail (playwright.config.ts). */
import { rmSync } from 'node:fs';

/** Deletes PIGO_E2E_DATA_DIR and PIGO_E2E_MAIL_DIR. */
export default function globalTeardown(): void {
  for (const dir of [process.env.PIGO_E2E_DATA_DIR, process.env.PIGO_E2E_MAIL_DIR]) {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
