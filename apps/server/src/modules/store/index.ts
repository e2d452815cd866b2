/**
 * The store module's public entry: the `/pigostore` routes. Other files import this module
 * only through here (ESLint enforces it).
 */
export { storeRoutes } from './store.routes.ts';
