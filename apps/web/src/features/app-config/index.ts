/** The app-config feature's public entry: the sidebar's chat and source links (spec 2 Home). */
export { useAppConfig, type AppConfig } from './api/get-app-config.ts';
