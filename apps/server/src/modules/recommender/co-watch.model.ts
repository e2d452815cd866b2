/**
 * The recommender's co-watch model, held in memory: every user's titles in the order they were
 * first watched, and every title's watchers. A request blends two co-watch signals across all
 * users (chosen on MovieLens leave-last-out, see bench/recommender.ts):
 *
 * - item to item: for each of the user's recent titles, the titles other users went on to
 *   watch within their next {@link WATCH_WINDOW} titles, scored by cosine,
 *   `co(i→j) / sqrt(watchers(i) · watchers(j))`, top {@link ITEM_NEIGHBOURS} per title
 *   (cached; a watch marks the few lists it changes stale). Recent seeds weigh more.
 * - neighbours: the {@link USER_NEIGHBOURS} users whose titles overlap the user's most
 *   (cosine on the title sets), each voting its similarity for the titles it watched.
 *
 * Pure computation: no I/O (recommender.service.ts keeps it in step with the database).
 */
import type { MediaType } from '@pigostream/db';
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
/** Pair keys are `user * PAIR_STRIDE + title`: titles are numbered below this. */
const PAIR_STRIDE = 2 ** 24;

interface Neighbours {
  ids: Int32Array;
  scores: Float32Array;
}

/** `movie:862`: the key of a title in exclusion sets. */
export const itemKey = (type: MediaType, id: number): string => `${type}:${id}`;

/** Watch sequences and co-watch neighbours of every user and title (see the module comment). */
export class CoWatchModel {
  private readonly itemIndex = new Map<string, number>();
  private readonly items: ItemRef[] = [];
  /** Per title: its watchers, and the title's position in each watcher's sequence. */
  private readonly itemUsers: number[][] = [];
  private readonly itemPositions: number[][] = [];
  private readonly neighbourCache: (Neighbours | undefined)[] = [];
  private readonly userIndex = new Map<string, number>();
  /** Per user: titles in first-watch order. */
  private readonly userItems: number[][] = [];
  private readonly pairs = new Set<number>();
  private readonly scratch = new Scratch();
  private popularOrder: number[] | undefined;

  /** Distinct (user, title) pairs held. */
  get size(): number {
    return this.pairs.size;
  }

  /**
   * Records that `userId` watched a title, after the titles recorded for them before.
   * @returns false when the pair was known already (nothing changes).
   */
  add(userId: string, type: MediaType, id: number): boolean {
    const u = this.userSlot(userId);
    const i = this.itemSlot(type, id);
    const pair = u * PAIR_STRIDE + i;
    if (this.pairs.has(pair)) return false;
    this.pairs.add(pair);
    const sequence = this.userItems[u] ?? [];
    // The lists of the titles whose window now reaches this one, and this title's own.
    for (const j of sequence.slice(-WATCH_WINDOW)) this.neighbourCache[j] = undefined;
    this.neighbourCache[i] = undefined;
    this.itemUsers[i]?.push(u);
    this.itemPositions[i]?.push(sequence.length);
    sequence.push(i);
    this.popularOrder = undefined;
    return true;
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
    return Array.from(ids, (j, k) => ({ ...(this.items[j] as ItemRef), score: scores[k] ?? 0, j }))
      .sort((a, b) => b.score - a.score || this.watcherCount(b.j) - this.watcherCount(a.j))
      .map(({ type, id, score }) => ({ type, id, score }));
  }

  /** The most watched titles (distinct users), leaving out `watched`. */
  popular(watched: ItemRef[], limit: number): ItemRef[] {
    const excluded = new Set(this.indexesOf(watched));
    this.popularOrder ??= this.items
      .map((_, i) => i)
      .sort((a, b) => (this.itemUsers[b]?.length ?? 0) - (this.itemUsers[a]?.length ?? 0));
    const out: ItemRef[] = [];
    for (const i of this.popularOrder) {
      if (out.length >= limit) break;
      const item = this.items[i];
      if (item && !excluded.has(i)) out.push(item);
    }
    return out;
  }

  /** Sum over seeds (newest first, weight halving every few) of their neighbours' cosines. */
  private itemToItem(seeds: number[]): [Float64Array, number[]] {
    const scores = this.scratch.get('items', this.items.length);
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
    const overlap = this.scratch.get('users', this.userItems.length);
    const met: number[] = [];
    for (const i of mine) {
      for (const v of this.itemUsers[i] ?? []) {
        if (v === self) continue;
        if (overlap[v] === 0) met.push(v);
        overlap[v] = (overlap[v] ?? 0) + 1;
      }
    }
    const best = new TopK(USER_NEIGHBOURS);
    for (const v of met) {
      const size = this.userItems[v]?.length ?? 1;
      best.offer(v, (overlap[v] ?? 0) / Math.sqrt(mine.length * size));
      overlap[v] = 0;
    }
    const { ids, scores: sims } = best.sorted();
    const votes = this.scratch.get('votes', this.items.length);
    const voted: number[] = [];
    ids.forEach((v, k) => {
      for (const j of this.userItems[v] ?? []) {
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
    const counts = this.scratch.get('counts', this.items.length);
    const met: number[] = [];
    const watchers = this.itemUsers[i] ?? [];
    const positions = this.itemPositions[i] ?? [];
    watchers.forEach((u, x) => {
      const sequence = this.userItems[u] ?? [];
      const from = (positions[x] ?? 0) + 1;
      const to = Math.min(sequence.length, from + WATCH_WINDOW);
      for (let q = from; q < to; q++) {
        const j = sequence[q] ?? 0;
        if (counts[j] === 0) met.push(j);
        counts[j] = (counts[j] ?? 0) + 1;
      }
    });
    const best = new TopK(ITEM_NEIGHBOURS);
    for (const j of met) {
      const others = this.itemUsers[j]?.length ?? 0;
      best.offer(j, (counts[j] ?? 0) / Math.sqrt((watchers.length + SHRINK) * (others + SHRINK)));
      counts[j] = 0;
    }
    return best.sorted();
  }

  private watcherCount(i: number): number {
    return this.itemUsers[i]?.length ?? 0;
  }

  private indexesOf(items: ItemRef[]): number[] {
    return items.flatMap((s) => this.itemIndex.get(itemKey(s.type, s.id)) ?? []);
  }

  private userSlot(userId: string): number {
    let u = this.userIndex.get(userId);
    if (u === undefined) {
      u = this.userItems.length;
      this.userIndex.set(userId, u);
      this.userItems.push([]);
    }
    return u;
  }

  private itemSlot(type: MediaType, id: number): number {
    const key = itemKey(type, id);
    let i = this.itemIndex.get(key);
    if (i === undefined) {
      i = this.items.length;
      this.itemIndex.set(key, i);
      this.items.push({ type, id });
      this.itemUsers.push([]);
      this.itemPositions.push([]);
      this.neighbourCache.push(undefined);
    }
    return i;
  }
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
      array = new Float64Array(Math.max(1024, size * 2));
      this.arrays.set(name, array);
    }
    return array;
  }
}
