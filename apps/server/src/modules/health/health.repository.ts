/**
 * SQL of the health module: the readiness check's write (OPS-3 in docs/requirements.md), one row of
 * `readiness_probe` upserted, so a database that cannot take writes (disk full, read-only, gone)
 * fails the check.
 */
import { sql } from 'drizzle-orm';
import { readinessProbe, type Database } from '@pigostream/db';

/**
 * Writes the probe row (id 1, `checked_at` now).
 * @throws the database's error when it does not take the write.
 */
export async function writeReadinessProbe(db: Database): Promise<void> {
  await db
    .insert(readinessProbe)
    .values({ id: 1, checkedAt: new Date() })
    .onConflictDoUpdate({ target: readinessProbe.id, set: { checkedAt: sql`now()` } });
}
