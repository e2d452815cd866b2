/**
 * The anime module's public entry: its routes, the franchise lookup the recommender uses, and
 * the writer of AniList entries the catalogue's starter load and importers (and the bench) use.
 * Other files import this module only through here (ESLint enforces it).
 */
export { animeRoutes } from './anime.routes.ts';
export { franchiseTitles } from './anime.service.ts';
export {
  analyzeAnime,
  writeAnime,
  type AnimeLinkRow,
  type AnimeRow,
  type RelationRow,
} from './anime-writer.repository.ts';
