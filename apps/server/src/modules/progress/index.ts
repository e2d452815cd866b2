/**
 * The progress module's public entry: its routes, and the write of imported watched episodes
 * (the transfer module's import, in its own transaction). Other files import this module only
 * through here (ESLint enforces it).
 */
export { importWatchedEpisodes } from './progress.repository.ts';
export { progressRoutes } from './progress.routes.ts';
