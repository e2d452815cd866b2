/**
 * The store feature's public entry: the /pigostore screen, and the player release version the
 * play page hands to the player app (spec 2 /pigostore, spec 4 Play page).
 */
export { appVersionQueryOptions } from './api/player-release.ts';
export { StoreScreen } from './components/store-screen.tsx';
