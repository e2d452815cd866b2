/**
 * Removes the data directory the test server used, the saved mail and the media library
 * (playwright.config.ts).
 */
import { rmSync } from 'node:fs';

/** Deletes PIGO_E2E_DATA_DIR, PIGO_E2E_MAIL_DIR and PIGO_E2E_MEDIA_DIR. */
export default function globalTeardown(): void {
  for (const dir of [
    process.env.PIGO_E2E_DATA_DIR,
    process.env.PIGO_E2E_MAIL_DIR,
    process.env.PIGO_E2E_MEDIA_DIR,
  ]) {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
