/**
 * Home's 'Up Next' row (issue 20): for the shows in My List, the watch history or with progress,
 * the episode to watch next (aired, not watched, after the last one watched); a card opens the
 * play page at that episode. Hidden while loading, when empty, and when it cannot be loaded.
 */
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ArtImage } from '../../../components/art-image.tsx';
import { useLocalStore } from '../../../lib/local-store.ts';
import { mediaTitle, playPath } from '../../../lib/media.ts';
import { upNextQueryOptions } from '../api/progress.ts';
import { rememberKey } from '../play-rules.ts';

/** Up Next of user `uid`; nothing without a user. */
export function UpNextRow({ uid }: { uid: string | undefined }) {
  const remember = useLocalStore((s) => s.remember);
  const list = useQuery({ ...upNextQueryOptions(uid ?? ''), enabled: uid !== undefined });
  const items = list.data ?? [];
  if (!uid || items.length === 0) return null;

  return (
    <section aria-labelledby="up-next-heading" className="flex flex-col gap-3">
      <h2
        id="up-next-heading"
        className="px-4 text-lg font-semibold tracking-tight md:px-8 md:text-xl"
      >
        Up Next
      </h2>
      <ul className="scrollbar-none flex gap-3 overflow-x-auto px-4 pt-1 pb-2 md:px-8">
        {items.map((item) => {
          const title = mediaTitle(item);
          const { season_number: season, episode_number: episode, name } = item.next;
          const label = `S${String(season)} E${String(episode)} · ${name}`;
          return (
            <li key={item.id} className="w-40 shrink-0">
              <Link
                to={playPath(item.id, 'tv')}
                onClick={() => {
                  const target = { id: item.id, type: 'tv' as const };
                  remember(rememberKey(target, 'season'), season);
                  remember(rememberKey(target, `episode:${String(season)}`), episode);
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
                <p className="truncate px-0.5 text-xs text-neutral-400">{label}</p>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
