/**
 * The Home hero block (HOME-3 in docs/requirements.md, HOME-8; API-IMG-1, API-CAT-2: w1280 home
 * backdrop).
 */
import type { HeroMedia } from '../api/get-media-details.ts';
import { Flame, Sparkles, Star } from 'lucide-react';
import { memo } from 'react';
import { Link } from 'react-router';
import { ArtImage } from '../../../components/art-image.tsx';
import { formatRating, mediaTitle, playPath } from '../../../lib/media.ts';
import type { HeroKind, HeroPick } from '../hooks/use-hero.ts';

/** The label of each hero kind, word for word (PROD-2). */
export const HERO_LABELS: Record<HeroKind, string> = {
  'most-watched': '#1 Most Watched',
  recommended: 'Picked Just for You',
};

/** Height classes shared by the hero and its placeholder, so nothing jumps when it arrives. */
const HERO_BOX = 'h-[22rem] md:h-[24rem] lg:h-[26rem]';

/**
 * The width the 16:9 backdrop is drawn at, for its srcset: it covers the hero box (the screen
 * less the px-4 / md:px-8 padding, {@link HERO_BOX} high), so on a narrow screen it is as wide
 * as the box's height asks (22rem = 352 px high: 626 px wide), not the box's width.
 */
const HERO_IMAGE_SIZES =
  '(min-width: 1024px) max(100vw - 64px, 740px), (min-width: 768px) max(100vw - 64px, 683px), max(100vw - 32px, 626px)';

/** The release year of a title, or undefined when it has no date. */
function releaseYear(media: HeroMedia): string | undefined {
  const date = media.release_date ?? media.first_air_date;
  return date && /^\d{4}/.test(date) ? date.slice(0, 4) : undefined;
}

/**
 * The hero: the backdrop (w1280, or the srcset size the screen needs; loaded at once at high
 * priority: it is the first screen's largest paint, QUAL-2) unless `showBackdrop` is false
 * (HOME-5: hidden while search mode is on or the search text is non-empty), the label, title,
 * type (Movie or Show), year, rating and overview. The whole block is one link to the play page.
 */
export const HomeHero = memo(function HomeHero({
  pick,
  showBackdrop,
}: {
  pick: HeroPick;
  showBackdrop: boolean;
}) {
  const { media, kind } = pick;
  const title = mediaTitle(media);
  const year = releaseYear(media);
  const backdrop = showBackdrop ? media.backdrop_path || undefined : undefined;
  const LabelIcon = kind === 'most-watched' ? Flame : Sparkles;

  return (
    <section aria-label={HERO_LABELS[kind]} className="px-4 pt-4 md:px-8">
      <Link
        to={playPath(media.id, media.media_type)}
        className={`group relative isolate flex overflow-hidden rounded-2xl bg-neutral-900 ring-1 ring-white/10 ${HERO_BOX}`}
      >
        {backdrop && (
          <ArtImage
            path={backdrop}
            kind="backdrop"
            size="w1280"
            sizes={HERO_IMAGE_SIZES}
            alt=""
            width={1280}
            height={720}
            fetchPriority="high"
            decoding="async"
            data-testid="hero-backdrop"
            className="absolute inset-0 -z-10 size-full object-cover transition-transform duration-700 group-hover:scale-[1.02]"
          />
        )}
        <div className="absolute inset-0 -z-10 bg-gradient-to-t from-neutral-950 via-neutral-950/75 to-neutral-950/30" />
        <div className="absolute inset-0 -z-10 bg-gradient-to-r from-neutral-950/80 to-transparent" />
        <div className="mt-auto flex max-w-2xl flex-col gap-3 p-5 md:p-8">
          <span className="inline-flex w-fit items-center gap-1.5 rounded-full bg-accent px-3 py-1 text-xs font-semibold tracking-wide text-white uppercase shadow">
            <LabelIcon aria-hidden="true" className="size-3.5" />
            {HERO_LABELS[kind]}
          </span>
          <h2 className="text-2xl leading-tight font-bold tracking-tight text-balance text-white md:text-4xl">
            {title}
          </h2>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-neutral-200">
            <span data-testid="hero-type">{media.media_type === 'movie' ? 'Movie' : 'Show'}</span>
            {year && (
              <>
                <span aria-hidden="true">•</span>
                <span data-testid="hero-year">{year}</span>
              </>
            )}
            <span aria-hidden="true">•</span>
            <span className="inline-flex items-center gap-1">
              <Star aria-hidden="true" className="size-4 fill-amber-400 text-amber-400" />
              <span className="sr-only">Rating</span>
              <span data-testid="hero-rating" className="tabular-nums">
                {formatRating(media.vote_average)}
              </span>
            </span>
          </p>
          {media.overview && (
            <p className="line-clamp-3 text-sm leading-relaxed text-neutral-300 md:text-base">
              {media.overview}
            </p>
          )}
        </div>
      </Link>
    </section>
  );
});

/** The hero's pulsing placeholder while its title is found, the same size as the hero. */
export function HomeHeroSkeleton() {
  return (
    <div className="px-4 pt-4 md:px-8" aria-hidden="true">
      <div className={`animate-pulse rounded-2xl bg-neutral-900 ring-1 ring-white/5 ${HERO_BOX}`} />
    </div>
  );
}
