/**
 * One image of a title, person or provider (API-IMG-1 in docs/requirements.md: the image host's
 * sizes): a TMDB path loads as an `<img>` with its `srcset` and `sizes`; drawn art (`/art/...`, the
 * starter catalogue and records without an image) is drawn right here in HTML and CSS, the same
 * layout the server's SVG has (`drawnArtLayout`), so a screen of posters costs no image request and
 * no SVG document each (IMG-2, PERF-3, PERF-4: SVG documents delay the first paint on a phone;
 * docs/benchmarks.md).
 */
import {
  ART_ASPECT,
  ART_FONT_FAMILY,
  ART_UNITS,
  drawnArtLayout,
  imageSrcSet,
  imageUrl,
  parseArtPath,
  type DrawnArt,
  type ImageKind,
  type ImageSize,
} from '@pigostream/contracts/images';
import type { CSSProperties, ImgHTMLAttributes } from 'react';

/** What {@link ArtImage} takes: the `<img>` attributes but `src` and `srcSet`, which it builds. */
export interface ArtImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet'> {
  /** The record's `*_path` (a TMDB path or a drawn-art path). */
  path: string;
  /** What it shows: picks the `srcset` sizes and, for drawn art, the box's shape. */
  kind: ImageKind;
  /** The fallback `src` size (API-IMG-1: w500 cards, w185 seasons, episodes and cast, ...). */
  size: ImageSize;
  'data-testid'?: string;
  /**
   * Drawn art only: the colours without the name and year, for a background no one reads (the
   * play page's blurred backdrop), so it is not the page's largest text.
   */
  textless?: boolean;
}

/**
 * `path` as an image filling its box: drawn art as {@link DrawnArtBox} (its `alt` as the
 * accessible name, none when `alt` is ''), any other path as an `<img>` with `srcset`. The
 * `<img>` attributes (`sizes`, `width`, `height`, `loading`, `onError`, ...) apply to the
 * `<img>`; `className` and `data-testid` to either.
 */
export function ArtImage({ path, kind, size, alt, className, textless, ...img }: ArtImageProps) {
  const art = parseArtPath(path);
  if (art) {
    return (
      <DrawnArtBox
        art={art}
        alt={alt ?? ''}
        className={className}
        testId={img['data-testid']}
        textless={textless}
      />
    );
  }
  return (
    <img
      src={imageUrl(path, size)}
      srcSet={imageSrcSet(path, kind)}
      alt={alt}
      className={className}
      {...img}
    />
  );
}

/** The size of `units` of a box {@link ART_UNITS} wide, in the box's own width (`cqw`). */
function cqw(units: number): string {
  return `${String((units / ART_UNITS) * 100)}cqw`;
}

/**
 * Drawn art `art` in a block filling its box: the gradient and glow as CSS backgrounds, the name
 * and year as text sized to the box's width (container query units). With an `alt` it is an
 * image named `alt` (`role="img"`); with none it is hidden from assistive technology, as an
 * `<img alt="">` is.
 */
export function DrawnArtBox({
  art,
  alt,
  className = '',
  testId,
  textless = false,
}: {
  art: DrawnArt;
  alt: string;
  className?: string | undefined;
  testId?: string | undefined;
  textless?: boolean | undefined;
}) {
  const layout = drawnArtLayout(art);
  // The glow circle: centre at 82% x 16% of the box, radius 0.32 of its width.
  const glowHeight = 32 / ART_ASPECT[art.kind];
  const backgrounds = [
    ...(layout.glow
      ? [
          `radial-gradient(ellipse 32% ${String(glowHeight)}% at 82% 16%, color-mix(in srgb, ${layout.glow} 18%, transparent) 99%, transparent 100%)`,
        ]
      : []),
    `linear-gradient(158deg, ${layout.from}, ${layout.to})`,
  ];
  const style: CSSProperties = { backgroundImage: backgrounds.join(', '), color: layout.ink };
  return (
    <div
      {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })}
      data-art={art.kind}
      data-testid={testId}
      className={`[container-type:inline-size] ${className}`}
      style={style}
    >
      {/* The name and year are generated content, as the server writes them into the SVG:
          they are not the card's text (the image's name is `alt`). The name is centred in the
          box; the year hangs below it. */}
      {!textless && layout.lines.length > 0 && (
        <div
          aria-hidden="true"
          className="flex size-full flex-col items-center justify-center text-center font-bold select-none"
          style={{ fontSize: cqw(layout.fontSize), lineHeight: 1.2, fontFamily: ART_FONT_FAMILY }}
        >
          <div
            data-name={layout.lines.join('\n')}
            className="relative whitespace-pre before:content-[attr(data-name)]"
          >
            {layout.year && (
              <span
                data-year={layout.year}
                className="absolute inset-x-0 top-full block font-normal opacity-80 before:content-[attr(data-year)]"
                style={{
                  fontSize: cqw(layout.fontSize * 0.7),
                  marginTop: cqw(8 + layout.fontSize * 0.18),
                }}
              />
            )}
          </div>
        </div>
      )}
    </div>
  );
}
