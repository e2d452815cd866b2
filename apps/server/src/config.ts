/**
 * Server configuration: the only place that reads the environment (and an optional `.env`).
 * Every setting has a default that runs with nothing set; `.env.example` documents them.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url().optional(),
  CATALOG_SOURCE: z.enum(['local', 'tmdb']).default('local'),
  IMAGE_BASE_URL: z.url().default('https://image.tmdb.org/t/p'),
  TMDB_API_TOKEN: z.string().optional(),
  TMDB_API_KEY: z.string().optional(),
  TMDB_BASE_URL: z.url().default('https://api.themoviedb.org/3'),
  ANILIST_URL: z.url().default('https://graphql.anilist.co'),
  REDIS_URL: z.url().optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  /** Absolute path of the data directory (embedded database, outbox, secrets). */
  dataDir: string;
  databaseUrl: string | undefined;
  catalogSource: 'local' | 'tmdb';
  /** TMDB's image host base, sizes appended (`{base}/w500/abc.jpg`). */
  imageBaseUrl: string;
  /** TMDB v3 credentials: a v4 read access token (Bearer) or a v3 api_key. */
  tmdb: { baseUrl: string; token: string | undefined; apiKey: string | undefined };
  /** AniList GraphQL endpoint, used when `catalogSource` is `tmdb`. */
  anilistUrl: string;
  redisUrl: string | undefined;
  /** Longest an upstream call (TMDB, AniList) may take in all, retries included, in ms. */
  upstreamTimeoutMs: number;
  logLevel: string;
  /** Absolute path of the built web app. */
  webDist: string;
}

/** Reads KEY=VALUE lines of a `.env` file; values already in the environment win. */
function readDotEnv(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  const out: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Z0-9_]+)\s*=\s*(.*?)\s*$/.exec(line);
    if (match?.[1] && match[2] !== undefined && match[2] !== '') {
      out[match[1]] = match[2].replace(/^(['"])(.*)\1$/, '$2');
    }
  }
  return out;
}

/**
 * Parses the environment once.
 * @throws Error naming each invalid setting.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  cwd = process.cwd(),
): Config {
  const merged = { ...readDotEnv(path.join(cwd, '.env')), ...env };
  const cleaned = Object.fromEntries(
    Object.entries(merged).filter(([, v]) => v !== undefined && v !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if (e.CATALOG_SOURCE === 'tmdb' && !e.TMDB_API_TOKEN && !e.TMDB_API_KEY) {
    throw new Error(
      'Invalid configuration: CATALOG_SOURCE=tmdb needs TMDB_API_TOKEN or TMDB_API_KEY',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR.startsWith('memory://') ? e.DATA_DIR : path.resolve(cwd, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    catalogSource: e.CATALOG_SOURCE,
    imageBaseUrl: e.IMAGE_BASE_URL.replace(/\/$/, ''),
    tmdb: {
      baseUrl: e.TMDB_BASE_URL.replace(/\/$/, ''),
      token: e.TMDB_API_TOKEN,
      apiKey: e.TMDB_API_KEY,
    },
    anilistUrl: e.ANILIST_URL,
    redisUrl: e.REDIS_URL,
    upstreamTimeoutMs: e.UPSTREAM_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(
      e.WEB_DIST ?? path.join(path.dirname(new URL(import.meta.url).pathname), '../../web/dist'),
    ),
  };
}
