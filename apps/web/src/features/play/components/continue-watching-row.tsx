/**
 * Home's 'Continue Watching' row (issue 20): the titles the user started and did not finish,
 * newest first, each with a progress bar and a remove button; a show's card opens the play
 * page at the episode that was playing. Hidden while loading, when empty, and when it cannot be
 * loaded (the rows below still show).
 */
import type { ContinueWatchingItem } from '@pigostream/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Link } from 'react-router';
import { ArtImage } from '../../../components/art-image.tsx';
import { useLocalStore } from '../../../lib/local-store.ts';
import { mediaTitle, playPath } from '../../../lib/media.ts';
import {
  continueWatchingQueryOptions,
  progressQueryKey,
  removeFromContinueWatching,
} from '../api/progress.ts';
import { rememberKey } from '../play-rules.ts';
import { formatPlayTime } from './progress-video.tsx';

/** The card's second line: the episode, and the time left. */
function progressLine({ type, progress }: ContinueWatchingItem): string {
  const left = `${formatPlayTime(progress.duration - progress.position)} left`;
  return type === 'tv' && progress.season !== null && progress.episode !== null
    ? `S${String(progress.season)} E${String(progress.episode)} · ${left}`
    : left;
}

/** Continue Watching of user `uid`; nothing without a user. */
export function ContinueWatchingRow({ uid }: { uid: string | undefined }) {
  const queryClient = useQueryClient();
  const remember = useLocalStore((s) => s.remember);
  const list = useQuery({ ...continueWatchingQueryOptions(uid ?? ''), enabled: uid !== undefined });
  const remove = useMutation({
    mutationFn: (item: ContinueWatchingItem) =>
      removeFromContinueWatching(uid ?? '', item.id, item.type),
    onSettled: () => queryClient.invalidateQueries({ queryKey: progressQueryKey(uid) }),
  });
  const items = (list.data ?? []).filter(
    (item) => !(remove.isPending && remove.variables === item),
  );
  if (!uid || items.length === 0) return null;

  return (
    <section aria-labelledby="continue-watching-heading" className="flex flex-col gap-3">
      <h2
        id="continue-watching-heading"
        className="px-4 text-lg font-semibold tracking-tight md:px-8 md:text-xl"
      >
        Continue Watching
      </h2>
      <ul className="scrollbar-none flex gap-3 overflow-x-auto px-4 pt-1 pb-2 md:px-8">
        {items.map((item) => {
          const title = mediaTitle(item);
          const share = Math.min(1, item.progress.position / item.progress.duration);
          return (
            <li key={`${item.type}-${String(item.id)}`} className="relative w-40 shrink-0">
              <Link
                to={playPath(item.id, item.type)}
                onClick={() => {
                  const { season, episode } = item.progress;
                  if (item.type !== 'tv' || season === null || episode === null) return;
                  const target = { id: item.id, type: item.type };
                  remember(rememberKey(target, 'season'), season);
                  remember(rememberKey(target, `episode:${String(season)}`), episode);
                }}
                className="group block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-soft"
              >
                <div className="relative aspect-[2/3] overflow-hidden rounded-lg bg-neutral-800 ring-1 ring-white/10">
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
                  <div
                    role="progressbar"
                    aria-label={`${title}: ${String(Math.round(share * 100))} % watched`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(share * 100)}
                    className="absolute inset-x-0 bottom-0 h-1 bg-white/20"
                  >
                    <div
                      className="h-full bg-accent"
                      style={{ width: `${String(share * 100)}%` }}
                    />
                  </div>
                </div>
                <p className="mt-2 truncate px-0.5 text-sm font-medium text-neutral-100">{title}</p>
                <p className="truncate px-0.5 text-xs text-neutral-400">{progressLine(item)}</p>
              </Link>
              <button
                type="button"
                aria-label={`Remove ${title} from Continue Watching`}
                onClick={() => {
                  remove.mutate(item);
                }}
                className="absolute top-1.5 right-1.5 rounded-full bg-black/70 p-1.5 text-white hover:bg-black focus-visible:outline-2 focus-visible:outline-accent-soft"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
