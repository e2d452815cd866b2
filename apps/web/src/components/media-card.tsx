/** The poster card of CARD-1 in docs/requirements.md. */
import type { MediaListItem } from '@pigostream/contracts';
import { Film, Star, Tv } from 'lucide-react';
import {
  memo,
  useCallback,
  useEffect,
  useRef,
  useState,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { Link } from 'react-router';
import { ArtImage } from './art-image.tsx';
import { formatRating, mediaTitle, playPath } from '../lib/media.ts';

/** How long a press must be held to ask for removal, in ms (LIMIT-9: long-press 700 ms). */
export const LONG_PRESS_MS = 700;

/** How far a pointer may move during a press before it counts as a scroll, in px. */
const PRESS_SLOP_PX = 10;

/**
 * What a card shows of a title: a catalogue list item (Home's rows) or a user's list entry
 * mapped to the same field names (`media_type`, TMDB's `title` / `name`).
 */
export type MediaCardItem = Pick<
  MediaListItem,
  'id' | 'media_type' | 'poster_path' | 'vote_average'
> &
  Partial<Pick<MediaListItem, 'title' | 'name' | 'original_title' | 'original_name'>>;

/** Props of {@link MediaCard}. */
export interface MediaCardProps {
  item: MediaCardItem;
  /**
   * Opt-in removal (CARD-2, LISTS-1, LISTS-2: My List and Watch History). When given, a long-press
   * of {@link LONG_PRESS_MS} ms (mouse, pen or touch), a right-click or the context-menu key calls
   * it with the item and the card's link element (to return focus to); a long-press does not also
   * open the play page. Without it the card only navigates.
   */
  onRemoveRequest?: (item: MediaCardItem, card: HTMLAnchorElement) => void;
  /** Id of an element describing the card's extra gestures (e.g. how to remove it). */
  describedBy?: string;
  /**
   * The card is in the first screenful (QUAL-2, largest paint): its poster loads at once,
   * at high priority, instead of lazily once laid out.
   */
  priority?: boolean;
}

/**
 * A 160 px wide card: the 160x240 poster (w500 image, or the srcset size the screen's density
 * needs; alt text = title), the star rating with one decimal ('0.0' if none) and a movie or tv
 * icon. Tapping opens `/play?id=..&type=..`.
 * Memoised: a row re-renders its cards only when their props change.
 */
export const MediaCard = memo(function MediaCard({
  item,
  onRemoveRequest,
  describedBy,
  priority = false,
}: MediaCardProps) {
  const title = mediaTitle(item);
  // An image the host cannot give (gone from TMDB, host unreachable) shows the title instead.
  const [failed, setFailed] = useState(false);
  const poster = failed ? undefined : item.poster_path || undefined;
  const isMovie = item.media_type === 'movie';
  const TypeIcon = isMovie ? Film : Tv;
  const press = useLongPress(
    onRemoveRequest
      ? (card) => {
          onRemoveRequest(item, card);
        }
      : undefined,
  );

  return (
    <Link
      to={playPath(item.id, item.media_type)}
      className={`group relative block w-40 shrink-0 rounded-lg ${
        onRemoveRequest ? 'touch-manipulation select-none [-webkit-touch-callout:none]' : ''
      }`}
      draggable={false}
      aria-describedby={describedBy}
      {...press}
    >
      {/* A poster out of view is not laid out or painted until it comes near it (PERF-3:
          Home's rows hold 20 cards, a phone shows two and a half); its box keeps its size
          from its width and ratio, so rows keep their scroll range. */}
      <div className="aspect-[2/3] w-40 overflow-hidden rounded-lg bg-neutral-800 ring-1 ring-white/10 [content-visibility:auto]">
        {poster ? (
          <ArtImage
            path={poster}
            kind="poster"
            size="w500"
            sizes="160px"
            alt={title}
            width={160}
            height={240}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            draggable={false}
            onError={() => {
              setFailed(true);
            }}
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
});

type PressHandlers = Partial<{
  onPointerDown: (e: ReactPointerEvent<HTMLAnchorElement>) => void;
  onPointerMove: (e: ReactPointerEvent<HTMLAnchorElement>) => void;
  onPointerUp: () => void;
  onPointerCancel: () => void;
  onPointerLeave: () => void;
  onKeyDown: () => void;
  onClickCapture: (e: ReactMouseEvent<HTMLAnchorElement>) => void;
  onContextMenu: (e: ReactMouseEvent<HTMLAnchorElement>) => void;
}>;

/**
 * Long-press and context-menu handlers for a link, or none when `onLongPress` is undefined.
 * A primary press held {@link LONG_PRESS_MS} ms without moving more than 10 px fires it and
 * swallows the click that follows; moving (scrolling), lifting or leaving earlier cancels it.
 * A right-click or the context-menu key fires it at once; a touch's own long-press
 * context menu (Chrome raises one before 700 ms) is suppressed so the 700 ms timer decides.
 */
function useLongPress(onLongPress: ((card: HTMLAnchorElement) => void) | undefined): PressHandlers {
  const timer = useRef<number | undefined>(undefined);
  const origin = useRef<{ x: number; y: number } | null>(null);
  const fired = useRef(false);

  const cancel = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    origin.current = null;
  }, []);

  useEffect(() => cancel, [cancel]);

  if (!onLongPress) return {};

  return {
    onPointerDown: (e) => {
      fired.current = false;
      if (e.pointerType === 'mouse' && e.button !== 0) return;
      const card = e.currentTarget;
      origin.current = { x: e.clientX, y: e.clientY };
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => {
        timer.current = undefined;
        origin.current = null;
        fired.current = true;
        onLongPress(card);
      }, LONG_PRESS_MS);
    },
    onPointerMove: (e) => {
      const start = origin.current;
      if (start && Math.hypot(e.clientX - start.x, e.clientY - start.y) > PRESS_SLOP_PX) cancel();
    },
    onPointerUp: cancel,
    onPointerCancel: cancel,
    onPointerLeave: cancel,
    onKeyDown: () => {
      fired.current = false;
    },
    onClickCapture: (e) => {
      if (!fired.current) return;
      fired.current = false;
      e.preventDefault();
      e.stopPropagation();
    },
    onContextMenu: (e) => {
      e.preventDefault();
      // A touch held down: the long-press timer (or its firing) answers it, not this event.
      if (timer.current !== undefined || fired.current) return;
      onLongPress(e.currentTarget);
    },
  };
}
