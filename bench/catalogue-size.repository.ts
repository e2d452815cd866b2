/**
 * SQL of the catalogue-size bench (bench/catalogue-size.ts): PostgreSQL databases made for it
 * (created empty or copied from another, dropped at the end), the synthetic catalogue copies that
 * grow a loaded catalogue k-fold, the synthetic users and their watch events, and what the bench
 * reads back (counts, the provider with most rows). Everything is generated inside the database
 * (insert ... select, generate_series), so it runs the same on PostgreSQL and on the embedded
 * database. Every function throws the database's errors.
 */
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { queryRows, type Database } from '@pigostream/db';

/** Ids of copy `k` of a real title are its id + k * ID_STRIDE; real TMDB ids stay below it. */
export const ID_STRIDE = 10_000_000;

/** A database made on the PostgreSQL server for the bench. */
export interface SizeDatabase {
  name: string;
  /** Its connection URL (for openDatabase and the server's DATABASE_URL). */
  url: string;
}

/** The bench's PostgreSQL server: BENCH_POSTGRES_URL, default the machine's. */
export function adminUrl(): string {
  return process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** Runs one statement on the PostgreSQL server's admin database. */
async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** `name`'s URL on the server of {@link adminUrl}. */
function urlOf(name: string): string {
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database name made of lower-case letters, digits and underscores only. */
function checkName(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`bad database name ${name}`);
  return name;
}

/**
 * Creates the database `name` on the PostgreSQL server of {@link adminUrl}: empty, or a copy
 * of `template` (which nobody may be connected to). @throws Error when the server refuses.
 */
export async function createSizeDatabase(name: string, template?: string): Promise<SizeDatabase> {
  await admin(
    `create database ${checkName(name)}${template ? ` template ${checkName(template)}` : ''}`,
  );
  return { name, url: urlOf(name) };
}

/** Drops the database `name` (closing what is still connected to it); none is fine. */
export async function dropSizeDatabase(name: string): Promise<void> {
  await admin(`drop database if exists ${checkName(name)} with (force)`);
}

/** A column name of `information_schema`, double-quoted for SQL. */
const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;

/**
 * The columns of `table` an insert may write (not generated, not `generated always` identity),
 * in table order. Read from the database so that the copies follow the schema as it is.
 */
async function writableColumns(db: Database, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select column_name as name from information_schema.columns
        where table_schema = current_schema() and table_name = ${table}
          and is_generated = 'NEVER' and coalesce(identity_generation, '') <> 'ALWAYS'
        order by ordinal_position`,
  );
  return rows.map((r) => r.name);
}

/** Per media type, how many real (non-stub) titles there are: what the copies are drawn from. */
export interface SourceCounts {
  movie: number;
  tv: number;
}

/**
 * Prepares the synthetic copies: a work table `bench_size_words` numbering the real titles of
 * each media type (1..n) with their title's words, which copies borrow their names from.
 * @returns the real titles of each type.
 */
export async function prepareCopies(db: Database): Promise<SourceCounts> {
  await db.execute(sql`drop table if exists bench_size_words`);
  await db.execute(
    sql`create unlogged table bench_size_words as
        select media_type, id,
          row_number() over (partition by media_type order by id)::int as rn,
          regexp_split_to_array(btrim(title), '\s+') as words
        from titles where title <> '' and id < ${ID_STRIDE}`,
  );
  await db.execute(sql`create index on bench_size_words (media_type, rn)`);
  await db.execute(sql`analyze bench_size_words`);
  const rows = await queryRows<{ media_type: string; n: number }>(
    db,
    sql`select media_type, count(*)::int as n from bench_size_words group by media_type`,
  );
  const n = (type: string) => rows.find((r) => r.media_type === type)?.n ?? 0;
  return { movie: n('movie'), tv: n('tv') };
}

/**
 * Writes copy `k` (1, 2, ...) of every real title and its provider rows, all in SQL. The copy's
 * id is id + k * {@link ID_STRIDE}. A quarter of the copies keep the real title (so equal names
 * compete and search must break ties by popularity); the others are named by the first half of
 * one random real title's words and the second half of another's (same media type). Popularity
 * and vote count are the real ones times 0.01 + 0.3 * random() (the real title stays the most
 * popular of its copies), the release date is uniform over 1950-2025 (a show's last air date
 * moves with it), the IMDb id is dropped, every other column (genres, images, overview...) is
 * the real title's. Provider rows are copied with the same provider and region.
 * Needs {@link prepareCopies} first. @returns the titles and provider rows written.
 */
export async function writeCopy(
  db: Database,
  k: number,
  counts: SourceCounts,
): Promise<{ titles: number; providers: number }> {
  const offset = k * ID_STRIDE;
  const mixed = `array_to_string(
      a.words[1:ceil(array_length(a.words, 1) / 2.0)::int]
        || b.words[floor(array_length(b.words, 1) / 2.0)::int + 1:array_length(b.words, 1)], ' ')`;
  const factor = '(0.01 + 0.3 * g.r_pop)';
  const overrides: Record<string, string> = {
    id: `g.id + ${String(offset)}`,
    title: `case when g.r_keep < 0.25 then g.title else ${mixed} end`,
    original_title: `case when g.r_keep < 0.25 then g.original_title else ${mixed} end`,
    popularity: `g.popularity * ${factor}`,
    vote_count: `round(g.vote_count * ${factor})::int`,
    release_date: 'g.new_release',
    last_air_date: 'g.last_air_date + (g.new_release - g.release_date)',
    imdb_id: 'null',
    updated_at: 'now()',
    trending_score: 'null',
  };
  const columns = await writableColumns(db, 'titles');
  const list = columns.map(quoted).join(', ');
  const values = columns.map((c) => overrides[c] ?? `g.${quoted(c)}`).join(', ');
  const titles = await queryRows<{ n: number }>(
    db,
    sql`with written as (
          insert into titles (${sql.raw(list)})
          select ${sql.raw(values)} from (
            select t.*, random() as r_keep, random() as r_pop,
              date '1950-01-01' + floor(random() * (date '2025-12-31' - date '1950-01-01' + 1))::int
                as new_release,
              1 + floor(random() * (case t.media_type when 'movie' then ${counts.movie}::int
                else ${counts.tv}::int end))::int as ia,
              1 + floor(random() * (case t.media_type when 'movie' then ${counts.movie}::int
                else ${counts.tv}::int end))::int as ib
            from titles t where t.title <> '' and t.id < ${ID_STRIDE}
            offset 0) g
          left join bench_size_words a on a.media_type = g.media_type and a.rn = g.ia
          left join bench_size_words b on b.media_type = g.media_type and b.rn = g.ib
          on conflict do nothing
          returning 1)
        select count(*)::int as n from written`,
  );
  const providerOverrides: Record<string, string> = {
    tmdb_id: `p.tmdb_id + ${String(offset)}`,
    popularity: 'n.popularity',
  };
  const providerColumns = await writableColumns(db, 'title_providers');
  const providerValues = providerColumns
    .map((c) => providerOverrides[c] ?? `p.${quoted(c)}`)
    .join(', ');
  const providers = await queryRows<{ n: number }>(
    db,
    sql`with written as (
          insert into title_providers (${sql.raw(providerColumns.map(quoted).join(', '))})
          select ${sql.raw(providerValues)} from title_providers p
          join titles n on n.media_type = p.media_type and n.id = p.tmdb_id + ${offset}::int
          where p.tmdb_id < ${ID_STRIDE}
          on conflict do nothing
          returning 1)
        select count(*)::int as n from written`,
  );
  return { titles: titles[0]?.n ?? 0, providers: providers[0]?.n ?? 0 };
}

/** Drops the work tables of {@link prepareCopies} and {@link prepareWatchSampling}. */
export async function dropWorkTables(db: Database): Promise<void> {
  await db.execute(sql`drop table if exists bench_size_words`);
  await db.execute(sql`drop table if exists bench_size_weights`);
}

/**
 * Prepares popularity-weighted sampling of titles for watch events: a work table
 * `bench_size_weights` of every listed title with a popularity above 0 and the running sum of
 * popularity up to it. @returns the total popularity (what a draw is scaled to).
 */
export async function prepareWatchSampling(db: Database): Promise<number> {
  await db.execute(sql`drop table if exists bench_size_weights`);
  await db.execute(
    sql`create unlogged table bench_size_weights as
        select media_type, id,
          sum(popularity::float8) over (order by popularity desc, media_type, id) as upto
        from titles where title <> '' and popularity > 0`,
  );
  await db.execute(sql`create index on bench_size_weights (upto)`);
  await db.execute(sql`analyze bench_size_weights`);
  const rows = await queryRows<{ total: number | null }>(
    db,
    sql`select max(upto)::float8 as total from bench_size_weights`,
  );
  return rows[0]?.total ?? 0;
}

/** The id of synthetic user `i` (1-based). */
const userIdSql = (expression: string) => sql.raw(`'bench-size-' || (${expression})::text`);

/**
 * Adds synthetic verified users `first`..`last` (ids `bench-size-<i>`, e-mail
 * `bench-size-<i>@bench.local`) straight into the identity's `user` table; known ones stay.
 */
export async function insertSyntheticUsers(
  db: Database,
  first: number,
  last: number,
): Promise<void> {
  await db.execute(
    sql`insert into "user" (id, name, email, email_verified)
        select ${userIdSql('g')}, 'Bench user ' || g::text, ${userIdSql('g')} || '@bench.local', true
        from generate_series(${first}::int, ${last}::int) g
        on conflict do nothing`,
  );
}

/**
 * The watch-event rows of `users` (an SQL list of `(u)` user ids), `perUser` draws each: titles
 * drawn weighted by popularity (a user drawing a title twice keeps one row); first watched
 * uniformly over the last 365 days, except 1 in 20 in the last 7 days; last watched between it
 * and now; one watch in five counted twice.
 */
function watchEventsInsert(users: SQL, perUser: number, total: number): SQL {
  return sql`insert into watch_events
        (user_id, media_type, tmdb_id, watch_count, first_watched_at, last_watched_at)
      select d.u, w.media_type, w.id, case when d.r_twice < 0.2 then 2 else 1 end,
        d.first_at, d.first_at + d.r_last * (now() - d.first_at)
      from (
        select u.u, random() * ${total}::float8 as r, random() as r_twice, random() as r_last,
          now() - case when random() < 0.05 then random() * interval '7 days'
            else random() * interval '365 days' end as first_at
        from ${users} cross join generate_series(1, ${perUser}::int) j
        offset 0) d
      cross join lateral (
        select media_type, id from bench_size_weights where upto >= d.r order by upto limit 1) w
      on conflict do nothing`;
}

/**
 * Adds `perUser` popularity-weighted watch events (see {@link watchEventsInsert}) for each
 * synthetic user `first`..`last`. Needs {@link prepareWatchSampling} first (`total` its answer).
 */
export async function insertSyntheticWatchEvents(
  db: Database,
  first: number,
  last: number,
  perUser: number,
  total: number,
): Promise<void> {
  await db.execute(
    watchEventsInsert(
      sql`(select ${userIdSql('g')} as u from generate_series(${first}::int, ${last}::int) g) u`,
      perUser,
      total,
    ),
  );
}

/** Adds `count` popularity-weighted watch events for the user `userId` (a real account). */
export async function insertWatchEventsFor(
  db: Database,
  userId: string,
  count: number,
  total: number,
): Promise<void> {
  await db.execute(watchEventsInsert(sql`(select ${userId}::text as u) u`, count, total));
}

/** Refreshes the planner's statistics of the tables the synthetic users filled. */
export async function analyzeActivity(db: Database): Promise<void> {
  await db.execute(sql`analyze "user", watch_events`);
}

/**
 * Vacuums what the build wrote (the rescore after the bulk insert leaves a dead version of
 * every title), as autovacuum would soon after, so it does not run during the measurement.
 */
export async function vacuumBuilt(db: Database): Promise<void> {
  await db.execute(sql`vacuum analyze titles, title_providers, watch_events, search_words`);
}

/** What a catalogue size holds: titles by type, provider rows, users, watch events, credits. */
export interface SizeCounts {
  movies: number;
  shows: number;
  providerRows: number;
  users: number;
  watchEvents: number;
  recentWatchEvents: number;
  credits: number;
  episodes: number;
}

/** Counts what the database holds (see {@link SizeCounts}); recent = first watched in 7 days. */
export async function sizeCounts(db: Database): Promise<SizeCounts> {
  const [row] = await queryRows<SizeCounts>(
    db,
    sql`select
          (select count(*) from titles where media_type = 'movie' and title <> '')::int as "movies",
          (select count(*) from titles where media_type = 'tv' and title <> '')::int as "shows",
          (select count(*) from title_providers)::int as "providerRows",
          (select count(*) from "user")::int as "users",
          (select count(*) from watch_events)::int as "watchEvents",
          (select count(*) from watch_events
            where first_watched_at > now() - interval '7 days')::int as "recentWatchEvents",
          (select count(*) from credits)::int as "credits",
          (select count(*) from episodes)::int as "episodes"`,
  );
  if (!row) throw new Error('no counts');
  return row;
}

/**
 * Of the providers `ids`, the one with the most movie rows in `region`, and how many; undefined
 * when none has any.
 */
export async function busiestProvider(
  db: Database,
  ids: readonly number[],
  region: string,
): Promise<{ id: number; rows: number } | undefined> {
  const rows = await queryRows<{ id: number; rows: number }>(
    db,
    sql`select provider_id as id, count(*)::int as rows from title_providers
        where media_type = 'movie' and region = ${region}
          and provider_id = any(${`{${ids.join(',')}}`}::int[])
        group by provider_id order by count(*) desc, provider_id limit 1`,
  );
  return rows[0];
}

/** The database's size in MB (PostgreSQL's own count; the embedded one counts its files). */
export async function databaseMb(db: Database): Promise<number> {
  const rows = await queryRows<{ bytes: number }>(
    db,
    sql`select pg_database_size(current_database())::float8 as bytes`,
  );
  return (rows[0]?.bytes ?? 0) / 1024 / 1024;
}
