/**
 * The sidebar drawer of the shared header (HOME-1, HOME-2 in docs/requirements.md: avatar, display
 * name, {email}, Sign Out, links to a chat channel and a source repository, 'Follow us for
 * updates'). A Radix dialog: focus is trapped inside and returns to the menu button; Escape, the
 * close button or a click outside closes it. Loaded on demand (see app/app-sidebar.tsx).
 */
import * as Dialog from '@radix-ui/react-dialog';
import {
  ArrowDownUp,
  CalendarClock,
  CodeXml,
  ExternalLink,
  LoaderCircle,
  LogOut,
  MessagesSquare,
  Puzzle,
  X,
} from 'lucide-react';
import { useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router';
import { badgeText } from '../lib/badge.ts';

/** Who is signed in, as the drawer shows them. */
export interface DrawerUser {
  displayName: string | null;
  email: string | null;
  photoURL: string | null;
}

/** Props of {@link SidebarDrawer}. */
export interface SidebarDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: DrawerUser;
  /** The configured links; a null one is hidden (DEC-7 in docs/decisions.md). */
  chatUrl: string | null;
  sourceUrl: string | null;
  /** Aired episodes of the user's shows not watched yet (PROG-7), shown on New Episodes. */
  newEpisodes: number;
  onSignOut: () => void;
  signingOut: boolean;
  /** Where the focus returns when the drawer closes (the header's menu button). */
  returnFocus: RefObject<HTMLElement | null>;
  /** The profile section under the account (PROFILE-3: who is watching, the switch). */
  profiles?: ReactNode;
}

/** The first letter of the name or e-mail, for an avatar without a photo. */
function initial(user: DrawerUser): string {
  return (user.displayName?.trim() || user.email || '?').charAt(0).toLocaleUpperCase();
}

/**
 * A 288 px (at most 85% of the screen) panel sliding in from the left over a dimmed backdrop:
 * the avatar (photo, or the initial when there is none or it fails), display name, e-mail, the
 * Sign Out button, the `profiles` section (PROFILE-3), the New Episodes link with its badge
 * (`newEpisodes`; PROG-7), the Import & export link (TRANSFER-6) and the Stremio addon link
 * (STREMIO-1), then 'Follow us for updates'
 * with the configured links (new tab); without either link, not the heading either (UI-4).
 */
export function SidebarDrawer(props: SidebarDrawerProps) {
  const {
    open,
    onOpenChange,
    user,
    chatUrl,
    sourceUrl,
    newEpisodes,
    onSignOut,
    signingOut,
    returnFocus,
    profiles,
  } = props;
  const [photoFailed, setPhotoFailed] = useState(false);
  const name = user.displayName?.trim() || user.email?.split('@')[0] || 'Viewer';

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/60 backdrop-blur-sm" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus.current?.focus();
          }}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto border-r border-white/10 bg-neutral-900 p-5 pb-[calc(1.25rem+env(safe-area-inset-bottom))] shadow-2xl focus:outline-none"
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-sm font-semibold tracking-wide text-neutral-400 uppercase">
              Menu
            </Dialog.Title>
            <Dialog.Close
              aria-label="Close menu"
              className="rounded-md p-2 text-neutral-300 hover:bg-white/10 hover:text-white"
            >
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            Your account, sign out, profiles, new episodes, import and export, the Stremio addon,
            and where to follow PigoStream.
          </Dialog.Description>

          <div className="flex flex-col items-center gap-3 text-center">
            {user.photoURL && !photoFailed ? (
              <img
                src={user.photoURL}
                alt=""
                width={80}
                height={80}
                referrerPolicy="no-referrer"
                onError={() => {
                  setPhotoFailed(true);
                }}
                className="size-20 rounded-full object-cover ring-2 ring-white/10"
              />
            ) : (
              <span
                aria-hidden="true"
                data-testid="avatar-initial"
                className="flex size-20 items-center justify-center rounded-full bg-accent text-3xl font-bold text-white ring-2 ring-white/10"
              >
                {initial(user)}
              </span>
            )}
            <div className="flex max-w-full flex-col gap-0.5">
              <p className="truncate text-lg font-semibold" data-testid="drawer-name">
                {name}
              </p>
              {user.email && (
                <p className="truncate text-sm text-neutral-400" data-testid="drawer-email">
                  {user.email}
                </p>
              )}
            </div>
            <button
              type="button"
              onClick={() => {
                if (!signingOut) onSignOut();
              }}
              aria-disabled={signingOut}
              className="mt-1 inline-flex w-full items-center justify-center gap-2 rounded-lg bg-white/10 px-4 py-2.5 font-medium hover:bg-white/15 aria-disabled:opacity-60"
            >
              {signingOut ? (
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <LogOut aria-hidden="true" className="size-4" />
              )}
              Sign Out
            </button>
          </div>

          {profiles}

          <nav aria-label="More" className="flex flex-col gap-1 border-t border-white/10 pt-5">
            <Link
              to="/new-episodes"
              onClick={() => {
                onOpenChange(false);
              }}
              className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-neutral-200 hover:bg-white/10"
            >
              <CalendarClock aria-hidden="true" className="size-4" />
              <span className="flex-1">New Episodes</span>
              {newEpisodes > 0 && (
                <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-bold text-white">
                  {badgeText(newEpisodes)}
                  <span className="sr-only"> new</span>
                </span>
              )}
            </Link>
            <Link
              to="/import-export"
              onClick={() => {
                onOpenChange(false);
              }}
              className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-neutral-200 hover:bg-white/10"
            >
              <ArrowDownUp aria-hidden="true" className="size-4" />
              <span className="flex-1">Import & export</span>
            </Link>
            <Link
              to="/stremio"
              onClick={() => {
                onOpenChange(false);
              }}
              className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-neutral-200 hover:bg-white/10"
            >
              <Puzzle aria-hidden="true" className="size-4" />
              <span className="flex-1">Stremio addon</span>
            </Link>
          </nav>

          {(chatUrl || sourceUrl) && (
            <div className="mt-auto flex flex-col gap-2 border-t border-white/10 pt-5">
              <p className="text-sm font-semibold text-neutral-200">Follow us for updates</p>
              {chatUrl && (
                <DrawerLink
                  href={chatUrl}
                  icon={<MessagesSquare aria-hidden="true" className="size-4" />}
                >
                  Chat channel
                </DrawerLink>
              )}
              {sourceUrl && (
                <DrawerLink
                  href={sourceUrl}
                  icon={<CodeXml aria-hidden="true" className="size-4" />}
                >
                  Source repository
                </DrawerLink>
              )}
            </div>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function DrawerLink({
  href,
  icon,
  children,
}: {
  href: string;
  icon: ReactNode;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-neutral-200 hover:bg-white/10"
    >
      {icon}
      <span className="flex-1">{children}</span>
      <ExternalLink aria-hidden="true" className="size-3.5 text-neutral-500" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}
