/**
 * The profiles module's public entry (PROFILE-1..6 in docs/requirements.md): the profile calls.
 * Other files import this module only through here (ESLint enforces it).
 */
export { profilesRoutes } from './profiles.routes.ts';
