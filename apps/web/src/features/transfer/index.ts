/**
 * The transfer feature's public entry (the server's `transfer` module): the Import & export page
 * at /import-export (TRANSFER-6 in docs/requirements.md), list import and export of the signed-in
 * user's My List and Watch History.
 */
export { ImportExportScreen } from './components/import-export-screen.tsx';
