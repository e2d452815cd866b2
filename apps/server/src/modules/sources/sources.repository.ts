/**
 * SQL of the sources module: the media library's index in `media_files`, with each file's probe
 * (PLAYBACK-1 in docs/requirements.md), kept while the file's size and modification time stay the
 * same, so rescans and restarts probe only the files that changed.
 *
 * Shared by the servers of one PostgreSQL database (SCALE-1): a scan runs on one server at a
 * time. The server that takes the scan's advisory lock walks MEDIA_DIR and writes what it found
 * to `media_files`; one that finds the lock taken waits for that scan to commit and reads its
 * result instead of walking the disk again. On the embedded database (one server) the walk runs
 * outside the transaction, which only writes its result. The index's shape
 * ({@link SharedMediaIndex}) is the library's (sources.library.ts).
 */
import { and, eq, sql } from 'drizzle-orm';
import { mediaFiles, mediaScans, type Database } from '@pigostream/db';
import type { MediaProbe } from './media-probe.ts';
import type { MediaFile, SharedMediaIndex } from './sources.library.ts';

/** Rows written per insert statement. */
const INSERT_BATCH = 1000;

/**
 * The index over `db`.
 * @param shared true on PostgreSQL (several servers may share it: scans take a lock and a fresh
 *   scan of another server is read instead of walking); false on the embedded database.
 */
export function createSharedMediaIndex(db: Database, shared = true): SharedMediaIndex {
  const read = async (tx: Database): Promise<MediaFile[]> =>
    (
      await tx
        .select({
          id: mediaFiles.id,
          path: mediaFiles.path,
          key: mediaFiles.key,
          size: mediaFiles.size,
          mtimeMs: mediaFiles.mtimeMs,
          probe: mediaFiles.probe,
        })
        .from(mediaFiles)
        .orderBy(mediaFiles.path)
    ).map((row) => ({ ...row, probe: (row.probe as MediaProbe | null) ?? null }));

  /** Replaces the index with `files`, keeping the probes of files whose size and time match. */
  const write = async (tx: Database, files: MediaFile[]): Promise<MediaFile[]> => {
    const ids = files.map((f) => f.id);
    if (ids.length === 0) await tx.delete(mediaFiles);
    else {
      await tx.execute(
        sql`delete from ${mediaFiles} where not (${mediaFiles.id} = any(${sql.param(ids)}::text[]))`,
      );
    }
    for (let i = 0; i < files.length; i += INSERT_BATCH) {
      const rows = files.slice(i, i + INSERT_BATCH).map((f) => ({
        id: f.id,
        path: f.path,
        key: f.key,
        size: f.size ?? null,
        mtimeMs: f.mtimeMs ?? null,
      }));
      await tx
        .insert(mediaFiles)
        .values(rows)
        .onConflictDoUpdate({
          target: mediaFiles.id,
          set: {
            path: sql`excluded.path`,
            key: sql`excluded.key`,
            size: sql`excluded.size`,
            mtimeMs: sql`excluded.mtime_ms`,
            probe: sql`case when ${mediaFiles.size} = excluded.size
              and ${mediaFiles.mtimeMs} = excluded.mtime_ms then ${mediaFiles.probe} end`,
          },
        });
    }
    await tx
      .insert(mediaScans)
      .values({ id: 1, scannedAt: new Date(), files: files.length })
      .onConflictDoUpdate({
        target: mediaScans.id,
        set: { scannedAt: new Date(), files: files.length },
      });
    return read(tx);
  };

  const saveProbe = async (id: string, size: number, mtimeMs: number, probe: MediaProbe) => {
    await db
      .update(mediaFiles)
      .set({ probe })
      .where(
        and(eq(mediaFiles.id, id), eq(mediaFiles.size, size), eq(mediaFiles.mtimeMs, mtimeMs)),
      );
  };

  const loadProbe = async (id: string, size: number, mtimeMs: number) => {
    const [row] = await db
      .select({ probe: mediaFiles.probe })
      .from(mediaFiles)
      .where(
        and(eq(mediaFiles.id, id), eq(mediaFiles.size, size), eq(mediaFiles.mtimeMs, mtimeMs)),
      );
    return (row?.probe as MediaProbe | null | undefined) ?? undefined;
  };

  if (!shared) {
    return {
      scan: async (walk) => {
        const files = await walk();
        return { files: await db.transaction((tx) => write(tx, files)), walked: true };
      },
      saveProbe,
      loadProbe,
    };
  }

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
        return { files: await write(tx, files), walked: true };
      }),
    saveProbe,
    loadProbe,
  };
}
