/** `/index`: Home (spec 2). */
import { useMe } from '../../features/auth/api/get-me.ts';
import { HomeScreen } from '../../features/home/components/home-screen.tsx';

/** The Home screen for the signed-in user (the route guard let only verified users in). */
export function Component() {
  const { data: user } = useMe();
  return <HomeScreen uid={user?.uid} />;
}
