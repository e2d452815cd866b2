/**
 * Writes catalogue records (starter catalogue and importers) with merge-upserts, so loading
 * the same data twice changes nothing and overlapping dumps fill each other's gaps: a field
 * keeps its stored value unless the new record has one.
 */
import { getTableColumns, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  animeLinks,
  animeMedia,
  animeRelations,
  credits,
  episodes,
  seasons,
  titleProviders,
  titles,
  type Database,
  type MediaType,
} from '@pigostream/db';

export type TitleRow = typeof titles.$inferInsert;
export type SeasonRow = Omit<typeof seasons.$inferInsert, 'showId'>;
export type EpisodeRow = Omit<typeof episodes.$inferInsert, 'showId'>;
export type AnimeRow = typeof animeMedia.$inferInsert;
export type RelationRow = typeof animeRelations.$inferInsert;
export type AnimeLinkRow = typeof animeLinks.$inferInsert;

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

/** Counts of rows a write added, changed, or found already identical. */
export interface WriteCounts {
  added: number;
  updated: number;
  unchanged: number;
}

const BATCH = 500;

function chunks<T>(items: T[], size = BATCH): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function merged(table: string, column: PgColumn): SQL {
  const name = sql.identifier(column.name);
  const stored = sql`${sql.identifier(table)}.${name}`;
  if (column.dataType === 'json') {
    return sql`case when jsonb_array_length(excluded.${name}) > 0 then excluded.${name} else ${stored} end`;
  }
  if (column.columnType === 'PgText') {
    // An empty text never overwrites a stored one (stub records of the dumps).
    return sql`coalesce(nullif(excluded.${name}, ''), ${stored})`;
  }
  return sql`coalesce(excluded.${name}, ${stored})`;
}

/**
 * Merge-upserts rows; a conflicting row is rewritten only when a merged value differs.
 * @returns how many rows were added, updated and left unchanged.
 */
async function mergeUpsert(
  db: Database,
  table: PgTable,
  target: PgColumn[],
  rows: Record<string, unknown>[],
): Promise<WriteCounts> {
  const tableName = getTableName(table);
  const columns: Record<string, PgColumn> = getTableColumns(table);
  const counts: WriteCounts = { added: 0, updated: 0, unchanged: 0 };
  if (rows.length === 0) return counts;
  const keys = new Set(target.map((c) => c.name));
  const set: Record<string, SQL> = {};
  const differs: SQL[] = [];
  for (const [prop, column] of Object.entries(columns)) {
    if (keys.has(column.name) || column.name === 'updated_at') continue;
    const value = merged(tableName, column);
    set[prop] = value;
    differs.push(
      sql`(${value}) is distinct from ${sql.identifier(tableName)}.${sql.identifier(column.name)}`,
    );
  }
  for (const batch of chunks(rows)) {
    const result = await db
      .insert(table)
      .values(batch)
      .onConflictDoUpdate({ target, set, setWhere: sql.join(differs, sql` or `) })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    const added = result.filter((r) => r.inserted).length;
    counts.added += added;
    counts.updated += result.length - added;
    counts.unchanged += batch.length - result.length;
  }
  return counts;
}

function dedupe<T>(rows: T[], key: (row: T) => string): T[] {
  const map = new Map<string, T>();
  for (const row of rows) map.set(key(row), row);
  return [...map.values()];
}

/**
 * Writes titles with their credits, providers, seasons and episodes in one transaction.
 * @returns counts for titles, seasons and episodes.
 */
export async function writeTitles(
  db: Database,
  records: TitleRecord[],
): Promise<{ titles: WriteCounts; seasons: WriteCounts; episodes: WriteCounts }> {
  const unique = dedupe(records, (r) => `${r.title.mediaType}:${r.title.id}`);
  return db.transaction(async (tx) => {
    const titleCounts = await mergeUpsert(
      tx,
      titles,
      [titles.mediaType, titles.id],
      unique.map((r) => r.title),
    );
    await replaceCredits(tx, unique);
    const providerRows = unique.flatMap((r) =>
      (r.providers ?? []).map((p) => ({
        mediaType: r.title.mediaType,
        titleId: r.title.id,
        providerId: p.providerId,
        region: p.region,
      })),
    );
    for (const batch of chunks(
      dedupe(providerRows, (p) => `${p.mediaType}:${p.titleId}:${p.providerId}:${p.region}`),
    )) {
      await tx.insert(titleProviders).values(batch).onConflictDoNothing();
    }
    const seasonRows = unique.flatMap((r) =>
      (r.seasons ?? []).map(({ episodes: _episodes, ...s }) => ({ ...s, showId: r.title.id })),
    );
    const episodeRows = unique.flatMap((r) =>
      (r.seasons ?? []).flatMap((s) =>
        (s.episodes ?? []).map((e) => ({ ...e, showId: r.title.id })),
      ),
    );
    const seasonCounts = await mergeUpsert(
      tx,
      seasons,
      [seasons.showId, seasons.seasonNumber],
      dedupe(seasonRows, (s) => `${s.showId}:${s.seasonNumber}`),
    );
    const episodeCounts = await mergeUpsert(
      tx,
      episodes,
      [episodes.showId, episodes.seasonNumber, episodes.episodeNumber],
      dedupe(episodeRows, (e) => `${e.showId}:${e.seasonNumber}:${e.episodeNumber}`),
    );
    return { titles: titleCounts, seasons: seasonCounts, episodes: episodeCounts };
  });
}

async function replaceCredits(db: Database, records: TitleRecord[]): Promise<void> {
  for (const mediaType of ['movie', 'tv'] as MediaType[]) {
    for (const batch of chunks(records.filter((r) => r.title.mediaType === mediaType))) {
      const withCast = batch.filter((r) => (r.cast?.length ?? 0) > 0).map((r) => r.title.id);
      const withCrew = batch.filter((r) => (r.crew?.length ?? 0) > 0).map((r) => r.title.id);
      if (withCast.length > 0) {
        await db.execute(
          sql`delete from credits where media_type = ${mediaType} and kind = 'cast' and title_id in (${sql.join(
            withCast.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      }
      if (withCrew.length > 0) {
        await db.execute(
          sql`delete from credits where media_type = ${mediaType} and kind = 'crew' and title_id in (${sql.join(
            withCrew.map((id) => sql`${id}`),
            sql`, `,
          )})`,
        );
      }
      const rows = batch.flatMap((r) => [
        ...(r.cast ?? []).map((c, order) => ({
          mediaType,
          titleId: r.title.id,
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
          titleId: r.title.id,
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
 * Writes AniList entries, their relation edges and TMDB links.
 * @returns counts for entries; edges and links are inserted when new.
 */
export async function writeAnime(
  db: Database,
  entries: AnimeRow[],
  relations: RelationRow[],
  links: AnimeLinkRow[],
): Promise<{ entries: WriteCounts; relationsAdded: number; linksAdded: number }> {
  return db.transaction(async (tx) => {
    const entryCounts = await mergeUpsert(
      tx,
      animeMedia,
      [animeMedia.id],
      dedupe(entries, (e) => String(e.id)),
    );
    let relationsAdded = 0;
    for (const batch of chunks(
      dedupe(relations, (r) => `${r.mediaId}:${r.nodeId}:${r.relationType}`),
    )) {
      const added = await tx
        .insert(animeRelations)
        .values(batch)
        .onConflictDoNothing()
        .returning({ id: animeRelations.mediaId });
      relationsAdded += added.length;
    }
    let linksAdded = 0;
    for (const batch of chunks(dedupe(links, (l) => `${l.mediaType}:${l.tmdbId}:${l.anilistId}`))) {
      const added = await tx
        .insert(animeLinks)
        .values(batch)
        .onConflictDoNothing()
        .returning({ id: animeLinks.tmdbId });
      linksAdded += added.length;
    }
    return { entries: entryCounts, relationsAdded, linksAdded };
  });
}
