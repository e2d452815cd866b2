/**
 * The anime view of the play page (ANIME-1 in docs/requirements.md; ANIME-5..8): it replaces the
 * movie or show view when the related-anime lookup found relations.
 */
import { useEffect } from 'react';
import type { AnimeViewProps } from '../anime-view-contract.ts';
import { useAnimeSelection, type AnimeSelectionState } from '../hooks/use-anime-selection.ts';
import { relationTitle } from '../rules/display.ts';
import { EpisodesGrid } from './episodes-grid.tsx';
import { RelatedAnimeStrip } from './related-anime-strip.tsx';

/**
 * See {@link AnimeViewProps}. In order: the title with the selected relation and episode ('{relation}
 * · Episode {n} of {count}') beside the add-to-list control (`listControl`), the server
 * chooser (`serverChooser`, left out when null), the Related Anime strip, the Episodes grid in
 * pages of 50 (the episodes in `watchedEpisodes` marked watched) and the cast (`cast`). The selected relation index and each relation's episode
 * and page are remembered (hooks/use-anime-selection.ts). Renders nothing for an empty
 * `relations` (the play page shows the movie or show view then).
 */
export function AnimeView(props: AnimeViewProps) {
  if (props.relations.length === 0) return null;
  return <AnimeViewBody {...props} />;
}

function AnimeViewBody({
  media,
  relations,
  listControl,
  serverChooser,
  cast,
  watchedEpisodes,
  onSelectionChange,
  roomEpisode,
}: AnimeViewProps) {
  const selection = useAnimeSelection(media, relations, onSelectionChange);
  useRoomEpisode(selection, roomEpisode);

  return (
    <div data-testid="anime-view" className="flex min-w-0 flex-col gap-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 className="text-2xl font-bold tracking-tight md:text-3xl">{media.title}</h2>
          <p className="mt-1 text-sm text-neutral-300" data-testid="anime-selection">
            {relationTitle(selection.relation)} · Episode {selection.episode} of{' '}
            {selection.episodeCount}
          </p>
        </div>
        {listControl}
      </div>
      {serverChooser !== null && <div>{serverChooser}</div>}
      <RelatedAnimeStrip
        relations={relations}
        selectedIndex={selection.relationIndex}
        onSelect={selection.selectRelation}
      />
      <EpisodesGrid
        count={selection.episodeCount}
        page={selection.page}
        selected={selection.episode}
        watched={watchedEpisodes}
        onPageChange={selection.showPage}
        onSelect={selection.selectEpisode}
      />
      <div>{cast}</div>
    </div>
  );
}

/**
 * In a room (TOGETHER-10), the view follows the room's episode: the title's own relation first,
 * then, once it is the selected one, the episode (when within its count) on its page.
 */
function useRoomEpisode(selection: AnimeSelectionState, roomEpisode: number | undefined) {
  const { relationIndex, ownRelationIndex, episode, episodeCount, selectRelation, goToEpisode } =
    selection;
  useEffect(() => {
    if (roomEpisode === undefined) return;
    if (relationIndex !== ownRelationIndex) selectRelation(ownRelationIndex);
    else if (episode !== roomEpisode && roomEpisode <= episodeCount) goToEpisode(roomEpisode);
  }, [
    roomEpisode,
    relationIndex,
    ownRelationIndex,
    episode,
    episodeCount,
    selectRelation,
    goToEpisode,
  ]);
}
