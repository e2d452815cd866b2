/**
 * This server's own watch activity (ARCH-13 in docs/architecture.md): the watch events the
 * recommender records (API-RECO-2 in docs/requirements.md `/recommender/insert`), read back for
 * "most watched", for trending in the local catalogue source, and for the recommender's co-watch
 * model. The activity module owns `watch_events`; other modules ask this service.
 */
import type { MediaType } from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import * as repo from './activity.repository.ts';
import type { EventRow, TitleRef } from './activity.repository.ts';

export type { EventRow, TitleRef } from './activity.repository.ts';

/** Days of watch events that count towards trending and "most watched". */
export const TRENDING_DAYS = 7;

/** Watch events picked up since a cursor, and the cursor to ask from next time. */
export interface EventsPage {
  events: EventRow[];
  /** The database's clock when the events were read (ISO timestamp). */
  cursor: string;
}

/** Records and answers watch activity over this server's database. */
export class ActivityService {
  constructor(private readonly db: Database) {}

  /**
   * Records that a user watched a title (one more watch when they had watched it before).
   * The caller checks the title exists. @returns true for the user's first watch of it.
   */
  recordWatch(userId: string, type: MediaType, id: number): Promise<boolean> {
    return repo.recordWatch(this.db, userId, type, id);
  }

  /** Every title a user watched, most recently watched first. */
  watchedTitles(userId: string): Promise<TitleRef[]> {
    return repo.watchedTitles(this.db, userId);
  }

  /**
   * Events first recorded after `since` minus `lookbackSeconds` (every event when `since` is
   * null), oldest first, by any server on this database.
   */
  async eventsSince(since: string | null, lookbackSeconds = 0): Promise<EventsPage> {
    const cursor = await repo.databaseNow(this.db);
    const events = await repo.eventsSince(this.db, since, lookbackSeconds);
    return { events, cursor };
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
  mostWatched(): Promise<TitleRef | undefined> {
    return repo.mostWatched(this.db, TRENDING_DAYS);
  }
}
