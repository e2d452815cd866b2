/**
 * Import and export of a user's My List and Watch History (TRANSFER-1 in docs/requirements.md; not
 * in API-*, so shaped like its library calls under `/pigo-stream/transfer`). An upload answers a
 * preview of what the file holds and how each title matched the catalogue; nothing is written until
 * the user applies the entries they confirmed. Every call names the signed-in user (`userUID`,
 * `{uid}`); another user's id answers 403.
 */
import { z } from './zod.ts';
import { bodyIdSchema, isoTimeSchema, mediaTypeSchema, showNumberSchema } from './common.ts';
import { BODY_OBJECT, uidSchema } from './library.ts';

/** Largest file an import reads, in bytes (TRANSFER-5: 20 MB). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
/** Most rows (CSV lines after the header, JSON items) an import reads (TRANSFER-5). */
export const IMPORT_MAX_ROWS = 100_000;

/**
 * What an import says of a file whose bytes are not text (an image, a spreadsheet's binary
 * workbook, a zip): NUL characters after decoding (IMP-2 of docs/imports.md). The page says it
 * before sending anything, and the command and the server say the same.
 */
export function importNotTextMessage(fileName: string): string {
  return `${fileName} is not a text file. Choose the .csv or .json file of your export (unzip it first).`;
}
/** Most candidates an uncertain match offers. */
export const IMPORT_MAX_CANDIDATES = 5;
/** A title-and-year match at or above this confidence (0 to 1) is taken; below it, offered. */
export const IMPORT_MATCH_THRESHOLD = 0.85;

/** The services whose exports an import reads: Letterboxd, IMDb, Trakt, and our own export. */
export const IMPORT_FORMATS = ['letterboxd', 'imdb', 'trakt', 'pigostream'] as const;
export const importFormatSchema = z.enum(IMPORT_FORMATS);
export type ImportFormat = z.infer<typeof importFormatSchema>;

/** Where an imported title goes: My List (a watchlist) or Watch History. */
export const importListSchema = z.enum(['watchlist', 'history']);
export type ImportList = z.infer<typeof importListSchema>;

/**
 * `{ userUID, fileName, content }`: a file's name (its extension and name tell the format
 * apart with its header) and its text (UTF-8), at most {@link IMPORT_MAX_BYTES} bytes.
 */
export const importPreviewBodySchema = z.object(
  {
    userUID: uidSchema('userUID'),
    fileName: z
      .string({ error: 'fileName must be a string' })
      .check(z.minLength(1, 'fileName is required'), z.maxLength(255, 'fileName is too long')),
    content: z.string({ error: 'content must be the text of the file' }),
  },
  BODY_OBJECT,
);
export type ImportPreviewBody = z.infer<typeof importPreviewBodySchema>;

/** A catalogue title an imported row matched, or may match. */
export const importCandidateSchema = z.object({
  id: z.number().check(z.int()),
  type: mediaTypeSchema,
  title: z.string(),
  year: z.nullable(z.number().check(z.int())),
  poster_path: z.string(),
  /** Confidence from 0 to 1: 1 for an id match, less for a title and year match. */
  score: z.number(),
});
export type ImportCandidate = z.infer<typeof importCandidateSchema>;

/**
 * A watched episode of a show (Trakt's history and watched shows): `season` 0 (specials) to
 * 9999, `episode` 1 to 9999, and when it was watched (ROB-1: the same checks as an entry's
 * `watchedAt`).
 */
export const importEpisodeSchema = z.object({
  season: showNumberSchema('season', 0),
  episode: showNumberSchema('episode', 1),
  /** ISO 8601 time it was watched, from 1870 to a year from now; null when the file does not say. */
  watchedAt: z.nullable(isoTimeSchema('watchedAt')),
});
export type ImportEpisode = z.infer<typeof importEpisodeSchema>;

/**
 * One title of the file: the rows (`lines`, 1-based: CSV lines counting the header, JSON items
 * counting from 1) that name it for one list, merged; for history the latest watch time. Every
 * row is in exactly one item, and rows with different ids (TMDB, IMDb, a Letterboxd URI, a
 * Trakt id) are never merged (IMP-4 of docs/imports.md).
 * `matched`: `match` is the title (by TMDB id, IMDb id, or a title and year at or above
 * {@link IMPORT_MATCH_THRESHOLD}); `uncertain`: `candidates` to choose from; `not-found`:
 * nothing close in the catalogue.
 */
export const importPreviewItemSchema = z.object({
  lines: z.array(z.number().check(z.int())),
  list: importListSchema,
  title: z.string(),
  year: z.nullable(z.number().check(z.int())),
  /** The kind the file says, when it says (IMDb's title type, Trakt's type). */
  type: z.nullable(mediaTypeSchema),
  watchedAt: z.nullable(z.string()),
  episodes: z.array(importEpisodeSchema),
  status: z.enum(['matched', 'uncertain', 'not-found']),
  match: z.nullable(importCandidateSchema),
  candidates: z.array(importCandidateSchema),
});
export type ImportPreviewItem = z.infer<typeof importPreviewItemSchema>;

/** The preview of an upload: its format, rows read, and each title with its match. */
export const importPreviewSchema = z.object({
  format: importFormatSchema,
  fileName: z.string(),
  rows: z.number().check(z.int()),
  counts: z.object({
    matched: z.number().check(z.int()),
    uncertain: z.number().check(z.int()),
    notFound: z.number().check(z.int()),
  }),
  items: z.array(importPreviewItemSchema),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** One confirmed title to write: a catalogue title for a list, with its watch time. */
export const importEntrySchema = z.object(
  {
    list: importListSchema,
    id: bodyIdSchema('id'),
    type: mediaTypeSchema,
    /**
     * ISO 8601 time, from 1870 to a year from now: when it was added (My List) or watched
     * (history); now when null or absent.
     */
    watchedAt: z.optional(z.nullable(isoTimeSchema('watchedAt'))),
    episodes: z.optional(z.array(importEpisodeSchema)),
  },
  BODY_OBJECT,
);
export type ImportEntry = z.infer<typeof importEntrySchema>;

/** `{ userUID, entries }`: the titles the user confirmed, at most {@link IMPORT_MAX_ROWS}. */
export const importApplyBodySchema = z.object(
  {
    userUID: uidSchema('userUID'),
    entries: z
      .array(importEntrySchema, { error: 'entries must be a list' })
      .check(z.maxLength(IMPORT_MAX_ROWS, `at most ${String(IMPORT_MAX_ROWS)} entries`)),
  },
  BODY_OBJECT,
);
export type ImportApplyBody = z.infer<typeof importApplyBodySchema>;

/** What an import wrote: titles added to My List and Watch History, and episodes marked. */
export const importResultSchema = z.object({
  ok: z.literal(true),
  myList: z.object({ added: z.number().check(z.int()), kept: z.number().check(z.int()) }),
  watchHistory: z.object({
    added: z.number().check(z.int()),
    updated: z.number().check(z.int()),
    kept: z.number().check(z.int()),
  }),
  episodes: z.object({ added: z.number().check(z.int()) }),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/**
 * The formats an export writes: our JSON (My List, Watch History, watch progress), Letterboxd's
 * import CSV of the history (`letterboxd`) or of My List (`letterboxd-watchlist`), and JSON
 * shaped like Trakt's export (`watchlist`, `watched_movies`, `watched_shows` with their seasons
 * and episodes).
 */
export const EXPORT_FORMATS = [
  'pigostream',
  'letterboxd',
  'letterboxd-watchlist',
  'trakt',
] as const;
export const exportFormatSchema = z.enum(EXPORT_FORMATS, {
  error: "format must be 'pigostream', 'letterboxd', 'letterboxd-watchlist' or 'trakt'",
});
export type ExportFormat = z.infer<typeof exportFormatSchema>;
/** `?format=`. */
export const exportQuerySchema = z.object({ format: exportFormatSchema });
