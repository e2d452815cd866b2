/**
 * Writes AniList entries, their relation edges and their links to TMDB titles (starter
 * catalogue and the `anilist` importer): the anime module owns `anime_media`,
 * `anime_relations` and `anime_links`.
 */
import { sql } from 'drizzle-orm';
import { animeLinks, animeMedia, animeRelations, type Database } from '@pigostream/db';
import {
  chunks,
  dedupe,
  mergeUpsert,
  type WriteCounts,
} from '../../lib/merge-upsert.repository.ts';

export type AnimeRow = typeof animeMedia.$inferInsert;
export type RelationRow = typeof animeRelations.$inferInsert;
export type AnimeLinkRow = typeof animeLinks.$inferInsert;

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

/** Refreshes planner statistics after bulk writes (seed, import) so anime searches use the indexes. */
export async function analyzeAnime(db: Database): Promise<void> {
  await db.execute(sql`analyze anime_media`);
}
