/**
 * The library feature's public entry: the My List and Watch History screens (LISTS-1, LISTS-2 in
 * docs/requirements.md), and the calls the play page makes on them (PLAY-11, PLAY-12: add to My
 * List, record a play); Home's hero reads the watch history through it too (PLAY-12
 * Recommendations). Import & export is the transfer feature's (features/transfer).
 */
export { LibraryScreen } from './components/library-screen.tsx';
export { myListQueryKey, removeFromMyList, saveToMyList } from './api/my-list.ts';
export {
  fetchWatchHistory,
  insertWatchEvent,
  saveToWatchHistory,
  watchHistoryQueryKey,
} from './api/watch-history.ts';
