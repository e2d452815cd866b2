/**
 * Makes a user's first-ever session start at the user's creation time, so `/auth/me` answers
 * `creationTime === lastSignInTime` exactly on a first sign-in (spec section 4: the welcome
 * message after sign-up or a first Google sign-in), as the spec's identity provider does.
 * better-auth creates the user and then, milliseconds later, the session; this bridges the gap.
 */
import type { Database } from '@pigostream/db';
import { findUserCreation } from './identity.repository.ts';

/** How long a new user's first session may take to follow, in ms. */
const FIRST_SESSION_WINDOW_MS = 60_000;

/** Tracks users created moments ago until their first session (one per auth instance). */
export class FirstSessionStamp {
  /** Lower-cased e-mails of users just created, with when the mark expires (ms since epoch). */
  private readonly pending = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  /** Call when a user is about to be created (better-auth's user create hook). */
  userCreated(email: string): void {
    const now = this.now();
    for (const [key, expires] of this.pending) if (expires <= now) this.pending.delete(key);
    this.pending.set(email.toLowerCase(), now + FIRST_SESSION_WINDOW_MS);
  }

  /**
   * Call when a session is about to be created: the start time to give it (the user's creation
   * time) when it is the first session of a user just created, otherwise null. Each new user
   * gets this once.
   */
  async startFor(userId: string): Promise<Date | null> {
    if (this.pending.size === 0) return null;
    const user = await findUserCreation(this.db, userId);
    if (!user) return null;
    const key = user.email.toLowerCase();
    const expires = this.pending.get(key);
    if (expires === undefined) return null;
    this.pending.delete(key);
    return expires > this.now() ? user.createdAt : null;
  }
}
