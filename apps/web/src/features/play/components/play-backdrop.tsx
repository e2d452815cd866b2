/**
 * The play page's background (PLAY-1 in docs/requirements.md: blurred backdrop image, dark overlay;
 * API-IMG-1: original).
 */
import { memo } from 'react';
import { ArtImage } from '../../../components/art-image.tsx';

/**
 * Fills the viewport behind the page: the title's backdrop, blurred, under a dark overlay so
 * text stays readable. Decorative: hidden from assistive technology. `src` is the original
 * size (API-IMG-1); the srcset lets the browser take the backdrop size as wide as the screen
 * instead, as the blur leaves none of the original's extra detail.
 */
export const PlayBackdrop = memo(function PlayBackdrop({
  path,
}: {
  path: string | null | undefined;
}) {
  const src = path || undefined;
  return (
    <div aria-hidden="true" className="pointer-events-none fixed inset-0 -z-10 overflow-hidden">
      {src && (
        <ArtImage
          path={src}
          kind="backdrop"
          size="original"
          textless
          sizes="100vw"
          alt=""
          width={1280}
          height={720}
          data-testid="play-backdrop"
          decoding="async"
          className="size-full scale-110 object-cover blur-2xl"
        />
      )}
      <div data-testid="play-overlay" className="absolute inset-0 bg-neutral-950/80" />
    </div>
  );
});
