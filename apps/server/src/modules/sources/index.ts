/**
 * The sources module's public entry: its routes, and the media index several servers on one
 * PostgreSQL database share. Other files import this module only through here (ESLint
 * enforces it).
 */
export { createSharedMediaIndex } from './sources.repository.ts';
export { sourcesRoutes } from './sources.routes.ts';
