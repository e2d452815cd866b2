/**
 * The loaded play page: backdrop, player area, the title's view and the bottom bar (PLAY-1 in
 * docs/requirements.md).
 */
import type { MediaDetails, RelatedAnime } from '@pigostream/contracts';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { API_MESSAGES } from '../../../lib/api-client.ts';
import { localDate } from '../../../lib/air-dates.ts';
import { aString, useRemembered, wholeNumberFrom } from '../../../lib/local-store.ts';
import { mediaTitle, rememberKey } from '../../../lib/media.ts';
import { AnimeView, type AnimeSelection, type AnimeSourceMedia } from '../../anime/index.ts';
import { roomIdFrom, type RoomPlays } from '../../together/index.ts';
import { useMe } from '../../auth/index.ts';
import { useWatchedEpisodes } from '../../progress/index.ts';
import type { PlayTarget } from '../api/get-media-info.ts';
import { useMediaTrailer } from '../api/get-media-trailer.ts';
import { useServers, type ServersRequest } from '../api/get-servers.ts';
import { useMyListToggle } from '../hooks/use-my-list-toggle.ts';
import { usePlayButton } from '../hooks/use-play-button.ts';
import { useShowSelection, type ShowSelection } from '../hooks/use-show-selection.ts';
import { CAST_PAGE, canWatchTogether, castLimit, pickServer, trailerLink } from '../play-rules.ts';
import { BookmarkToggle } from './bookmark-toggle.tsx';
import { CastGrid } from './cast-grid.tsx';
import { DetailsCard } from './details-card.tsx';
import { PlayBackdrop } from './play-backdrop.tsx';
import { PlayBottomBar } from './play-bottom-bar.tsx';
import { PlayerArea, type PlayerSource } from './player-area.tsx';
import { ServerChooser } from './server-chooser.tsx';
import { ShowEpisodes } from './show-episodes.tsx';
import { WatchTogether } from './watch-together.tsx';

/**
 * What to list servers for, and whether it is known yet: a movie at once; a show once its
 * season's episodes are in (or it has no seasons); the anime view once it reports a selection
 * (a show as season 1 and the chosen episode; a movie by id and type alone).
 */
function serversFor(
  target: PlayTarget,
  show: ShowSelection,
  anime: AnimeSelection | undefined,
  isAnime: boolean,
): { request: ServersRequest; ready: boolean } {
  if (target.type === 'movie') return { request: target, ready: true };
  if (isAnime) {
    return {
      request: { ...target, season: 1, episode: anime?.episode },
      ready: anime !== undefined,
    };
  }
  const settled = show.seasonQuery.isSuccess || show.seasonQuery.isError;
  return {
    request: { ...target, season: show.season?.season_number, episode: show.episodeNumber },
    ready: show.season === undefined || settled,
  };
}

/**
 * The room the page's `?room=` names (TOGETHER-10), what it plays once known, the page's video
 * element (which follows it), and what names a new room in the link or drops it on leaving
 * (replacing the history entry: a reload rejoins, Back does not).
 */
function useRoomLink() {
  const [params, setParams] = useSearchParams();
  const roomId = roomIdFrom(params);
  const [plays, setPlays] = useState<RoomPlays>();
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const setRoom = useCallback(
    (room: string | undefined) => {
      setParams(
        (before) => {
          const next = new URLSearchParams(before);
          if (room === undefined) next.delete('room');
          else next.set('room', room);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
      if (room === undefined) setPlays(undefined);
    },
    [setParams],
  );
  return {
    roomId,
    plays: roomId === undefined ? undefined : plays,
    setPlays,
    video,
    setVideo,
    setRoom,
  };
}

/**
 * A show's season and episode follow the room's (TOGETHER-10): the season first, then, once it
 * is the chosen one, the episode.
 */
function useRoomEpisode(show: ShowSelection, plays: RoomPlays | undefined) {
  const season = plays?.title.season ?? undefined;
  const episode = plays?.title.episode ?? undefined;
  const { selectSeason, selectEpisode } = show;
  const chosenSeason = show.season?.season_number;
  const chosenEpisode = show.episodeNumber;
  useEffect(() => {
    if (season === undefined || episode === undefined) return;
    if (chosenSeason !== season) selectSeason(season);
    else if (chosenEpisode !== episode) selectEpisode(episode);
  }, [season, episode, chosenSeason, chosenEpisode, selectSeason, selectEpisode]);
}

/**
 * The play page for `target` once its details `media` are in (`anime`: the fields the anime view
 * reads). `relations` non-empty: the anime view replaces the movie or show view (ANIME-1, PLAY-7).
 * Selections are remembered per title under `play:{type}:{id}:` (server, season, episode per
 * season, cast slice size).
 */
export function PlayContent({
  target,
  media,
  anime,
  relations,
}: {
  target: PlayTarget;
  media: MediaDetails;
  anime: AnimeSourceMedia;
  relations: RelatedAnime[];
}) {
  const { data: user } = useMe();
  const uid = user?.uid ?? undefined;
  const title = mediaTitle(media);
  const isAnime = relations.length > 0;
  const [today] = useState(() => localDate(new Date()));

  const show = useShowSelection(target, media, target.type === 'tv' && !isAnime);
  const room = useRoomLink();
  useRoomEpisode(show, room.plays);
  const [animeSelection, setAnimeSelection] = useState<AnimeSelection>();
  const { request, ready } = serversFor(target, show, animeSelection, isAnime);
  const servers = useServers(request, ready);
  const [serverName, setServerName] = useRemembered(rememberKey(target, 'server'), aString, '');
  // In a room the room's stream link plays, when this profile's servers list it (TOGETHER-10).
  const roomSource = room.plays?.source;
  const server = roomSource
    ? servers.data?.find((s) => s.server_link === roomSource.link)
    : pickServer(servers.data ?? [], serverName);
  const serversError = servers.isError ? servers.error.message || API_MESSAGES.notOk : undefined;
  const source: PlayerSource = serversError
    ? { state: 'error' }
    : servers.isSuccess && (room.roomId === undefined || room.plays)
      ? {
          state: 'ready',
          server,
          note: roomSource
            ? `The room plays from ${roomSource.name}, which this profile cannot play.`
            : undefined,
        }
      : { state: 'loading' };
  const plays: RoomPlays | undefined = server
    ? {
        title: {
          type: target.type,
          id: target.id,
          season: target.type === 'tv' ? (request.season ?? 1) : null,
          episode: target.type === 'tv' ? (request.episode ?? 1) : null,
        },
        source: { name: server.server_name, link: server.server_link },
      }
    : undefined;

  const trailer = useMediaTrailer(target);
  const list = useMyListToggle(uid, target);
  const playButton = usePlayButton(
    target,
    server?.server_link,
    uid,
    source.state === 'loading',
    request,
  );

  const cast = media.credits.cast;
  const [rememberedCast, setCastLimit] = useRemembered(
    rememberKey(target, 'cast'),
    wholeNumberFrom(CAST_PAGE),
    CAST_PAGE,
  );

  const watchedEpisodes = useWatchedEpisodes(isAnime ? uid : undefined, target);

  // The parts an answer does not change keep their props, so the memoised card, strips and
  // cast grid skip its re-render (PERF-4: each answer re-rendered the whole page).
  const { inList, busy, toggle } = list;
  const listControl = useMemo(
    () => <BookmarkToggle toggle={{ inList, busy, toggle }} />,
    [inList, busy, toggle],
  );
  const serverChooser = (
    <ServerChooser
      servers={servers.data ?? []}
      selected={server?.server_name}
      onSelect={setServerName}
      loading={!servers.isSuccess && !serversError}
      error={serversError}
      onRetry={() => {
        void servers.refetch();
      }}
    />
  );
  const castGrid = (
    <CastGrid
      cast={cast}
      limit={castLimit(cast.length, rememberedCast)}
      onLimitChange={setCastLimit}
    />
  );

  return (
    <div className="relative">
      <title>{`${title} · PigoStream`}</title>
      <PlayBackdrop path={media.backdrop_path} />
      <h1 className="sr-only">{`Play: ${title}`}</h1>
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 pt-4 md:px-8 md:pt-6">
        <div className="flex flex-col gap-4">
          <PlayerArea
            source={source}
            title={title}
            uid={uid}
            progress={request}
            onVideo={room.roomId === undefined ? undefined : room.setVideo}
          />
          <WatchTogether
            roomId={room.roomId}
            plays={plays}
            syncable={canWatchTogether(server?.server_link)}
            video={room.video}
            onCreated={room.setRoom}
            onRoom={room.setPlays}
            onLeave={() => {
              room.setRoom(undefined);
            }}
          />
        </div>
        {isAnime ? (
          <AnimeView
            media={anime}
            relations={relations}
            listControl={listControl}
            serverChooser={servers.data?.length ? serverChooser : null}
            cast={castGrid}
            watchedEpisodes={watchedEpisodes}
            onSelectionChange={setAnimeSelection}
            roomEpisode={room.plays?.title.episode ?? undefined}
          />
        ) : (
          <>
            <DetailsCard
              media={media}
              type={target.type}
              title={title}
              listControl={listControl}
              trailer={trailerLink(trailer.data?.youtubeTrailer)}
            />
            {list.message && <ErrorNotice message={list.message} />}
            {serverChooser}
            {target.type === 'tv' && (
              <ShowEpisodes
                show={show}
                today={today}
                uid={uid}
                target={target}
                totalEpisodes={media.number_of_episodes}
              />
            )}
            {castGrid}
          </>
        )}
        {isAnime && list.message && <ErrorNotice message={list.message} />}
      </div>
      <PlayBottomBar
        onPlay={playButton.play}
        locked={playButton.locked}
        handOff={playButton.handOff}
      />
    </div>
  );
}
