/**
 * Entry point: starts the sign-in check and the first screen's chunks at once, in parallel, and
 * mounts the router into `#root`; once the page has loaded, registers the service worker.
 */
import { AUTH_ME } from '@pigostream/contracts/identity-endpoints';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, preloadScreen } from './app/router.tsx';
import { fetchMe } from './features/auth/api/get-me.ts';
import { hasFirstAnswer } from './lib/first-answers.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('no #root');

/**
 * How long a full load whose page carries the sign-in check waits for it and the screen's
 * chunks before the first render, in ms: within it the first paint is the screen itself; past
 * it (a slow network) the loading mark shows while they arrive.
 */
const FIRST_RENDER_WAIT_MS = 1000;

// Asked before the check starts, which takes the page's answer.
const carriesSignIn = hasFirstAnswer(AUTH_ME.path);
// The failure stays in the sign-in state, where the screens show it.
const signedIn = fetchMe().catch(() => undefined);
const chunks = preloadScreen(window.location.pathname);

// A signed-in full load has its first answers in the page (PERF-1 in docs/requirements.md): the
// check answers at once and the chunks were preloaded with the entry, so the first render waits for
// them and commits the screen with its data, not the loading mark and a second pass.
const ready = carriesSignIn
  ? Promise.race([
      Promise.all([signedIn, chunks]),
      new Promise((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
    ])
  : Promise.resolve();

// The first render is a transition: React renders it in slices of a few ms between which the
// browser may answer input, not in one long task (PERF-6, QUAL-2; docs/benchmarks.md), and
// commits it once.
void ready.then(() => {
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <AppRouter />
      </StrictMode>,
    );
  });
});

// The service worker (offline starts, the update prompt) from a chunk of its own once the page
// has loaded: none of it is in this entry script, nor in the way of the first screen's loads. A
// page the server rendered imports this script after its first paint, maybe after `load`.
const registerWorker = () => {
  import('./app/update-prompt.tsx').then(
    (m) => {
      m.registerServiceWorker();
    },
    () => undefined,
  );
};
if (document.readyState === 'complete') registerWorker();
else window.addEventListener('load', registerWorker, { once: true });
