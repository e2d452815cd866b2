/**
 * The progress module's public entry: its routes, the write of imported watched episodes (the
 * transfer module's import, in its own transaction), and the progress rules for calls made
 * without a session (the addon's Continue Watching and the progress it records, STREMIO-4,
 * STREMIO-9). Other files import this module only through here (ESLint enforces it).
 */
export { importWatchedEpisodes } from './progress.repository.ts';
export { progressRoutes } from './progress.routes.ts';
export { ProgressService } from './progress.service.ts';
