/** Share and Trailer buttons of the details card (PLAY-2 in docs/requirements.md). */
import { Clapperboard, Share2 } from 'lucide-react';

const ROUND =
  'inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-neutral-100 ring-1 ring-white/15 transition hover:bg-white/20';

/** The note logged when the browser cannot share (ERR-16: only logged). */
export const SHARE_UNSUPPORTED = 'Sharing is not supported in this browser.';

/**
 * Share: the native share sheet with `title` and the page URL when the browser has one;
 * otherwise only {@link SHARE_UNSUPPORTED} is logged. A cancelled share is not an error.
 */
export function ShareButton({ title }: { title: string }) {
  const share = () => {
    const data = { title, url: window.location.href };
    const nav: Partial<Pick<Navigator, 'share' | 'canShare'>> = navigator;
    if (!nav.share || (nav.canShare && !nav.canShare(data))) {
      console.info(SHARE_UNSUPPORTED);
      return;
    }
    navigator.share(data).catch((error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'AbortError')) {
        console.info('Share failed', error);
      }
    });
  };
  return (
    <button type="button" onClick={share} aria-label="Share" title="Share" className={ROUND}>
      <Share2 aria-hidden="true" className="size-5" />
    </button>
  );
}

/**
 * Trailer: opens `link` (the YouTube watch URL) in a new tab; disabled, with the name 'No
 * trailer', while there is no link (none for the title, still loading, or the call failed).
 */
export function TrailerButton({ link }: { link: string | undefined }) {
  return (
    <button
      type="button"
      disabled={!link}
      onClick={() => {
        if (link) window.open(link, '_blank', 'noopener,noreferrer');
      }}
      title={link ? 'Trailer' : 'No trailer'}
      className={`${ROUND} w-auto gap-2 px-4 font-medium disabled:cursor-not-allowed disabled:opacity-60 disabled:hover:bg-white/10`}
    >
      <Clapperboard aria-hidden="true" className="size-5" />
      Trailer
    </button>
  );
}
