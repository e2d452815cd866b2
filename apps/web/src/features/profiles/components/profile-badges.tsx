/**
 * The marks a profile carries on every profile screen (PROFILE-7, PROFILE-8 in
 * docs/requirements.md).
 */
import type { Profile } from '@pigostream/contracts';
import { Lock } from 'lucide-react';
import type { ReactNode } from 'react';

/** The 'Kids' badge of a kids' profile (PROFILE-7); `label` to say more ('Kids · 10 and up'). */
export function KidsBadge({ label = 'Kids' }: { label?: string }) {
  return (
    <span className="rounded-full bg-sky-400/15 px-2 py-0.5 text-xs font-semibold text-sky-200 ring-1 ring-sky-300/30">
      {label}
    </span>
  );
}

/**
 * The lock mark of a PIN-locked profile (PROFILE-8), laid over its avatar's corner; assistive
 * technology reads {@link Locked} after the name instead.
 */
export function LockMark({
  profile,
  large = false,
}: {
  profile: Pick<Profile, 'hasPin'>;
  large?: boolean;
}) {
  if (!profile.hasPin) return null;
  return (
    <span
      aria-hidden="true"
      data-testid="profile-lock"
      className={`absolute flex items-center justify-center rounded-full bg-neutral-950 text-neutral-100 ring-2 ring-neutral-950 ${large ? '-right-1.5 -bottom-1.5 size-8' : '-right-1 -bottom-1 size-4'}`}
    >
      <Lock className={large ? 'size-4' : 'size-2.5'} />
    </span>
  );
}

/**
 * A small grey label on a profile ('Main profile' of PROFILE-2, 'PIN' of PROFILE-8); `tone`
 * 'active' for PROFILE-3's 'Watching now'.
 */
export function ProfileTag({
  children,
  tone = 'plain',
}: {
  children: ReactNode;
  tone?: 'plain' | 'active';
}) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-medium ${
        tone === 'active' ? 'bg-emerald-400/15 text-emerald-200' : 'bg-white/10 text-neutral-300'
      }`}
    >
      {children}
    </span>
  );
}

/** ', locked with a PIN' after a locked profile's name, for assistive technology (PROFILE-8). */
export function Locked({ profile }: { profile: Pick<Profile, 'hasPin'> }) {
  return profile.hasPin ? <span className="sr-only">, locked with a PIN</span> : null;
}
