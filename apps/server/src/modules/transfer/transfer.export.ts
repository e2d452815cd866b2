/**
 * The exports of the Import & export page (TRANSFER-4, TRANSFER-6 in docs/requirements.md), written
 * from one read of the user's data (backup/user-export.ts): our JSON as it is; Letterboxd's import
 * CSV of the watched movies or of My List's movies (`tmdbID,Title,Year,WatchedDate`: Letterboxd
 * lists films only, so shows are left out); and JSON shaped like Trakt's export (`watchlist`,
 * `watched_movies`, `watched_shows` with their seasons and episodes), which the import reads back.
 */
import { stringify } from 'csv-stringify/sync';
import type { ExportFormat } from '@pigostream/contracts';
import type { ExportedTitle, UserExport } from '../backup/index.ts';

/** A file to download: its name, content type and text. */
export interface ExportFile {
  fileName: string;
  contentType: string;
  body: string;
}

/** `{ title, year, ids: { tmdb } }` as Trakt names a movie or show. */
function traktMedia(t: ExportedTitle) {
  return { title: t.title ?? '', year: t.year, ids: { tmdb: t.id } };
}

/** Trakt's seasons of a show's watched episodes. */
function traktSeasons(t: ExportedTitle) {
  const seasons = new Map<number, { number: number; plays: number; last_watched_at: string }[]>();
  for (const e of t.episodes ?? []) {
    const list = seasons.get(e.season) ?? [];
    list.push({ number: e.episode, plays: 1, last_watched_at: e.watchedAt });
    seasons.set(e.season, list);
  }
  return [...seasons].map(([number, episodes]) => ({ number, episodes }));
}

/** Writes `data` (the user's export) in `format`; `day` (`YYYY-MM-DD`) names the file. */
export function writeExport(data: UserExport, format: ExportFormat, day: string): ExportFile {
  const base = `pigostream-${day}`;
  switch (format) {
    case 'pigostream':
      return {
        fileName: `${base}.json`,
        contentType: 'application/json; charset=utf-8',
        body: `${JSON.stringify(data, null, 2)}\n`,
      };
    case 'letterboxd':
    case 'letterboxd-watchlist': {
      const watchlist = format === 'letterboxd-watchlist';
      const rows = (watchlist ? data.myList : data.watchHistory)
        .filter((t) => t.type === 'movie')
        .map((t) =>
          watchlist
            ? [t.id, t.title ?? '', t.year ?? '']
            : [t.id, t.title ?? '', t.year ?? '', t.at.slice(0, 10)],
        );
      return {
        fileName: `${base}-letterboxd-${watchlist ? 'watchlist' : 'diary'}.csv`,
        contentType: 'text/csv; charset=utf-8',
        body: stringify(rows, {
          header: true,
          columns: watchlist
            ? ['tmdbID', 'Title', 'Year']
            : ['tmdbID', 'Title', 'Year', 'WatchedDate'],
        }),
      };
    }
    case 'trakt': {
      const trakt = {
        watchlist: data.myList.map((t) => ({
          listed_at: t.at,
          type: t.type === 'movie' ? 'movie' : 'show',
          [t.type === 'movie' ? 'movie' : 'show']: traktMedia(t),
        })),
        watched_movies: data.watchHistory
          .filter((t) => t.type === 'movie')
          .map((t) => ({ plays: 1, last_watched_at: t.at, movie: traktMedia(t) })),
        watched_shows: data.watchHistory
          .filter((t) => t.type === 'tv')
          .map((t) => ({
            plays: t.episodes?.length ?? 1,
            last_watched_at: t.at,
            show: traktMedia(t),
            seasons: traktSeasons(t),
          })),
      };
      return {
        fileName: `${base}-trakt.json`,
        contentType: 'application/json; charset=utf-8',
        body: `${JSON.stringify(trakt, null, 2)}\n`,
      };
    }
  }
}
