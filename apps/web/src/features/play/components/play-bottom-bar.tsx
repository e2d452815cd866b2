/** The play page's bottom bar with Back and Play (PLAY-1 in docs/requirements.md). */
import { ArrowLeft, LoaderCircle, Play } from 'lucide-react';
import { useNavigate } from 'react-router';

/**
 * Sticks above the bottom navigation: Back (one page back, or Home when the page was opened
 * directly) and Play; only its panel takes clicks, not the strip around it (UI-2), disabled while
 * `locked` (PLAY-10: the first click locks it). While the player app link `handOff` is being
 * opened, says so (announced politely).
 */
export function PlayBottomBar({
  onPlay,
  locked,
  handOff,
}: {
  onPlay: () => void;
  locked: boolean;
  handOff: string | undefined;
}) {
  const navigate = useNavigate();
  const goBack = () => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) void navigate(-1);
    else void navigate('/index');
  };

  return (
    <div className="pointer-events-none sticky bottom-[calc(4.5rem+env(safe-area-inset-bottom))] z-20 mt-6 px-4 md:px-8">
      <div className="pointer-events-auto mx-auto flex max-w-lg flex-col gap-2 rounded-2xl border border-white/10 bg-neutral-900/90 p-2 shadow-2xl shadow-black/60 backdrop-blur">
        <p role="status" className="px-2 text-center text-xs text-neutral-300 empty:hidden">
          {handOff && (
            <>
              Opening PigoStream Player…{' '}
              <a href={handOff} className="font-medium text-accent-soft underline">
                Open it again
              </a>
            </>
          )}
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={goBack}
            className="inline-flex flex-1 items-center justify-center gap-2 rounded-xl bg-white/10 px-4 py-3 font-semibold hover:bg-white/20"
          >
            <ArrowLeft aria-hidden="true" className="size-5" />
            Back
          </button>
          <button
            type="button"
            onClick={onPlay}
            disabled={locked}
            className="inline-flex flex-[2] items-center justify-center gap-2 rounded-xl bg-accent px-4 py-3 font-semibold text-white hover:bg-rose-500 disabled:cursor-wait disabled:opacity-70"
          >
            {locked ? (
              <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
            ) : (
              <Play aria-hidden="true" className="size-5 fill-current" />
            )}
            Play
          </button>
        </div>
      </div>
    </div>
  );
}
