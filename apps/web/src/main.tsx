/**
 * Entry point: starts the sign-in check at once (in parallel with the first screen's chunk) and
 * mounts the router into `#root`.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router.tsx';
import { fetchMe } from './features/auth/api/get-me.ts';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The failure stays in the sign-in state, where the screens show it.
fetchMe().catch(() => undefined);

createRoot(root).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
);
