/**
 * The play feature's public entry: the play page at /play?id=&type= (ROUTE-1 in
 * docs/requirements.md).
 */
export { PlayScreen } from './components/play-screen.tsx';
export { BAD_LINK_MESSAGE, parsePlayTarget } from './play-rules.ts';
export { ContinueWatchingRow } from './components/continue-watching-row.tsx';
export { UpNextRow } from './components/up-next-row.tsx';
export { NewEpisodesRow } from './components/new-episodes-row.tsx';
export { NewEpisodesScreen } from './components/new-episodes-screen.tsx';
export { useNewEpisodeCount } from './hooks/use-new-episode-count.ts';
