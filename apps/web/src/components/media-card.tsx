/** The poster card of spec 2 "Media cards and rows". */
import type { MediaListItem } from '@pigostream/contracts';
import { Film, Star, Tv } from 'lucide-react';
import { Link } from 'react-router';
import { imageUrl } from '../lib/images.ts';
import { formatRating, mediaTitle, playPath } from '../lib/media.ts';

/**
 * A 160 px wide card: the 2:3 poster (w500 image, alt text = title), the star rating with one
 * decimal ('0.0' if none) and a movie or tv icon. Tapping opens `/play?id=..&type=..`.
 */
export function MediaCard({ item }: { item: MediaListItem }) {
  const title = mediaTitle(item);
  const poster = imageUrl(item.poster_path, 'w500');
  const isMovie = item.media_type === 'movie';
  const TypeIcon = isMovie ? Film : Tv;

  return (
    <Link
      to={playPath(item.id, item.media_type)}
      className="group relative block w-40 shrink-0 rounded-lg"
      draggable={false}
    >
      <div className="aspect-[2/3] w-40 overflow-hidden rounded-lg bg-neutral-800 ring-1 ring-white/10">
        {poster ? (
          <img
            src={poster}
            alt={title}
            width={500}
            height={750}
            loading="lazy"
            decoding="async"
            draggable={false}
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        ) : (
          <div className="flex size-full items-center justify-center p-3 text-center text-sm text-neutral-300">
            {title}
          </div>
        )}
      </div>
      <div className="mt-2 flex items-center justify-between px-0.5 text-sm text-neutral-300">
        <span className="flex items-center gap-1">
          <Star className="size-4 fill-amber-400 text-amber-400" />
          <span className="sr-only">Rating</span>
          <span className="tabular-nums">{formatRating(item.vote_average)}</span>
        </span>
        <span title={isMovie ? 'Movie' : 'Show'} className="text-neutral-400">
          <TypeIcon className="size-4" />
          <span className="sr-only">{isMovie ? 'Movie' : 'Show'}</span>
        </span>
      </div>
    </Link>
  );
}
