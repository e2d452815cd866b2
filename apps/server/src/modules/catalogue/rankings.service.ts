/**
 * Keeps the trending scores current between catalogue writes (RANK-1 in docs/requirements.md):
 * a new viewer re-scores that one title at once; viewers past their 7 days are taken off every
 * minute (only the titles whose viewers just expired); once an hour everything is checked
 * (scores never computed, a new newest year, provider rows without popularity, an empty
 * vocabulary, and every title's viewers against the activity module's counts). No request
 * scores anything: trending reads the kept scores by index.
 */
import { inSlowLane, type Database, type MediaType } from '@pigostream/db';
import { MEDIA_TYPES } from '@pigostream/contracts/constants';
import {
  refreshStaleRankings,
  rescoreTitles,
  setViewersUntil,
  viewerChanges,
  viewersUntil,
} from './rankings.repository.ts';

/** What the rankings ask the activity module about recent viewers (users, last 7 days). */
export interface ViewerSource {
  /** Every title of `type` with recent viewers: title id -> users. */
  recentViewers(type: MediaType): Promise<ReadonlyMap<number, number>>;
  /** The recent viewers of titles `ids` of `type` (absent: none). */
  viewersOf(type: MediaType, ids: readonly number[]): Promise<ReadonlyMap<number, number>>;
  /**
   * The titles with a viewer who stopped counting after `after` (an ISO time; null: none yet),
   * and the time up to which viewers have now stopped counting (the database's now - 7 days).
   */
  expiredViewers(after: string | null): Promise<{ until: string; titles: TitleKey[] }>;
}

/** A title by media type and TMDB id. */
export interface TitleKey {
  type: MediaType;
  id: number;
}

/** How often viewers past their 7 days are taken off, in ms. */
export const VIEWER_EXPIRY_MS = 60_000;
/** How often everything is checked, in ms (an hour). */
export const RANKINGS_CHECK_MS = 60 * 60 * 1000;

/** The trending scores' upkeep (see the module comment). */
export class Rankings {
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly db: Database,
    private readonly viewers: ViewerSource,
  ) {}

  /**
   * A user started watching a title: its score takes the new viewer count now, so trending
   * shows it on the next read. @throws when the database fails.
   */
  async titleWatched(type: MediaType, id: number): Promise<void> {
    const counts = await this.viewers.viewersOf(type, [id]);
    await rescoreTitles(this.db, type, new Map([[id, counts.get(id) ?? 0]]));
  }

  /**
   * Takes off viewers whose 7 days ended since the last call (by any server): re-scores only
   * the titles they watched. @throws when the database fails.
   */
  async expireViewers(): Promise<void> {
    const { until, titles } = await this.viewers.expiredViewers(await viewersUntil(this.db));
    for (const type of MEDIA_TYPES) {
      const ids = titles.filter((t) => t.type === type).map((t) => t.id);
      if (ids.length === 0) continue;
      const counts = await this.viewers.viewersOf(type, ids);
      await rescoreTitles(this.db, type, new Map(ids.map((id) => [id, counts.get(id) ?? 0])));
    }
    await setViewersUntil(this.db, until);
  }

  /**
   * Checks everything (see the module comment): stale scores, provider rows and vocabulary,
   * then every title's kept viewers against the activity module's counts, re-scoring those
   * that differ. @throws when the database fails.
   */
  async check(): Promise<void> {
    await refreshStaleRankings(this.db);
    const { until } = await this.viewers.expiredViewers(null);
    for (const type of MEDIA_TYPES) {
      const changes = await viewerChanges(this.db, type, await this.viewers.recentViewers(type));
      await rescoreTitles(this.db, type, changes);
    }
    await setViewersUntil(this.db, until);
  }

  /**
   * Runs {@link check} now and hourly, {@link expireViewers} every minute, until {@link stop};
   * errors go to `onError` and the next run tries again.
   */
  start(onError: (error: unknown) => void): void {
    const every = (ms: number, run: () => Promise<void>) => {
      const timer = setInterval(() => void run().catch(onError), ms);
      timer.unref();
      this.timers.push(timer);
    };
    // Upkeep waits while requests' statements are queued on the embedded database (PERF-8).
    const check = () => inSlowLane(() => this.check());
    void check().catch(onError);
    every(RANKINGS_CHECK_MS, check);
    every(VIEWER_EXPIRY_MS, () => inSlowLane(() => this.expireViewers()));
  }

  /** Stops the timers. */
  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }
}
