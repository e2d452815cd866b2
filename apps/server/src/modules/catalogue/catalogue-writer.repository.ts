/**
 * Writes catalogue records (starter catalogue and importers) with merge-upserts, so loading
 * the same data twice changes nothing and overlapping dumps fill each other's gaps: a field
 * keeps its stored value unless the new record has one. Anime entries go through the anime
 * module's writer (anime/anime-writer.repository.ts). Also the importers' other writes: the
 * IMDb ids of MovieLens' links, and the check that the database still answers.
 */
import { sql } from 'drizzle-orm';
import { ratingAgeOf } from '@pigostream/contracts';
import {
  queryRows,
  credits,
  episodes,
  seasons,
  titleProviders,
  titles,
  type Database,
  type MediaType,
} from '@pigostream/db';
import {
  chunks,
  dedupe,
  mergeUpsert,
  type WriteCounts,
} from '../../lib/merge-upsert.repository.ts';

export type { WriteCounts } from '../../lib/merge-upsert.repository.ts';

export type TitleRow = typeof titles.$inferInsert;
export type SeasonRow = Omit<typeof seasons.$inferInsert, 'tmdbId'>;
export type EpisodeRow = Omit<typeof episodes.$inferInsert, 'tmdbId'>;

export interface CastInput {
  name: string;
  character: string | null;
  personId?: number | null;
  profilePath?: string | null;
}
export interface CrewInput {
  name: string;
  job: string;
  department?: string | null;
  personId?: number | null;
  profilePath?: string | null;
}

/** One title with what belongs to it. Absent or empty parts leave stored ones alone. */
export interface TitleRecord {
  title: TitleRow;
  cast?: CastInput[];
  crew?: CrewInput[];
  providers?: { providerId: number; region: string }[];
  seasons?: (SeasonRow & { episodes?: EpisodeRow[] })[];
}

/**
 * Writes titles with their credits, providers, seasons and episodes in one transaction.
 * Ratings (PROFILE-7 in docs/requirements.md) merge as every field does (a record without one
 * leaves the stored one), except that a certification naming no age ('NR': `ratingAge` null)
 * never replaces a stored rating: it is written only where the title has no certification, so a
 * title's `certification` and `rating_age` always belong together.
 * @returns counts for titles, seasons and episodes.
 */
export async function writeTitles(
  db: Database,
  records: TitleRecord[],
): Promise<{ titles: WriteCounts; seasons: WriteCounts; episodes: WriteCounts }> {
  const unique = dedupe(records, (r) => `${r.title.mediaType}:${r.title.id}`);
  const ageless = unique.flatMap((r) =>
    r.title.certification != null && r.title.ratingAge == null ? [r.title] : [],
  );
  return db.transaction(async (tx) => {
    const titleCounts = await mergeUpsert(
      tx,
      titles,
      [titles.mediaType, titles.id],
      unique.map((r) =>
        r.title.certification != null && r.title.ratingAge == null
          ? { ...r.title, certification: null }
          : r.title,
      ),
    );
    await fillAgelessCertifications(tx, ageless);
    await replaceCredits(tx, unique);
    const providerRows = unique.flatMap((r) =>
      (r.providers ?? []).map((p) => ({
        mediaType: r.title.mediaType,
        tmdbId: r.title.id,
        providerId: p.providerId,
        region: p.region,
      })),
    );
    for (const batch of chunks(
      dedupe(providerRows, (p) => `${p.mediaType}:${p.tmdbId}:${p.providerId}:${p.region}`),
    )) {
      await tx.insert(titleProviders).values(batch).onConflictDoNothing();
    }
    const seasonRows = unique.flatMap((r) =>
      (r.seasons ?? []).map(({ episodes: _episodes, ...s }) => ({ ...s, tmdbId: r.title.id })),
    );
    const episodeRows = unique.flatMap((r) =>
      (r.seasons ?? []).flatMap((s) =>
        (s.episodes ?? []).map((e) => ({ ...e, tmdbId: r.title.id })),
      ),
    );
    const seasonCounts = await mergeUpsert(
      tx,
      seasons,
      [seasons.tmdbId, seasons.seasonNumber],
      dedupe(seasonRows, (s) => `${s.tmdbId}:${s.seasonNumber}`),
    );
    const episodeCounts = await mergeUpsert(
      tx,
      episodes,
      [episodes.tmdbId, episodes.seasonNumber, episodes.episodeNumber],
      dedupe(episodeRows, (e) => `${e.tmdbId}:${e.seasonNumber}:${e.episodeNumber}`),
    );
    return { titles: titleCounts, seasons: seasonCounts, episodes: episodeCounts };
  });
}

/** Sets the certification of `rows` (ones naming no age) on their titles that have none. */
async function fillAgelessCertifications(db: Database, rows: TitleRow[]): Promise<void> {
  for (const batch of chunks(rows)) {
    const values = sql.join(
      batch.map((t) => sql`(${t.mediaType}::text, ${t.id}::int, ${t.certification}::text)`),
      sql`, `,
    );
    await db.execute(
      sql`update titles t set certification = v.certification
          from (values ${values}) as v(media_type, id, certification)
          where t.media_type = v.media_type and t.id = v.id and t.certification is null`,
    );
  }
}

async function replaceCredits(db: Database, records: TitleRecord[]): Promise<void> {
  for (const mediaType of ['movie', 'tv'] as MediaType[]) {
    for (const batch of chunks(records.filter((r) => r.title.mediaType === mediaType))) {
      const withCast = batch.filter((r) => (r.cast?.length ?? 0) > 0).map((r) => r.title.id);
      const withCrew = batch.filter((r) => (r.crew?.length ?? 0) > 0).map((r) => r.title.id);
      if (withCast.length > 0) {
        await db.execute(
          sql`delete from credits where media_type = ${mediaType} and kind = 'cast' and tmdb_id in (${sql.join(
            withCast.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      }
      if (withCrew.length > 0) {
        await db.execute(
          sql`delete from credits where media_type = ${mediaType} and kind = 'crew' and tmdb_id in (${sql.join(
            withCrew.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      }
      const rows = batch.flatMap((r) => [
        ...(r.cast ?? []).map((c, order) => ({
          mediaType,
          tmdbId: r.title.id,
          kind: 'cast' as const,
          order,
          castId: order + 1,
          personId: c.personId ?? null,
          name: c.name,
          character: c.character,
          profilePath: c.profilePath ?? null,
        })),
        ...(r.crew ?? []).map((c, order) => ({
          mediaType,
          tmdbId: r.title.id,
          kind: 'crew' as const,
          order,
          personId: c.personId ?? null,
          name: c.name,
          job: c.job,
          department: c.department ?? null,
          profilePath: c.profilePath ?? null,
        })),
      ]);
      for (const part of chunks(rows)) await db.insert(credits).values(part).onConflictDoNothing();
    }
  }
}

/**
 * Sets the IMDb id of each movie of `links` (`[TMDB id, IMDb id]`) that has none; a movie not
 * in the catalogue, or with an IMDb id already, is left as it is (MovieLens' links, importers).
 * @returns how many titles were updated.
 * @throws the database's errors.
 */
export async function fillMissingImdbIds(db: Database, links: [number, string][]): Promise<number> {
  const values = sql.join(
    links.map(([id, imdb]) => sql`(${id}::int, ${imdb}::text)`),
    sql`, `,
  );
  const done = await queryRows(
    db,
    sql`update titles t set imdb_id = v.imdb from (values ${values}) as v(id, imdb)
        where t.media_type = 'movie' and t.id = v.id and t.imdb_id is null
        returning 1`,
  );
  return done.length;
}

/**
 * Rates titles whose age is unknown (PROFILE-7 in docs/requirements.md) from `ratings`
 * (`[media type, TMDB id, certification]`): a title with no certification takes the given one
 * and its age (`ratingAgeOf`); one whose certification names no age ('NR') takes the given one
 * only when that names an age. Rated titles, and titles not in the catalogue, are left alone.
 * One statement.
 * @returns how many titles were rated.
 * @throws the database's errors.
 */
export async function rateUnratedTitles(
  db: Database,
  ratings: readonly (readonly [MediaType, number, string])[],
): Promise<number> {
  if (ratings.length === 0) return 0;
  const values = sql.join(
    ratings.map(
      ([type, id, certification]) =>
        sql`(${type}::text, ${id}::int, ${certification}::text, ${ratingAgeOf(certification)}::smallint)`,
    ),
    sql`, `,
  );
  const rated = await queryRows(
    db,
    sql`update titles t set certification = v.certification, rating_age = v.rating_age
        from (values ${values}) as v(media_type, id, certification, rating_age)
        where t.media_type = v.media_type and t.id = v.id and t.rating_age is null
          and (t.certification is null or v.rating_age is not null)
        returning 1`,
  );
  return rated.length;
}

/**
 * Resolves when the database answers a query (`select 1`): an importer tells a rejected batch
 * from a lost database this way.
 * @throws the database's error when it does not answer.
 */
export async function checkDatabaseAnswers(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
