/**
 * Home's 'New Episodes' row (issue 20): for the shows in My List, the watch history or with
 * progress, the episodes that aired in the last 7 days or air in the next 14, by air date. A
 * card opens the play page at the episode (at its season when it has not aired yet). Hidden
 * while loading, when empty, and when it cannot be loaded.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ArtImage } from '../../../components/art-image.tsx';
import { useLocalStore } from '../../../lib/local-store.ts';
import { mediaTitle, playPath } from '../../../lib/media.ts';
import { newEpisodesQueryOptions } from '../api/progress.ts';
import { isFutureEpisode, localDate, rememberKey } from '../play-rules.ts';

/** New Episodes of user `uid`; nothing without a user. */
export function NewEpisodesRow({ uid }: { uid: string | undefined }) {
  const remember = useLocalStore((s) => s.remember);
  const [today] = useState(() => localDate(new Date()));
  const list = useQuery({ ...newEpisodesQueryOptions(uid ?? ''), enabled: uid !== undefined });
  const items = list.data ?? [];
  if (!uid || items.length === 0) return null;

  return (
    <section aria-labelledby="new-episodes-heading" className="flex flex-col gap-3">
      <h2
        id="new-episodes-heading"
        className="px-4 text-lg font-semibold tracking-tight md:px-8 md:text-xl"
      >
        New Episodes
      </h2>
      <ul className="scrollbar-none flex gap-3 overflow-x-auto px-4 pt-1 pb-2 md:px-8">
        {items.map((item) => {
          const title = mediaTitle(item);
          const { season_number: season, episode_number: episode, name, air_date } = item.episode;
          const future = isFutureEpisode(air_date, today);
          return (
            <li
              key={`${String(item.id)}-${String(season)}-${String(episode)}`}
              className="w-40 shrink-0"
            >
              <Link
                to={playPath(item.id, 'tv')}
                onClick={() => {
                  const target = { id: item.id, type: 'tv' as const };
                  remember(rememberKey(target, 'season'), season);
                  if (!future) remember(rememberKey(target, `episode:${String(season)}`), episode);
                }}
                className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-soft"
              >
                <div className="aspect-[2/3] overflow-hidden rounded-lg bg-neutral-800 ring-1 ring-white/10">
                  {item.poster_path ? (
                    <ArtImage
                      path={item.poster_path}
                      kind="poster"
                      size="w500"
                      sizes="160px"
                      alt=""
                      width={160}
                      height={240}
                      loading="lazy"
                      decoding="async"
                      draggable={false}
                      className="size-full object-cover"
                    />
                  ) : (
                    <div className="flex size-full items-center justify-center p-3 text-center text-sm text-neutral-300">
                      {title}
                    </div>
                  )}
                </div>
                <p className="mt-2 truncate px-0.5 text-sm font-medium text-neutral-100">{title}</p>
                <p className="truncate px-0.5 text-xs text-neutral-400">
                  {`S${String(season)} E${String(episode)} · ${name}`}
                </p>
                <p className="truncate px-0.5 text-xs text-neutral-400">
                  {`${future ? 'Airs' : 'Aired'} ${air_date ?? ''}`}
                </p>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
