/**
 * The catalogue module's public entry: its routes, the catalogue sources (TMDB, the local
 * database), the one the configuration names and their errors, the title lookups the import
 * matches against, the popular and similar titles the recommender starts from, the starter
 * catalogue, the importers (`pigo import`), and the writers the bench loads its data with. Other
 * files import this module only through here (ESLint enforces it).
 */
export { analyzeCatalogue } from './catalogue.repository.ts';
export { catalogueRoutes } from './catalogue.routes.ts';
export { popularTitles, similarTitles } from './catalogue.service.ts';
export {
  NotAvailableOnProfileError,
  NotFoundError,
  type CatalogueSource,
} from './catalogue.source.ts';
export {
  createConfiguredLookup,
  createConfiguredSource,
  type ConfiguredSourceOptions,
} from './configured-source.ts';
export { writeTitles } from './catalogue-writer.repository.ts';
export { Rankings, type TitleKey, type ViewerSource } from './rankings.service.ts';
export {
  formatSummary,
  importAll,
  IMPORTERS,
  isImporterKind,
  type ImportOptions,
  type ImportSummary,
} from './importers/index.ts';
export { createLocalSource } from './local.source.ts';
export {
  readStarterCatalogue,
  seedIfEmpty,
  writeStarterCatalogue,
  type StarterCounts,
} from './seed.ts';
export {
  createSourceLookup,
  createTitleLookup,
  type LookupTitle,
  type TitleLookup,
} from './title-lookup.ts';
export { createTmdbClient } from './tmdb/tmdb.client.ts';
export { createTmdbSource } from './tmdb/tmdb.source.ts';
export { UpstreamError } from './upstream-error.ts';
