/**
 * Home's 'Continue Watching' row (PROG-5 in docs/requirements.md): the titles the user started and
 * did not finish, newest first, each with a progress bar and a remove button; a show's card opens
 * the play page at the episode that was playing. Hidden while loading, when empty, and when it
 * cannot be loaded (the rows below still show).
 */
import type { ContinueWatchingItem } from '@pigostream/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { mediaTitle } from '../../../lib/media.ts';
import {
  continueWatchingQueryOptions,
  progressQueryKey,
  removeFromContinueWatching,
} from '../api/progress.ts';
import { HomeProgressRow, ProgressPosterCard } from './home-progress-row.tsx';
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
  const list = useQuery({
    ...continueWatchingQueryOptions(uid ?? ''),
    enabled: uid !== undefined,
  });
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
    <HomeProgressRow id="continue-watching" title="Continue Watching">
      {items.map((item) => {
        const title = mediaTitle(item);
        const share = Math.min(1, item.progress.position / item.progress.duration);
        const percent = Math.round(share * 100);
        return (
          <ProgressPosterCard
            key={`${item.type}-${String(item.id)}`}
            target={{ ...item, season: item.progress.season, episode: item.progress.episode }}
            title={title}
            posterPath={item.poster_path}
            lines={[progressLine(item)]}
            overlay={
              <div
                role="progressbar"
                aria-label={`${title}: ${String(percent)} % watched`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={percent}
                className="absolute inset-x-0 bottom-0 h-1 bg-white/20"
              >
                <div className="h-full bg-accent" style={{ width: `${String(share * 100)}%` }} />
              </div>
            }
            action={
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
            }
          />
        );
      })}
    </HomeProgressRow>
  );
}
