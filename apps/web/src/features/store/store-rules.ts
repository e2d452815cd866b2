/**
 * What the player download page shows (STORE-1..5 in docs/requirements.md; DEC-6, DEC-20 in
 * docs/decisions.md: windows, macos, linux, android, ios). Pure values and functions.
 */
import { NO_VERSION, PLATFORMS, type Platform } from '@pigostream/contracts';
import type { DetectedPlatform } from '../../lib/platform.ts';

/** The listed platforms, in order (DEC-6). */
export const STORE_PLATFORMS: readonly Platform[] = PLATFORMS;

/** Display names of the platforms. */
export const PLATFORM_LABELS: Record<Platform, string> = {
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
  android: 'Android',
  ios: 'iOS',
};

/**
 * The mark the detected platform gets in the list (STORE-1, STORE-3): success for windows and
 * android (the player app the Play button hands off to), failure for the others.
 */
export function platformMark(platform: Platform): 'success' | 'failure' {
  return platform === 'windows' || platform === 'android' ? 'success' : 'failure';
}

/**
 * The version line: 'Not Available for {platform}' (the platform's own name, e.g. 'ios' or
 * 'unknown') when there is no release, otherwise `Version {version}`.
 */
export function versionText(platform: DetectedPlatform, version: string): string {
  return platform === 'unknown' || version === NO_VERSION
    ? `Not Available for ${platform}`
    : `Version ${version}`;
}

/** The install instructions (STORE-4), in order. */
export const INSTALL_STEPS = [
  'Click Download to get the .zip file.',
  'Extract it and run the installer.',
  'If needed, disable antivirus or ignore warnings.',
] as const;
