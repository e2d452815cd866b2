/**
 * SQL of `pigo export-user` (OPS-7 in docs/requirements.md): one user's account, My List, Watch
 * History and search history (DATA-1, DATA-2, DATA-3, DATA-9), read on one session so the parts
 * agree.
 */
import type { SqlSession } from './backup.repository.ts';

/** A better-auth `user` row as exported. */
export interface AccountRow {
  id: string;
  email: string;
  name: string;
  email_verified: boolean;
  created_at: Date | string;
}

/** A My List or Watch History entry with its catalogue title (null when not in the catalogue). */
export interface ListEntryRow {
  media_type: string;
  tmdb_id: number;
  title: string | null;
  /** `YYYY-MM-DD` of release or first air date, null when unknown. */
  release_date: string | null;
  at: Date | string;
}

/** A watch progress row (PROG-4); season and episode 0 for a movie. */
export interface ProgressRow {
  media_type: string;
  tmdb_id: number;
  season_number: number;
  episode_number: number;
  position_s: number;
  duration_s: number;
  watched: boolean;
  updated_at: Date | string;
}

/** A saved search. */
export interface SearchRow {
  query: string;
  created_at: Date | string;
}

/** The account with id `id`. */
export async function findAccountById(
  session: SqlSession,
  id: string,
): Promise<AccountRow | undefined> {
  const rows = await session.query<AccountRow>(
    `select id, email, name, email_verified, created_at from public."user" where id = $1`,
    [id],
  );
  return rows[0];
}

/** A user's watch progress (PROG-4), by title, season and episode. */
export function progressEntries(session: SqlSession, userId: string): Promise<ProgressRow[]> {
  return session.query<ProgressRow>(
    `select media_type, tmdb_id, season_number, episode_number, position_s, duration_s, watched,
            updated_at
       from public.watch_progress where user_id = $1
      order by media_type, tmdb_id, season_number, episode_number`,
    [userId],
  );
}

/** The account whose e-mail is `email` (compared trimmed and without regard to case). */
export async function findAccount(
  session: SqlSession,
  email: string,
): Promise<AccountRow | undefined> {
  const rows = await session.query<AccountRow>(
    `select id, email, name, email_verified, created_at from public."user"
      where lower(email) = lower($1) order by created_at limit 1`,
    [email.trim()],
  );
  return rows[0];
}

/** A user's My List (`my_list`) or Watch History (`watch_history`), newest first. */
export function listEntries(
  session: SqlSession,
  list: 'my_list' | 'watch_history',
  userId: string,
): Promise<ListEntryRow[]> {
  const time = list === 'my_list' ? 'added_at' : 'watched_at';
  return session.query<ListEntryRow>(
    `select l.media_type, l.tmdb_id, t.title, t.release_date::text as release_date,
            l.${time} as at
       from public.${list} l
       left join public.titles t on t.media_type = l.media_type and t.id = l.tmdb_id
      where l.user_id = $1
      order by l.${time} desc, l.tmdb_id desc`,
    [userId],
  );
}

/** A user's saved searches, newest first. */
export function searchEntries(session: SqlSession, userId: string): Promise<SearchRow[]> {
  return session.query<SearchRow>(
    `select query, created_at from public.search_history where user_id = $1 order by id desc`,
    [userId],
  );
}
