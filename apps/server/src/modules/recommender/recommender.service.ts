/**
 * The recommender (DEC-17 in docs/decisions.md: a recommender inside the server over watch events
 * and catalogue metadata). Answers up to 50 titles a user has not watched:
 *
 * 1. co-watch: the in-memory {@link CoWatchModel} over every user's watch events;
 * 2. catalogue similarity (same anime franchise, director, cast, genres) of the user's recent
 *    titles, when co-watch runs short; a user with few events always gets some of these;
 * 3. popularity: most watched here, then the catalogue's most popular (a new user gets these).
 *
 * The model is loaded from the activity module's watch events on first use. This process's
 * inserts reach it at once; other processes' (several servers on one PostgreSQL) are picked up
 * every few seconds. The user's own titles are asked for on every request, so a title just
 * watched is never recommended. The recommender keeps no table of its own: it asks the
 * activity, catalogue and anime modules.
 */
import { MAX_RECOMMENDATIONS, type MediaType } from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import { ActivityService } from '../activity/index.ts';
import { franchiseTitles } from '../anime/index.ts';
import {
  NotFoundError,
  popularTitles,
  similarTitles,
  type CatalogueSource,
} from '../catalogue/index.ts';
import { CoWatchModel, itemKey, type ItemRef } from './co-watch.model.ts';

/** Below this many watched titles a user "has few events": catalogue similarity always shows. */
export const FEW_EVENTS = 5;
/** Co-watch titles answered ahead of catalogue-similar ones for a user with few events. */
const FEW_EVENTS_CO_WATCH = 25;
/** Most recent titles that seed catalogue similarity. */
const CONTENT_SEEDS = 10;
/** How often events recorded by other processes are picked up, in ms. */
export const REFRESH_MS = 5_000;
/** Re-read window behind the sync cursor, in s: covers transactions that commit late. */
const LOOKBACK_SECONDS = 60;
/** Catalogue-similarity score of a title per franchise entry it shares with the seeds. */
const FRANCHISE_WEIGHT = 8;

/** Tuning of a {@link RecommenderService}. */
export interface RecommenderOptions {
  /** Sync interval in ms (default {@link REFRESH_MS}); 0 turns the background sync off. */
  refreshMs?: number;
  /** Receives background sync failures (the app's logger). */
  onError?: (error: unknown) => void;
}

/** Records watch events and answers recommendations (see the module comment). */
export class RecommenderService {
  private model: Promise<CoWatchModel> | undefined;
  private cursor: string | null = null;
  private timer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> | undefined;
  private closed = false;
  private readonly activity: ActivityService;

  /**
   * @param db this server's database, which the activity, catalogue and anime modules answer from.
   * @param catalogue the catalogue source, which checks inserted titles.
   */
  constructor(
    private readonly db: Database,
    private readonly catalogue: CatalogueSource,
    private readonly options: RecommenderOptions = {},
  ) {
    this.activity = new ActivityService(db);
  }

  /**
   * Records a watch of a title by a user (API-RECO-2 in docs/requirements.md
   * `/recommender/insert`).
   * @throws NotFoundError (404) for a title the catalogue does not know; nothing is written.
   */
  async insert(userId: string, type: MediaType, id: number): Promise<void> {
    const [known] = await this.catalogue.summaries(type, [id]);
    if (!known) throw new NotFoundError(`No ${type === 'movie' ? 'movie' : 'show'} with id ${id}`);
    await this.activity.recordWatch(userId, type, id);
    // A model still loading gets it from the load or here; a failed load re-reads it later.
    const model = await this.model?.catch(() => undefined);
    model?.add(userId, type, id);
  }

  /**
   * Up to {@link MAX_RECOMMENDATIONS} titles for a user, best first, none of them watched.
   * @throws when the database fails.
   */
  async recommend(userId: string): Promise<ItemRef[]> {
    const model = await this.ready();
    const watched = await this.activity.watchedTitles(userId);
    const coWatch = model.recommend(userId, watched, MAX_RECOMMENDATIONS);
    const answer = new Answer(watched);
    const few = watched.length < FEW_EVENTS;
    answer.add(few ? coWatch.slice(0, FEW_EVENTS_CO_WATCH) : coWatch);
    if (watched.length > 0 && (few || !answer.full())) {
      answer.add(await this.similar(watched.slice(0, CONTENT_SEEDS), watched));
    }
    answer.add(coWatch);
    if (!answer.full()) answer.add(model.popular(watched, 2 * MAX_RECOMMENDATIONS));
    if (!answer.full()) answer.add(await popularTitles(this.db, 2 * MAX_RECOMMENDATIONS));
    return answer.items;
  }

  /**
   * Catalogue similarity of `seeds`: the same or a related anime entry (the anime module), a
   * shared director, cast or genres (the catalogue module); `watched` titles left out.
   */
  private async similar(seeds: ItemRef[], watched: ItemRef[]): Promise<ItemRef[]> {
    const franchise = await franchiseTitles(this.db, seeds);
    return similarTitles(this.db, seeds, {
      extra: franchise.map((t) => ({
        type: t.type,
        id: t.id,
        score: FRANCHISE_WEIGHT * t.entries,
      })),
      exclude: watched,
      limit: MAX_RECOMMENDATIONS,
    });
  }

  /**
   * Picks up watch events recorded since the last sync (by any process). Runs in the
   * background every `refreshMs`; concurrent calls share one run.
   */
  sync(): Promise<void> {
    if (!this.model) return Promise.resolve();
    this.syncing ??= this.pull().finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }

  /** Starts loading the model in the background (at app start), so no request waits for it. */
  warm(): void {
    this.ready().catch((error: unknown) => this.options.onError?.(error));
  }

  /** Stops the background sync and waits for a load or sync in progress. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.model?.catch(() => undefined);
    await this.syncing?.catch(() => undefined);
  }

  /** The model, loading every watch event on first use (concurrent callers share the load). */
  private ready(): Promise<CoWatchModel> {
    this.model ??= this.load().catch((error: unknown) => {
      this.model = undefined;
      throw error;
    });
    return this.model;
  }

  private async load(): Promise<CoWatchModel> {
    const model = new CoWatchModel();
    const { events, cursor } = await this.activity.eventsSince(null);
    for (const e of events) model.add(e.user_id, e.media_type, e.tmdb_id);
    this.cursor = cursor;
    const every = this.options.refreshMs ?? REFRESH_MS;
    if (every > 0 && !this.timer && !this.closed) {
      this.timer = setInterval(() => {
        this.sync().catch((error: unknown) => this.options.onError?.(error));
      }, every);
      this.timer.unref();
    }
    return model;
  }

  private async pull(): Promise<void> {
    const model = await this.ready();
    const { events, cursor } = await this.activity.eventsSince(this.cursor, LOOKBACK_SECONDS);
    for (const e of events) model.add(e.user_id, e.media_type, e.tmdb_id);
    this.cursor = cursor;
  }
}

/** The answer being built: distinct titles, never a watched one, at most the maximum. */
class Answer {
  readonly items: ItemRef[] = [];
  private readonly taken: Set<string>;

  constructor(watched: ItemRef[]) {
    this.taken = new Set(watched.map((w) => itemKey(w.type, w.id)));
  }

  full(): boolean {
    return this.items.length >= MAX_RECOMMENDATIONS;
  }

  add(candidates: ItemRef[]): void {
    for (const { type, id } of candidates) {
      if (this.full()) return;
      const key = itemKey(type, id);
      if (this.taken.has(key)) continue;
      this.taken.add(key);
      this.items.push({ type, id });
    }
  }
}
