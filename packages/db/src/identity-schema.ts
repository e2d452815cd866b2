/**
 * Identity schema (DATA-1 in docs/requirements.md: Signed-in user; AUTH-7..17: Auth). The four
 * tables better-auth keeps (`user`, `session`, `account`, `verification`, field names as its
 * drizzle adapter expects them) and the product's own `users` row written by
 * `POST /pigo-stream/auth/users`. Passwords live only in `account.password`, as better-auth's
 * salted scrypt hashes.
 */
import {
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** better-auth's user: `name` is the display name (the username given at sign-up). */
export const authUser = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
  /**
   * When the user's first-ever session began (null until then). Not one of better-auth's
   * fields: the identity module sets it once, so that first session can be told from later
   * ones (AUTH-11: the welcome after a first-ever sign-in).
   */
  firstSessionAt: timestamp('first_session_at', { withTimezone: true }),
});

/** Signed-in sessions; the cookie carries `token`. */
export const authSession = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    /**
     * The session's active profile (PROFILE-3 in docs/requirements.md), whose personal data the
     * product calls read and write; null means the account's default profile (its id is the
     * user's). Removing the profile sets it back to null. One of better-auth's
     * `session.additionalFields` (identity.auth.ts), written by the profiles module.
     */
    activeProfileId: text('active_profile_id').references((): AnyPgColumn => profiles.id, {
      onDelete: 'set null',
    }),
    /**
     * The active profile's rating limit (PROFILE-7), kept with it by the profiles module so a
     * request learns it in its one session lookup: the oldest `rating_age` it may see, null for
     * no limit (an adult profile); `ratingUnrated` whether titles with no rating are shown.
     */
    ratingCeiling: smallint('rating_ceiling'),
    ratingUnrated: boolean('rating_unrated').notNull().default(false),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

/**
 * The profiles of an account (PROFILE-1, PROFILE-2 in docs/requirements.md), at most 6: every
 * personal row (My List, Watch History, search history, watch progress, watch events) belongs to
 * one and goes with it. The default profile's id IS the user's id: migration 0015 made one for
 * every account so rows saved before profiles stayed where they were, and a trigger on `user`
 * makes it for every account created since (PROFILE-2). Other profiles have random ids (`p_...`).
 * A kids' profile (`kind` 'kids') sees only titles within its rating limit (PROFILE-7); an adult
 * one may be locked with a PIN (PROFILE-8).
 */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** A key of the bundled avatars (`avatar-1`..`avatar-12`). */
    avatar: text('avatar').notNull(),
    kind: text('kind').$type<'adult' | 'kids'>().notNull().default('adult'),
    /** scrypt hash of an adult profile's 4-digit PIN (`salt:key`, hex), null without one (PROFILE-8). */
    pinHash: text('pin_hash'),
    /** A kids' profile's limit: the oldest `titles.rating_age` it sees (PROFILE-7); null for adults. */
    maxRatingAge: smallint('max_rating_age'),
    /** Whether a kids' profile sees titles with no known rating (PROFILE-7; not by default). */
    showUnrated: boolean('show_unrated').notNull().default(false),
    /** Order in the account's list, from 0 (the default profile's). */
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    unique('profiles_user_position_unique').on(t.userId, t.position),
    index('profiles_user_id_idx').on(t.userId),
  ],
);

/**
 * Ways a user signs in: `providerId` 'credential' (e-mail and password, `password` holds the
 * scrypt hash `salt:key` in hex) or an OAuth provider such as 'google' (`accountId` = its `sub`).
 */
export const authAccount = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => authUser.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

/** One-time values: password-reset tokens, OAuth state. */
export const authVerification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/**
 * The product's user row (API-AUTH-1: `POST /auth/users`), keyed by the identity's user id.
 * Watch history, My List, search history and watch events reference the identity's `user` row
 * directly (library.schema.ts `user_id`), not this one.
 */
export const users = pgTable('users', {
  uid: text('uid')
    .primaryKey()
    .references(() => authUser.id, { onDelete: 'cascade' }),
  displayName: text('display_name').notNull(),
  email: text('email').notNull(),
  createdAt: createdAt(),
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Attempt counters of the identity limits (SEC-2), one row per key (`<call>|<kind>|<value>`,
 * e.g. `sign-in/email|address|kim@gmail.com`), counted in fixed windows: `count` attempts since
 * the window began, which ends at `window_ends_at`. Kept here so the limits survive restarts
 * on one server; with REDIS_URL the counters live in Redis instead.
 */
export const rateLimit = pgTable(
  'rate_limit',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limit_window_ends_at_idx').on(t.windowEndsAt)],
);
