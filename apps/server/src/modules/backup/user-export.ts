/**
 * `pigo export-user EMAIL` (issue 15): one user's data as JSON, for the user to keep or take
 * elsewhere. Account (e-mail, name, when it was made), My List, Watch History and search
 * history (spec section 3), newest first; nothing secret (no password hash, no sessions).
 */
import type { DatabaseHandle } from '@pigostream/db';
import { inTransaction } from './backup.repository.ts';
import {
  findAccount,
  listEntries,
  searchEntries,
  type ListEntryRow,
} from './user-export.repository.ts';

/** One title of My List or Watch History. */
export interface ExportedTitle {
  type: string;
  /** TMDB id of the movie or show. */
  id: number;
  /** Its title in this server's catalogue, null when the catalogue lacks it. */
  title: string | null;
  /** ISO time it was added (My List) or last watched (Watch History). */
  at: string;
}

/** The export file's content. */
export interface UserExport {
  format: 'pigostream-user-export';
  version: 1;
  /** ISO time of the export. */
  exportedAt: string;
  account: { email: string; name: string; emailVerified: boolean; createdAt: string };
  myList: ExportedTitle[];
  watchHistory: ExportedTitle[];
  /** Saved searches, newest first; `createdAt` ISO. */
  searchHistory: { query: string; createdAt: string }[];
}

/** No account has the e-mail address; the message is one line. */
export class UnknownUserError extends Error {
  override name = 'UnknownUserError';
  constructor(readonly email: string) {
    super(`no account has the e-mail address ${email}.`);
  }
}

function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

function titles(rows: ListEntryRow[]): ExportedTitle[] {
  return rows.map((r) => ({ type: r.media_type, id: r.tmdb_id, title: r.title, at: iso(r.at) }));
}

/**
 * Reads one user's data from one consistent view of the database.
 * @param email the account's address (trimmed, any case).
 * @throws UnknownUserError when no account has it.
 */
export function exportUser(handle: DatabaseHandle, email: string): Promise<UserExport> {
  return inTransaction(handle, 'snapshot', async (session) => {
    const account = await findAccount(session, email);
    if (!account) throw new UnknownUserError(email.trim());
    return {
      format: 'pigostream-user-export',
      version: 1,
      exportedAt: new Date().toISOString(),
      account: {
        email: account.email,
        name: account.name,
        emailVerified: account.email_verified,
        createdAt: iso(account.created_at),
      },
      myList: titles(await listEntries(session, 'my_list', account.id)),
      watchHistory: titles(await listEntries(session, 'watch_history', account.id)),
      searchHistory: (await searchEntries(session, account.id)).map((s) => ({
        query: s.query,
        createdAt: iso(s.created_at),
      })),
    };
  });
}
