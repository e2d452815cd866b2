/**
 * SQL of the bench: the fresh PostgreSQL databases its servers run on, what it reads of the
 * catalogue it loaded (counts, sample titles) and the MovieLens users and watch events it adds
 * for the recommender. Every function throws the database's errors.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { queryRows, type Database } from '@pigostream/db';

/** A fresh database on a PostgreSQL server, and how to drop it. */
export interface BenchDatabase {
  /** Its connection URL, for the server's DATABASE_URL. */
  url: string;
  name: string;
  /** Drops it (closing what is still connected to it). */
  drop(): Promise<void>;
}

/**
 * Creates an empty database `pigo_bench_<time>` on the PostgreSQL server of BENCH_POSTGRES_URL
 * (default `postgres://postgres@127.0.0.1:5432/postgres`: the user must be allowed to create
 * databases). @throws Error when the server refuses.
 */
export async function createPostgresDatabase(): Promise<BenchDatabase> {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `pigo_bench_${String(Date.now())}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => admin(`drop database if exists ${name} with (force)`),
  };
}

/** How many movies, shows, episodes and anime entries the catalogue holds. */
export async function catalogueCounts(db: Database): Promise<Record<string, number>> {
  const [row] = await queryRows<Record<string, number>>(
    db,
    sql`select (select count(*) from titles where media_type = 'movie')::int as movies,
          (select count(*) from titles where media_type = 'tv')::int as shows,
          (select count(*) from episodes)::int as episodes,
          (select count(*) from anime_media)::int as anime`,
  );
  return row ?? {};
}

/**
 * `limit` titles with more than 50 votes, in an order fixed by their ids (not by popularity),
 * for the search queries.
 */
export function searchSample(
  db: Database,
  limit: number,
): Promise<{ media_type: string; title: string }[]> {
  return queryRows<{ media_type: string; title: string }>(
    db,
    sql`select media_type, title from titles where vote_count > 50 order by md5(media_type || id::text) limit ${limit}`,
  );
}

/** `limit` titles with a title, in an order fixed by their ids. */
export function titleSample(
  db: Database,
  limit: number,
): Promise<{ type: 'movie' | 'tv'; id: number }[]> {
  return queryRows<{ type: 'movie' | 'tv'; id: number }>(
    db,
    sql`select media_type as type, id from titles where title <> ''
        order by md5(media_type || id::text) limit ${limit}`,
  );
}

/** Adds verified accounts named by `users` (id, name and `<id>@bench.local`); known ones stay. */
export async function insertUsers(db: Database, users: string[]): Promise<void> {
  await queryRows(
    db,
    sql`insert into "user" (id, name, email, email_verified)
        select u, u, u || '@bench.local', true from unnest(${`{${users.join(',')}}`}::text[]) u
        on conflict do nothing`,
  );
}

/**
 * Adds each of `events` as the watch event of a movie at its time (Unix seconds) plus
 * `first + i` microseconds (`i` its index), so events of one second keep their order.
 */
export async function insertWatchEvents(
  db: Database,
  events: { user: string; movie: number; time: number }[],
  first: number,
): Promise<void> {
  const array = (values: (string | number)[]) => `{${values.join(',')}}`;
  await queryRows(
    db,
    sql`insert into watch_events (user_id, media_type, tmdb_id, first_watched_at, last_watched_at)
        select u, 'movie', m, to_timestamp(t) + s * interval '1 microsecond',
               to_timestamp(t) + s * interval '1 microsecond'
        from unnest(${array(events.map((r) => r.user))}::text[], ${array(events.map((r) => r.movie))}::int[],
                    ${array(events.map((r) => r.time))}::float8[], ${array(events.map((_, i) => first + i))}::int[])
             as e(u, m, t, s)
        on conflict do nothing`,
  );
}
