/**
 * The player app download page (STORE-1..5 in docs/requirements.md, STORE-6, ERR-1, ERR-13:
 * load errors show an error notice).
 */
import { ArrowLeft, Download, LoaderCircle, MonitorSmartphone } from 'lucide-react';
import { useNavigate } from 'react-router';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { detectPlatform, type DetectedPlatform } from '../../../lib/platform.ts';
import { usePlayerRelease } from '../hooks/use-player-release.ts';
import { INSTALL_STEPS, PLATFORM_LABELS, versionText } from '../store-rules.ts';
import { PlatformList } from './platform-list.tsx';

/**
 * ROUTE-1: Back goes one page back. Inside the app (react-router's history index above 0) that
 * is a client-side step back; after a full page load with earlier pages in the tab it is the
 * browser's own back; with nothing to go back to (a new tab) it is Home.
 */
function goBack(navigate: ReturnType<typeof useNavigate>): void {
  const state: unknown = window.history.state;
  const index =
    typeof state === 'object' && state !== null && 'idx' in state && typeof state.idx === 'number'
      ? state.idx
      : 0;
  if (index > 0) void navigate(-1);
  else if (window.history.length > 1) window.history.back();
  else void navigate('/index');
}

/**
 * /pigostore for `platform` (default: detected from the user agent): the version or 'Not
 * Available for {platform}', a Download button (disabled until a link is known; then it
 * navigates to it), the platforms with the detected one marked, the install steps, and Back
 * (one page back; to /index when there is none).
 */
export function StoreScreen({ platform = detectPlatform() }: { platform?: DetectedPlatform }) {
  const release = usePlayerRelease(platform);
  const navigate = useNavigate();
  const url = release.url;
  const error = release.versionError ?? release.urlError;

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-8 px-4 py-6 md:px-8">
      <title>PigoStream Player · PigoStream</title>
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">PigoStream Player</h1>
        <p className="text-neutral-300">
          The companion app that plays what you pick here, handed off from the Play button.
        </p>
      </header>

      <section
        aria-labelledby="store-release"
        className="flex flex-col gap-4 rounded-2xl border border-white/10 bg-neutral-900 p-5"
      >
        <div className="flex items-center gap-3">
          <span className="flex size-11 items-center justify-center rounded-full bg-white/5 text-accent-soft">
            <MonitorSmartphone aria-hidden="true" className="size-6" />
          </span>
          <div className="flex flex-col">
            <h2 id="store-release" className="font-semibold">
              {platform === 'unknown' ? 'Your device' : `For ${PLATFORM_LABELS[platform]}`}
            </h2>
            <p data-testid="store-version" className="text-sm text-neutral-300" aria-live="polite">
              {release.versionLoading
                ? 'Checking the latest version…'
                : release.version !== undefined || platform === 'unknown'
                  ? versionText(platform, release.version ?? '')
                  : 'Version unknown'}
            </p>
          </div>
        </div>
        {error && <ErrorNotice message={error.message} onRetry={release.retry} />}
        <button
          type="button"
          disabled={!url}
          aria-busy={release.urlLoading}
          onClick={() => {
            if (url) window.location.assign(url);
          }}
          className="inline-flex items-center justify-center gap-2 self-start rounded-md bg-accent px-5 py-2.5 font-semibold text-white hover:bg-rose-500 disabled:cursor-not-allowed disabled:bg-neutral-700 disabled:text-neutral-300"
        >
          {release.urlLoading ? (
            <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
          ) : (
            <Download aria-hidden="true" className="size-5" />
          )}
          Download
        </button>
      </section>

      <PlatformList detected={platform} />

      <section aria-labelledby="store-steps" className="flex flex-col gap-3">
        <h2 id="store-steps" className="text-lg font-semibold tracking-tight">
          How to install
        </h2>
        <ol className="flex list-decimal flex-col gap-2 pl-6 text-neutral-300 marker:text-neutral-500">
          {INSTALL_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </section>

      <button
        type="button"
        onClick={() => {
          goBack(navigate);
        }}
        className="inline-flex items-center gap-2 self-start rounded-md bg-white/10 px-4 py-2 font-medium hover:bg-white/20"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back
      </button>
    </div>
  );
}
