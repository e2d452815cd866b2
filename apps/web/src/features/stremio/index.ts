/**
 * The Stremio feature's public entry (STREMIO-1 in docs/requirements.md): the Stremio addon page
 * at /stremio, where the active profile makes, copies and revokes its addon links.
 */
export { StremioScreen } from './components/stremio-screen.tsx';
