/**
 * The header's menu button and the sidebar drawer it opens (HOME-1, HOME-2 in
 * docs/requirements.md), with the profile switch in it (PROFILE-3). The drawer's code (with the
 * Radix dialog, 9 to 12 kB of gzip JavaScript, and the profile switch) is its own chunk
 * (sidebar-menu.tsx), fetched only when the button is hovered, focused or pressed: a visit that
 * never opens the menu never loads it (QUAL-1 counts what a first visit loads).
 */
import { Menu } from 'lucide-react';
import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useAppConfig } from '../features/app-config/index.ts';
import { useMe, useSignOut } from '../features/auth/index.ts';
import { useNewEpisodeCount } from '../features/progress/index.ts';
import { badgeText } from '../lib/badge.ts';
import { loadChunk } from '../lib/load-chunk.ts';
import type { SidebarMenuProps } from './sidebar-menu.tsx';

/** How long to wait for an idle moment before asking for the badge's count anyway, in ms. */
const PRELOAD_FALLBACK_MS = 1_500;

/** '1 new episode', '3 new episodes'. */
function newEpisodesLabel(count: number): string {
  return `${String(count)} new episode${count === 1 ? '' : 's'}`;
}

/**
 * 'Open menu' for a signed-in user (nothing otherwise) and the drawer it opens, with the
 * user's avatar, name and e-mail, Sign Out (the shared sign-out hook: ends the session, clears
 * the remembered state, goes to `/`), the active profile and the switch to the others
 * (PROFILE-3), the New Episodes entry and the links of `GET /app-config`.
 * The button and the entry carry a badge with the count of new episodes (PROG-7: aired, not
 * watched), asked for once the page is idle, for verified users. If the drawer's chunk
 * cannot be fetched (server down), the click is only logged.
 */
export function AppSidebar() {
  const { data: user } = useMe();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const [Drawer, setDrawer] = useState<ComponentType<SidebarMenuProps> | null>(null);
  const { signOut, isPending } = useSignOut();
  const config = useAppConfig(Boolean(user));
  // The badge's call waits for an idle moment too: it is never on a screen's first paint.
  const [idle, setIdle] = useState(false);
  const newEpisodes = useNewEpisodeCount(idle && user?.emailVerified ? user.uid : undefined);

  const load = useCallback(
    () =>
      loadChunk(() => import('./sidebar-menu.tsx')).then((module) => {
        setDrawer(() => module.SidebarMenu);
      }),
    [],
  );
  const preload = useCallback(() => {
    setIdle(true);
    if (!Drawer) load().catch(() => undefined);
  }, [Drawer, load]);

  useEffect(() => {
    if (!user) return;
    const markIdle = () => {
      setIdle(true);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(markIdle, { timeout: PRELOAD_FALLBACK_MS });
      return () => {
        window.cancelIdleCallback(handle);
      };
    }
    const timer = window.setTimeout(markIdle, PRELOAD_FALLBACK_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [user]);

  if (!user) return null;
  return (
    <>
      <button
        ref={opener}
        type="button"
        aria-label={newEpisodes > 0 ? `Open menu (${newEpisodesLabel(newEpisodes)})` : 'Open menu'}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onPointerDown={preload}
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
        className="relative rounded-md p-2 text-neutral-200 hover:bg-white/10 hover:text-white"
      >
        <Menu aria-hidden="true" className="size-6" />
        {newEpisodes > 0 && (
          <span
            aria-hidden="true"
            data-testid="menu-badge"
            className="absolute top-0.5 right-0.5 flex min-w-4 items-center justify-center rounded-full bg-accent px-1 text-[0.65rem] leading-4 font-bold text-white"
          >
            {badgeText(newEpisodes)}
          </span>
        )}
      </button>
      {Drawer && (
        <Drawer
          open={open}
          onOpenChange={setOpen}
          user={user}
          chatUrl={config.data?.chatUrl ?? null}
          sourceUrl={config.data?.sourceUrl ?? null}
          newEpisodes={newEpisodes}
          onSignOut={signOut}
          signingOut={isPending}
          returnFocus={opener}
        />
      )}
    </>
  );
}
