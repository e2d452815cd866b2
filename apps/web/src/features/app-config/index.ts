/**
 * The app-config feature's public entry: the sidebar's chat and source links (HOME-2 in
 * docs/requirements.md).
 */
export { useAppConfig, type AppConfig } from './api/get-app-config.ts';
