/**
 * The progress feature's public entry (the server's `progress` module): watch progress (PROG-1..10
 * in docs/requirements.md). Home's Continue Watching, Up Next and New Episodes rows, the New
 * Episodes page at /new-episodes and the sidebar's count of new episodes; and for the play page,
 * the video that saves and resumes its position, a show's episode marks and 'Mark season as
 * watched', the watched episodes the anime view marks, and what the player app hand-off passes.
 */
export { ContinueWatchingRow } from './components/continue-watching-row.tsx';
export { UpNextRow } from './components/up-next-row.tsx';
export { NewEpisodesRow } from './components/new-episodes-row.tsx';
export { NewEpisodesScreen } from './components/new-episodes-screen.tsx';
export { useNewEpisodeCount } from './hooks/use-new-episode-count.ts';
export type { ProgressTarget } from './api/progress.ts';
export { ProgressVideo, type AttachSource } from './components/progress-video.tsx';
export { SeasonProgress } from './components/season-progress.tsx';
export { useShowProgress, type EpisodeProgress } from './hooks/use-show-progress.ts';
export { useWatchedEpisodes } from './hooks/use-watched-episodes.ts';
export { handOffProgress, type HandOffProgress } from './api/hand-off-progress.ts';
