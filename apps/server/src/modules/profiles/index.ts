/**
 * The profiles module's public entry (PROFILE-1..6 in docs/requirements.md): the profile calls,
 * and a profile's name and avatar as other modules show it (a room's member list, TOGETHER-2).
 * Other files import this module only through here (ESLint enforces it).
 */
export { findProfileCard, type ProfileCard } from './profiles.repository.ts';
export { profilesRoutes } from './profiles.routes.ts';
