/**
 * Addon tokens SQL (STREMIO-1, STREMIO-8 in docs/requirements.md): a profile's tokens in
 * `stremio_tokens`, kept as SHA-256 hashes. Every statement of the token calls names the profile,
 * so an id of another profile's token finds nothing. The addon finds a token's profile in one
 * indexed statement per request, which also notes when the token was last used (at most once a
 * minute), so nothing about a token is kept in memory and a revoke holds at once on every
 * server.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@pigostream/db';
import type { ProfileKind } from '@pigostream/contracts';

/** A token as the token calls list it. */
export interface TokenRow {
  id: string;
  createdAt: Date | string;
  lastUsedAt: Date | string | null;
}

/** The profile a token opens, as the addon acts for it. */
export interface TokenProfileRow {
  /** The token's id (not the token). */
  tokenId: string;
  /** The token's SHA-256, hex. */
  tokenHash: string;
  profileId: string;
  /** The account's id. */
  userId: string;
  name: string;
  kind: ProfileKind;
  maxRatingAge: number | null;
  showUnrated: boolean;
}

/** The profile's tokens, oldest first. */
export function listTokens(db: Database, profileId: string): Promise<TokenRow[]> {
  return queryRows<TokenRow>(
    db,
    sql`select id, created_at as "createdAt", last_used_at as "lastUsedAt"
        from stremio_tokens where profile_id = ${profileId} order by created_at, id`,
  );
}

/**
 * Adds a token to the profile unless it holds `max` already; under a per-profile transaction
 * lock, so concurrent creates never pass the limit.
 * @returns whether it was added.
 */
export function insertToken(
  db: Database,
  profileId: string,
  token: { id: string; hash: string },
  max: number,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await queryRows(
      tx,
      sql`select pg_advisory_xact_lock(hashtext('pigostream.stremio-tokens'), hashtext(${profileId}))`,
    );
    const [held] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from stremio_tokens where profile_id = ${profileId}`,
    );
    if (!held || held.n >= max) return false;
    await queryRows(
      tx,
      sql`insert into stremio_tokens (id, profile_id, token_hash)
          values (${token.id}, ${profileId}, ${token.hash})`,
    );
    return true;
  });
}

/** Deletes the profile's token `id`. @returns whether it was the profile's. */
export async function deleteToken(db: Database, profileId: string, id: string): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`delete from stremio_tokens where profile_id = ${profileId} and id = ${id} returning 1`,
  );
  return rows.length > 0;
}

/**
 * The profile of the token whose SHA-256 is `hash`, or undefined: one statement over the hash's
 * unique index, which also sets the token's `last_used_at` when it is unset or a minute old.
 */
export async function findTokenProfile(
  db: Database,
  hash: string,
): Promise<TokenProfileRow | undefined> {
  const [row] = await queryRows<TokenProfileRow>(
    db,
    sql`with found as (
          select t.id as "tokenId", t.token_hash as "tokenHash", t.last_used_at,
            p.id as "profileId", p.user_id as "userId", p.name, p.kind,
            p.max_rating_age as "maxRatingAge", p.show_unrated as "showUnrated"
          from stremio_tokens t join profiles p on p.id = t.profile_id
          where t.token_hash = ${hash}
        ), touched as (
          update stremio_tokens s set last_used_at = now()
          from found f
          where s.id = f."tokenId"
            and (f.last_used_at is null or f.last_used_at < now() - interval '1 minute')
          returning 1
        )
        select "tokenId", "tokenHash", "profileId", "userId", name, kind, "maxRatingAge",
          "showUnrated"
        from found`,
  );
  return row;
}
