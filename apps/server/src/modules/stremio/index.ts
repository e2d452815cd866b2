/**
 * The stremio module's public entry (STREMIO-1..9 in docs/requirements.md): a profile's Stremio
 * addon, and the calls that make and revoke its tokens. Other files import this module only
 * through here (ESLint enforces it).
 */
export { stremioRoutes, type StremioRoutesOptions } from './stremio.routes.ts';
