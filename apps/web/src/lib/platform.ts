/**
 * The visitor's platform (STORE-1 in docs/requirements.md: windows, macos, linux, android, ios,
 * unknown), read from the user agent. Used by the play page's hand-off (windows and android get the
 * player app's custom-scheme link) and by the store page.
 */
import type { Platform } from '@pigostream/contracts';

/** A platform the player app may exist for, or `unknown`. */
export type DetectedPlatform = Platform | 'unknown';

/**
 * The platform named by `userAgent` (default `navigator.userAgent`; none on the server, whose
 * render of the first screen then says `unknown`). Android and iOS are
 * checked before Linux and macOS, since their agents also name those; an iPad that reports a
 * desktop Mac agent counts as macos.
 */
export function detectPlatform(
  userAgent: string = typeof navigator === 'undefined' ? '' : navigator.userAgent,
): DetectedPlatform {
  const ua = userAgent.toLowerCase();
  if (ua.includes('android')) return 'android';
  if (/iphone|ipad|ipod/.test(ua)) return 'ios';
  if (ua.includes('windows')) return 'windows';
  if (ua.includes('mac os x') || ua.includes('macintosh')) return 'macos';
  if (ua.includes('linux') || ua.includes('x11') || ua.includes('cros')) return 'linux';
  return 'unknown';
}

/** Platforms the player app hand-off is tried on (PLAY-10: windows and android). */
export function supportsPlayerHandOff(platform: DetectedPlatform): boolean {
  return platform === 'windows' || platform === 'android';
}
