/**
 * The library feature's public entry: the My List and Watch History screens, the Import &
 * export page (issue 21), and the calls the play page makes on them (spec 4 Play page: add to
 * My List, record a play); Home's hero reads the watch history through it too (spec 4
 * Recommendations).
 */
export { LibraryScreen } from './components/library-screen.tsx';
export { ImportExportScreen } from './components/import-export-screen.tsx';
export { myListQueryKey, removeFromMyList, saveToMyList } from './api/my-list.ts';
export {
  fetchWatchHistory,
  insertWatchEvent,
  saveToWatchHistory,
  watchHistoryQueryKey,
} from './api/watch-history.ts';
