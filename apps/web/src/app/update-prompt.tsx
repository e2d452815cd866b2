/**
 * The installed app's service worker (pwa.config.ts) from the page's side: its registration and
 * the prompt of an update. A chunk of its own, imported once the page has loaded (main.tsx), so
 * none of it is in the entry script of a first visit (the web budget: 100 kB for `/`).
 *
 * A new build makes a new worker; the browser finds it when the page is loaded again and keeps
 * it waiting while the old one serves open pages. The page then shows 'A new version is
 * available.' with a 'Reload' button: pressing it tells the waiting worker to take over
 * (Workbox's SKIP_WAITING message), and the page reloads once it has.
 */
import { RefreshCw, X } from 'lucide-react';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { registerSW } from 'virtual:pwa-register';

/**
 * The update prompt: a card centred above the bottom navigation (5 rem plus the safe area, where
 * toasts show), announced politely, with 'Reload' calling `onReload` (disabled once pressed)
 * and a 'Dismiss message' button calling `onDismiss`.
 */
export function UpdatePrompt({
  onReload,
  onDismiss,
}: {
  onReload: () => void;
  onDismiss: () => void;
}) {
  const [reloading, setReloading] = useState(false);
  return (
    <div className="pointer-events-none fixed inset-x-0 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-50 flex justify-center px-4">
      <div
        role="status"
        className="pointer-events-auto flex w-full max-w-lg items-center gap-3 rounded-xl border border-sky-400/40 bg-sky-950 px-4 py-3 text-sm text-neutral-50 shadow-2xl shadow-black/60"
      >
        <RefreshCw aria-hidden="true" className="size-5 shrink-0 text-sky-300" />
        <p className="flex-1 leading-relaxed">A new version is available.</p>
        <button
          type="button"
          disabled={reloading}
          onClick={() => {
            setReloading(true);
            onReload();
          }}
          className="rounded-md bg-accent px-3 py-1.5 font-medium text-white hover:bg-rose-700 disabled:opacity-60"
        >
          Reload
        </button>
        <button
          type="button"
          onClick={onDismiss}
          aria-label="Dismiss message"
          className="-m-1 rounded-md p-1 text-neutral-300 hover:bg-white/10 hover:text-white"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      </div>
    </div>
  );
}

/** How often an open page asks whether a new worker exists, in ms (browsers ask on each load). */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Registers `/sw.js` (scope `/`) where the browser has service workers, and shows
 * {@link UpdatePrompt} in a root of its own after `#root` once a new worker is waiting: one
 * found as this page loaded (waiting already, or still installing when the registration
 * answered, which Workbox's own events miss), or by the hourly check ({@link UPDATE_CHECK_MS})
 * of a page left open. 'Reload' reloads the page once the new worker controls it. A
 * registration the browser refuses (an insecure origin, storage off) is logged as a warning:
 * the app works as before, without offline starts.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  let shown = false;
  const prompt = () => {
    if (shown) return;
    shown = true;
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const reload = () => {
      navigator.serviceWorker.addEventListener(
        'controllerchange',
        () => {
          window.location.reload();
        },
        { once: true },
      );
      void update();
    };
    const dismiss = () => {
      root.unmount();
      host.remove();
    };
    root.render(<UpdatePrompt onReload={reload} onDismiss={dismiss} />);
  };
  const update = registerSW({
    onNeedRefresh: prompt,
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      const installing = registration.installing;
      if (installing && navigator.serviceWorker.controller) {
        installing.addEventListener('statechange', () => {
          if (installing.state === 'installed') prompt();
        });
      }
      setInterval(() => {
        registration.update().catch(() => undefined);
      }, UPDATE_CHECK_MS);
    },
    onRegisterError(error: unknown) {
      console.warn('The service worker was not registered; no offline start', error);
    },
  });
}
