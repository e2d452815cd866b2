/**
 * The library feature's public entry: the My List and Watch History screens, the Import & export
 * page (TRANSFER-6 in docs/requirements.md), and the calls the play page makes on them (PLAY-11,
 * PLAY-12: add to My List, record a play); Home's hero reads the watch history through it too
 * (PLAY-12 Recommendations).
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
