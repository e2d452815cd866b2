/**
 * Watch progress of a user (PROG-1 in docs/requirements.md): saves how far they got in a movie or
 * an episode, answers a title's progress for Resume, and Continue Watching as catalogue summaries
 * with their progress. Titles are checked against the catalogue before anything is written. A
 * kids' profile (PROFILE-7) saves and is answered only titles within its rating limit (the
 * `ceiling` of each call; undefined for adults); rows above it stay stored.
 */
import {
  CONTINUE_WATCHING_LIMIT,
  NEW_EPISODES_AHEAD_DAYS,
  NEW_EPISODES_PAST_DAYS,
  type ContinueWatchingItem,
  type NewEpisodeItem,
  type UpNextItem,
  type MediaType,
  type ProgressEntry,
  type RatingCeiling,
  type SaveProgressBody,
  type TitleSummary,
} from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import { NotFoundError, type CatalogueSource } from '../catalogue/index.ts';
import { firstShown, NotAvailableOnProfileError, RatingGate } from '../library/index.ts';
import * as repo from './progress.repository.ts';

/** A stored row as the API answers it (season and episode null for a movie). */
function entryOf(row: repo.ProgressRow): ProgressEntry {
  const movie = row.media_type === 'movie';
  return {
    season: movie ? null : row.season_number,
    episode: movie ? null : row.episode_number,
    position: row.position_s,
    duration: row.duration_s,
    watched: row.watched,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The progress rules over progress.repository.ts, for a user id the route has checked. */
export class ProgressService {
  /** Checks titles against the catalogue and a kids' profile's limit, batched per turn. */
  private readonly gate: RatingGate;

  constructor(
    private readonly db: Database,
    private readonly catalogue: CatalogueSource,
  ) {
    this.gate = new RatingGate(catalogue);
  }

  /**
   * Saves how far the user got (`position` of `duration` seconds) in a movie, or in a show's
   * episode `season`/`episode`.
   * @returns whether it now counts as watched (90 % played, or watched before).
   * @throws NotFoundError (404) for a title the catalogue does not know, NotAvailableOnProfileError
   *   (403) for one above `ceiling` (PROFILE-7); nothing is written.
   */
  async save(
    userId: string,
    body: Omit<SaveProgressBody, 'userUID'>,
    ceiling?: RatingCeiling,
  ): Promise<boolean> {
    await this.assertKnownTitle(body.type, body.id, ceiling);
    const key = {
      type: body.type,
      id: body.id,
      season: body.season ?? 0,
      episode: body.episode ?? 0,
    };
    return repo.saveProgress(this.db, userId, key, body.position, body.duration);
  }

  /**
   * The progress of one title: its movie, or each episode with any, newest save first (Resume).
   * @throws NotAvailableOnProfileError (403) for a title the catalogue rates above `ceiling`
   *   (PROFILE-7), as the play page it serves.
   */
  async titleProgress(
    userId: string,
    type: MediaType,
    id: number,
    ceiling?: RatingCeiling,
  ): Promise<ProgressEntry[]> {
    if (ceiling && (await this.gate.standing(type, id, ceiling)) === 'hidden') {
      throw new NotAvailableOnProfileError();
    }
    return (await repo.titleProgress(this.db, userId, type, id)).map(entryOf);
  }

  /**
   * Continue Watching: titles started and not finished, newest save first, at most
   * {@link CONTINUE_WATCHING_LIMIT}, each with the progress saved last; titles the catalogue
   * lost, and titles above `ceiling` (PROFILE-7), are left out.
   */
  async continueWatching(userId: string, ceiling?: RatingCeiling): Promise<ContinueWatchingItem[]> {
    return firstShown(
      CONTINUE_WATCHING_LIMIT,
      ceiling,
      (offset, count) => repo.continueWatching(this.db, userId, count, offset),
      async (rows) => {
        const summaries = new Map<string, TitleSummary>();
        for (const type of ['movie', 'tv'] as const) {
          const ids = rows.filter((r) => r.media_type === type).map((r) => r.tmdb_id);
          if (ids.length === 0) continue;
          for (const title of await this.catalogue.summaries(type, ids, ceiling)) {
            summaries.set(`${type}:${String(title.id)}`, title);
          }
        }
        return rows.flatMap((row) => {
          const title = summaries.get(`${row.media_type}:${String(row.tmdb_id)}`);
          return title ? [{ ...title, progress: entryOf(row) }] : [];
        });
      },
    );
  }

  /**
   * Takes a title out of Continue Watching (its positions go back to 0; watched stays watched).
   * @throws NotFoundError (404) when the title has no started progress.
   */
  async remove(userId: string, type: MediaType, id: number): Promise<void> {
    if ((await repo.resetTitleProgress(this.db, userId, type, id)) === 0) {
      throw new NotFoundError(
        `${type === 'movie' ? 'Movie' : 'Show'} ${String(id)} is not in Continue Watching`,
      );
    }
  }

  /**
   * Marks every episode of season `season` of show `id` that has aired by `today`
   * (`YYYY-MM-DD`; an episode without an air date counts as aired) watched, or with `watched`
   * false forgets the season's progress.
   * @returns how many episodes were marked or unmarked.
   * @throws NotFoundError (404) for a show or season the catalogue does not know;
   *   NotAvailableOnProfileError (403) for a show above `ceiling` (PROFILE-7), nothing changed.
   */
  async markSeason(
    userId: string,
    id: number,
    season: number,
    watched: boolean,
    ceiling?: RatingCeiling,
    today = new Date().toISOString().slice(0, 10),
  ): Promise<number> {
    if (ceiling) await this.gate.assertShown('tv', id, ceiling);
    const details = await this.catalogue.season(id, season);
    if (!watched) return repo.forgetSeason(this.db, userId, id, season);
    const aired = details.episodes
      .filter((episode) => !episode.air_date || episode.air_date <= today)
      .map((episode) => episode.episode_number);
    return repo.markEpisodesWatched(this.db, userId, id, season, [...new Set(aired)]);
  }

  /**
   * Up Next (PROG-6): for each show in My List, the watch history or with progress (the one
   * active last first, at most {@link CONTINUE_WATCHING_LIMIT}), the first episode not watched
   * after the last one watched (S1 E1 when none was), across season boundaries; specials
   * (season 0) are never offered. A show is left out when that episode has not aired by
   * `today` (`YYYY-MM-DD`; no air date counts as aired), when there is none (all watched), when
   * it is in Continue Watching, or when the catalogue does not know it; under `ceiling`
   * (PROFILE-7) shows above it are not looked at. Three queries and one read of the catalogue's
   * episode guides, whatever the number of shows.
   */
  async upNext(
    userId: string,
    ceiling?: RatingCeiling,
    today = new Date().toISOString().slice(0, 10),
  ): Promise<UpNextItem[]> {
    const [shows, started] = await Promise.all([
      this.shows(userId, ceiling),
      repo.continueWatching(this.db, userId, CONTINUE_WATCHING_LIMIT),
    ]);
    const continuing = new Set(started.filter((r) => r.media_type === 'tv').map((r) => r.tmdb_id));
    const candidates = shows.filter((id) => !continuing.has(id));
    const watched = await repo.watchedEpisodes(this.db, userId, candidates);
    const lastWatched = new Map(
      candidates.map((id) => [id, latestEpisode((watched.get(id) ?? []).filter(([s]) => s > 0))]),
    );
    const [guides, summaries] = await Promise.all([
      this.catalogue.episodeGuides(candidates, (numbers, id) =>
        numbers.filter((n) => n > 0 && n >= (lastWatched.get(id)?.[0] ?? 0)),
      ),
      this.catalogue.summaries('tv', candidates, ceiling),
    ]);
    const titles = new Map(summaries.map((title) => [title.id, title]));
    return candidates.flatMap((id) => {
      const [lastSeason, lastEpisode] = lastWatched.get(id) ?? [0, 0];
      const seen = new Set((watched.get(id) ?? []).map(([s, e]) => `${String(s)}:${String(e)}`));
      const next = guides
        .get(id)
        ?.find(
          (e) =>
            e.season_number > 0 &&
            (e.season_number > lastSeason ||
              (e.season_number === lastSeason && e.episode_number > lastEpisode)) &&
            !seen.has(`${String(e.season_number)}:${String(e.episode_number)}`),
        );
      const title = titles.get(id);
      if (!next || !title || (next.air_date !== null && next.air_date > today)) return [];
      return [{ ...title, next }];
    });
  }

  /**
   * New Episodes (PROG-7): for the same shows as Up Next, the episodes of their two latest
   * seasons that aired in the last {@link NEW_EPISODES_PAST_DAYS} days or air in the next
   * {@link NEW_EPISODES_AHEAD_DAYS} (around `today`, `YYYY-MM-DD`), by air date then show, at
   * most 50, each saying whether the user watched it; shows the catalogue does not know, and
   * under `ceiling` shows above it (PROFILE-7), are left out.
   */
  async newEpisodes(
    userId: string,
    ceiling?: RatingCeiling,
    today = new Date().toISOString().slice(0, 10),
  ): Promise<NewEpisodeItem[]> {
    const day = 24 * 3600 * 1000;
    const at = Date.parse(`${today}T00:00:00Z`);
    const from = new Date(at - NEW_EPISODES_PAST_DAYS * day).toISOString().slice(0, 10);
    const to = new Date(at + NEW_EPISODES_AHEAD_DAYS * day).toISOString().slice(0, 10);
    const shows = await this.shows(userId, ceiling);
    const [guides, watched] = await Promise.all([
      this.catalogue.episodeGuides(shows, (numbers) => numbers.filter((n) => n > 0).slice(-2)),
      repo.watchedEpisodes(this.db, userId, shows),
    ]);
    const seen = new Set(
      [...watched].flatMap(([id, pairs]) =>
        pairs.map(([s, e]) => `${String(id)}:${String(s)}:${String(e)}`),
      ),
    );
    const episodes = [...guides].flatMap(([id, guide]) =>
      guide
        .filter((e) => e.air_date !== null && e.air_date >= from && e.air_date <= to)
        .map((episode) => ({
          id,
          episode,
          watched: seen.has(
            `${String(id)}:${String(episode.season_number)}:${String(episode.episode_number)}`,
          ),
        })),
    );
    const summaries = new Map(
      (await this.catalogue.summaries('tv', [...new Set(episodes.map((e) => e.id))], ceiling)).map(
        (title) => [title.id, title],
      ),
    );
    return episodes
      .flatMap(({ id, episode, watched: isWatched }) => {
        const title = summaries.get(id);
        return title ? [{ ...title, episode, watched: isWatched }] : [];
      })
      .sort(
        (a, b) =>
          (a.episode.air_date ?? '').localeCompare(b.episode.air_date ?? '') ||
          a.id - b.id ||
          a.episode.season_number - b.episode.season_number ||
          a.episode.episode_number - b.episode.episode_number,
      )
      .slice(0, 50);
  }

  /**
   * Throws unless the catalogue knows the title and a profile with `ceiling` (PROFILE-7;
   * undefined for adults) may see it: before a save or a player token.
   * @throws NotFoundError (404) for a title the catalogue does not know;
   *   NotAvailableOnProfileError (403 `{ error: 'Not available on this profile' }`) for one above
   *   `ceiling`.
   */
  assertKnownTitle(type: MediaType, id: number, ceiling?: RatingCeiling): Promise<void> {
    return this.gate.assertShown(type, id, ceiling);
  }

  /**
   * The shows Up Next and New Episodes look at (repo.upNextShows), at most
   * {@link CONTINUE_WATCHING_LIMIT}; under `ceiling` only those within it, read on past the
   * others.
   */
  private shows(userId: string, ceiling: RatingCeiling | undefined): Promise<number[]> {
    return firstShown(
      CONTINUE_WATCHING_LIMIT,
      ceiling,
      (offset, count) => repo.upNextShows(this.db, userId, count, offset),
      async (ids) =>
        ceiling ? (await this.catalogue.summaries('tv', ids, ceiling)).map((t) => t.id) : ids,
    );
  }
}

/** The latest of `[season, episode]` pairs; `[0, 0]` when there are none. */
function latestEpisode(pairs: readonly [number, number][]): [number, number] {
  return pairs.reduce<[number, number]>(
    (last, cur) => (cur[0] > last[0] || (cur[0] === last[0] && cur[1] > last[1]) ? cur : last),
    [0, 0],
  );
}
