/**
 * Profiles SQL (PROFILE-1..6 in docs/requirements.md): an account's profiles and a session's
 * active one. Every statement names the account (`user_id`), so a profile id of another account
 * finds nothing. A create runs under a per-account transaction lock, so concurrent creates never
 * pass the limit nor take one position twice.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@pigostream/db';
import type { ProfileKind } from '@pigostream/contracts';

/** A profile as the calls answer it. */
export interface ProfileRow {
  id: string;
  name: string;
  avatar: string;
  kind: ProfileKind;
  maxRatingAge: number | null;
  showUnrated: boolean;
  hasPin: boolean;
}

const COLUMNS = sql`id, name, avatar, kind, max_rating_age as "maxRatingAge",
  show_unrated as "showUnrated", pin_hash is not null as "hasPin"`;

/** The account's profiles in their order (the default one first). */
export function listProfiles(db: Database, userId: string): Promise<ProfileRow[]> {
  return queryRows<ProfileRow>(
    db,
    sql`select ${COLUMNS} from profiles where user_id = ${userId} order by position, created_at`,
  );
}

/**
 * Adds a profile at the end of the account's list unless it holds `max` already.
 * @returns the profile, or undefined at the limit.
 */
export function insertProfile(
  db: Database,
  userId: string,
  profile: Pick<ProfileRow, 'id' | 'name' | 'avatar' | 'kind'>,
  max: number,
): Promise<ProfileRow | undefined> {
  return db.transaction(async (tx) => {
    await queryRows(
      tx,
      sql`select pg_advisory_xact_lock(hashtext('pigostream.profiles'), hashtext(${userId}))`,
    );
    const [held] = await queryRows<{ n: number; next: number }>(
      tx,
      sql`select count(*)::int as n, coalesce(max(position) + 1, 0)::int as next
          from profiles where user_id = ${userId}`,
    );
    if (!held || held.n >= max) return undefined;
    const [row] = await queryRows<ProfileRow>(
      tx,
      sql`insert into profiles (id, user_id, name, avatar, kind, position)
          values (${profile.id}, ${userId}, ${profile.name}, ${profile.avatar}, ${profile.kind},
                  ${held.next})
          returning ${COLUMNS}`,
    );
    return row;
  });
}

/**
 * Changes the given fields of the account's profile `id`.
 * @returns the profile, or undefined when the account has none of that id.
 */
export async function updateProfile(
  db: Database,
  userId: string,
  id: string,
  changes: Partial<Pick<ProfileRow, 'name' | 'avatar' | 'kind'>>,
): Promise<ProfileRow | undefined> {
  const [row] = await queryRows<ProfileRow>(
    db,
    sql`update profiles set
          name = coalesce(${changes.name ?? null}::text, name),
          avatar = coalesce(${changes.avatar ?? null}::text, avatar),
          kind = coalesce(${changes.kind ?? null}::text, kind)
        where user_id = ${userId} and id = ${id}
        returning ${COLUMNS}`,
  );
  return row;
}

/**
 * Deletes the account's profile `id` other than its default one (whose id is the account's);
 * its personal rows go with it (foreign keys, on delete cascade), and sessions that had it
 * active go back to the default profile (on delete set null).
 * @returns whether it was deleted.
 */
export async function deleteProfile(db: Database, userId: string, id: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`delete from profiles where user_id = ${userId} and id = ${id} and id <> ${userId}
        returning 1`,
  );
  return rows.length > 0;
}

/**
 * Makes the account's profile `profileId` the active one of its session `sessionId`.
 * @returns false when the account has no such profile (nothing changed).
 */
export async function setActiveProfile(
  db: Database,
  userId: string,
  sessionId: string,
  profileId: string,
): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`update "session" set active_profile_id = p.id
        from profiles p
        where "session".id = ${sessionId} and "session".user_id = ${userId}
          and p.id = ${profileId} and p.user_id = ${userId}
        returning 1`,
  );
  return rows.length > 0;
}
