/**
 * Entry point: starts the sign-in check and the first screen's chunks at once, in parallel, and
 * mounts the router into `#root`.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, preloadScreen } from './app/router.tsx';
import { fetchMe } from './features/auth/api/get-me.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The failure stays in the sign-in state, where the screens show it.
fetchMe().catch(() => undefined);
preloadScreen(window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
);
