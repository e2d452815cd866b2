/**
 * A set of (user slot, title slot) pairs, for the co-watch model's "already held" check: open
 * addressing with linear probing in one Int32Array (two ints a slot, at most 70 % full, so 11 to
 * 23 bytes a pair), where a JavaScript Set of numbers would take about 40 (a heap number and a
 * hash entry each). Deletion shifts the following entries back, so no tombstones pile up.
 */

/** Largest share of slots in use before the table doubles. */
const MAX_LOAD = 0.7;
const EMPTY = 0;

/** Distinct (user, title) pairs of non-negative int32 slots. */
export class PairSet {
  /** Slot s holds `user + 1` at 2s (0: empty) and `title` at 2s + 1. */
  private table = new Int32Array(2 * 1024);
  private mask = 1023;
  private count = 0;

  /** Pairs held. */
  get size(): number {
    return this.count;
  }

  /** Whether the pair is held. */
  has(user: number, title: number): boolean {
    return this.find(user, title) >= 0;
  }

  /** Adds the pair. @returns false when it was held already. */
  add(user: number, title: number): boolean {
    if (this.find(user, title) >= 0) return false;
    if (this.count + 1 > (this.mask + 1) * MAX_LOAD) this.resize(2 * (this.mask + 1));
    this.place(user, title);
    this.count++;
    return true;
  }

  /** Makes room for `pairs` pairs in all, so adding up to that many never resizes. */
  reserve(pairs: number): void {
    let slots = this.mask + 1;
    while (pairs > slots * MAX_LOAD) slots *= 2;
    if (slots > this.mask + 1) this.resize(slots);
  }

  /** Removes the pair. @returns false when it was not held. */
  delete(user: number, title: number): boolean {
    let hole = this.find(user, title);
    if (hole < 0) return false;
    const t = this.table;
    // Backward shift: an entry after the hole moves into it unless its home lies after the hole.
    for (let s = (hole + 1) & this.mask; t[2 * s] !== EMPTY; s = (s + 1) & this.mask) {
      const home = hash(t[2 * s] ?? 0, t[2 * s + 1] ?? 0) & this.mask;
      if (((s - home) & this.mask) >= ((s - hole) & this.mask)) {
        t[2 * hole] = t[2 * s] ?? 0;
        t[2 * hole + 1] = t[2 * s + 1] ?? 0;
        hole = s;
      }
    }
    t[2 * hole] = EMPTY;
    this.count--;
    return true;
  }

  /** The slot holding the pair, or -1. */
  private find(user: number, title: number): number {
    const t = this.table;
    for (let s = hash(user + 1, title) & this.mask; ; s = (s + 1) & this.mask) {
      const stored = t[2 * s];
      if (stored === EMPTY) return -1;
      if (stored === user + 1 && t[2 * s + 1] === title) return s;
    }
  }

  /** Stores a pair known to be absent, with room to spare. */
  private place(user: number, title: number): void {
    const t = this.table;
    let s = hash(user + 1, title) & this.mask;
    while (t[2 * s] !== EMPTY) s = (s + 1) & this.mask;
    t[2 * s] = user + 1;
    t[2 * s + 1] = title;
  }

  private resize(slots: number): void {
    const old = this.table;
    this.table = new Int32Array(2 * slots);
    this.mask = slots - 1;
    for (let s = 0; s < old.length; s += 2) {
      const stored = old[s] ?? EMPTY;
      if (stored !== EMPTY) this.place(stored - 1, old[s + 1] ?? 0);
    }
  }
}

/** Mixes a stored user (`user + 1`) and a title into 32 bits (murmur3's finaliser). */
function hash(storedUser: number, title: number): number {
  let h = Math.imul(storedUser, 0x9e3779b1) + Math.imul(title, 0x85ebca6b);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}
