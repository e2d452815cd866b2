/** `/my-list`: My List (spec 2). */
import { useMe } from '../../features/auth/index.ts';
import { LibraryScreen } from '../../features/library/index.ts';

/** My List of the signed-in user (the route guard let only verified users in). */
export function Component() {
  const { data: user } = useMe();
  return (
    <LibraryScreen kind="my-list" uid={user === undefined ? undefined : (user?.uid ?? null)} />
  );
}
