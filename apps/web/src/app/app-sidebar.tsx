/**
 * The header's menu button and the sidebar drawer it opens (spec 2 Home). The drawer's code
 * (with the Radix dialog) is its own chunk: fetched once the page is idle or the button is
 * hovered or focused, so it is ready before the first click without weighing on first load.
 */
import { Menu } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import type { SidebarDrawerProps } from '../components/sidebar-drawer.tsx';
import { useAppConfig } from '../features/app-config/index.ts';
import { useMe, useSignOut } from '../features/auth/index.ts';
import { loadChunk } from '../lib/load-chunk.ts';

/** How long to wait for an idle moment before fetching the drawer chunk anyway, in ms. */
const PRELOAD_FALLBACK_MS = 1_500;

/**
 * 'Open menu' for a signed-in user (nothing otherwise) and the drawer it opens, with the
 * user's avatar, name and e-mail, Sign Out (the shared sign-out hook: ends the session, clears
 * the remembered state, goes to `/`) and the links of `GET /app-config`. If the drawer's chunk
 * cannot be fetched (server down), the click is only logged.
 */
export function AppSidebar() {
  const { data: user } = useMe();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const [Drawer, setDrawer] = useState<ComponentType<SidebarDrawerProps> | null>(null);
  const { signOut, isPending } = useSignOut();
  const config = useAppConfig(Boolean(user));

  const load = useCallback(
    () =>
      loadChunk(() => import('../components/sidebar-drawer.tsx')).then((module) => {
        setDrawer(() => module.SidebarDrawer);
      }),
    [],
  );
  const preload = useCallback(() => {
    if (!Drawer) load().catch(() => undefined);
  }, [Drawer, load]);

  useEffect(() => {
    if (!user) return;
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(preload, { timeout: PRELOAD_FALLBACK_MS });
      return () => {
        window.cancelIdleCallback(handle);
      };
    }
    const timer = window.setTimeout(preload, PRELOAD_FALLBACK_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [user, preload]);

  if (!user) return null;
  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setOpen(true);
          if (!Drawer) {
            load().catch((error: unknown) => {
              console.error('The menu could not be loaded', error);
              setOpen(false);
            });
          }
        }}
        className="rounded-md p-2 text-neutral-200 hover:bg-white/10 hover:text-white"
      >
        <Menu aria-hidden="true" className="size-6" />
      </button>
      {Drawer && (
        <Drawer
          open={open}
          onOpenChange={setOpen}
          user={user}
          chatUrl={config.data?.chatUrl ?? null}
          sourceUrl={config.data?.sourceUrl ?? null}
          onSignOut={signOut}
          signingOut={isPending}
          returnFocus={opener}
        />
      )}
    </>
  );
}
