/**
 * `pigo export-user EMAIL` (OPS-4, OPS-7 in docs/requirements.md) and the Import & export page's
 * PigoStream export (TRANSFER-4, TRANSFER-6): one user's data as JSON, for the user to keep or take
 * elsewhere. Account (e-mail, name, when it was made), My List, Watch History (shows with the
 * episodes watched) and search history (DATA-9), newest first, and watch progress (PROG-1); nothing
 * secret (no password hash, no sessions). Version 2 added years, episodes and progress; the import
 * reads both versions.
 */
import type { DatabaseHandle } from '@pigostream/db';
import { DomainError } from '../../lib/domain-error.ts';
import { inTransaction } from './backup.repository.ts';
import {
  findAccount,
  findAccountById,
  listEntries,
  progressEntries,
  searchEntries,
  type ListEntryRow,
  type ProgressRow,
} from './user-export.repository.ts';

/** One title of My List or Watch History. */
export interface ExportedTitle {
  type: string;
  /** TMDB id of the movie or show. */
  id: number;
  /** Its title in this server's catalogue, null when the catalogue lacks it. */
  title: string | null;
  /** Year of release or first air date in the catalogue, null when unknown. */
  year: number | null;
  /** ISO time it was added (My List) or last watched (Watch History). */
  at: string;
  /** A show of Watch History: the episodes watched, by season and number. */
  episodes?: { season: number; episode: number; watchedAt: string }[];
}

/** How far a movie or an episode was played (PROG-1, PROG-4), in seconds. */
export interface ExportedProgress {
  type: string;
  id: number;
  /** Null for a movie. */
  season: number | null;
  episode: number | null;
  position: number;
  duration: number;
  watched: boolean;
  updatedAt: string;
}

/** The export file's content. */
export interface UserExport {
  format: 'pigostream-user-export';
  version: 2;
  /** ISO time of the export. */
  exportedAt: string;
  account: { email: string; name: string; emailVerified: boolean; createdAt: string };
  myList: ExportedTitle[];
  watchHistory: ExportedTitle[];
  /** Saved searches, newest first; `createdAt` ISO. */
  searchHistory: { query: string; createdAt: string }[];
  progress: ExportedProgress[];
}

/** No account has the e-mail address (404 on the control socket); the message is one line. */
export class UnknownUserError extends DomainError {
  override name = 'UnknownUserError';
  readonly statusCode = 404;
  constructor(readonly email: string) {
    super(`no account has the e-mail address ${email}.`);
  }
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

function titles(rows: ListEntryRow[], progress: ProgressRow[] = []): ExportedTitle[] {
  return rows.map((r) => {
    const year = r.release_date ? Number(r.release_date.slice(0, 4)) : null;
    const entry: ExportedTitle = {
      type: r.media_type,
      id: r.tmdb_id,
      title: r.title,
      year,
      at: iso(r.at),
    };
    if (r.media_type !== 'tv' || progress.length === 0) return entry;
    const episodes = progress
      .filter((p) => p.media_type === 'tv' && p.tmdb_id === r.tmdb_id && p.watched)
      .map((p) => ({
        season: p.season_number,
        episode: p.episode_number,
        watchedAt: iso(p.updated_at),
      }));
    return episodes.length > 0 ? { ...entry, episodes } : entry;
  });
}

function progressOf(rows: ProgressRow[]): ExportedProgress[] {
  return rows.map((p) => {
    const movie = p.media_type === 'movie';
    return {
      type: p.media_type,
      id: p.tmdb_id,
      season: movie ? null : p.season_number,
      episode: movie ? null : p.episode_number,
      position: p.position_s,
      duration: p.duration_s,
      watched: p.watched,
      updatedAt: iso(p.updated_at),
    };
  });
}

/**
 * Reads one user's data from one consistent view of the database: the account, and the personal
 * data of one of its profiles (PROFILE-4 in docs/requirements.md): `profileId`'s, else the
 * default profile's (its id is the account's), as `pigo export-user EMAIL` exports it.
 * @param who the account's address (trimmed, any case), or `{ userId, profileId? }`.
 * @throws UnknownUserError when no account has it.
 */
export function exportUser(
  handle: DatabaseHandle,
  who: string | { userId: string; profileId?: string },
): Promise<UserExport> {
  return inTransaction(handle, 'snapshot', async (session) => {
    const account =
      typeof who === 'string'
        ? await findAccount(session, who)
        : await findAccountById(session, who.userId);
    if (!account) throw new UnknownUserError(typeof who === 'string' ? who.trim() : who.userId);
    const owner = typeof who === 'string' ? account.id : (who.profileId ?? account.id);
    const progress = await progressEntries(session, owner);
    return {
      format: 'pigostream-user-export',
      version: 2,
      exportedAt: new Date().toISOString(),
      account: {
        email: account.email,
        name: account.name,
        emailVerified: account.email_verified,
        createdAt: iso(account.created_at),
      },
      myList: titles(await listEntries(session, 'my_list', owner)),
      watchHistory: titles(await listEntries(session, 'watch_history', owner), progress),
      searchHistory: (await searchEntries(session, owner)).map((s) => ({
        query: s.query,
        createdAt: iso(s.created_at),
      })),
      progress: progressOf(progress),
    };
  });
}
