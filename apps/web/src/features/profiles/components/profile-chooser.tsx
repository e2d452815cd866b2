/**
 * 'Who's watching?' at /profiles (PROFILE-3, PROFILE-8 in docs/requirements.md): the account's
 * profiles to choose from, after sign-in when it has more than one, and whenever the user opens it.
 */
import type { Profile } from '@pigostream/contracts';
import { LoaderCircle, Settings } from 'lucide-react';
import { useEffect, useRef, type Ref } from 'react';
import { Link } from 'react-router';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { useMe } from '../../auth/index.ts';
import { useProfiles } from '../api/profiles.ts';
import { useProfileSwitch } from '../hooks/use-profile-switch.ts';
import { readProfileMemory } from '../profile-memory.ts';
import { profileErrorMessage } from '../profile-rules.ts';
import { PinDialog } from './pin-dialog.tsx';
import { ProfileAvatar } from './profile-avatar.tsx';
import { KidsBadge, LockMark, Locked } from './profile-badges.tsx';

/** A status line with a spinner: the account's profiles are loading (PROFILE-6). */
export function ProfilesLoading() {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-16 text-neutral-300">
      <LoaderCircle aria-hidden="true" className="size-10 animate-spin text-accent-soft" />
      <p className="text-sm">Loading profiles…</p>
    </div>
  );
}

/**
 * One profile to choose: its avatar (with the lock mark when it has a PIN), its name, and the
 * 'Kids' badge; `last` marks the one chosen last on this device.
 */
function ProfileChoice({
  profile,
  last,
  pending,
  onChoose,
  ref,
}: {
  profile: Profile;
  last: boolean;
  pending: boolean;
  onChoose: () => void;
  ref?: Ref<HTMLButtonElement> | undefined;
}) {
  return (
    <button
      ref={ref}
      type="button"
      onClick={onChoose}
      aria-busy={pending}
      data-last={last || undefined}
      className="group flex w-26 flex-col items-center gap-2 rounded-2xl p-1 text-center md:w-40 md:p-2"
    >
      <span
        className={`relative rounded-[24%] ring-offset-4 ring-offset-neutral-950 transition group-hover:ring-2 group-hover:ring-white/60 ${last ? 'ring-2 ring-accent-soft' : ''}`}
      >
        <ProfileAvatar avatar={profile.avatar} name={profile.name} className="size-24 md:size-36" />
        <LockMark profile={profile} large />
        {pending && (
          <span className="absolute inset-0 flex items-center justify-center rounded-[22%] bg-black/60">
            <LoaderCircle aria-hidden="true" className="size-8 animate-spin" />
          </span>
        )}
      </span>
      <span className="w-full truncate text-base font-medium text-neutral-200 group-hover:text-white md:text-lg">
        {profile.name}
        <Locked profile={profile} />
      </span>
      <span className="flex min-h-5 flex-wrap items-center justify-center gap-1.5">
        {profile.kind === 'kids' && <KidsBadge />}
        {last && <span className="text-xs text-neutral-400">Last used here</span>}
      </span>
    </button>
  );
}

/**
 * The chooser (PROFILE-3, PROFILE-8): 'Who's watching?', every profile in the order they were made,
 * and 'Manage profiles'. The profile chosen last on this device is marked and focused first.
 * Choosing one switches the session to it (asking for its PIN when locked) and goes Home.
 */
export function ProfileChooserScreen() {
  const { data: user } = useMe();
  const profiles = useProfiles();
  const choice = useProfileSwitch();
  const lastChoice = useRef<HTMLButtonElement>(null);
  const last = user ? readProfileMemory(user.uid).last : null;
  const list = profiles.data?.profiles;
  const lastShown = list?.some((p) => p.id === last) ? last : null;

  const focused = useRef(false);
  useEffect(() => {
    // Once, as the list first shows.
    if (!list || focused.current) return;
    focused.current = true;
    lastChoice.current?.focus();
  }, [list]);

  return (
    <div className="mx-auto flex max-w-4xl flex-col items-center gap-8 px-4 py-10 md:gap-12 md:py-16">
      <title>Who's watching? · PigoStream</title>
      <h1 className="text-center text-3xl font-bold tracking-tight md:text-5xl">Who's watching?</h1>
      {choice.failure && <ErrorNotice message={choice.failure} />}
      {profiles.isPending && <ProfilesLoading />}
      {profiles.isError && (
        <ErrorNotice
          message={profileErrorMessage(profiles.error)}
          onRetry={() => void profiles.refetch()}
        />
      )}
      {profiles.data && (
        <ul
          aria-label="Profiles"
          className="flex flex-wrap justify-center gap-x-2 gap-y-6 md:gap-x-8"
        >
          {profiles.data.profiles.map((profile) => (
            <li key={profile.id}>
              <ProfileChoice
                ref={profile.id === lastShown ? lastChoice : undefined}
                profile={profile}
                last={profile.id === lastShown}
                pending={choice.pending === profile.id}
                onChoose={() => {
                  choice.choose(profile, profiles.data.active);
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <Link
        to="/profiles/manage"
        className="inline-flex items-center gap-2 rounded-md border border-white/20 px-5 py-2.5 font-medium text-neutral-200 hover:border-white/40 hover:text-white"
      >
        <Settings aria-hidden="true" className="size-4" />
        Manage profiles
      </Link>
      <PinDialog
        profile={choice.locked}
        busy={choice.pending !== null}
        error={choice.pinError}
        onSubmit={choice.submitPin}
        onCancel={choice.cancel}
      />
    </div>
  );
}
