/**
 * The library module's public entry: its routes and their error answers, the guard the other
 * signed-in calls run, the rating gate the personal calls and streams check titles with against a
 * kids' profile's limit (PROFILE-7), the write of imported entries (the transfer module's
 * import, in its own transaction), and the lists' rules for calls made without a session (the
 * addon's My List and Watch History, STREMIO-4, STREMIO-9). Other files import this module only
 * through here (ESLint enforces it).
 */
export { actingUser, requireSignedIn } from './library.auth.ts';
export { importEntries } from './library.repository.ts';
export { libraryErrors, libraryRoutes } from './library.routes.ts';
export { LibraryService } from './library.service.ts';
export {
  firstShown,
  NotAvailableOnProfileError,
  RatingGate,
  type TitleRef,
  type TitleStanding,
} from './rating-gate.ts';
