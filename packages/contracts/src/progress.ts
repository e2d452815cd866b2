/**
 * Watch progress calls (PROG-1, PROG-10 in docs/requirements.md: continue watching and resume,
 * beyond API-*): how far a user got in a movie or an episode, in seconds. Every call names the
 * signed-in user (`userUID`, `{userId}`); another user's id answers 403, as the library calls do.
 */
import { z } from './zod.ts';
import { titleSummarySchema } from './catalogue.ts';
import { bodyIdSchema, idSchema, mediaTypeSchema, showNumberSchema } from './common.ts';
import { BODY_OBJECT, uidSchema } from './library.ts';

/** The share of a movie or an episode that counts it as watched (PROG-1: 90 %). */
export const WATCHED_FRACTION = 0.9;
/** Longest position or duration accepted, in seconds (a week: no film runs longer). */
export const MAX_PROGRESS_SECONDS = 7 * 24 * 3600;
/** Most titles Continue Watching answers. */
export const CONTINUE_WATCHING_LIMIT = 20;

/** A number of seconds in a body: finite, from 0 to {@link MAX_PROGRESS_SECONDS}. */
function secondsSchema(name: string) {
  const message = `${name} must be a number of seconds from 0 to ${String(MAX_PROGRESS_SECONDS)}`;
  return z
    .number({ error: (issue) => (issue.input === undefined ? `${name} is required` : message) })
    .check(z.refine((n) => Number.isFinite(n) && n >= 0 && n <= MAX_PROGRESS_SECONDS, message));
}

/** The fields naming a movie, or a show's episode. */
const titleFields = {
  id: bodyIdSchema('id'),
  type: mediaTypeSchema,
  season: z.optional(showNumberSchema('season', 0)),
  episode: z.optional(showNumberSchema('episode', 1)),
};

/** A show's progress names its episode (`season` 0 for specials, `episode` from 1); a movie's none. */
function episodeRule<T extends { type: string; season?: number; episode?: number }>() {
  return z.refine<T>(
    (body) =>
      body.type === 'tv'
        ? body.season !== undefined && body.episode !== undefined
        : body.season === undefined && body.episode === undefined,
    {
      error: "A show's progress names its season and episode; a movie's names neither",
      path: ['season'],
    },
  );
}

/** A progress report's length must be more than 0. */
function durationRule<T extends { duration: number }>() {
  return z.refine<T>((body) => body.duration > 0, {
    error: 'duration must be more than 0 seconds',
    path: ['duration'],
  });
}

/**
 * `{ userUID, id, type, season?, episode?, position, duration }`: how far the user got, in
 * seconds. A show's progress names its episode (`season` 0 for specials, `episode` from 1); a
 * movie's names none. `position` past `duration` counts as the end.
 */
export const saveProgressBodySchema = z
  .object(
    {
      userUID: uidSchema('userUID'),
      ...titleFields,
      position: secondsSchema('position'),
      duration: secondsSchema('duration'),
    },
    BODY_OBJECT,
  )
  .check(durationRule(), episodeRule());
export type SaveProgressBody = z.infer<typeof saveProgressBodySchema>;

/** Answer of a progress save: whether the movie or episode now counts as watched. */
export const savedProgressSchema = z.object({ ok: z.literal(true), watched: z.boolean() });

/** How far the user got in one movie or episode (season and episode null for a movie). */
export const progressEntrySchema = z.object({
  season: z.nullable(z.number().check(z.int())),
  episode: z.nullable(z.number().check(z.int())),
  /** Seconds. */
  position: z.number(),
  /** Seconds. */
  duration: z.number(),
  watched: z.boolean(),
  /** ISO 8601 time of the last save. */
  updatedAt: z.string(),
});
export type ProgressEntry = z.infer<typeof progressEntrySchema>;

/** `?id=&type=` of a title's progress. */
export const progressQuerySchema = z.object({ id: idSchema, type: mediaTypeSchema });

/** A title's progress: its movie, or each episode with any, newest save first. */
export const titleProgressSchema = z.object({ items: z.array(progressEntrySchema) });
export type TitleProgress = z.infer<typeof titleProgressSchema>;

/**
 * One title of Continue Watching: the catalogue summary and the progress of its movie or of the
 * show's episode saved last.
 */
export const continueWatchingItemSchema = z.extend(titleSummarySchema, {
  progress: progressEntrySchema,
});
export type ContinueWatchingItem = z.infer<typeof continueWatchingItemSchema>;
/** Continue Watching: started, not finished, newest save first, at most 20. */
export const continueWatchingSchema = z.array(continueWatchingItemSchema);

/**
 * `{ userUID, id, type, season?, episode? }`: ask for a player token for one movie or episode
 * (the hand-off to the PigoStream Player app carries it).
 */
export const playerTokenBodySchema = z
  .object({ userUID: uidSchema('userUID'), ...titleFields }, BODY_OBJECT)
  .check(episodeRule());

/** A player token and when it expires (ISO 8601). */
export const playerTokenSchema = z.object({ token: z.string(), expiresAt: z.string() });
export type PlayerToken = z.infer<typeof playerTokenSchema>;

/**
 * `{ id, type, season?, episode?, position, duration }`: the player app's progress report, sent
 * with `Authorization: Bearer <player token>` for that same movie or episode.
 */
export const playerProgressBodySchema = z
  .object(
    {
      ...titleFields,
      position: secondsSchema('position'),
      duration: secondsSchema('duration'),
    },
    BODY_OBJECT,
  )
  .check(durationRule(), episodeRule());
export type PlayerProgressBody = z.infer<typeof playerProgressBodySchema>;

/**
 * `{ userUID, id, season, watched }`: marks every aired episode of a show's season watched
 * (`watched` true), or forgets the season's progress (false).
 */
export const markSeasonBodySchema = z.object(
  {
    userUID: uidSchema('userUID'),
    id: bodyIdSchema('id'),
    season: showNumberSchema('season', 0),
    watched: z.boolean({ error: 'watched must be true or false' }),
  },
  BODY_OBJECT,
);

/** Answer of a season mark: how many episodes it marked or unmarked. */
export const markedSeasonSchema = z.object({
  ok: z.literal(true),
  episodes: z.number().check(z.int()),
});

/**
 * An episode as Up Next and New Episodes show it (the first one not watched after the last one
 * watched; one airing around today); `still_path` is drawn art when the catalogue has no still.
 */
export const episodeSummarySchema = z.object({
  season_number: z.number().check(z.int()),
  episode_number: z.number().check(z.int()),
  name: z.string(),
  air_date: z.nullable(z.string()),
  still_path: z.nullable(z.string()),
});
export type EpisodeSummary = z.infer<typeof episodeSummarySchema>;

/** One show of Up Next: its catalogue summary and the episode to watch next. */
export const upNextItemSchema = z.extend(titleSummarySchema, { next: episodeSummarySchema });
export type UpNextItem = z.infer<typeof upNextItemSchema>;
/** Up Next: at most 20 shows, the one watched last first. */
export const upNextSchema = z.array(upNextItemSchema);

/** How far back New Episodes looks, in days (PROG-1, PROG-7: aired in the last 7). */
export const NEW_EPISODES_PAST_DAYS = 7;
/** How far ahead New Episodes looks, in days (PROG-1, PROG-7: airing in the next 14). */
export const NEW_EPISODES_AHEAD_DAYS = 14;

/**
 * One episode of New Episodes: its show's catalogue summary, the episode, and whether the user
 * has watched it (an aired episode not watched counts towards the sidebar's badge).
 */
export const newEpisodeItemSchema = z.extend(titleSummarySchema, {
  episode: episodeSummarySchema,
  watched: z.boolean(),
});
export type NewEpisodeItem = z.infer<typeof newEpisodeItemSchema>;
/** New Episodes: aired in the last 7 days or airing in the next 14, by air date, at most 50. */
export const newEpisodesSchema = z.array(newEpisodeItemSchema);
