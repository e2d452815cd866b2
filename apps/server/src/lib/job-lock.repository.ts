/**
 * Jobs that must run on one process at a time when several share a PostgreSQL database (SCALE-1,
 * SCALE-4 in docs/requirements.md): a session-level advisory lock held on its own connection for
 * the job's length. The embedded database needs none: its DATA_DIR lock already keeps every other
 * process off.
 */
import pg from 'pg';

/** Thrown when another process runs the same job now. */
export class JobBusyError extends Error {
  override name = 'JobBusyError';
}

/**
 * Runs `work` holding the advisory lock named `job` on the PostgreSQL database at `url`.
 * @throws JobBusyError at once when another process holds it; the connection's errors.
 */
export async function withJobLock<T>(url: string, job: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtext($1)) as locked',
      [`pigostream:${job}`],
    );
    if (!rows[0]?.locked) {
      throw new JobBusyError(
        `another process is running ${job} on this database; try again when it ends.`,
      );
    }
    return await work();
  } finally {
    // Ending the session releases the lock.
    await client.end();
  }
}
