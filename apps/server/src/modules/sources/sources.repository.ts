/**
 * SQL of the sources module: the media library's index shared by the servers of one PostgreSQL
 * database (SCALE-1 in docs/requirements.md): a scan runs on one server at a time. The server that
 * takes the scan's advisory lock walks MEDIA_DIR and writes what it found to `media_files`; one
 * that finds the lock taken waits for that scan to commit and reads its result instead of walking
 * the disk again. The index's shape ({@link SharedMediaIndex}) is the library's
 * (sources.library.ts).
 */
import { sql } from 'drizzle-orm';
import { mediaFiles, mediaScans, type Database } from '@pigostream/db';
import type { MediaFile, SharedMediaIndex } from './sources.library.ts';

/** Rows written per insert statement. */
const INSERT_BATCH = 1000;

/** The shared index over `db` (PostgreSQL). */
export function createSharedMediaIndex(db: Database): SharedMediaIndex {
  const read = async (tx: Database): Promise<MediaFile[]> =>
    tx
      .select({ id: mediaFiles.id, path: mediaFiles.path, key: mediaFiles.key })
      .from(mediaFiles)
      .orderBy(mediaFiles.path);
  return {
    scan: (walk, freshForMs) =>
      db.transaction(async (tx) => {
        const lock = sql`hashtext('pigostream:media-scan')`;
        const [got] = (
          await tx.execute<{ locked: boolean }>(
            sql`select pg_try_advisory_xact_lock(${lock}) as locked`,
          )
        ).rows;
        if (!got?.locked) {
          // Another server is scanning: wait for it to commit, then read what it found.
          await tx.execute(sql`select pg_advisory_xact_lock(${lock})`);
          return { files: await read(tx), walked: false };
        }
        const [last] = await tx.select().from(mediaScans);
        if (last && Date.now() - last.scannedAt.getTime() < freshForMs) {
          return { files: await read(tx), walked: false };
        }
        const files = await walk();
        await tx.delete(mediaFiles);
        for (let i = 0; i < files.length; i += INSERT_BATCH) {
          await tx.insert(mediaFiles).values(files.slice(i, i + INSERT_BATCH));
        }
        await tx
          .insert(mediaScans)
          .values({ id: 1, scannedAt: new Date(), files: files.length })
          .onConflictDoUpdate({
            target: mediaScans.id,
            set: { scannedAt: new Date(), files: files.length },
          });
        return { files, walked: true };
      }),
  };
}
