/**
 * SQL of the transfer module's command line (`pigo import-user`): the account an e-mail address
 * names. The page's import and export write and read through the library, progress and backup
 * modules' repositories.
 */
import { sql } from 'drizzle-orm';
import { queryRows, type Database } from '@pigostream/db';

/**
 * The id of the account whose e-mail is `email` (trimmed, any case; the oldest such account),
 * or undefined when none has it.
 * @throws the database's errors.
 */
export async function accountId(db: Database, email: string): Promise<string | undefined> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select id from "user" where lower(email) = lower(${email.trim()})
        order by created_at limit 1`,
  );
  return rows[0]?.id;
}
