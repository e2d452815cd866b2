/**
 * Recent viewers for the catalogue's trending scores (RANK-1 in docs/requirements.md; ARCH-13
 * in docs/architecture.md), and the notice that a user started watching a title, which the
 * catalogue's rankings take at once.
 */
import type { MediaType } from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import { recentViewers } from './activity.repository.ts';
import { TRENDING_DAYS } from './activity.service.ts';
import * as repo from './viewers.repository.ts';

/** Told, and awaited, when a user starts watching a title (their first watch of it). */
export type NewViewerListener = (type: MediaType, id: number) => Promise<void>;

/** Recent viewers: users who started watching a title in the last {@link TRENDING_DAYS} days. */
export class RecentViewers {
  private readonly listeners: NewViewerListener[] = [];

  constructor(private readonly db: Database) {}

  /** Every title of `type` with recent viewers: title id -> users. */
  async recentViewers(type: MediaType): Promise<Map<number, number>> {
    const rows = await recentViewers(this.db, type, TRENDING_DAYS);
    return new Map(rows.map((r) => [r.id, r.viewers]));
  }

  /** The recent viewers of titles `ids` of `type`: title id -> users (absent: none). */
  async viewersOf(type: MediaType, ids: readonly number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await repo.viewersOf(this.db, type, ids, TRENDING_DAYS);
    return new Map(rows.map((r) => [r.id, r.viewers]));
  }

  /**
   * The titles whose viewers stopped counting after `after` (an ISO time; null: none asked),
   * and the time up to which viewers have now stopped counting (the database's clock).
   */
  expiredViewers(after: string | null) {
    return repo.expiredViewers(this.db, after, TRENDING_DAYS);
  }

  /** Calls `listener` for every new viewer from now on. */
  onNewViewer(listener: NewViewerListener): void {
    this.listeners.push(listener);
  }

  /** Tells the listeners that a user started watching a title. @throws what a listener throws. */
  async newViewer(type: MediaType, id: number): Promise<void> {
    for (const listener of this.listeners) await listener(type, id);
  }
}
