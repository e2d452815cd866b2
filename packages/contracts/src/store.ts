/**
 * `/pigo-stream/pigostore/*` (API-STORE-1..2 in docs/requirements.md; DEC-20 in docs/decisions.md):
 * the companion player's version and download link per platform.
 */
import { z } from './zod.ts';

/** Platforms /pigostore lists (DEC-6, DEC-20). */
export const PLATFORMS = ['windows', 'macos', 'linux', 'android', 'ios'] as const;
export type Platform = (typeof PLATFORMS)[number];

export const platformSchema = z.enum(PLATFORMS, {
  error: `platform must be one of ${PLATFORMS.join(', ')}`,
});

/** `?platform=` of both store calls. */
export const platformQuerySchema = z.object({ platform: platformSchema });

/** Version shown when a platform has no release. */
export const NO_VERSION = 'NA';

/** `GET /pigostore/app-version`: `{ version }`, `NA` when the platform has no release. */
export const appVersionSchema = z.object({ version: z.string() });

/** `GET /pigostore/download-app`: `{ url }` of the platform's release. */
export const downloadAppSchema = z.object({ url: z.string() });
