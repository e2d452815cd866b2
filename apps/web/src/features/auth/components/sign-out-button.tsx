/** A small Sign Out button for the app header (spec 4 Auth; the sidebar takes it over later). */
import { LogOut } from 'lucide-react';
import { useMe } from '../api/get-me.ts';
import { useSignOut } from '../hooks/use-sign-out.ts';

/** Shown only to a signed-in user; signs out, clears remembered state and goes to `/`. */
export function SignOutButton() {
  const { data: user } = useMe();
  const { signOut, isPending } = useSignOut();
  if (!user) return null;
  return (
    <button
      type="button"
      onClick={() => {
        if (!isPending) signOut();
      }}
      aria-disabled={isPending}
      className="inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium text-neutral-300 hover:bg-white/10 hover:text-white aria-disabled:opacity-60"
    >
      <LogOut aria-hidden="true" className="size-4" />
      Sign Out
    </button>
  );
}
