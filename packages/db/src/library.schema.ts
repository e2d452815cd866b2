/**
 * Library schema (DATA-2, DATA-3, DATA-9 in docs/requirements.md: Watch history, My List, Search
 * history entry; ARCH-14 in docs/architecture.md: user data keyed by the identity's user id with
 * unique constraints that make repeated saves idempotent) and the activity module's watch events.
 * Titles are named by (media type, TMDB id) because TMDB movie and tv ids overlap (DEC-9 in
 * docs/decisions.md). Every row belongs to a profile of a better-auth `user` (PROFILE-4: `user_id`
 * holds the profile's id) and goes with it.
 */
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { profiles } from './identity-schema.ts';
import type { MediaType } from './schema.ts';

/**
 * The owner of a personal row: a profile of an account (PROFILE-4 in docs/requirements.md). The
 * column keeps its name: the default profile's id is the account's, so rows saved before profiles
 * are the default profile's.
 */
const userId = () =>
  text('user_id')
    .notNull()
    .references(() => profiles.id, { onDelete: 'cascade' });
const at = (name: string) => timestamp(name, { withTimezone: true }).notNull().defaultNow();

/**
 * Titles a user watched, one row per title. Saving a watched title again moves it to the front
 * by updating `watched_at`; lists read newest first per type.
 */
export const watchHistory = pgTable(
  'watch_history',
  {
    userId: userId(),
    mediaType: text('media_type').$type<MediaType>().notNull(),
    tmdbId: integer('tmdb_id').notNull(),
    watchedAt: at('watched_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.mediaType, t.tmdbId] }),
    index('watch_history_recent_idx').on(t.userId, t.mediaType, t.watchedAt.desc()),
  ],
);

/** Titles a user keeps in My List, one row per title; saving a listed title changes nothing. */
export const myList = pgTable(
  'my_list',
  {
    userId: userId(),
    mediaType: text('media_type').$type<MediaType>().notNull(),
    tmdbId: integer('tmdb_id').notNull(),
    addedAt: at('added_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.mediaType, t.tmdbId] }),
    index('my_list_recent_idx').on(t.userId, t.mediaType, t.addedAt.desc()),
  ],
);

/** Saved search queries, newest = highest id. The service keeps the latest 50 per user. */
export const searchHistory = pgTable(
  'search_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: userId(),
    query: text('query').notNull(),
    createdAt: at('created_at'),
  },
  (t) => [index('search_history_user_idx').on(t.userId, t.id.desc())],
);

/**
 * Watch events (the activity module; `POST /recommender/insert`): one row per user and title,
 * counting the watches. `first_watched_at` (set once, indexed) lets a server pick up events
 * other processes recorded since it last looked; `last_watched_at` orders a user's recent titles.
 */
export const watchEvents = pgTable(
  'watch_events',
  {
    userId: userId(),
    mediaType: text('media_type').$type<MediaType>().notNull(),
    tmdbId: integer('tmdb_id').notNull(),
    watchCount: integer('watch_count').notNull().default(1),
    firstWatchedAt: at('first_watched_at'),
    lastWatchedAt: at('last_watched_at'),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.mediaType, t.tmdbId] }),
    index('watch_events_user_recent_idx').on(t.userId, t.lastWatchedAt.desc()),
    // Trending's expired viewers (a time range), and the recommender's load in keyset pages
    // (RANK-4 in docs/requirements.md): first watched, then the rest of the key.
    index('watch_events_first_watched_idx').on(t.firstWatchedAt, t.userId, t.mediaType, t.tmdbId),
    // A title's recent viewers, counted for its trending score (RANK-1 in docs/requirements.md).
    index('watch_events_title_idx').on(t.mediaType, t.tmdbId, t.firstWatchedAt),
  ],
);

/**
 * How far a user got in a movie or an episode (PROG-1, PROG-3: continue watching, resume): one row
 * per user, title and episode, the last save winning. A movie's row has season and episode 0 (TMDB
 * numbers a show's episodes from 1, so no episode has 0; season 0 holds a show's specials).
 * Positions and durations are seconds. `watched` is set once 90 % was played (or the episode was
 * marked watched) and stays set until it is unmarked.
 */
export const watchProgress = pgTable(
  'watch_progress',
  {
    userId: userId(),
    mediaType: text('media_type').$type<MediaType>().notNull(),
    tmdbId: integer('tmdb_id').notNull(),
    seasonNumber: integer('season_number').notNull().default(0),
    episodeNumber: integer('episode_number').notNull().default(0),
    positionS: doublePrecision('position_s').notNull(),
    durationS: doublePrecision('duration_s').notNull(),
    watched: boolean('watched').notNull().default(false),
    updatedAt: at('updated_at'),
  },
  (t) => [
    primaryKey({
      name: 'watch_progress_pk',
      columns: [t.userId, t.mediaType, t.tmdbId, t.seasonNumber, t.episodeNumber],
    }),
    index('watch_progress_user_recent_idx').on(t.userId, t.updatedAt.desc()),
  ],
);

/**
 * A profile's addon tokens (STREMIO-1 in docs/requirements.md): each one opens the profile's
 * addon at `/pigo-stream/stremio/{token}/manifest.json`. Only the SHA-256 of a token is kept
 * (hex), looked up through its unique index; the token itself is shown once, when it is made.
 * A profile holds a few (the stremio module's limit); they go with the profile, and so with the
 * account. `last_used_at` is when the addon last answered through it (at most once a minute).
 */
export const stremioTokens = pgTable(
  'stremio_tokens',
  {
    id: text('id').primaryKey(),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: at('created_at'),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stremio_tokens_hash_idx').on(t.tokenHash),
    index('stremio_tokens_profile_idx').on(t.profileId, t.createdAt),
  ],
);
