/**
 * Server configuration: the only place that reads the environment (and an optional `.env`).
 * Every setting has a default that runs with nothing set; `.env.example` documents them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import {
  DEFAULT_ALLOWED_EMAIL_DOMAINS,
  DEFAULT_PASSWORD_MIN_LENGTH,
} from '@pigostream/contracts/constants';
import {
  DEFAULT_COMMAND_LEAD_MS,
  DEFAULT_EMPTY_ROOM_MS,
  DEFAULT_MAX_ROOM_MEMBERS,
  DEFAULT_MAX_ROOMS_PER_ACCOUNT,
  DEFAULT_MEMBER_GRACE_MS,
  MAX_LEAD_MS,
} from '@pigostream/contracts';
import { parseOrigin } from './lib/trusted-origins.ts';
import { SERVER_ROOT } from './server-root.ts';

/** Sender of identity mail unless MAIL_FROM says otherwise. */
const DEFAULT_MAIL_FROM = 'PigoStream <no-reply@pigostream.local>';
/** Google's OpenID Connect discovery document. */
const GOOGLE_DISCOVERY_URL = 'https://accounts.google.com/.well-known/openid-configuration';
/** Vite's dev server, trusted as an origin only when PUBLIC_URL is unset (a local setup). */
const DEV_WEB_PORT = 5173;

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
  RESPONSE_CACHE_MB: z.coerce.number().min(0).max(4096).default(16),
  UPSTREAM_CACHE_MB: z.coerce.number().min(1).max(4096).default(32),
  EMBEDDED_DB_BUFFERS_MB: z.coerce.number().int().min(1).max(4096).default(16),
  RECOMMENDER_MAX_EVENTS: z.coerce.number().int().min(1000).max(100_000_000).optional(),
  CHAT_URL: z.url().optional(),
  SOURCE_REPOSITORY_URL: z.url().optional(),
  TRUST_PROXY: z.enum(['true', 'false', '1', '0']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  ALLOWED_ORIGINS: z.string().optional(),
  AUTH_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().default(DEFAULT_MAIL_FROM),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_DISCOVERY_URL: z.url().default(GOOGLE_DISCOVERY_URL),
  ALLOWED_EMAIL_DOMAINS: z.string().default(DEFAULT_ALLOWED_EMAIL_DOMAINS.join(',')),
  PASSWORD_MIN_LENGTH: z.coerce.number().int().min(1).max(128).default(DEFAULT_PASSWORD_MIN_LENGTH),
  SOURCES_FILE: z.string().optional(),
  MEDIA_DIR: z.string().optional(),
  MEDIA_RESCAN_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  FFMPEG_PATH: z.string().optional(),
  FFPROBE_PATH: z.string().optional(),
  TRANSCODE_MAX: z.coerce.number().int().min(1).max(64).optional(),
  TRANSCODE_CACHE_MB: z.coerce.number().int().min(1).max(1_000_000).default(2048),
  TRANSCODE_SEGMENT_S: z.coerce.number().int().min(1).max(10).default(6),
  RELEASES_FILE: z.string().optional(),
  TOGETHER_MAX_MEMBERS: z.coerce.number().int().min(2).max(100).default(DEFAULT_MAX_ROOM_MEMBERS),
  TOGETHER_MAX_ROOMS: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .default(DEFAULT_MAX_ROOMS_PER_ACCOUNT),
  TOGETHER_GRACE_S: z.coerce
    .number()
    .min(0.1)
    .max(600)
    .default(DEFAULT_MEMBER_GRACE_MS / 1000),
  TOGETHER_EMPTY_ROOM_S: z.coerce
    .number()
    .min(0.1)
    .max(7 * 24 * 3600)
    .default(DEFAULT_EMPTY_ROOM_MS / 1000),
  TOGETHER_LEAD_MS: z.coerce
    .number()
    .int()
    .min(50)
    .max(MAX_LEAD_MS)
    .default(DEFAULT_COMMAND_LEAD_MS),
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
  /**
   * What the process's caches keep at most, in bytes (LEAN-3 in docs/requirements.md): each of the
   * two answer caches, catalogue answers and users' own answers (RESPONSE_CACHE_MB, default 16 MB
   * each; 0 turns them off), the in-process tier of the upstream answer cache (UPSTREAM_CACHE_MB,
   * default 32 MB), and the embedded database's shared buffers in MB, all resident
   * (EMBEDDED_DB_BUFFERS_MB, default 16).
   */
  memory: { responseCacheBytes: number; upstreamCacheBytes: number; embeddedBuffersMb: number };
  /**
   * The recommender's co-watch model (RECO-4, LEAN-3 in docs/requirements.md): `maxEvents` is the
   * most watch events (distinct user and title pairs, one row of watch_events each) it holds in
   * memory, RECOMMENDER_MAX_EVENTS, 1,000 to 100,000,000; past it the oldest are forgotten, so
   * recommendations follow the newest. Each takes 60 to 75 bytes (up to about 150 when nearly
   * every event is a title of its own). Undefined when unset: the recommender's default,
   * 2,500,000 events (some 150 to 190 MB at most; DEFAULT_MAX_EVENTS in
   * modules/recommender/recommender.service.ts).
   */
  recommender: { maxEvents: number | undefined };
  logLevel: string;
  /**
   * Sidebar links (DEC-7 in docs/decisions.md): the chat channel and the source repository; hidden
   * when unset.
   */
  links: { chatUrl: string | null; sourceUrl: string | null };
  /** Trust X-Forwarded-* (client IP for rate limits) only behind a proxy that sets them. */
  trustProxy: boolean;
  /** Absolute path of the built web app. */
  webDist: string;
  /** Origin users reach the site at (PUBLIC_URL, default `http://localhost:${PORT}`). */
  publicUrl: string;
  identity: IdentityConfig;
  mail: MailConfig;
  /** Stream sources (`/sources/servers`): absolute paths, undefined when unset. */
  sources: {
    file: string | undefined;
    mediaDir: string | undefined;
    /** MEDIA_RESCAN_MS: least time between two scans of MEDIA_DIR started by requests (SRC-3). */
    rescanMs: number;
  };
  playback: PlaybackConfig;
  /** Player releases (`/pigostore`): RELEASES_FILE as an absolute path, undefined when unset. */
  releasesFile: string | undefined;
  together: TogetherConfig;
}

/** Watching together (TOGETHER-1..10 in docs/requirements.md). */
export interface TogetherConfig {
  /** TOGETHER_MAX_MEMBERS: most members a room holds (12). */
  maxMembers: number;
  /** TOGETHER_MAX_ROOMS: most rooms an account has open at once (3). */
  maxRoomsPerAccount: number;
  /** TOGETHER_GRACE_S in ms: how long a member whose socket closed is kept (30 s). */
  graceMs: number;
  /** TOGETHER_EMPTY_ROOM_S in ms: how long a room with no member lives on (30 minutes). */
  emptyRoomMs: number;
  /** TOGETHER_LEAD_MS: the least time between a command's sending and its acting, ms (300). */
  leadMs: number;
}

/** Identity settings (AUTH-7..17, VALID-1..12; DEC-8). */
export interface IdentityConfig {
  /** AUTH_SECRET; when undefined one is generated into DATA_DIR (or memory). */
  secret: string | undefined;
  /**
   * The configured origins (ADDR-1 of docs/addresses.md): PUBLIC_URL's, every ALLOWED_ORIGINS
   * entry and, without PUBLIC_URL, the Vite dev server's. The machine's own names at PORT are
   * trusted besides these (lib/trusted-origins.ts).
   */
  trustedOrigins: string[];
  /** Lower-cased sign-up e-mail domains. */
  allowedEmailDomains: string[];
  /** Shortest accepted password, in characters. */
  passwordMinLength: number;
  /** Google sign-in over OpenID Connect; undefined when not configured. */
  google: { clientId: string; clientSecret: string; discoveryUrl: string } | undefined;
}

/** Playing the media library in the browser (PLAYBACK-1..6 in docs/requirements.md). */
export interface PlaybackConfig {
  /**
   * FFMPEG_PATH: the ffmpeg program, or a folder holding ffmpeg and ffprobe; undefined: looked up
   * on PATH. Without ffmpeg, files play only as they are (PLAYBACK-5).
   */
  ffmpegPath: string | undefined;
  /** FFPROBE_PATH: the ffprobe program; undefined: beside FFMPEG_PATH's ffmpeg, else on PATH. */
  ffprobePath: string | undefined;
  /** TRANSCODE_MAX: most ffmpeg remuxes and transcodes at once (default half the CPUs, 1+). */
  maxProcesses: number;
  /** TRANSCODE_CACHE_MB in bytes: most segments kept under DATA_DIR/transcodes (2048 MB). */
  cacheBytes: number;
  /** TRANSCODE_SEGMENT_S: length of an HLS segment in seconds (6). */
  segmentSeconds: number;
}

/** Outgoing mail: SMTP when `smtpUrl` is set, otherwise the outbox under DATA_DIR. */
export interface MailConfig {
  smtpUrl: string | undefined;
  /** From header, e.g. `PigoStream <no-reply@pigostream.local>`. */
  from: string;
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
 * ALLOWED_ORIGINS (comma-separated `scheme://host[:port]`, e.g. a proxy's domain or a VPN name)
 * as serialised origins (ADDR-1 of docs/addresses.md).
 * @throws Error naming the first entry that is not exactly one http(s) origin.
 */
function parseAllowedOrigins(value: string | undefined): string[] {
  const out: string[] = [];
  for (const entry of (value ?? '').split(',')) {
    const spelled = entry.trim().replace(/\/$/, '');
    if (spelled === '') continue;
    const origin = parseOrigin(spelled);
    if (origin === undefined) {
      throw new Error(
        `Invalid configuration: ALLOWED_ORIGINS: "${spelled}" is not an origin (scheme://host[:port], http or https, no path)`,
      );
    }
    out.push(origin);
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
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new Error(
      'Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together',
    );
  }
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).origin;
  const devOrigins = e.PUBLIC_URL ? [] : [`http://localhost:${DEV_WEB_PORT}`];
  const allowedOrigins = parseAllowedOrigins(e.ALLOWED_ORIGINS);
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
    memory: {
      responseCacheBytes: Math.round(e.RESPONSE_CACHE_MB * 1024 * 1024),
      upstreamCacheBytes: Math.round(e.UPSTREAM_CACHE_MB * 1024 * 1024),
      embeddedBuffersMb: e.EMBEDDED_DB_BUFFERS_MB,
    },
    recommender: { maxEvents: e.RECOMMENDER_MAX_EVENTS },
    logLevel: e.LOG_LEVEL,
    links: { chatUrl: e.CHAT_URL ?? null, sourceUrl: e.SOURCE_REPOSITORY_URL ?? null },
    trustProxy: e.TRUST_PROXY === 'true' || e.TRUST_PROXY === '1',
    webDist: path.resolve(e.WEB_DIST ?? path.join(SERVER_ROOT, '..', 'web', 'dist')),
    publicUrl,
    identity: {
      secret: e.AUTH_SECRET,
      trustedOrigins: [...new Set([publicUrl, ...allowedOrigins, ...devOrigins])],
      allowedEmailDomains: e.ALLOWED_EMAIL_DOMAINS.split(',')
        .map((d) => d.trim().toLowerCase())
        .filter((d) => d !== ''),
      passwordMinLength: e.PASSWORD_MIN_LENGTH,
      google:
        e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
          ? {
              clientId: e.GOOGLE_CLIENT_ID,
              clientSecret: e.GOOGLE_CLIENT_SECRET,
              discoveryUrl: e.GOOGLE_DISCOVERY_URL,
            }
          : undefined,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    sources: {
      file: e.SOURCES_FILE ? path.resolve(cwd, e.SOURCES_FILE) : undefined,
      mediaDir: e.MEDIA_DIR ? path.resolve(cwd, e.MEDIA_DIR) : undefined,
      rescanMs: e.MEDIA_RESCAN_MS,
    },
    playback: {
      ffmpegPath: e.FFMPEG_PATH ? path.resolve(cwd, e.FFMPEG_PATH) : undefined,
      ffprobePath: e.FFPROBE_PATH ? path.resolve(cwd, e.FFPROBE_PATH) : undefined,
      maxProcesses: e.TRANSCODE_MAX ?? Math.max(1, Math.floor(cpus().length / 2)),
      cacheBytes: e.TRANSCODE_CACHE_MB * 1024 * 1024,
      segmentSeconds: e.TRANSCODE_SEGMENT_S,
    },
    releasesFile: e.RELEASES_FILE ? path.resolve(cwd, e.RELEASES_FILE) : undefined,
    together: {
      maxMembers: e.TOGETHER_MAX_MEMBERS,
      maxRoomsPerAccount: e.TOGETHER_MAX_ROOMS,
      graceMs: Math.round(e.TOGETHER_GRACE_S * 1000),
      emptyRoomMs: Math.round(e.TOGETHER_EMPTY_ROOM_S * 1000),
      leadMs: e.TOGETHER_LEAD_MS,
    },
  };
}
