/**
 * 'Manage profiles' at /profiles/manage (PROFILE-1, PROFILE-5, PROFILE-7, PROFILE-8 in
 * docs/requirements.md): the account's profiles, with Add, Edit and Remove, from an adult profile.
 */
import {
  MAX_PROFILES,
  TOO_MANY_PROFILES,
  type Profile,
  type Profiles,
} from '@pigostream/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Plus, ShieldAlert, Trash2, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { PlaceholderScreen } from '../../../components/placeholder-screen.tsx';
import { Toasts } from '../../../components/toasts.tsx';
import { forgetLocalStore, localStoreKey } from '../../../lib/local-store.ts';
import { useMe } from '../../auth/index.ts';
import {
  createProfile,
  PROFILES_QUERY_KEY,
  removeProfile,
  updateProfile,
  useProfiles,
} from '../api/profiles.ts';
import { activateProfileState } from '../hooks/use-active-profile.ts';
import { usePinGuard } from '../hooks/use-pin-guard.ts';
import { forgetProfileData } from '../hooks/use-profile-switch.ts';
import {
  changesNothing,
  createBody,
  kindLabel,
  nextAvatar,
  PROFILE_MESSAGES,
  profileErrorMessage,
  removalQuestion,
  updateBody,
  type ProfileDraft,
} from '../profile-rules.ts';
import { PinDialog } from './pin-dialog.tsx';
import { ProfileAvatar } from './profile-avatar.tsx';
import { KidsBadge, LockMark, ProfileTag } from './profile-badges.tsx';
import { ProfilesLoading } from './profile-chooser.tsx';
import { ProfileForm } from './profile-form.tsx';

/** How long a success message stays, in ms (LIMIT-1 in docs/requirements.md: 5 s). */
const TOAST_MS = 5_000;

const BUTTON =
  'inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50';

/** A success message shown for {@link TOAST_MS} ms, and its setter. */
function useSuccessToast(): [string | null, (text: string | null) => void] {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!text) return;
    const timer = window.setTimeout(() => {
      setText(null);
    }, TOAST_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [text]);
  return [text, setText];
}

/** One profile of the list: avatar, name, what it is, and its Edit and Remove buttons. */
function ProfileRow({
  profile,
  isMain,
  isActive,
  onEdit,
  onRemove,
}: {
  profile: Profile;
  isMain: boolean;
  isActive: boolean;
  onEdit: () => void;
  onRemove: () => void;
}) {
  return (
    <li className="flex items-center gap-3 rounded-xl border border-white/10 bg-white/[0.03] p-3 md:gap-4 md:p-4">
      <span className="relative">
        <ProfileAvatar avatar={profile.avatar} name={profile.name} size={56} />
        <LockMark profile={profile} />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="truncate font-semibold md:text-lg">{profile.name}</p>
        <p className="flex flex-wrap items-center gap-1.5">
          {profile.kind === 'kids' ? (
            <KidsBadge label={kindLabel(profile)} />
          ) : (
            <ProfileTag>Adult</ProfileTag>
          )}
          {isMain && <ProfileTag>Main profile</ProfileTag>}
          {profile.hasPin && <ProfileTag>PIN</ProfileTag>}
          {isActive && <ProfileTag tone="active">Watching now</ProfileTag>}
        </p>
      </div>
      <div className="flex shrink-0 gap-1.5 md:gap-2">
        <button
          type="button"
          onClick={onEdit}
          aria-label={`Edit ${profile.name}`}
          className={`${BUTTON} bg-white/10 hover:bg-white/20`}
        >
          <Pencil aria-hidden="true" className="size-4" />
          <span className="hidden sm:inline">Edit</span>
        </button>
        {!isMain && (
          <button
            type="button"
            onClick={onRemove}
            aria-label={`Remove ${profile.name}`}
            className={`${BUTTON} bg-white/10 text-rose-200 hover:bg-rose-500/20`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">Remove</span>
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * The page (PROFILE-1, PROFILE-5, PROFILE-7, PROFILE-8): 'Manage profiles', the profiles in order
 * (the main one, whose id is the account's, can be edited but not removed; the active one is
 * marked), 'Add profile' while the account holds fewer than 6, and the form in place of the list
 * while adding or editing. Removing asks first, saying that the profile's lists and history go with
 * it; a locked profile other than the active one asks for its PIN. The server's messages show as
 * error notices; a success as a toast. On a kids' profile the page only says 'Switch to an adult
 * profile to manage profiles.'.
 */
export function ManageProfilesScreen() {
  const { data: user } = useMe();
  const profiles = useProfiles();
  const queryClient = useQueryClient();
  const guard = usePinGuard();
  const [editing, setEditing] = useState<Profile | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Profile | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [toast, setToast] = useSuccessToast();
  const heading = useRef<HTMLHeadingElement>(null);
  const data = profiles.data;
  const active = data?.profiles.find((p) => p.id === data.active);

  const setProfiles = (next: (old: Profiles) => Profiles) => {
    queryClient.setQueryData<Profiles>(PROFILES_QUERY_KEY, (old) => old && next(old));
    void queryClient.invalidateQueries({ queryKey: PROFILES_QUERY_KEY });
  };
  const closeForm = () => {
    setEditing(null);
    setFormError(null);
    requestAnimationFrame(() => heading.current?.focus());
  };

  const save = (draft: ProfileDraft) => {
    if (!data || editing === null) return;
    setFormError(null);
    if (editing === 'new') {
      setSaving(true);
      createProfile(createBody(draft))
        .then(
          (created) => {
            setProfiles((old) => ({ ...old, profiles: [...old.profiles, created] }));
            setToast(PROFILE_MESSAGES.added);
            closeForm();
          },
          (error: unknown) => {
            setFormError(profileErrorMessage(error));
          },
        )
        .finally(() => {
          setSaving(false);
        });
      return;
    }
    const profile = editing;
    const changes = updateBody(profile, draft);
    if (changesNothing(changes)) {
      closeForm();
      return;
    }
    setSaving(true);
    guard.run(
      profile,
      data.active,
      async (pin) => {
        try {
          const saved = await updateProfile(changes, pin);
          setProfiles((old) => ({
            ...old,
            profiles: old.profiles.map((p) => (p.id === saved.id ? saved : p)),
          }));
          // The active profile's limit travels with the session: what was asked under it goes.
          if (saved.id === data.active) forgetProfileData(queryClient);
          setToast(PROFILE_MESSAGES.saved);
          closeForm();
        } finally {
          setSaving(false);
        }
      },
      setFormError,
    );
  };

  const remove = () => {
    if (!data || !removing) return;
    const profile = removing;
    setRemoving(null);
    setFailure(null);
    guard.run(
      profile,
      data.active,
      async (pin) => {
        const left = await removeProfile(profile.id, pin);
        setProfiles(() => left);
        // Removing the active profile puts the session back on the main one.
        if (left.active !== data.active) {
          if (user) activateProfileState(user, left.active);
          forgetProfileData(queryClient);
        }
        // Its remembered UI state on this device goes with it (PROFILE-5).
        if (user) forgetLocalStore(localStoreKey(user.uid, profile.id));
        setToast(PROFILE_MESSAGES.removed);
        requestAnimationFrame(() => heading.current?.focus());
      },
      setFailure,
    );
  };

  if (active?.kind === 'kids') {
    return (
      <PlaceholderScreen
        icon={ShieldAlert}
        title="Manage profiles"
        action={
          <Link
            to="/profiles"
            className="rounded-md bg-accent px-4 py-2 font-semibold text-white hover:bg-rose-500"
          >
            Switch profile
          </Link>
        }
      >
        <p>{PROFILE_MESSAGES.manageFromAdult}</p>
      </PlaceholderScreen>
    );
  }

  const full = (data?.profiles.length ?? 0) >= MAX_PROFILES;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-6 md:px-8 md:py-10">
      <title>Manage profiles · PigoStream</title>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex flex-col gap-1">
          <h1
            ref={heading}
            tabIndex={-1}
            className="text-2xl font-bold tracking-tight focus:outline-none md:text-3xl"
          >
            Manage profiles
          </h1>
          <p className="text-sm text-neutral-400">
            Up to {MAX_PROFILES} profiles, each with its own My List, Watch History, searches and
            progress.
          </p>
        </div>
        <Link
          to="/profiles"
          className={`${BUTTON} border border-white/20 text-neutral-200 hover:border-white/40 hover:text-white`}
        >
          <Users aria-hidden="true" className="size-4" />
          Who's watching?
        </Link>
      </header>

      {failure && <ErrorNotice message={failure} />}
      {profiles.isPending && <ProfilesLoading />}
      {profiles.isError && (
        <ErrorNotice
          message={profileErrorMessage(profiles.error)}
          onRetry={() => void profiles.refetch()}
        />
      )}

      {data && editing !== null && (
        <ProfileForm
          key={editing === 'new' ? 'new' : editing.id}
          profile={editing === 'new' ? undefined : editing}
          avatar={nextAvatar(data.profiles)}
          isMain={editing !== 'new' && editing.id === user?.uid}
          busy={saving}
          error={formError}
          onSubmit={save}
          onCancel={closeForm}
        />
      )}

      {data && editing === null && (
        <>
          <ul aria-label="Profiles" className="flex flex-col gap-3">
            {data.profiles.map((profile) => (
              <ProfileRow
                key={profile.id}
                profile={profile}
                isMain={profile.id === user?.uid}
                isActive={profile.id === data.active}
                onEdit={() => {
                  setFailure(null);
                  setEditing(profile);
                }}
                onRemove={() => {
                  setFailure(null);
                  setRemoving(profile);
                }}
              />
            ))}
          </ul>
          <div className="flex flex-col items-start gap-2">
            <button
              type="button"
              disabled={full}
              aria-describedby={full ? 'profiles-full' : undefined}
              onClick={() => {
                setFailure(null);
                setEditing('new');
              }}
              className={`${BUTTON} bg-accent px-4 text-white hover:bg-rose-500`}
            >
              <Plus aria-hidden="true" className="size-4" />
              Add profile
            </button>
            {full && (
              <p id="profiles-full" className="text-sm text-neutral-400">
                {TOO_MANY_PROFILES}
              </p>
            )}
          </div>
        </>
      )}

      <ConfirmDialog
        open={removing !== null}
        question={removing ? removalQuestion(removing.name) : ''}
        onConfirm={remove}
        onCancel={() => {
          setRemoving(null);
        }}
      />
      <PinDialog
        profile={guard.locked}
        action={editing === null ? 'Remove' : 'Save'}
        busy={guard.busy}
        error={guard.error}
        onSubmit={guard.submit}
        onCancel={() => {
          guard.cancel();
          setSaving(false);
        }}
      />
      <Toasts
        toasts={toast ? [{ id: 'profile', text: toast, tone: 'success' }] : []}
        onDismiss={() => {
          setToast(null);
        }}
      />
    </div>
  );
}
