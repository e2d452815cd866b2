/**
 * Home's 'New Episodes' row (PROG-7 in docs/requirements.md): for the shows in My List, the watch
 * history or with progress, the episodes that aired in the last 7 days or air in the next 14, by
 * air date. A card opens the play page at the episode (at its season when it has not aired yet).
 * Hidden while loading, when empty, and when it cannot be loaded.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isFutureEpisode, localDate } from '../../../lib/air-dates.ts';
import { mediaTitle } from '../../../lib/media.ts';
import { newEpisodesQueryOptions } from '../api/progress.ts';
import { HomeProgressRow, ProgressPosterCard } from './home-progress-row.tsx';

/** New Episodes of user `uid`; nothing without a user. */
export function NewEpisodesRow({ uid }: { uid: string | undefined }) {
  const [today] = useState(() => localDate(new Date()));
  const list = useQuery({ ...newEpisodesQueryOptions(uid ?? ''), enabled: uid !== undefined });
  const items = list.data ?? [];
  if (!uid || items.length === 0) return null;
  return (
    <HomeProgressRow id="new-episodes" title="New Episodes">
      {items.map((item) => {
        const { season_number: season, episode_number: episode, name, air_date } = item.episode;
        const future = isFutureEpisode(air_date, today);
        return (
          <ProgressPosterCard
            key={`${String(item.id)}-${String(season)}-${String(episode)}`}
            target={{ id: item.id, type: 'tv', season, episode: future ? undefined : episode }}
            title={mediaTitle(item)}
            posterPath={item.poster_path}
            lines={[
              `S${String(season)} E${String(episode)} · ${name}`,
              `${future ? 'Airs' : 'Aired'} ${air_date ?? ''}`,
            ]}
          />
        );
      })}
    </HomeProgressRow>
  );
}
