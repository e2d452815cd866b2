/**
 * SQL of the identity module: the product's `users` row, reads of better-auth's tables that its
 * API does not offer, the removal of used-up reset tokens, the first session's start, and the
 * attempt counters of the `rate_limit` table. better-auth itself writes its tables through its
 * drizzle adapter ({@link authDatabase}).
 */
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { and, eq, isNull, like, sql } from 'drizzle-orm';
import {
  authAccount,
  authSession,
  authUser,
  authVerification,
  queryRows,
  users,
  type Database,
} from '@pigostream/db';

/**
 * better-auth's database (its `database` option): its drizzle adapter over `db`, reading and
 * writing the `user`, `session`, `account` and `verification` tables.
 */
export function authDatabase(db: Database) {
  return drizzleAdapter(db, {
    provider: 'pg',
    schema: {
      user: authUser,
      session: authSession,
      account: authAccount,
      verification: authVerification,
    },
  });
}

/** The product's user row as the API answers it (`POST /auth/users`). */
export interface ProductUser {
  uid: string;
  displayName: string;
  email: string;
}

/**
 * Records the product's row for a signed-in user, or refreshes its display name, e-mail and
 * `last_seen_at` (API-AUTH-1 in docs/requirements.md: `POST /auth/users`).
 */
export async function upsertProductUser(db: Database, user: ProductUser): Promise<ProductUser> {
  const [row] = await db
    .insert(users)
    .values(user)
    .onConflictDoUpdate({
      target: users.uid,
      set: { displayName: user.displayName, email: user.email, lastSeenAt: sql`now()` },
    })
    .returning({ uid: users.uid, displayName: users.displayName, email: users.email });
  if (!row) throw new Error(`users row for ${user.uid} was not written`);
  return row;
}

/** The sign-in methods of a user: `providerId` ('credential', 'google') and its account id. */
export function listAccounts(
  db: Database,
  userId: string,
): Promise<{ providerId: string; accountId: string }[]> {
  return db
    .select({ providerId: authAccount.providerId, accountId: authAccount.accountId })
    .from(authAccount)
    .where(eq(authAccount.userId, userId))
    .orderBy(authAccount.createdAt);
}

/**
 * Deletes every password-reset token of a user (better-auth keeps them in `verification` as
 * `identifier = 'reset-password:<token>'`, `value = <user id>`): after one is used, no older
 * or newer link works any more.
 * @returns how many were deleted.
 */
export async function deleteResetTokens(db: Database, userId: string): Promise<number> {
  const deleted = await db
    .delete(authVerification)
    .where(
      and(
        eq(authVerification.value, userId),
        like(authVerification.identifier, 'reset-password:%'),
      ),
    )
    .returning({ id: authVerification.id });
  return deleted.length;
}

/**
 * Makes a user's first-ever session start at the user's creation time, so `/auth/me` answers
 * `creationTime === lastSignInTime` exactly for that session (AUTH-4, AUTH-8, AUTH-11: the welcome
 * message after a first sign-in via sign-up or Google), as the spec's identity provider does.
 * Sign-up does not sign in (SEC-5), so the first session may come minutes or days later:
 * from the verification link, a password sign-in, or Google. `user.first_session_at` records
 * that it happened, once, atomically.
 *
 * Call when a session of `userId` is about to be created (better-auth's session create hook).
 * @returns the start time to give it (the user's creation time) when it is the user's first
 *   session ever, otherwise null.
 */
export async function firstSessionStart(db: Database, userId: string): Promise<Date | null> {
  const [user] = await db
    .update(authUser)
    .set({ firstSessionAt: sql`now()` })
    .where(and(eq(authUser.id, userId), isNull(authUser.firstSessionAt)))
    .returning({ createdAt: authUser.createdAt });
  return user?.createdAt ?? null;
}

/**
 * Counts one attempt at `key` in the `rate_limit` table (identity.rate-limit.ts): one atomic
 * upsert; a window of `windowMs` starts with the key's first attempt, and an ended window
 * starts again at 1.
 * @returns the attempts counted in the key's window (this one included) and the ms left in it;
 *   undefined if the database returned no row.
 * @throws the database's errors.
 */
export async function countAttempt(
  db: Database,
  key: string,
  windowMs: number,
): Promise<{ count: number; ttl: number } | undefined> {
  const [row] = await queryRows<{ count: number; ttl: number }>(
    db,
    sql`insert into rate_limit as r (key, count, window_ends_at)
        values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
        on conflict (key) do update set
          count = case when r.window_ends_at <= now() then 1 else r.count + 1 end,
          window_ends_at = case when r.window_ends_at <= now()
            then excluded.window_ends_at else r.window_ends_at end
        returning count,
          greatest(0, ceil(extract(epoch from (window_ends_at - now())) * 1000))::int as ttl`,
  );
  return row;
}

/**
 * Deletes the `rate_limit` rows whose window has ended.
 * @throws the database's errors.
 */
export async function deleteEndedLimitWindows(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limit where window_ends_at < now()`);
}
