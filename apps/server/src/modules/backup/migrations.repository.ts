/**
 * The migrations this build ships (packages/db/migrations, read as drizzle's migrator reads them),
 * so that a backup can name the schema it was taken from and a restore can refuse one made by a
 * newer PigoStream (OPS-5, OPS-6 in docs/requirements.md). The database layer's files, read from
 * disk: no query runs here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { MIGRATIONS_FOLDER } from '@pigostream/db';

/** A migration as a backup header names it. */
export interface MigrationRef {
  /** The migration's file name without `.sql` (`0002_library`); null when this build lacks it. */
  tag: string | null;
  /** Its journal time (ms since the epoch), drizzle's identity for an applied migration. */
  when: number;
  /** sha256 of its SQL file, as drizzle records it. */
  hash: string;
}

let known: MigrationRef[] | undefined;

/** Every migration this build ships, oldest first. */
export function knownMigrations(): MigrationRef[] {
  if (known) return known;
  const folder = MIGRATIONS_FOLDER;
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const tags = new Map(journal.entries.map((e) => [e.when, e.tag]));
  known = readMigrationFiles({ migrationsFolder: folder }).map((m) => ({
    tag: tags.get(m.folderMillis) ?? null,
    when: m.folderMillis,
    hash: m.hash,
  }));
  return known;
}

/** Names applied migrations (`{ hash, when }` from the database) with this build's tags. */
export function describeMigrations(applied: { hash: string; when: number }[]): MigrationRef[] {
  const byWhen = new Map(knownMigrations().map((m) => [m.when, m.tag]));
  return applied.map((m) => ({ tag: byWhen.get(m.when) ?? null, when: m.when, hash: m.hash }));
}

/** The migrations of `refs` this build does not ship (matched by journal time, as drizzle does). */
export function unknownMigrations(refs: MigrationRef[]): MigrationRef[] {
  const ours = new Set(knownMigrations().map((m) => m.when));
  return refs.filter((m) => !ours.has(m.when));
}
