/**
 * Import and export of a user's My List and Watch History (TRANSFER-1 in docs/requirements.md):
 * previews an uploaded file (read, then matched to the catalogue; nothing written), applies the
 * entries the user confirmed in one transaction, idempotently, and writes the exports. A kids'
 * profile's import neither matches nor writes a title above its rating limit (PROFILE-7).
 */
import {
  type ExportFormat,
  type ImportEntry,
  type ImportPreview,
  type ImportResult,
  type MediaType,
  type RatingCeiling,
} from '@pigostream/contracts';
import type { DatabaseHandle } from '@pigostream/db';
import { exportUser } from '../backup/index.ts';
import type { TitleLookup } from '../catalogue/index.ts';
import { importEntries, NotAvailableOnProfileError } from '../library/index.ts';
import { importWatchedEpisodes } from '../progress/index.ts';
import { writeExport, type ExportFile } from './transfer.export.ts';
import { hideAboveCeiling, matchRows, shownUnder } from './transfer.match.ts';
import { ImportFileError, parseImportFile } from './transfer.parse.ts';

/** The rules of the transfer calls, for a user id the route has checked. */
export class TransferService {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly lookup: TitleLookup,
  ) {}

  /**
   * Reads `content` (the file `fileName`) and matches its titles; writes nothing. Under
   * `ceiling`, a kids' profile's limit (PROFILE-7), titles above it are neither matched nor
   * offered: their rows count as not found.
   * @throws ImportFileError (400, 413) for a file it cannot read, naming the line.
   */
  async preview(
    fileName: string,
    content: string,
    ceiling?: RatingCeiling,
  ): Promise<ImportPreview> {
    const parsed = parseImportFile(fileName, content);
    const matched = await matchRows(parsed.rows, this.lookup);
    const items = ceiling ? await hideAboveCeiling(matched, this.lookup, ceiling) : matched;
    const count = (status: string) => items.filter((i) => i.status === status).length;
    return {
      format: parsed.format,
      fileName,
      rows: parsed.rows.length,
      counts: {
        matched: count('matched'),
        uncertain: count('uncertain'),
        notFound: count('not-found'),
      },
      items,
    };
  }

  /**
   * Writes the confirmed `entries` for `userId` in one transaction: My List keeps what it has,
   * Watch History takes the later watch time, episodes are marked watched. Importing the same
   * entries again adds nothing.
   * @throws ImportFileError (400) naming the first entry whose title the catalogue does not
   *   know; NotAvailableOnProfileError (403 `{ error: 'Not available on this profile' }`) when
   *   an entry's title is above `ceiling`, a kids' profile's limit (PROFILE-7); nothing is
   *   written then.
   */
  async apply(
    userId: string,
    entries: readonly ImportEntry[],
    ceiling?: RatingCeiling,
  ): Promise<ImportResult> {
    await this.assertKnown(entries, ceiling);
    const merged = mergeEntries(entries);
    return this.database.db.transaction(async (tx) => {
      const myList = await importEntries(
        tx,
        'my_list',
        userId,
        merged.filter((e) => e.list === 'watchlist'),
      );
      const history = merged.filter((e) => e.list === 'history');
      const watchHistory = await importEntries(tx, 'watch_history', userId, history);
      let episodes = 0;
      for (const entry of history) {
        if (entry.type !== 'tv' || entry.episodes.length === 0) continue;
        episodes += await importWatchedEpisodes(tx, userId, entry.id, entry.episodes);
      }
      return {
        ok: true as const,
        myList: { added: myList.added, kept: myList.kept + myList.updated },
        watchHistory,
        episodes: { added: episodes },
      };
    });
  }

  /**
   * The account `userId`'s data as a file in `format`, named with today's date: the personal
   * data of its profile `profileId` (PROFILE-4: the session's active one). Under `ceiling`, a
   * kids' profile's limit (PROFILE-7), its lists and progress hold only titles within it.
   */
  async export(
    userId: string,
    profileId: string,
    format: ExportFormat,
    ceiling?: RatingCeiling,
  ): Promise<ExportFile> {
    const data = await exportUser(this.database, { userId, profileId });
    if (ceiling) {
      const all = [...data.myList, ...data.watchHistory, ...data.progress];
      const keep = await shownUnder(all, this.lookup, ceiling);
      data.myList = data.myList.filter(keep);
      data.watchHistory = data.watchHistory.filter(keep);
      data.progress = data.progress.filter(keep);
    }
    return writeExport(data, format, new Date().toISOString().slice(0, 10));
  }

  /**
   * @throws ImportFileError (400) for the first entry the catalogue does not know;
   *   NotAvailableOnProfileError (403) for an entry above `ceiling` (PROFILE-7).
   */
  private async assertKnown(
    entries: readonly ImportEntry[],
    ceiling: RatingCeiling | undefined,
  ): Promise<void> {
    for (const type of ['movie', 'tv'] as const) {
      const ids = [...new Set(entries.filter((e) => e.type === type).map((e) => e.id))];
      if (ids.length === 0) continue;
      const known = new Set((await this.lookup.byIds(type, ids)).map((t) => t.id));
      const unknown = ids.find((id) => !known.has(id));
      if (unknown !== undefined) {
        throw new ImportFileError(
          `No ${type === 'movie' ? 'movie' : 'show'} with id ${String(unknown)} in the catalogue; nothing was imported.`,
        );
      }
      if (!ceiling) continue;
      const shown = await this.lookup.within(type, ids, ceiling);
      if (ids.some((id) => !shown.has(id))) throw new NotAvailableOnProfileError();
    }
  }
}

/** An entry to write, one per list and title. */
interface MergedEntry {
  list: ImportEntry['list'];
  type: MediaType;
  id: number;
  at: string | null;
  episodes: { season: number; episode: number; watchedAt: string | null }[];
}

/**
 * One entry per list and title: history keeps the latest time, My List the earliest; episodes
 * merged. (A statement may not change one row twice.)
 */
function mergeEntries(entries: readonly ImportEntry[]): MergedEntry[] {
  const byKey = new Map<string, MergedEntry>();
  for (const e of entries) {
    const key = `${e.list}:${e.type}:${String(e.id)}`;
    const at = e.watchedAt ?? null;
    const seen = byKey.get(key);
    if (!seen) {
      byKey.set(key, {
        list: e.list,
        type: e.type,
        id: e.id,
        at,
        episodes: [...(e.episodes ?? [])],
      });
      continue;
    }
    if (at && (!seen.at || (e.list === 'history' ? at > seen.at : at < seen.at))) seen.at = at;
    seen.episodes.push(...(e.episodes ?? []));
  }
  for (const entry of byKey.values()) {
    const episodes = new Map<string, MergedEntry['episodes'][number]>();
    for (const ep of entry.episodes) {
      const key = `${String(ep.season)}:${String(ep.episode)}`;
      const seen = episodes.get(key);
      if (!seen || (ep.watchedAt ?? '') > (seen.watchedAt ?? '')) episodes.set(key, ep);
    }
    entry.episodes = [...episodes.values()];
  }
  return [...byKey.values()];
}
