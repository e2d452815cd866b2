/**
 * The recommender (RECO-4 in docs/requirements.md; DEC-17 in docs/decisions.md: a recommender
 * inside the server over watch events and catalogue metadata). Answers up to 50 titles a user has
 * not watched:
 *
 * 1. co-watch: the in-memory {@link CoWatchModel} over users' watch events;
 * 2. catalogue similarity (same anime franchise, director, cast, genres) of the user's recent
 *    titles, when co-watch runs short; a user with few events always gets some of these;
 * 3. popularity: most watched here, then the catalogue's most popular (a new user gets these).
 *
 * The model loads in the background from app start ({@link RecommenderService.warm}): the
 * activity module's watch events, oldest first, in keyset pages of {@link LOAD_PAGE_ROWS} rows,
 * yielding to other work between pages, so no request waits for it and no page of more rows is
 * ever held. A request made meanwhile answers at once from the events loaded so far and the
 * fallbacks. The model holds at most `maxEvents` events (RECOMMENDER_MAX_EVENTS, LEAN-3): the
 * load starts at the oldest of the newest `maxEvents`, and later events push the oldest out, so
 * what a user gets follows recent watching. Starting there rather than loading newest first
 * keeps every user's titles in the order they watched them, which the co-watch window reads.
 *
 * This process's inserts reach the model at once; other processes' (several servers on one
 * PostgreSQL) are picked up every few seconds (SCALE-3). The user's own titles are asked for on
 * every request, so a title just watched is never recommended. The recommender keeps no table of
 * its own: it asks the activity, catalogue and anime modules.
 *
 * A kids' profile (PROFILE-7) is recommended only titles within its rating limit: catalogue
 * similarity and popular titles are filtered in their queries, co-watch and most-watched titles
 * by the catalogue source (`summaries` with the limit), so every answered title is one the
 * profile may open.
 */
import { MAX_RECOMMENDATIONS, type MediaType, type RatingCeiling } from '@pigostream/contracts';
import { inSlowLane, type Database } from '@pigostream/db';
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
/**
 * Co-watch and most-watched titles asked for under a rating limit, per list, before those above
 * it are left out (PROFILE-7): enough that a kids' answer is usually full from them.
 */
const LIMITED_POOL = 4 * MAX_RECOMMENDATIONS;
/** Catalogue-similarity score of a title per franchise entry it shares with the seeds. */
const FRANCHISE_WEIGHT = 8;
/**
 * Watch events the model holds unless told otherwise (RECOMMENDER_MAX_EVENTS, LEAN-3): all of a
 * server with a million titles and 2.2 million events. Measured: 58 MB per million events with
 * 0.2 titles per event, 70 MB for the newest million of them; about 150 bytes an event when
 * every event is a title of its own.
 */
export const DEFAULT_MAX_EVENTS = 2_500_000;
/**
 * Watch events read per query while the model loads. A page's rows (about 1.4 MB of JavaScript
 * objects) then fit the young generation (`npm start` runs with 4 MB semi-spaces) and die there:
 * 20,000-row pages got promoted and raised the server's peak memory by some 100 MB.
 */
export const LOAD_PAGE_ROWS = 5_000;

/** A place in the keyset walk over watch events (null: before the first). */
type LoadPosition = Parameters<ActivityService['eventsAfter']>[0];

/** Tuning of a {@link RecommenderService}. */
export interface RecommenderOptions {
  /** Sync interval in ms (default {@link REFRESH_MS}); 0 turns the background sync off. */
  refreshMs?: number;
  /** Receives background load and sync failures (the app's logger). */
  onError?: (error: unknown) => void;
  /**
   * Most watch events the model holds, the newest kept (default {@link DEFAULT_MAX_EVENTS}).
   * @throws RangeError from the constructor when below 1.
   */
  maxEvents?: number;
  /** Watch events read per query while loading (default {@link LOAD_PAGE_ROWS}). */
  pageRows?: number;
  /**
   * Where watch events are recorded and read (default: the activity module over `db`); a test
   * holds the load back with its own.
   */
  activity?: ActivityService;
}

/** Records watch events and answers recommendations (see the module comment). */
export class RecommenderService {
  private readonly model: CoWatchModel;
  /** The load in progress, if any. */
  private loading: Promise<void> | undefined;
  /** Every event up to the load's end is in the model: inserts and syncs add to it. */
  private loaded = false;
  /** Where the load goes on from: undefined before it starts, null from the first event. */
  private position: LoadPosition | undefined;
  private cursor = '';
  private timer: NodeJS.Timeout | undefined;
  private syncing: Promise<void> | undefined;
  private closed = false;
  private readonly activity: ActivityService;
  private readonly maxEvents: number;
  private readonly pageRows: number;

  /**
   * @param db this server's database, which the activity, catalogue and anime modules answer from.
   * @param catalogue the catalogue source, which checks inserted titles.
   * @throws RangeError when `options.maxEvents` is below 1.
   */
  constructor(
    private readonly db: Database,
    private readonly catalogue: CatalogueSource,
    private readonly options: RecommenderOptions = {},
  ) {
    this.activity = options.activity ?? new ActivityService(db);
    this.maxEvents = options.maxEvents ?? DEFAULT_MAX_EVENTS;
    this.pageRows = Math.max(1, options.pageRows ?? LOAD_PAGE_ROWS);
    this.model = new CoWatchModel({ maxEvents: this.maxEvents });
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
    this.loadInBackground();
    // While the model loads, the load reads it (or, committed after its last page, the sync
    // that follows the load); adding it now would put it before the user's older titles.
    if (this.loaded) this.model.add(userId, type, id);
  }

  /**
   * Up to {@link MAX_RECOMMENDATIONS} titles for a user (a profile id), best first, none of them
   * watched (RECO-4 in docs/requirements.md). Never waits for the model: while it loads (or after
   * a failed load, which this retries in the background) the answer draws on the events loaded
   * so far, then catalogue similarity and popular titles. With `ceiling` (a kids' profile's
   * rating limit, PROFILE-7) only titles within it, in the same order of sources.
   * @throws when the database fails (or, under a limit, the catalogue source).
   */
  async recommend(userId: string, ceiling?: RatingCeiling): Promise<ItemRef[]> {
    this.loadInBackground();
    const model = this.model;
    const watched = await this.activity.watchedTitles(userId);
    const coWatch = await this.within(
      model.recommend(userId, watched, ceiling ? LIMITED_POOL : MAX_RECOMMENDATIONS),
      ceiling,
    );
    const answer = new Answer(watched);
    const few = watched.length < FEW_EVENTS;
    answer.add(few ? coWatch.slice(0, FEW_EVENTS_CO_WATCH) : coWatch);
    if (watched.length > 0 && (few || !answer.full())) {
      answer.add(await this.similar(watched.slice(0, CONTENT_SEEDS), watched, ceiling));
    }
    answer.add(coWatch);
    if (!answer.full()) {
      const pool = ceiling ? LIMITED_POOL : 2 * MAX_RECOMMENDATIONS;
      answer.add(await this.within(model.popular(watched, pool), ceiling));
    }
    if (!answer.full()) answer.add(await popularTitles(this.db, 2 * MAX_RECOMMENDATIONS, ceiling));
    return answer.items;
  }

  /**
   * `refs` within `ceiling` (all of them without one), in their order: the catalogue source
   * answers those it knows within the limit (two calls, movies and shows; PROFILE-7).
   */
  private async within(refs: ItemRef[], ceiling: RatingCeiling | undefined): Promise<ItemRef[]> {
    if (!ceiling || refs.length === 0) return refs;
    const idsOf = (type: MediaType) => refs.filter((r) => r.type === type).map((r) => r.id);
    const [movies, shows] = await Promise.all([
      this.catalogue.summaries('movie', idsOf('movie'), ceiling),
      this.catalogue.summaries('tv', idsOf('tv'), ceiling),
    ]);
    const kept = new Set([...movies, ...shows].map((t) => itemKey(t.type, t.id)));
    return refs.filter((r) => kept.has(itemKey(r.type, r.id)));
  }

  /**
   * Catalogue similarity of `seeds`: the same or a related anime entry (the anime module), a
   * shared director, cast or genres (the catalogue module); `watched` titles left out, and with
   * `ceiling` titles above it (PROFILE-7).
   */
  private async similar(
    seeds: ItemRef[],
    watched: ItemRef[],
    ceiling: RatingCeiling | undefined,
  ): Promise<ItemRef[]> {
    const franchise = await franchiseTitles(this.db, seeds);
    return similarTitles(this.db, seeds, {
      extra: franchise.map((t) => ({
        type: t.type,
        id: t.id,
        score: FRANCHISE_WEIGHT * t.entries,
      })),
      exclude: watched,
      limit: MAX_RECOMMENDATIONS,
      ceiling,
    });
  }

  /**
   * Picks up watch events recorded since the last sync (by any process; SCALE-3 in
   * docs/requirements.md). Runs in the background every `refreshMs` once the model is loaded;
   * does nothing before (the load reads on to the last event). Concurrent calls share one run.
   * @throws when the database fails.
   */
  sync(): Promise<void> {
    if (!this.loaded) return Promise.resolve();
    this.syncing ??= this.pull().finally(() => {
      this.syncing = undefined;
    });
    return this.syncing;
  }

  /**
   * Starts loading the model in the background (at app start); failures go to `onError`, and
   * the next request tries again from where the load stopped.
   */
  warm(): void {
    this.loadInBackground();
  }

  /**
   * Starts the load unless it is done or under way, and waits for it: resolves once every
   * watch event up to the load's end is in the model (at once when it is). For the bench and
   * tests; requests never wait for it.
   * @throws when the database fails during the load (a later call goes on from there).
   */
  whenLoaded(): Promise<void> {
    if (this.loaded || this.closed) return Promise.resolve();
    this.loading ??= this.load().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  /** Stops the background sync and the load, and waits for a load or sync in progress. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.loading?.catch(() => undefined);
    await this.syncing?.catch(() => undefined);
  }

  /** Starts the load when it is neither done nor under way; failures go to `onError`. */
  private loadInBackground(): void {
    if (this.loaded || this.loading || this.closed) return;
    // Its pages wait while requests' statements are queued on the embedded database (PERF-8).
    inSlowLane(() => this.whenLoaded()).catch((error: unknown) => this.options.onError?.(error));
  }

  /**
   * Reads watch events page by page into the model, from where it stopped (a failed load goes on
   * from its last page), then starts the sync and runs it once for events committed meanwhile.
   */
  private async load(): Promise<void> {
    if (!(await this.readPages())) return;
    // Lists cached by requests during the load saw part of it.
    this.model.settle();
    this.loaded = true;
    const every = this.options.refreshMs ?? REFRESH_MS;
    if (every > 0 && !this.timer && !this.closed) {
      this.timer = setInterval(() => {
        this.sync().catch((error: unknown) => this.options.onError?.(error));
      }, every);
      this.timer.unref();
    }
    await this.sync();
  }

  /**
   * Adds the events after {@link position}, a page at a time, yielding between pages.
   * @returns false when the service closed first.
   */
  private async readPages(): Promise<boolean> {
    if (this.position === undefined) {
      // Before anything is read: the first sync re-reads from here, so nothing falls between.
      this.cursor = await this.activity.now();
      const count = await this.activity.eventCount();
      this.model.reserve(count);
      this.position =
        count > this.maxEvents ? await this.activity.newestBeyond(this.maxEvents) : null;
    }
    for (;;) {
      if (this.closed) return false;
      const { events, last } = await this.activity.eventsAfter(this.position, this.pageRows);
      for (const e of events) this.model.add(e.user_id, e.media_type, e.tmdb_id, e.at);
      this.position = last ?? this.position;
      if (events.length < this.pageRows) return true;
      // Let requests and timers run between pages.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private async pull(): Promise<void> {
    const { events, cursor } = await this.activity.eventsSince(this.cursor, LOOKBACK_SECONDS);
    for (const e of events) this.model.add(e.user_id, e.media_type, e.tmdb_id, e.at);
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
