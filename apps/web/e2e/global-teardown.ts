/**
 * Removes the data directory the test server used, the saved mail, the media library and the
 * airing show's dump, and the screen pictures' server's data directory (playwright.config.ts).
 */
import { rmSync } from 'node:fs';

/**
 * Deletes PIGO_E2E_DATA_DIR, PIGO_E2E_MAIL_DIR, PIGO_E2E_MEDIA_DIR, PIGO_E2E_AIRING_FILE and
 * PIGO_E2E_SCREENS_DATA_DIR.
 */
export default function globalTeardown(): void {
  for (const dir of [
    process.env.PIGO_E2E_DATA_DIR,
    process.env.PIGO_E2E_MAIL_DIR,
    process.env.PIGO_E2E_MEDIA_DIR,
    process.env.PIGO_E2E_AIRING_FILE,
    process.env.PIGO_E2E_SCREENS_DATA_DIR,
  ]) {
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
