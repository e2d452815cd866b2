/**
 * Profiles SQL (PROFILE-1..8 in docs/requirements.md): an account's profiles and a session's
 * active one. Every statement names the account (`user_id`), so a profile id of another account
 * finds nothing. A create runs under a per-account transaction lock, so concurrent creates never
 * pass the limit nor take one position twice. A session keeps its active profile's rating limit
 * beside its id (`rating_ceiling`, `rating_unrated`): every statement that changes a profile's
 * kind or limit, or which profile a session has active, keeps them in step.
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

/** How a profile shows beside others (a room's member list, TOGETHER-2): its name and avatar. */
export interface ProfileCard {
  name: string;
  avatar: string;
}

/** The account's profile `id`'s name and avatar, or undefined when it has none of that id. */
export async function findProfileCard(
  db: Database,
  userId: string,
  id: string,
): Promise<ProfileCard | undefined> {
  const [row] = await queryRows<ProfileCard>(
    db,
    sql`select name, avatar from profiles where user_id = ${userId} and id = ${id}`,
  );
  return row;
}

/** What a new profile or a change of one stores; undefined fields are left as they are. */
export interface ProfileFields {
  name?: string;
  avatar?: string;
  kind?: ProfileKind;
  /** Kids' profiles only; null for adults. */
  maxRatingAge?: number | null;
  showUnrated?: boolean;
  /** scrypt `salt:key`; null clears the PIN. */
  pinHash?: string | null;
}

/** A profile's lock and kind, for the checks before a switch or a change (PROFILE-8). */
export interface ProfileLock {
  id: string;
  kind: ProfileKind;
  pinHash: string | null;
}

/** The account's profile `id`'s kind and PIN hash, or undefined when it has none of that id. */
export async function findProfileLock(
  db: Database,
  userId: string,
  id: string,
): Promise<ProfileLock | undefined> {
  const [row] = await queryRows<ProfileLock>(
    db,
    sql`select id, kind, pin_hash as "pinHash" from profiles where user_id = ${userId} and id = ${id}`,
  );
  return row;
}

/**
 * The rating limit sessions keep for a profile row `p` (PROFILE-7): its limit when it is a kids'
 * profile, else none.
 */
const CEILING_OF = sql`case when p.kind = 'kids' then p.max_rating_age end`;
const UNRATED_OF = sql`(p.kind = 'kids' and p.show_unrated)`;

/**
 * Adds a profile at the end of the account's list unless it holds `max` already.
 * @returns the profile, or undefined at the limit.
 */
export function insertProfile(
  db: Database,
  userId: string,
  profile: { id: string; name: string; avatar: string; kind: ProfileKind } & ProfileFields,
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
      sql`insert into profiles
            (id, user_id, name, avatar, kind, position, max_rating_age, show_unrated, pin_hash)
          values (${profile.id}, ${userId}, ${profile.name}, ${profile.avatar}, ${profile.kind},
                  ${held.next}, ${profile.maxRatingAge ?? null}, ${profile.showUnrated ?? false},
                  ${profile.pinHash ?? null})
          returning ${COLUMNS}`,
    );
    return row;
  });
}

/**
 * Changes the given fields of the account's profile `id`, and the rating limit of every session
 * that has it active (PROFILE-7: a kid's limit changes at once, on every device).
 * @returns the profile, or undefined when the account has none of that id.
 */
export function updateProfile(
  db: Database,
  userId: string,
  id: string,
  changes: ProfileFields,
): Promise<ProfileRow | undefined> {
  const has = (key: keyof ProfileFields) => changes[key] !== undefined;
  return db.transaction(async (tx) => {
    const [row] = await queryRows<ProfileRow>(
      tx,
      sql`update profiles set
            name = coalesce(${changes.name ?? null}::text, name),
            avatar = coalesce(${changes.avatar ?? null}::text, avatar),
            kind = coalesce(${changes.kind ?? null}::text, kind),
            max_rating_age = case when ${has('maxRatingAge')} then ${changes.maxRatingAge ?? null}::smallint
                                  else max_rating_age end,
            show_unrated = coalesce(${changes.showUnrated ?? null}::boolean, show_unrated),
            pin_hash = case when ${has('pinHash')} then ${changes.pinHash ?? null}::text
                            else pin_hash end
          where user_id = ${userId} and id = ${id}
          returning ${COLUMNS}`,
    );
    if (!row) return undefined;
    await queryRows(
      tx,
      sql`update "session" set rating_ceiling = ${CEILING_OF}, rating_unrated = ${UNRATED_OF}
          from profiles p
          where p.id = ${id} and p.user_id = ${userId} and "session".active_profile_id = p.id`,
    );
    return row;
  });
}

/**
 * Deletes the account's profile `id` other than its default one (whose id is the account's);
 * its personal rows go with it (foreign keys, on delete cascade), and sessions that had it
 * active go back to the default profile, an adult one without a rating limit.
 * @returns whether it was deleted.
 */
export function deleteProfile(db: Database, userId: string, id: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    await queryRows(
      tx,
      sql`update "session" set active_profile_id = null, rating_ceiling = null,
            rating_unrated = false
          where user_id = ${userId} and active_profile_id = ${id} and ${id} <> ${userId}`,
    );
    const rows = await queryRows(
      tx,
      sql`delete from profiles where user_id = ${userId} and id = ${id} and id <> ${userId}
          returning 1`,
    );
    return rows.length > 0;
  });
}

/**
 * Makes the account's profile `profileId` the active one of its session `sessionId`, with its
 * rating limit (PROFILE-3, PROFILE-7).
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
    sql`update "session" set active_profile_id = p.id, rating_ceiling = ${CEILING_OF},
          rating_unrated = ${UNRATED_OF}
        from profiles p
        where "session".id = ${sessionId} and "session".user_id = ${userId}
          and p.id = ${profileId} and p.user_id = ${userId}
        returning 1`,
  );
  return rows.length > 0;
}
