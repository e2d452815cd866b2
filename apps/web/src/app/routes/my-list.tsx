/** `/my-list`: My List (spec 2). */
import { useMe } from '../../features/auth/api/get-me.ts';
import { LibraryScreen } from '../../features/library/components/library-screen.tsx';

/** My List of the signed-in user (the route guard let only verified users in). */
export function Component() {
  const { data: user } = useMe();
  return (
    <LibraryScreen kind="my-list" uid={user === undefined ? undefined : (user?.uid ?? null)} />
  );
}
