/** `/watch-history`: Watch History (spec 2). */
import { useMe } from '../../features/auth/index.ts';
import { LibraryScreen } from '../../features/library/index.ts';

/** The signed-in user's Watch History (the route guard let only verified users in). */
export function Component() {
  const { data: user } = useMe();
  return (
    <LibraryScreen
      kind="watch-history"
      uid={user === undefined ? undefined : (user?.uid ?? null)}
    />
  );
}
