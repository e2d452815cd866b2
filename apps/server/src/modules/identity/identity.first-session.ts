/**
 * Makes a user's first-ever session start at the user's creation time, so `/auth/me` answers
 * `creationTime === lastSignInTime` exactly for that session (spec section 4: the welcome
 * message after a first sign-in via sign-up or Google), as the spec's identity provider does.
 * Sign-up does not sign in (issue 14), so the first session may come minutes or days later:
 * from the verification link, a password sign-in, or Google. `user.first_session_at` records
 * that it happened, once, atomically.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { authUser, type Database } from '@pigostream/db';

/**
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
