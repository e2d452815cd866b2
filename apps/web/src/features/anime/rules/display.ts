/**
 * How a Related Anime card shows an entry (ANIME-1, ANIME-2 in docs/requirements.md: related card).
 */
import type { RelatedAnime } from '@pigostream/contracts';

/** The card title: English, else romaji, else 'Untitled' (blank titles count as missing). */
export function relationTitle(entry: Pick<RelatedAnime, 'title'>): string {
  const { english, romaji } = entry.title;
  if (english?.trim()) return english;
  if (romaji?.trim()) return romaji;
  return 'Untitled';
}

/**
 * The start date as month/day/year with '--' for a missing month or day (e.g. '4/--/2013'), or
 * 'Unknown' when the year is missing.
 */
export function formatStartDate(startDate: RelatedAnime['startDate']): string {
  if (startDate?.year == null) return 'Unknown';
  const month = startDate.month ?? '--';
  const day = startDate.day ?? '--';
  return `${String(month)}/${String(day)}/${String(startDate.year)}`;
}

/** AniList's format as shown: TV, OVA and ONA as they are, others in title case; '' if none. */
export function formatLabel(format: string | null): string {
  if (!format) return '';
  if (format.length <= 3) return format;
  return format
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}
