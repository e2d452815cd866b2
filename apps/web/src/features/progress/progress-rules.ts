/**
 * Rules of the progress screens (PROG-1 in docs/requirements.md) that need no React: day headings.
 */

const DAY_MS = 24 * 3600 * 1000;

/**
 * The heading of day `day` (`YYYY-MM-DD`) seen on `today`: 'Today', 'Tomorrow', 'Yesterday',
 * else the weekday and date in English ('Monday, 30 November'); 'Date unknown' for no date.
 */
export function dayHeading(day: string, today: string): string {
  const at = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(at)) return 'Date unknown';
  const offset = Math.round((at - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
  if (offset === 0) return 'Today';
  if (offset === 1) return 'Tomorrow';
  if (offset === -1) return 'Yesterday';
  return new Intl.DateTimeFormat('en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(at);
}
