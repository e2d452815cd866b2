/**
 * The recommender's co-watch model, held in memory (RECO-4 in docs/requirements.md): every user's
 * titles in the order they were first watched, and every title's watchers. A request blends two
 * co-watch signals across all users (chosen on MovieLens leave-last-out, see bench/recommender.ts):
 *
 * - item to item: for each of the user's recent titles, the titles other users went on to
 *   watch within their next {@link WATCH_WINDOW} titles, scored by cosine,
 *   `co(i→j) / sqrt(watchers(i) · watchers(j))`, top {@link ITEM_NEIGHBOURS} per title
 *   (cached; a watch marks the few lists it changes stale). Recent seeds weigh more.
 * - neighbours: the {@link USER_NEIGHBOURS} users whose titles overlap the user's most
 *   (cosine on the title sets), each voting its similarity for the titles it watched.
 *
 * Memory is bounded (LEAN-3): the model holds at most `maxEvents` watch events and, when a new one
 * would pass that, forgets the oldest it holds, so it keeps the most recent ones. Each event is
 * one node in typed arrays, linked into its user's sequence, its title's watchers and the order
 * events were added (32 bytes, plus 11 to 23 in a {@link PairSet}); a title costs about 100
 * bytes (its slot, index entry and scratch rows), a user about 100 plus its id. No JavaScript
 * object is made per event or per title. Measured on 2.2 million events over 435,000 titles:
 * 58 MB per million events held (70 MB for the newest million of them).
 *
 * Pure computation: no I/O (recommender.service.ts keeps it in step with the database).
 */
import type { MediaType } from '@pigostream/db';
import { PairSet } from './pair-set.ts';
import { TopK } from './top-k.ts';

/**
 * A title as the recommender names it (DEC-9, DEC-17 in docs/decisions.md: ids overlap, the type
 * comes along).
 */
export interface ItemRef {
  type: MediaType;
  id: number;
}

/** A candidate with its blended score (0 to 1). */
export interface ScoredItem extends ItemRef {
  score: number;
}

/** Tuning of a {@link CoWatchModel}. */
export interface CoWatchOptions {
  /**
   * Most watch events (distinct user and title pairs) held; past it the oldest held is forgotten.
   * Default: no bound. @throws RangeError from the constructor when below 1.
   */
  maxEvents?: number;
}

/** Titles after a watched one, in the same user's order, that count as watched with it. */
export const WATCH_WINDOW = 10;
/** Neighbours kept per title. */
export const ITEM_NEIGHBOURS = 20;
/** Most similar users that vote. */
export const USER_NEIGHBOURS = 20;
/** Most recent titles of a user that seed the item-to-item signal. */
export const SEED_TITLES = 200;
/** A seed's weight halves every this many more recent titles. */
const RECENCY_HALF_LIFE = 5;
/** Added to watcher counts in the item cosine (damps titles watched by one or two users). */
const SHRINK = 2;
/** Share of the item-to-item signal in the blend (the rest: neighbours). */
const ITEM_WEIGHT = 0.7;
/** No node (end of a list). */
const NONE = -1;
/** Title slots are numbered below this (popularity breaks ties on the slot in one double). */
const SLOT_LIMIT = 2 ** 26;
/** Rows a slot array starts with. */
const INITIAL_SLOTS = 1024;
/** How much a full slot array grows by. */
const GROWTH = 1.5;

interface Neighbours {
  ids: Int32Array;
  scores: Float32Array;
}

/** `movie:862`: the key of a title in exclusion sets. */
export const itemKey = (type: MediaType, id: number): string => `${type}:${id}`;

/** A title's number in the model's index: its id doubled, plus one for a show. */
const titleNumber = (type: MediaType, id: number): number => id * 2 + (type === 'tv' ? 1 : 0);

/** Watch sequences and co-watch neighbours of every user and title (see the module comment). */
export class CoWatchModel {
  private readonly maxEvents: number;

  // Titles, by slot: the title's number, its watchers (first and last node) and their count.
  private readonly itemIndex = new Map<number, number>();
  private itemNumber = new Float64Array(INITIAL_SLOTS);
  private itemFirst = new Int32Array(INITIAL_SLOTS);
  private itemLast = new Int32Array(INITIAL_SLOTS);
  private itemCount = new Int32Array(INITIAL_SLOTS);
  private items = 0;
  private readonly neighbourCache: (Neighbours | undefined)[] = [];

  // Users, by slot: their titles in first-watch order (first and last node) and their count.
  private readonly userIndex = new Map<string, number>();
  private userFirst = new Int32Array(INITIAL_SLOTS);
  private userLast = new Int32Array(INITIAL_SLOTS);
  private userCount = new Int32Array(INITIAL_SLOTS);
  private users = 0;

  // Events, by node: who, what, when (ms), and the next (or previous) node of the same user,
  // of the same title, and in the order of adding (`nodeNewer` also chains free nodes).
  private nodeUser = new Int32Array(INITIAL_SLOTS);
  private nodeItem = new Int32Array(INITIAL_SLOTS);
  private nodeAt = new Float64Array(INITIAL_SLOTS);
  private nodeNextOfUser = new Int32Array(INITIAL_SLOTS);
  private nodePrevOfUser = new Int32Array(INITIAL_SLOTS);
  private nodeNextOfItem = new Int32Array(INITIAL_SLOTS);
  private nodeNewer = new Int32Array(INITIAL_SLOTS);
  private nodes = 0;
  private freeNode = NONE;
  private oldest = NONE;
  private newest = NONE;
  /** The latest event time seen (ms), the time of an event added without one. */
  private latest = -Infinity;

  private readonly pairs = new PairSet();
  private readonly scratch = new Scratch();

  /** @throws RangeError when `options.maxEvents` is below 1. */
  constructor(options: CoWatchOptions = {}) {
    this.maxEvents = options.maxEvents ?? Infinity;
    if (!(this.maxEvents >= 1)) throw new RangeError('maxEvents must be at least 1');
  }

  /** Distinct (user, title) pairs held: at most `maxEvents`. */
  get size(): number {
    return this.pairs.size;
  }

  /**
   * Records that `userId` watched a title, after the titles recorded for them before. When the
   * model is full, the oldest event held is forgotten first, or, when this event is older than
   * every event held, it is not taken.
   * @param at when the user first watched it, in ms since 1970 (default: the latest time seen);
   *   events are expected roughly in this order (what keeps the newest when full).
   * @returns false when the pair was held already or the event is too old to keep (nothing
   *   changes then).
   */
  add(userId: string, type: MediaType, id: number, at = this.latest): boolean {
    let u = this.userIndex.get(userId);
    let i = this.itemIndex.get(titleNumber(type, id));
    if (u !== undefined && i !== undefined && this.pairs.has(u, i)) return false;
    if (this.nodes >= this.maxEvents) {
      if (at < this.at(this.oldest)) return false;
      this.forgetOldest();
    }
    u ??= this.userSlot(userId);
    i ??= this.itemSlot(type, id);
    this.latest = Math.max(this.latest, at);
    // The lists of the titles whose window now reaches this one, and this title's own.
    let back = this.userLast[u] ?? NONE;
    for (let k = Math.min(WATCH_WINDOW, this.userCount[u] ?? 0); k > 0; k--) {
      this.neighbourCache[this.nodeItem[back] ?? 0] = undefined;
      back = this.nodePrevOfUser[back] ?? NONE;
    }
    this.neighbourCache[i] = undefined;
    this.link(this.allocateNode(), u, i, at);
    this.pairs.add(u, i);
    return true;
  }

  /**
   * Makes room for `events` events in all (at most `maxEvents`) at once, so a load of a known
   * number of events grows no array on the way (no copies, no slack).
   */
  reserve(events: number): void {
    const size = Math.min(this.maxEvents, events);
    if (size > this.nodeUser.length) this.growNodes(size);
    this.pairs.reserve(size);
  }

  /**
   * Forgets every cached neighbour list (computed from the events held when asked). Call once a
   * load of many events is done, so answers are exactly those of a model built in one go.
   */
  settle(): void {
    this.neighbourCache.fill(undefined);
  }

  /**
   * Candidates for a user, best first (ties: more watched first). `watched` are all the user's
   * titles, newest first: they seed the signals and are never answered.
   * @returns up to `limit` titles; none when no watched title is known to the model.
   */
  recommend(userId: string, watched: ItemRef[], limit: number): ScoredItem[] {
    const known = this.indexesOf(watched);
    const [itemScores, itemMet] = this.itemToItem(known.slice(0, SEED_TITLES));
    const [votes, voteMet] = this.neighbourVotes(this.userIndex.get(userId), known);
    const itemMax = maxOf(itemScores, itemMet);
    const voteMax = maxOf(votes, voteMet);
    const excluded = new Set(known);
    const best = new TopK(limit);
    for (const j of new Set([...itemMet, ...voteMet])) {
      const score =
        (itemMax > 0 ? (ITEM_WEIGHT * (itemScores[j] ?? 0)) / itemMax : 0) +
        (voteMax > 0 ? ((1 - ITEM_WEIGHT) * (votes[j] ?? 0)) / voteMax : 0);
      if (!excluded.has(j)) best.offer(j, score);
    }
    for (const j of itemMet) itemScores[j] = 0;
    for (const j of voteMet) votes[j] = 0;
    const { ids, scores } = best.sorted();
    return Array.from(ids, (j, k) => ({ ...this.itemRef(j), score: scores[k] ?? 0, j }))
      .sort((a, b) => b.score - a.score || this.watcherCount(b.j) - this.watcherCount(a.j))
      .map(({ type, id, score }) => ({ type, id, score }));
  }

  /**
   * The most watched titles held (distinct users; ties: the title seen first), leaving out
   * `watched`. @returns up to `limit` titles.
   */
  popular(watched: ItemRef[], limit: number): ItemRef[] {
    const excluded = new Set(this.indexesOf(watched));
    const best = new TopK(limit + excluded.size);
    for (let i = 0; i < this.items; i++) {
      const count = this.itemCount[i] ?? 0;
      if (count > 0) best.offer(i, count * SLOT_LIMIT + (SLOT_LIMIT - 1 - i));
    }
    const out: ItemRef[] = [];
    for (const i of best.sorted().ids) {
      if (out.length >= limit) break;
      if (!excluded.has(i)) out.push(this.itemRef(i));
    }
    return out;
  }

  /** Sum over seeds (newest first, weight halving every few) of their neighbours' cosines. */
  private itemToItem(seeds: number[]): [Float64Array, number[]] {
    const scores = this.scratch.get('items', this.items);
    const met: number[] = [];
    seeds.forEach((i, rank) => {
      const weight = 0.5 ** (rank / RECENCY_HALF_LIFE);
      const { ids, scores: sims } = this.neighboursOf(i);
      for (let k = 0; k < ids.length; k++) {
        const j = ids[k] ?? 0;
        if (scores[j] === 0) met.push(j);
        scores[j] = (scores[j] ?? 0) + weight * (sims[k] ?? 0);
      }
    });
    return [scores, met];
  }

  /** Votes of the users most similar to `self` (cosine of title sets) for their titles. */
  private neighbourVotes(self: number | undefined, mine: number[]): [Float64Array, number[]] {
    const overlap = this.scratch.get('users', this.users);
    const met: number[] = [];
    for (const i of mine) {
      for (let e = this.itemFirst[i] ?? NONE; e !== NONE; e = this.nodeNextOfItem[e] ?? NONE) {
        const v = this.nodeUser[e] ?? 0;
        if (v === self) continue;
        if (overlap[v] === 0) met.push(v);
        overlap[v] = (overlap[v] ?? 0) + 1;
      }
    }
    const best = new TopK(USER_NEIGHBOURS);
    for (const v of met) {
      const size = Math.max(1, this.userCount[v] ?? 0);
      best.offer(v, (overlap[v] ?? 0) / Math.sqrt(mine.length * size));
      overlap[v] = 0;
    }
    const { ids, scores: sims } = best.sorted();
    const votes = this.scratch.get('votes', this.items);
    const voted: number[] = [];
    ids.forEach((v, k) => {
      for (let e = this.userFirst[v] ?? NONE; e !== NONE; e = this.nodeNextOfUser[e] ?? NONE) {
        const j = this.nodeItem[e] ?? 0;
        if (votes[j] === 0) voted.push(j);
        votes[j] = (votes[j] ?? 0) + (sims[k] ?? 0);
      }
    });
    return [votes, voted];
  }

  /** Cached neighbours of title `i`, computed when missing or stale. */
  private neighboursOf(i: number): Neighbours {
    const cached = this.neighbourCache[i];
    if (cached) return cached;
    const computed = this.computeNeighbours(i);
    this.neighbourCache[i] = computed;
    return computed;
  }

  /** Top {@link ITEM_NEIGHBOURS} titles watched within the window after title `i`. */
  private computeNeighbours(i: number): Neighbours {
    const counts = this.scratch.get('counts', this.items);
    const met: number[] = [];
    for (let e = this.itemFirst[i] ?? NONE; e !== NONE; e = this.nodeNextOfItem[e] ?? NONE) {
      let next = this.nodeNextOfUser[e] ?? NONE;
      for (let q = 0; q < WATCH_WINDOW && next !== NONE; q++) {
        const j = this.nodeItem[next] ?? 0;
        if (counts[j] === 0) met.push(j);
        counts[j] = (counts[j] ?? 0) + 1;
        next = this.nodeNextOfUser[next] ?? NONE;
      }
    }
    const watchers = this.watcherCount(i);
    const best = new TopK(ITEM_NEIGHBOURS);
    for (const j of met) {
      const others = this.watcherCount(j);
      best.offer(j, (counts[j] ?? 0) / Math.sqrt((watchers + SHRINK) * (others + SHRINK)));
      counts[j] = 0;
    }
    return best.sorted();
  }

  /**
   * Forgets the oldest event held. Events are linked in the order they were added, so it is the
   * first of its user's titles and the first of its title's watchers.
   */
  private forgetOldest(): void {
    const e = this.oldest;
    const u = this.nodeUser[e] ?? 0;
    const i = this.nodeItem[e] ?? 0;
    this.userFirst[u] = this.nodeNextOfUser[e] ?? NONE;
    this.userCount[u] = (this.userCount[u] ?? 1) - 1;
    this.itemFirst[i] = this.nodeNextOfItem[e] ?? NONE;
    this.itemCount[i] = (this.itemCount[i] ?? 1) - 1;
    this.oldest = this.nodeNewer[e] ?? NONE;
    this.nodes--;
    this.nodeNewer[e] = this.freeNode;
    this.freeNode = e;
    this.pairs.delete(u, i);
    // Its watchers changed; the lists after it in the user's order never counted it.
    this.neighbourCache[i] = undefined;
  }

  /** Appends node `e` (user `u` watched title `i` at `at`) to the three lists. */
  private link(e: number, u: number, i: number, at: number): void {
    this.nodeUser[e] = u;
    this.nodeItem[e] = i;
    this.nodeAt[e] = at;
    this.nodeNextOfUser[e] = NONE;
    this.nodeNextOfItem[e] = NONE;
    this.nodeNewer[e] = NONE;
    const userLast = (this.userCount[u] ?? 0) > 0 ? (this.userLast[u] ?? NONE) : NONE;
    this.nodePrevOfUser[e] = userLast;
    if (userLast === NONE) this.userFirst[u] = e;
    else this.nodeNextOfUser[userLast] = e;
    this.userLast[u] = e;
    this.userCount[u] = (this.userCount[u] ?? 0) + 1;
    if ((this.itemCount[i] ?? 0) > 0) this.nodeNextOfItem[this.itemLast[i] ?? 0] = e;
    else this.itemFirst[i] = e;
    this.itemLast[i] = e;
    this.itemCount[i] = (this.itemCount[i] ?? 0) + 1;
    if (this.nodes === 0) this.oldest = e;
    else this.nodeNewer[this.newest] = e;
    this.newest = e;
    this.nodes++;
  }

  /** A free node: one forgotten before, or a new one (the arrays grow up to `maxEvents`). */
  private allocateNode(): number {
    if (this.freeNode !== NONE) {
      const e = this.freeNode;
      this.freeNode = this.nodeNewer[e] ?? NONE;
      return e;
    }
    const e = this.nodes;
    if (e >= this.nodeUser.length) {
      this.growNodes(Math.min(this.maxEvents, Math.ceil(GROWTH * this.nodeUser.length)));
    }
    return e;
  }

  private growNodes(size: number): void {
    this.nodeUser = grown(this.nodeUser, size);
    this.nodeItem = grown(this.nodeItem, size);
    this.nodeAt = grown(this.nodeAt, size);
    this.nodeNextOfUser = grown(this.nodeNextOfUser, size);
    this.nodePrevOfUser = grown(this.nodePrevOfUser, size);
    this.nodeNextOfItem = grown(this.nodeNextOfItem, size);
    this.nodeNewer = grown(this.nodeNewer, size);
  }

  private at(e: number): number {
    return this.nodeAt[e] ?? -Infinity;
  }

  private watcherCount(i: number): number {
    return this.itemCount[i] ?? 0;
  }

  private itemRef(i: number): ItemRef {
    const n = this.itemNumber[i] ?? 0;
    return { type: n % 2 === 1 ? 'tv' : 'movie', id: Math.floor(n / 2) };
  }

  /** The slots of the titles of `items` the model holds (a title all forgotten is unknown). */
  private indexesOf(items: ItemRef[]): number[] {
    return items.flatMap((s) => {
      const i = this.itemIndex.get(titleNumber(s.type, s.id));
      return i !== undefined && this.watcherCount(i) > 0 ? [i] : [];
    });
  }

  private userSlot(userId: string): number {
    let u = this.userIndex.get(userId);
    if (u === undefined) {
      u = this.users++;
      this.userIndex.set(userId, u);
      if (u >= this.userCount.length) {
        const size = Math.ceil(GROWTH * u);
        this.userFirst = grown(this.userFirst, size);
        this.userLast = grown(this.userLast, size);
        this.userCount = grown(this.userCount, size);
      }
    }
    return u;
  }

  private itemSlot(type: MediaType, id: number): number {
    const n = titleNumber(type, id);
    let i = this.itemIndex.get(n);
    if (i === undefined) {
      i = this.items++;
      if (i >= SLOT_LIMIT) throw new RangeError(`more than ${SLOT_LIMIT} titles`);
      this.itemIndex.set(n, i);
      if (i >= this.itemCount.length) {
        const size = Math.ceil(GROWTH * i);
        this.itemNumber = grown(this.itemNumber, size);
        this.itemFirst = grown(this.itemFirst, size);
        this.itemLast = grown(this.itemLast, size);
        this.itemCount = grown(this.itemCount, size);
      }
      this.itemNumber[i] = n;
      this.neighbourCache.push(undefined);
    }
    return i;
  }
}

/** `array` copied into a new one of `size` rows (the same array when it is that long). */
function grown<T extends Int32Array | Float64Array>(array: T, size: number): T {
  if (size <= array.length) return array;
  const next = (array instanceof Int32Array ? new Int32Array(size) : new Float64Array(size)) as T;
  next.set(array);
  return next;
}

/** The highest of `values` at `slots`. */
function maxOf(values: Float64Array, slots: number[]): number {
  let max = 0;
  for (const j of slots) max = Math.max(max, values[j] ?? 0);
  return max;
}

/**
 * Reusable zeroed arrays by name, grown on demand. Callers zero the slots they touched before
 * they return, so no request pays for clearing a whole array.
 */
class Scratch {
  private readonly arrays = new Map<string, Float64Array>();

  get(name: string, size: number): Float64Array {
    let array = this.arrays.get(name);
    if (!array || array.length < size) {
      array = new Float64Array(Math.max(INITIAL_SLOTS, Math.ceil(GROWTH * size)));
      this.arrays.set(name, array);
    }
    return array;
  }
}
