/**
 * What a kids' profile may see of its own lists, progress, imports and streams (PROFILE-7 in
 * docs/requirements.md): titles rated at or below its limit, and titles with no known rating only
 * when it shows them. The catalogue source decides (`summaries` with the limit), so one rule holds
 * for the local database and live TMDB. Rows above the limit are kept, never deleted: when the
 * limit changes they show again. Adults (no limit) pay nothing: no call makes an extra query.
 */
import { type MediaType, type RatingCeiling } from '@pigostream/contracts';
import DataLoader from 'dataloader';
import {
  NotAvailableOnProfileError,
  NotFoundError,
  type CatalogueSource,
} from '../catalogue/index.ts';

export { NotAvailableOnProfileError };

/**
 * How a title stands under a limit: `shown` (the catalogue knows it and it is within the limit,
 * or there is no limit), `hidden` (the catalogue knows it, rated above the limit or unrated while
 * the profile hides unrated titles), `unknown` (the catalogue does not know it).
 */
export type TitleStanding = 'shown' | 'hidden' | 'unknown';

/** A title as the personal calls name it. */
export interface TitleRef {
  type: MediaType;
  id: number;
}

type StandingKey = readonly [MediaType, number, RatingCeiling | undefined];

const ceilingKey = (ceiling: RatingCeiling | undefined) =>
  ceiling ? `${String(ceiling.maxAge)}:${ceiling.unrated ? 'u' : ''}` : '';

/** A 404 for a title the catalogue does not know, worded as the library's and progress' calls. */
function unknownTitle(type: MediaType, id: number): NotFoundError {
  return new NotFoundError(`No ${type === 'movie' ? 'movie' : 'show'} with id ${String(id)}`);
}

/**
 * Most pages {@link firstShown} reads for one answer: `limit` rows, then twice, four and eight
 * times as many, so at most 15 times `limit` rows are looked at.
 */
const MAX_ROUNDS = 4;

/**
 * The first `limit` of a newest-first list that a profile may see (PROFILE-7): `read(offset,
 * count)` gives the list's rows from `offset`, `keep(rows)` what of them is shown (in their
 * order). Without a limit one read of `limit` rows, as before profiles had limits. With one, rows
 * are read on in growing pages until `limit` are kept, the list ends, or {@link MAX_ROUNDS}
 * pages were read, so titles above the limit shorten a kid's row only when more than 14 times
 * `limit` of them come first.
 */
export async function firstShown<R, T>(
  limit: number,
  ceiling: RatingCeiling | undefined,
  read: (offset: number, count: number) => Promise<R[]>,
  keep: (rows: R[]) => Promise<T[]>,
): Promise<T[]> {
  if (!ceiling) return keep(await read(0, limit));
  const kept: T[] = [];
  let offset = 0;
  let count = limit;
  for (let round = 0; round < MAX_ROUNDS && kept.length < limit; round += 1) {
    const rows = await read(offset, count);
    kept.push(...(await keep(rows)));
    if (rows.length < count) break;
    offset += count;
    count *= 2;
  }
  return kept.slice(0, limit);
}

/**
 * Checks titles against the active profile's limit (PROFILE-7) through the catalogue source:
 * the writes of the personal calls (My List, Watch History, progress, player tokens, imports)
 * and the library's streams. Checks asked during one turn of the event loop share one catalogue
 * call per type and limit (PERF-7, SEC-3: 100 saves under load cost one lookup, or two for a
 * kid); nothing is kept between turns, so a title removed or re-rated counts from the next one.
 */
export class RatingGate {
  private readonly standings = new DataLoader<StandingKey, TitleStanding>(
    async (keys) => {
      const found = new Map<string, TitleStanding>();
      const groups = new Map<
        string,
        { type: MediaType; ceiling: RatingCeiling | undefined; ids: number[] }
      >();
      for (const [type, id, ceiling] of keys) {
        const group = `${type}|${ceilingKey(ceiling)}`;
        const entry = groups.get(group) ?? { type, ceiling, ids: [] };
        entry.ids.push(id);
        groups.set(group, entry);
      }
      for (const [group, { type, ceiling, ids }] of groups) {
        const unique = [...new Set(ids)];
        const shown = await this.catalogue.summaries(type, unique, ceiling);
        for (const title of shown) found.set(`${group}|${String(title.id)}`, 'shown');
        const rest = unique.filter((id) => !found.has(`${group}|${String(id)}`));
        if (!ceiling || rest.length === 0) continue;
        for (const title of await this.catalogue.summaries(type, rest)) {
          found.set(`${group}|${String(title.id)}`, 'hidden');
        }
      }
      return keys.map(
        ([type, id, ceiling]) =>
          found.get(`${type}|${ceilingKey(ceiling)}|${String(id)}`) ?? 'unknown',
      );
    },
    { cache: false, batchScheduleFn: (load) => setImmediate(load) },
  );

  constructor(private readonly catalogue: CatalogueSource) {}

  /**
   * How a title stands under `ceiling` (undefined: an adult profile, which is shown every title
   * the catalogue knows).
   * @throws the catalogue source's errors (UpstreamError from TMDB).
   */
  standing(
    type: MediaType,
    id: number,
    ceiling: RatingCeiling | undefined,
  ): Promise<TitleStanding> {
    return this.standings.load([type, id, ceiling]);
  }

  /**
   * Throws unless the catalogue knows the title and the profile may see it: the check before a
   * personal write (saving to My List or Watch History, progress, a player token).
   * @throws NotFoundError (404 `No movie with id 603`) for a title the catalogue does not know;
   *   NotAvailableOnProfileError (403 `{ error: 'Not available on this profile' }`) for one
   *   above `ceiling`.
   */
  async assertShown(
    type: MediaType,
    id: number,
    ceiling: RatingCeiling | undefined,
  ): Promise<void> {
    const standing = await this.standing(type, id, ceiling);
    if (standing === 'unknown') throw unknownTitle(type, id);
    if (standing === 'hidden') throw new NotAvailableOnProfileError();
  }

  /**
   * Throws when a profile with `ceiling` may not play the title of a library file: one above it,
   * or one the catalogue does not know (so has no rating) while the profile hides unrated titles.
   * Without a limit nothing is looked up.
   * @throws NotAvailableOnProfileError (403 `{ error: 'Not available on this profile' }`).
   */
  async assertPlayable(
    type: MediaType,
    id: number,
    ceiling: RatingCeiling | undefined,
  ): Promise<void> {
    if (!ceiling) return;
    const standing = await this.standing(type, id, ceiling);
    if (standing === 'hidden' || (standing === 'unknown' && !ceiling.unrated)) {
      throw new NotAvailableOnProfileError();
    }
  }

  /**
   * Of `titles`, those a profile with `ceiling` may see, in their order (titles the catalogue
   * does not know are left out too): one catalogue call per type. Without a limit `titles` as
   * they are, with no lookup.
   * @throws the catalogue source's errors.
   */
  async shown<T extends TitleRef>(
    titles: readonly T[],
    ceiling: RatingCeiling | undefined,
  ): Promise<T[]> {
    if (!ceiling) return [...titles];
    const shown = new Set<string>();
    for (const type of ['movie', 'tv'] as const) {
      const ids = [...new Set(titles.filter((t) => t.type === type).map((t) => t.id))];
      if (ids.length === 0) continue;
      for (const title of await this.catalogue.summaries(type, ids, ceiling)) {
        shown.add(`${type}:${String(title.id)}`);
      }
    }
    return titles.filter((t) => shown.has(`${t.type}:${String(t.id)}`));
  }
}
