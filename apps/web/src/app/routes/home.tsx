/**
 * `/index`: Home (HOME-1..7 in docs/requirements.md), and `/new-episodes` (PROG-7), Home's New
 * Episodes row as a page by day. They share this chunk: the page is made of what Home already loads
 * (the progress calls, the row's cards), and a chunk of its own would add chunk names to the
 * entry script every first visit loads (the budget of `/` is 100 kB; docs/benchmarks.md).
 */
import { useMe } from '../../features/auth/index.ts';
import { HomeScreen } from '../../features/home/index.ts';
import { NewEpisodesScreen } from '../../features/progress/index.ts';

/** The Home screen for the signed-in user (the route guard let only verified users in). */
export function Component() {
  const { data: user } = useMe();
  return <HomeScreen uid={user?.uid} />;
}

/** New Episodes of the signed-in user (the route guard let only verified users in). */
export function NewEpisodes() {
  const { data: user } = useMe();
  return <NewEpisodesScreen uid={user?.uid ?? undefined} />;
}
