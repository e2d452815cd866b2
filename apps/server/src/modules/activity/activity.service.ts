/**
 * This server's own watch activity (ARCH-13 in docs/architecture.md): the watch events the
 * recommender records (API-RECO-2 in docs/requirements.md `/recommender/insert`), read back for
 * "most watched", for trending in the local catalogue source, and for the recommender's co-watch
 * model. The activity module owns `watch_events`; other modules ask this service.
 */
import type { MediaType } from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import * as repo from './activity.repository.ts';
import type { EventKey, EventRow, TitleRef } from './activity.repository.ts';

export type { EventKey, EventRow, TitleRef } from './activity.repository.ts';

/** Days of watch events that count towards trending and "most watched". */
export const TRENDING_DAYS = 7;

/** Watch events picked up since a cursor, and the cursor to ask from next time. */
export interface EventsPage {
  events: EventRow[];
  /** The database's clock when the events were read (ISO timestamp). */
  cursor: string;
}

/** One page of a keyset walk over every watch event (see {@link ActivityService.eventsAfter}). */
export interface EventBatch {
  /** Oldest first, in key order; fewer than asked for when the walk reached the end. */
  events: EventRow[];
  /** The last event's key, to ask from next time; null when the page is empty. */
  last: EventKey | null;
}

/** Records and answers watch activity over this server's database. */
export class ActivityService {
  /**
   * `viewers`, when given, is told of each user's first watch of a title (RecentViewers in
   * viewers.service.ts: the catalogue's trending scores take it at once, RANK-1).
   */
  constructor(
    private readonly db: Database,
    private readonly viewers?: { newViewer(type: MediaType, id: number): Promise<void> },
  ) {}

  /**
   * Records that a user watched a title (one more watch when they had watched it before).
   * The caller checks the title exists. @returns true for the user's first watch of it.
   */
  async recordWatch(userId: string, type: MediaType, id: number): Promise<boolean> {
    const first = await repo.recordWatch(this.db, userId, type, id);
    if (first) await this.viewers?.newViewer(type, id);
    return first;
  }

  /** Every title a user watched, most recently watched first. */
  watchedTitles(userId: string): Promise<TitleRef[]> {
    return repo.watchedTitles(this.db, userId);
  }

  /** The database's clock now, as an ISO timestamp: a cursor for {@link eventsSince}. */
  now(): Promise<string> {
    return repo.databaseNow(this.db);
  }

  /**
   * Events first recorded after `since` (a cursor from {@link now} or an earlier call) minus
   * `lookbackSeconds`, oldest first, by any server on this database (SCALE-3 in
   * docs/requirements.md). Unbounded: for picking up what is new, not for reading everything.
   * @throws when the database fails.
   */
  async eventsSince(since: string, lookbackSeconds = 0): Promise<EventsPage> {
    const cursor = await repo.databaseNow(this.db);
    const events = await repo.eventsSince(this.db, since, lookbackSeconds);
    return { events, cursor };
  }

  /**
   * Up to `limit` events after `after` (from the very first when null), in the order the
   * recommender loads them: first watched first, then by user, type and id. Walk every event by
   * passing each page's `last` to the next call until a page comes back short.
   * @throws when the database fails.
   */
  async eventsAfter(after: EventKey | null, limit: number): Promise<EventBatch> {
    const rows = await repo.eventsAfter(this.db, after, limit);
    return { events: rows, last: keyOf(rows.at(-1)) };
  }

  /** How many watch events there are (every user's). @throws when the database fails. */
  eventCount(): Promise<number> {
    return repo.eventCount(this.db);
  }

  /**
   * Where a walk keeping only the `keep` newest events starts: the key of the newest event
   * beyond them (pass it to {@link eventsAfter}), or null when there are no more than `keep`
   * (start from the first). Costs a read of `keep` index entries: ask only when
   * {@link eventCount} is above `keep`. @throws when the database fails.
   */
  async newestBeyond(keep: number): Promise<EventKey | null> {
    return keyOf(await repo.newestBeyond(this.db, keep));
  }

  /**
   * Titles of `type` that users started watching in the last {@link TRENDING_DAYS} days: title
   * id -> number of users (trending in the local catalogue source).
   */
  async recentViewers(type: MediaType): Promise<Map<number, number>> {
    const rows = await repo.recentViewers(this.db, type, TRENDING_DAYS);
    return new Map(rows.map((r) => [r.id, r.viewers]));
  }

  /**
   * The '#1 Most Watched' title: most users started watching it in the last
   * {@link TRENDING_DAYS} days (ties: the latest start); undefined when nobody watched
   * anything in that time.
   */
  async mostWatched(): Promise<TitleRef | undefined> {
    return (await repo.mostWatched(this.db, TRENDING_DAYS, 1))[0];
  }

  /**
   * The `limit` titles most users started watching in the last {@link TRENDING_DAYS} days, most
   * first, as {@link mostWatched} ranks them: a kids' profile's '#1 Most Watched' is the first
   * of them within its rating limit (PROFILE-7).
   */
  mostWatchedRanking(limit: number): Promise<TitleRef[]> {
    return repo.mostWatched(this.db, TRENDING_DAYS, limit);
  }
}

/** The key of a keyed row, or null. */
function keyOf(row: repo.KeyedEventRow | undefined): EventKey | null {
  if (!row) return null;
  return { at: row.at_key, user_id: row.user_id, media_type: row.media_type, tmdb_id: row.tmdb_id };
}
