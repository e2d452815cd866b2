/** `/watch-history`: Watch History (spec 2). */
import { useMe } from '../../features/auth/api/get-me.ts';
import { LibraryScreen } from '../../features/library/components/library-screen.tsx';

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
