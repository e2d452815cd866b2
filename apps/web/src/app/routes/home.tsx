/** `/index`: Home (spec 2). */
import { useMe } from '../../features/auth/index.ts';
import { HomeScreen } from '../../features/home/index.ts';

/** The Home screen for the signed-in user (the route guard let only verified users in). */
export function Component() {
  const { data: user } = useMe();
  return <HomeScreen uid={user?.uid} />;
}
