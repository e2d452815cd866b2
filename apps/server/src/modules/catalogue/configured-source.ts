/**
 * The catalogue `CATALOG_SOURCE` names (ARCH-10, ARCH-12 in docs/architecture.md; LIVE-1 in
 * docs/requirements.md): the local database (`local`, the default) or live TMDB v3 (`tmdb`),
 * and the title lookup the import matches against with it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '@pigostream/db';
import type { Config } from '../../config.ts';
import type { CachedLoader } from '../../lib/shared-cache.ts';
import type { CatalogueSource } from './catalogue.source.ts';
import { createLocalSource } from './local.source.ts';
import { createSourceLookup, createTitleLookup, type TitleLookup } from './title-lookup.ts';
import { createTmdbClient } from './tmdb/tmdb.client.ts';
import { createTmdbSource } from './tmdb/tmdb.source.ts';

export interface ConfiguredSourceOptions {
  config: Pick<Config, 'catalogSource' | 'tmdb' | 'upstreamTimeoutMs'>;
  db: Database;
  /** The upstream answer cache TMDB's answers are kept in (lib/shared-cache.ts). */
  loader: CachedLoader;
  /** Where TMDB's retries and its answers' dropped fields are logged, as warnings. */
  log: FastifyBaseLogger;
}

/**
 * The catalogue source the configuration names: with `catalogSource` `local`, the database
 * (trending reads the kept scores, ARCH-13); with `tmdb`, TMDB through `loader`,
 * each call given `upstreamTimeoutMs` in all. Its calls raise NotFoundError (404) and, from TMDB,
 * UpstreamError (502, 503).
 */
export function createConfiguredSource(options: ConfiguredSourceOptions): CatalogueSource {
  const { config, db, loader, log } = options;
  if (config.catalogSource === 'local') return createLocalSource(db);
  const client = createTmdbClient({
    ...config.tmdb,
    timeoutMs: config.upstreamTimeoutMs,
    log: (message, details) => {
      log.warn(details, message);
    },
  });
  return createTmdbSource(client, loader, (details, message) => {
    log.warn(details, message);
  });
}

/**
 * The title lookup an import matches against (TRANSFER-2, TRANSFER-4 in docs/requirements.md):
 * the local catalogue's tables, and with `catalogSource` `tmdb` also `source`'s summaries and
 * search (their tables hold only what was imported then).
 */
export function createConfiguredLookup(
  catalogSource: Config['catalogSource'],
  db: Database,
  source: CatalogueSource,
): TitleLookup {
  const tables = createTitleLookup(db);
  return catalogSource === 'tmdb' ? createSourceLookup(tables, source) : tables;
}
