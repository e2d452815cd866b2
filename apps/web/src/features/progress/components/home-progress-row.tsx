/**
 * What Home's progress rows share (PROG-5, PROG-7 in docs/requirements.md: Continue Watching, Up
 * Next, New Episodes): the titled, sideways-scrolling row, and its poster card that opens a show's
 * play page at an episode (remembering the season, and the episode when it can be played).
 */
import type { MediaType } from '@pigostream/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ArtImage } from '../../../components/art-image.tsx';
import { useLocalStore } from '../../../lib/local-store.ts';
import { playPath, rememberKey } from '../../../lib/media.ts';

/** A Home row titled `title` (its heading's id is `${id}-heading`), its cards as `children`. */
export function HomeProgressRow({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <h2
        id={`${id}-heading`}
        className="px-4 text-lg font-semibold tracking-tight md:px-8 md:text-xl"
      >
        {title}
      </h2>
      <ul className="scrollbar-none flex gap-3 overflow-x-auto px-4 pt-1 pb-2 md:px-8">
        {children}
      </ul>
    </section>
  );
}

/** Where a card leads: a title's play page, a show's at `season` (and `episode`) when given. */
export interface CardTarget {
  id: number;
  type: MediaType;
  season?: number | null | undefined;
  episode?: number | null | undefined;
}

/**
 * A 160 px poster card of `title` (its poster, or the title written out without one) with the
 * text `lines` under it, opening the play page of `target`; `overlay` goes over the poster (a
 * progress bar), `action` over the card's corner (a remove button, outside the link).
 */
export function ProgressPosterCard({
  target,
  title,
  posterPath,
  lines,
  overlay,
  action,
}: {
  target: CardTarget;
  title: string;
  posterPath: string;
  lines: readonly string[];
  overlay?: ReactNode;
  action?: ReactNode;
}) {
  const remember = useLocalStore((s) => s.remember);
  return (
    <li className="relative w-40 shrink-0">
      <Link
        to={playPath(target.id, target.type)}
        onClick={() => {
          const { season, episode } = target;
          if (target.type !== 'tv' || season === null || season === undefined) return;
          remember(rememberKey(target, 'season'), season);
          if (episode !== null && episode !== undefined) {
            remember(rememberKey(target, `episode:${String(season)}`), episode);
          }
        }}
        className="block rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-soft"
      >
        <div className="relative aspect-[2/3] overflow-hidden rounded-lg bg-neutral-800 ring-1 ring-white/10">
          {posterPath ? (
            <ArtImage
              path={posterPath}
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
          {overlay}
        </div>
        <p className="mt-2 truncate px-0.5 text-sm font-medium text-neutral-100">{title}</p>
        {lines.map((line) => (
          <p key={line} className="truncate px-0.5 text-xs text-neutral-400">
            {line}
          </p>
        ))}
      </Link>
      {action}
    </li>
  );
}
