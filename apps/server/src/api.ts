/**
 * The API: every module's calls under `/pigo-stream` (ARCH-3, ARCH-4 in docs/architecture.md;
 * "API: the calls" in docs/requirements.md), with the two answer caches around the calls they
 * hold (QUAL-3, PERF-7 in docs/requirements.md).
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DatabaseHandle } from '@pigostream/db';
import type { Config } from './config.ts';
import { activityRoutes, type ActivityService } from './modules/activity/index.ts';
import { animeRoutes } from './modules/anime/index.ts';
import {
  catalogueRoutes,
  createConfiguredLookup,
  type CatalogueSource,
} from './modules/catalogue/index.ts';
import { appConfigRoutes, healthRoutes, type Readiness } from './modules/health/index.ts';
import { ratingCeilingOf, resolveAuthSecret, verifiedProfileOf } from './modules/identity/index.ts';
import { imagesRoutes } from './modules/images/index.ts';
import { LibraryService, libraryRoutes } from './modules/library/index.ts';
import { profilesRoutes } from './modules/profiles/index.ts';
import { ProgressService, progressRoutes } from './modules/progress/index.ts';
import { recommenderRoutes } from './modules/recommender/index.ts';
import {
  createSharedMediaIndex,
  HlsStreams,
  openMediaStreams,
  sourcesRoutes,
} from './modules/sources/index.ts';
import { storeRoutes } from './modules/store/index.ts';
import { stremioRoutes } from './modules/stremio/index.ts';
import { togetherRoutes } from './modules/together/index.ts';
import { transferRoutes } from './modules/transfer/index.ts';
import type { ClusterBus } from './lib/cluster-bus.ts';
import {
  cacheResponses,
  cacheUserAnswers,
  clearOnWrites,
  RESPONSE_CACHE_TTL_MS,
  USER_ANSWER_TTL_MS,
} from './lib/response-cache.ts';
import type { CachedLoader } from './lib/shared-cache.ts';
import type { TrustedOrigins } from './lib/trusted-origins.ts';

/** What the API's modules are built from; app.ts builds each once. */
export interface ApiOptions {
  config: Config;
  database: DatabaseHandle;
  /** Path prefix of the API, `/pigo-stream` (register the plugin with the same `prefix`). */
  apiPrefix: string;
  /** Shares answer invalidation with the other servers (lib/cluster-bus.ts). */
  bus: ClusterBus;
  /** The readiness checker `/health/ready` answers from. */
  readiness: Readiness;
  /** The upstream answer cache TMDB and AniList share (lib/shared-cache.ts). */
  loader: CachedLoader;
  /** The activity module's service: trending's recent viewers, most-watched. */
  activity: ActivityService;
  /** The catalogue source (createConfiguredSource, or a test's). */
  catalogue: CatalogueSource;
  /** The origins the site is reached at: links that leave the page start with one (ADDR-4). */
  trustedOrigins: TrustedOrigins;
}

/**
 * Registers every module's calls. Catalogue and activity answers, the same for everyone, are
 * reused for 2 s and forgotten on any write that can change them; a user's own answers (lists,
 * recommendations, progress, transfer) are reused for 2 s and forgotten on any write of theirs.
 * Register with `{ prefix: apiPrefix }`, after the identity plugin (user calls read
 * `app.identity`).
 */
export const apiPlugin: FastifyPluginAsyncZod<ApiOptions> = async (api, options) => {
  const { config, database, apiPrefix, bus, readiness, loader, activity, catalogue } = options;
  const { trustedOrigins } = options;
  const { db } = database;
  const cacheBytes = config.memory.responseCacheBytes;
  // The auth secret (its file or AUTH_SECRET): player tokens' and HLS plans' keys derive from it.
  const secret = await resolveAuthSecret(config.identity.secret, config.dataDir);
  // Liveness and readiness (OPS-3).
  await api.register(healthRoutes, { database, readiness });
  // Answers the same for everyone (not a user's own lists, searches, progress or imports); a
  // kids' profile's are kept apart, per rating limit (PROFILE-7).
  await api.register(async (cached) => {
    const answers = cacheResponses(cached, RESPONSE_CACHE_TTL_MS, cacheBytes, ratingCeilingOf);
    clearOnWrites(api, answers, bus, apiPrefix);
    // The catalogue: titles, seasons, search, providers, trending.
    await cached.register(catalogueRoutes, { source: catalogue });
    // The home hero's '#1 Most Watched' title (HOME-8).
    await cached.register(activityRoutes, { activity, catalogue });
  });
  // The settings the app reads.
  await api.register(appConfigRoutes, { config });
  // Anime: from AniList with the live catalogue, else from the local copy.
  await api.register(animeRoutes, {
    db,
    source: config.catalogSource === 'tmdb' ? 'anilist' : 'local',
    anilistUrl: config.anilistUrl,
    timeoutMs: config.upstreamTimeoutMs,
    loader,
  });
  // The one image route: drawn art, or a redirect to TMDB's image host (IMG-1).
  await api.register(imagesRoutes, { imageBaseUrl: config.imageBaseUrl });
  // The account's profiles and the session's active one (PROFILE-1..6): not kept, as an answer
  // holds the account's profiles, which any of its sessions may change.
  await api.register(profilesRoutes, { db });
  // A user's own answers, kept per profile: the session's active one (PROFILE-4).
  await api.register(async (users) => {
    cacheUserAnswers(users, verifiedProfileOf, bus, USER_ANSWER_TTL_MS, cacheBytes);
    // My List, Watch History and saved searches.
    await users.register(libraryRoutes, { db, catalogue });
    // Recommendations.
    await users.register(recommenderRoutes, {
      db,
      catalogue,
      activity,
      maxEvents: config.recommender.maxEvents,
    });
    // Watch progress; player tokens' key comes from the auth secret (its file or AUTH_SECRET).
    await users.register(progressRoutes, { db, catalogue, secret });
    // Import and export; the export's answer is text, which the user-answer cache never keeps.
    const lookup = createConfiguredLookup(config.catalogSource, db, catalogue);
    await users.register(transferRoutes, { database, lookup });
  });
  // What titles play from: the link templates, and the media folder, scanned; servers on one
  // PostgreSQL database share one media index, which keeps the files' probes (PLAYBACK-1).
  const media = await openMediaStreams({
    sourcesFile: config.sources.file,
    mediaDir: config.sources.mediaDir,
    rescanMs: config.sources.rescanMs,
    sharedIndex: createSharedMediaIndex(db, database.kind === 'postgres'),
    playback: config.playback,
    log: api.log,
  });
  // Remuxes and transcodes of its files as HLS, for the play page and the addon (PLAYBACK-4,
  // STREMIO-6): one set of ffmpeg sessions per server, stopped when it closes.
  const hls = new HlsStreams(media, {
    secret,
    dataDir: config.dataDir,
    maxProcesses: config.playback.maxProcesses,
    cacheBytes: config.playback.cacheBytes,
    segmentSeconds: config.playback.segmentSeconds,
    log: api.log,
  });
  api.addHook('onClose', () => hls.close());
  // Stream sources and media files, and their playback in the browser (PLAYBACK-1..6).
  await api.register(sourcesRoutes, { media, hls, apiPrefix, catalogue });
  // A profile's Stremio addon and its tokens (STREMIO-1..9): read by a token, not a session, so
  // in neither answer cache; its writes (progress, Watch History) start the profile's new write
  // generation themselves.
  await api.register(stremioRoutes, {
    db,
    catalogue,
    media,
    hls,
    lists: new LibraryService(db, catalogue),
    progress: new ProgressService(db, catalogue),
    bus,
    trustedOrigins,
    publicUrl: config.publicUrl,
    apiPrefix,
  });
  // Watching together (TOGETHER-1..10, DEC-33): rooms and their WebSocket, in Redis with
  // REDIS_URL; a room is no one's list, so in neither answer cache.
  await api.register(togetherRoutes, {
    config,
    db,
    catalogue,
    media,
    bus,
    trustedOrigins,
    apiPrefix,
  });
  // The player app's releases (PigoStore).
  await api.register(storeRoutes, {
    releasesFile: config.releasesFile,
    dataDir: config.dataDir,
    apiPrefix,
  });
};
