/**
 * What the import's readers share (IMP-1 of docs/imports.md): the row a file's title becomes,
 * the error a file that cannot be read raises, and readers of the loosely typed values exports
 * carry.
 */
import {
  isSaneTime,
  MAX_SHOW_NUMBER,
  type ImportEpisode,
  type ImportFormat,
  type ImportList,
  type MediaType,
} from '@pigostream/contracts';
import { DomainError } from '../../lib/domain-error.ts';

/** One title a file names for one list. */
export interface ImportRow {
  /** 1-based: the CSV line (the header is line 1), or the JSON item's position. */
  line: number;
  list: ImportList;
  /** The kind the file says; null when it does not (a title and year match tries both). */
  type: MediaType | null;
  /** The title as the file names it first (IMDb's `Title` may be translated). */
  title: string;
  /** Another title the file gives (IMDb's `Original Title`), or null; matching tries both. */
  originalTitle: string | null;
  year: number | null;
  tmdbId: number | null;
  /** `tt` followed by digits, or null. */
  imdbId: string | null;
  /**
   * The row's own id in the file's service, or null: `letterboxd:boxd.it/2a1m` (its URI without
   * the scheme), `trakt:movie:481`. Rows with different ids are never merged (IMP-4).
   */
  sourceId: string | null;
  /** ISO time (added or watched), null when the file has none. */
  watchedAt: string | null;
  episodes: ImportEpisode[];
}

/** A file read: its format and rows. */
export interface ParsedFile {
  format: ImportFormat;
  rows: ImportRow[];
}

/** The file cannot be read; `message` names the file and, where it can, the line. */
export class ImportFileError extends DomainError {
  override readonly name = 'ImportFileError';
  constructor(
    message: string,
    /** 413 for a file over the size limit, 400 otherwise. */
    readonly statusCode: 400 | 413 = 400,
  ) {
    super(message);
  }
}

/** A JSON object. */
export type Json = Record<string, unknown>;

/** Whether `v` is a JSON object. */
export const isObject = (v: unknown): v is Json =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
/** `v` trimmed when it is a string, else ''. */
export const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');

/** A whole number from a number or a string of digits; null otherwise. */
export function whole(v: unknown): number | null {
  if (typeof v === 'number' && Number.isInteger(v) && v > 0) return v;
  if (typeof v === 'string' && /^\d{1,9}$/.test(v.trim())) return Number(v.trim()) || null;
  return null;
}

/** A year from 1870 to 2100, from a number, a year or a date; null otherwise. */
export function yearOf(v: unknown): number | null {
  const match = /^(\d{4})/.exec(typeof v === 'number' ? String(v) : text(v));
  const year = match ? Number(match[1]) : NaN;
  return year >= 1870 && year <= 2100 ? year : null;
}

/** IMDb's older exports' dates: `Sat Dec 31 00:00:00 2016`, `Sun Mar  1 00:00:00 2015`. */
const IMDB_OLD_DATE = /^[A-Z][a-z]{2} ([A-Z][a-z]{2}) +(\d{1,2}) 00:00:00 (\d{4})$/;

/**
 * An ISO time from a date (`YYYY-MM-DD`, or IMDb's older `Sat Dec 31 00:00:00 2016`, taken as
 * noon UTC) or a time; null otherwise, and for a time no call may store (ROB-1 of
 * docs/robustness.md: before 1870 or more than a year from now), so the preview never offers a
 * time the import would refuse.
 */
export function timeOf(v: unknown): string | null {
  const s = text(v);
  if (!s) return null;
  const old = IMDB_OLD_DATE.exec(s);
  const at = Date.parse(
    old
      ? `${old[2] ?? ''} ${old[1] ?? ''} ${old[3] ?? ''} 12:00:00 UTC`
      : /^\d{4}-\d{2}-\d{2}$/.test(s)
        ? `${s}T12:00:00Z`
        : s,
  );
  return isSaneTime(at) ? new Date(at).toISOString() : null;
}

/** A season number from 0 (specials) to 9999 (ROB-1), from a number or digits; null otherwise. */
export function seasonOf(v: unknown): number | null {
  const n = v === 0 || (typeof v === 'string' && v.trim() === '0') ? 0 : whole(v);
  return n !== null && n <= MAX_SHOW_NUMBER ? n : null;
}

/** An episode number from 1 to 9999 (ROB-1), from a number or digits; null otherwise. */
export function episodeOf(v: unknown): number | null {
  const n = whole(v);
  return n !== null && n <= MAX_SHOW_NUMBER ? n : null;
}

/** An IMDb id (`tt` and digits), from an id or an IMDb URL; null otherwise. */
export function imdbOf(v: unknown): string | null {
  const match = /\btt\d{5,10}\b/.exec(text(v));
  return match ? match[0] : null;
}

/** The kinds of file this import reads, for messages. */
export const KNOWN =
  "Letterboxd's export (watchlist, watched, diary, ratings, reviews, likes, lists) or import CSV, IMDb's (ratings, watchlist, lists; current or older layout), Trakt's JSON export, or PigoStream's exports";
