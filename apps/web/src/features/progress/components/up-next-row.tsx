/**
 * Home's 'Up Next' row (PROG-6 in docs/requirements.md): for the shows in My List, the watch
 * history or with progress, the episode to watch next (aired, not watched, after the last one
 * watched); a card opens the play page at that episode. Hidden while loading, when empty, and when
 * it cannot be loaded.
 */
import { useQuery } from '@tanstack/react-query';
import { mediaTitle } from '../../../lib/media.ts';
import { upNextQueryOptions } from '../api/progress.ts';
import { HomeProgressRow, ProgressPosterCard } from './home-progress-row.tsx';

/** Up Next of user `uid`; nothing without a user. */
export function UpNextRow({ uid }: { uid: string | undefined }) {
  const list = useQuery({ ...upNextQueryOptions(uid ?? ''), enabled: uid !== undefined });
  const items = list.data ?? [];
  if (!uid || items.length === 0) return null;
  return (
    <HomeProgressRow id="up-next" title="Up Next">
      {items.map((item) => {
        const { season_number: season, episode_number: episode, name } = item.next;
        return (
          <ProgressPosterCard
            key={item.id}
            target={{ id: item.id, type: 'tv', season, episode }}
            title={mediaTitle(item)}
            posterPath={item.poster_path}
            lines={[`S${String(season)} E${String(episode)} · ${name}`]}
          />
        );
      })}
    </HomeProgressRow>
  );
}
