/**
 * SQL of the identity module: the product's `users` row, reads of better-auth's tables that its
 * API does not offer, and the removal of used-up reset tokens. better-auth itself writes its
 * tables through its drizzle adapter.
 */
import { and, eq, like, sql } from 'drizzle-orm';
import { authAccount, authVerification, users, type Database } from '@pigostream/db';

/** The product's user row as the API answers it (`POST /auth/users`). */
export interface ProductUser {
  uid: string;
  displayName: string;
  email: string;
}

/**
 * Records the product's row for a signed-in user, or refreshes its display name, e-mail and
 * `last_seen_at` (spec section 7: `POST /auth/users`).
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
