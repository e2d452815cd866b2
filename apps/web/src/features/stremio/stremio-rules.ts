/**
 * The Stremio addon screen's rules (STREMIO-1 in docs/requirements.md): what it says, how a
 * token's times read, when a link needs https, and which message an error shows. Free of React,
 * so the unit tests read it in Node.
 */
import { TOO_MANY_STREMIO_TOKENS } from '@pigostream/contracts';
import { ApiError } from '../../lib/api-client.ts';

/** What the Stremio addon screen says (STREMIO-1). */
export const STREMIO_MESSAGES = {
  /** STREMIO-1: the profile holds its 5 links. */
  full: TOO_MANY_STREMIO_TOKENS,
  revoked: 'Addon link revoked.',
  copied: 'Copied to the clipboard.',
  /** The clipboard refused (a plain-http page has none): the address is selected instead. */
  selected: 'The address is selected: press Ctrl+C (⌘C on a Mac) to copy it.',
  none: 'No addon links yet.',
} as const;

/**
 * A token's time (ISO 8601) as the screen shows it (STREMIO-1: when a link was made and last
 * used), in the browser's time zone unless `timeZone` is given: '29 Nov 2026, 16:05'; the text as
 * sent when it is no time.
 */
export function formatWhen(iso: string, timeZone?: string): string {
  const at = Date.parse(iso);
  if (Number.isNaN(at)) return iso;
  return new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(at);
}

/**
 * Whether Stremio refuses to install the addon at `manifestUrl` as it is (STREMIO-1): it takes
 * an addon over https only, but for one at 127.0.0.1 (Stremio on the same machine).
 */
export function needsHttps(manifestUrl: string): boolean {
  try {
    const url = new URL(manifestUrl);
    return url.protocol !== 'https:' && url.hostname !== '127.0.0.1';
  } catch {
    return false;
  }
}

/** The revoke dialog's question, naming the link by when it was made (STREMIO-1). */
export function revokeQuestion(createdAt: string, timeZone?: string): string {
  return `Revoke the addon link made ${formatWhen(createdAt, timeZone)}? Stremio can no longer reach PigoStream through it.`;
}

/**
 * The message an error of a token call shows (STREMIO-1, ERR-1 in docs/requirements.md): the
 * server's own text for what it refused (404 'No such addon link.', 409 'A profile holds at most
 * 5 addon links. Revoke one first.'), else the app's ERR-1 message the {@link ApiError} carries.
 */
export function stremioErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const { status, detail } = error;
    if (detail && status !== undefined && status >= 400 && status < 500) return detail;
    return error.message;
  }
  return error instanceof Error ? error.message : String(error);
}
