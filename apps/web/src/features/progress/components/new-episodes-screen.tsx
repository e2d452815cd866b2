/**
 * `/new-episodes` (PROG-7 in docs/requirements.md): a small calendar of the episodes of the user's
 * shows (My List, watch history, with progress) that aired in the last 7 days or air in the next
 * 14, one heading per day ('Today', 'Tomorrow', 'Yesterday' or the weekday and date). A card opens
 * the play page at the episode (at its season when it has not aired yet); an aired episode the user
 * has not watched says 'New', a watched one 'Watched'. The sidebar's entry counts the new ones.
 */
import { useQuery } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { useState } from 'react';
import type { NewEpisodeItem } from '@pigostream/contracts';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { isFutureEpisode, localDate } from '../../../lib/air-dates.ts';
import { API_MESSAGES } from '../../../lib/api-client.ts';
import { mediaTitle } from '../../../lib/media.ts';
import { newEpisodesQueryOptions } from '../api/progress.ts';
import { dayHeading } from '../progress-rules.ts';
import { ProgressPosterCard } from './home-progress-row.tsx';

/** The New Episodes page of user `uid` (the route guard lets only verified users in). */
export function NewEpisodesScreen({ uid }: { uid: string | undefined }) {
  const [today] = useState(() => localDate(new Date()));
  const list = useQuery({ ...newEpisodesQueryOptions(uid ?? ''), enabled: uid !== undefined });
  const days = new Map<string, NewEpisodeItem[]>();
  for (const item of list.data ?? []) {
    const day = item.episode.air_date ?? '';
    days.set(day, [...(days.get(day) ?? []), item]);
  }

  return (
    <div className="flex flex-col gap-8 px-4 py-6 md:px-8" aria-busy={list.isPending}>
      <title>New Episodes · PigoStream</title>
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">New Episodes</h1>
        <p className="text-sm text-neutral-400">
          Episodes of the shows in your My List and Watch History that aired in the last 7 days or
          air in the next 14.
        </p>
      </header>
      {list.isError && (
        <ErrorNotice
          message={list.error.message || API_MESSAGES.notOk}
          onRetry={() => void list.refetch()}
        />
      )}
      {list.isPending && uid !== undefined && (
        <p className="flex items-center gap-2 text-sm text-neutral-300">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Loading new episodes…
        </p>
      )}
      {list.isSuccess && days.size === 0 && (
        <p className="rounded-lg border border-white/10 bg-white/5 px-4 py-3 text-sm text-neutral-200">
          No episodes aired this week or air in the next two. Add shows to My List to follow their
          new episodes here.
        </p>
      )}
      {[...days].map(([day, items]) => (
        <section key={day} aria-labelledby={`day-${day}`} className="flex flex-col gap-3">
          <h2 id={`day-${day}`} className="text-lg font-semibold tracking-tight md:text-xl">
            {dayHeading(day, today)}
          </h2>
          <ul className="flex flex-wrap gap-3">
            {items.map((item) => {
              const { season_number: season, episode_number: episode, name } = item.episode;
              const future = isFutureEpisode(item.episode.air_date, today);
              return (
                <ProgressPosterCard
                  key={`${String(item.id)}-${String(season)}-${String(episode)}`}
                  target={{
                    id: item.id,
                    type: 'tv',
                    season,
                    episode: future ? undefined : episode,
                  }}
                  title={mediaTitle(item)}
                  posterPath={item.poster_path}
                  lines={[
                    `S${String(season)} E${String(episode)} · ${name}`,
                    future ? 'Coming' : item.watched ? 'Watched' : 'New',
                  ]}
                />
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
