/**
 * `/my-list`: My List (LISTS-2 in docs/requirements.md), `/watch-history`: Watch History (LISTS-1),
 * `/import-export` (TRANSFER-4, TRANSFER-6), the Import & export page (features/transfer), and the
 * household's pages (features/profiles): `/profiles`, 'Who's watching?' (PROFILE-3, PROFILE-8),
 * and `/profiles/manage` (PROFILE-1, PROFILE-5, PROFILE-7, PROFILE-8). They share this chunk, as
 * `/new-episodes` shares Home's: a chunk of each added its name, and those of its imports, to the
 * entry script every first visit loads (the budget of `/` is 100 kB; a chunk of the profile
 * pages' own put `/` 54 bytes over it).
 */
import { useMe } from '../../features/auth/index.ts';
import { LibraryScreen } from '../../features/library/index.ts';
import { ManageProfilesScreen, ProfileChooserScreen } from '../../features/profiles/index.ts';
import { ImportExportScreen } from '../../features/transfer/index.ts';

/** The signed-in user's id as these screens take it: null signed out, undefined unknown. */
function useUid(): string | null | undefined {
  const { data: user } = useMe();
  return user === undefined ? undefined : (user?.uid ?? null);
}

/** My List of the signed-in user (the route guard let only verified users in). */
export function Component() {
  return <LibraryScreen kind="my-list" uid={useUid()} />;
}

/** The signed-in user's Watch History (the route guard let only verified users in). */
export function WatchHistory() {
  return <LibraryScreen kind="watch-history" uid={useUid()} />;
}

/** Import & export for the signed-in user (the route guard let only verified users in). */
export function ImportExport() {
  return <ImportExportScreen uid={useUid()} />;
}

/** PROFILE-3: 'Who's watching?' of the signed-in account (verified users only). */
export function Profiles() {
  return <ProfileChooserScreen />;
}

/** PROFILE-1, PROFILE-5: the signed-in account's profiles to add, edit and remove (verified). */
export function ManageProfiles() {
  return <ManageProfilesScreen />;
}
