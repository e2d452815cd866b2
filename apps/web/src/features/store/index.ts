/**
 * The store feature's public entry: the /pigostore screen, and the player release version the
 * play page hands to the player app (STORE-1 in docs/requirements.md, PLAY-10).
 */
export { appVersionQueryOptions } from './api/player-release.ts';
export { StoreScreen } from './components/store-screen.tsx';
