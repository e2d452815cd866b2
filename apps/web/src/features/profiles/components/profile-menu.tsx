/**
 * The sidebar's profile switch (PROFILE-3, PROFILE-8 in docs/requirements.md): who is watching,
 * the other profiles to switch to, and the way to manage them. Shown in the sidebar drawer
 * (components/sidebar-drawer.tsx), whose chunk it is loaded with.
 */
import { LoaderCircle, Settings } from 'lucide-react';
import { Link } from 'react-router';
import { useProfiles } from '../api/profiles.ts';
import { useProfileSwitch } from '../hooks/use-profile-switch.ts';
import { kindLabel, profileErrorMessage } from '../profile-rules.ts';
import { PinDialog } from './pin-dialog.tsx';
import { ProfileAvatar } from './profile-avatar.tsx';
import { KidsBadge, LockMark, Locked } from './profile-badges.tsx';

/**
 * The drawer's 'Profiles' section (PROFILE-3, PROFILE-8): the active profile's avatar and name
 * ('Watching as'), a button for each other profile ('Switch to {name}', with its lock mark and kids
 * badge; a locked one asks for its PIN), and 'Manage profiles'. `onClose` closes the drawer: after
 * a switch, on its way Home, and when the link is followed.
 */
export function ProfileMenu({ onClose }: { onClose: () => void }) {
  const profiles = useProfiles();
  const choice = useProfileSwitch(onClose);
  const data = profiles.data;
  const active = data?.profiles.find((p) => p.id === data.active);
  const others = data?.profiles.filter((p) => p !== active) ?? [];

  return (
    <section
      aria-labelledby="drawer-profiles"
      className="flex flex-col gap-2 border-t border-white/10 pt-5"
    >
      <h2
        id="drawer-profiles"
        className="px-3 text-xs font-semibold tracking-wide text-neutral-400 uppercase"
      >
        Profiles
      </h2>
      {profiles.isPending && (
        <p role="status" className="flex items-center gap-2 px-3 py-2 text-sm text-neutral-400">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
          Loading profiles…
        </p>
      )}
      {profiles.isError && (
        <p role="alert" className="px-3 py-2 text-sm text-rose-300">
          {profileErrorMessage(profiles.error)}
        </p>
      )}
      {active && (
        <div data-testid="active-profile" className="flex items-center gap-3 px-3 py-1">
          <ProfileAvatar avatar={active.avatar} name={active.name} size={40} />
          <div className="flex min-w-0 flex-1 flex-col">
            <span className="text-xs text-neutral-400">Watching as</span>
            <span className="truncate font-semibold" data-testid="active-profile-name">
              {active.name}
            </span>
          </div>
          {active.kind === 'kids' && <KidsBadge label={kindLabel(active)} />}
        </div>
      )}
      {others.length > 0 && (
        <ul aria-label="Switch profile" className="flex flex-col">
          {others.map((profile) => (
            <li key={profile.id}>
              <button
                type="button"
                onClick={() => {
                  if (data) choice.choose(profile, data.active);
                }}
                aria-busy={choice.pending === profile.id}
                className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm text-neutral-200 hover:bg-white/10"
              >
                <span className="relative">
                  <ProfileAvatar avatar={profile.avatar} name={profile.name} size={28} />
                  <LockMark profile={profile} />
                </span>
                <span className="flex-1 truncate text-left">
                  <span className="sr-only">Switch to </span>
                  {profile.name}
                  <Locked profile={profile} />
                </span>
                {profile.kind === 'kids' && <KidsBadge />}
                {choice.pending === profile.id && (
                  <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      {choice.failure && (
        <p role="alert" className="px-3 text-sm text-rose-300">
          {choice.failure}
        </p>
      )}
      <Link
        to="/profiles/manage"
        onClick={onClose}
        className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm text-neutral-200 hover:bg-white/10"
      >
        <Settings aria-hidden="true" className="size-4" />
        <span className="flex-1">Manage profiles</span>
      </Link>
      <PinDialog
        profile={choice.locked}
        busy={choice.pending !== null}
        error={choice.pinError}
        onSubmit={choice.submitPin}
        onCancel={choice.cancel}
      />
    </section>
  );
}
