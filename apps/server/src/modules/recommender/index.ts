/**
 * The recommender module's public entry: its routes, and its service (which the bench
 * measures). Other files import this module only through here (ESLint enforces it).
 */
export { recommenderRoutes } from './recommender.routes.ts';
export { RecommenderService } from './recommender.service.ts';
