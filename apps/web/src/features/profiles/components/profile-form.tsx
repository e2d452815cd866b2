/**
 * The add and edit form of a profile (PROFILE-1, PROFILE-7, PROFILE-8 in docs/requirements.md):
 * its name, avatar and kind; a kids' profile's rating limit and whether unrated titles show; an
 * adult profile's optional PIN.
 */
import {
  MAX_PROFILE_NAME_LENGTH,
  PROFILE_AVATARS,
  RATING_LIMITS,
  type Profile,
  type ProfileKind,
} from '@pigostream/contracts';
import { LoaderCircle } from 'lucide-react';
import {
  useEffect,
  useRef,
  useState,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { draftOf, draftProblem, PROFILE_MESSAGES, type ProfileDraft } from '../profile-rules.ts';
import { ProfileAvatar } from './profile-avatar.tsx';

/** Props of {@link ProfileForm}. */
export interface ProfileFormProps {
  /** The profile edited; undefined to add one. */
  profile?: Profile | undefined;
  /** The avatar a new profile starts with (the first one free). */
  avatar: string;
  /** The account's main profile stays an adult one (PROFILE-8): its kind cannot change. */
  isMain: boolean;
  /** While true the form is being saved. */
  busy: boolean;
  /** The server's message for the last save, else null. */
  error: string | null;
  onSubmit: (draft: ProfileDraft) => void;
  onCancel: () => void;
}

const KINDS: readonly { kind: ProfileKind; label: string; hint: string }[] = [
  { kind: 'adult', label: 'Adult', hint: 'Sees every title. A PIN can lock it.' },
  { kind: 'kids', label: 'Kids', hint: 'Sees only titles rated within its limit.' },
];

const FIELD_LABEL = 'text-sm font-medium text-neutral-200';
const HINT = 'text-sm text-neutral-400';

const INPUT =
  'h-11 w-full rounded-lg border bg-neutral-900 px-3 text-base text-neutral-50 focus-visible:border-accent-soft focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent-soft disabled:opacity-50';

/**
 * A labelled input in the style of components/text-field.tsx. Not that component itself: the
 * sign-in screen's chunk holds it, and a second chunk using it would split it into a file of its
 * own, which the first visit to `/` would load too (QUAL-1: 100 kB).
 */
function Field({
  id,
  label,
  invalid = false,
  className = '',
  ref,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  id: string;
  label: string;
  invalid?: boolean;
  ref?: Ref<HTMLInputElement>;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={FIELD_LABEL}>
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        aria-invalid={invalid || undefined}
        className={`${INPUT} ${invalid ? 'border-rose-400' : 'border-white/15 hover:border-white/25'} ${className}`}
        {...input}
      />
    </div>
  );
}

/** A fieldset with its legend in the form's label style. */
function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="flex min-w-0 flex-col gap-2">
      <legend className={`${FIELD_LABEL} mb-2`}>{legend}</legend>
      {children}
    </fieldset>
  );
}

/** A PIN input: 4 digits, masked, never filled in by the browser. */
function PinField(props: {
  id: string;
  label: string;
  value: string;
  disabled?: boolean;
  describedBy: string;
  onChange: (pin: string) => void;
}) {
  return (
    <Field
      id={props.id}
      label={props.label}
      type="password"
      inputMode="numeric"
      autoComplete="off"
      maxLength={4}
      pattern="[0-9]{4}"
      value={props.value}
      disabled={props.disabled}
      aria-describedby={props.describedBy}
      onChange={(event) => {
        props.onChange(event.target.value.replace(/\D/g, '').slice(0, 4));
      }}
      className="max-w-40 tracking-[0.4em]"
    />
  );
}

/**
 * The profile form (PROFILE-1, PROFILE-7, PROFILE-8), titled 'Add a profile' or 'Edit {name}' (its
 * heading focused as it opens): Name (1 to 30 characters), Avatar (the 12 of the set, drawn with
 * the name's initial), Profile type (Adult or Kids; the main profile's is fixed), then for kids the
 * rating limit (contracts' `RATING_LIMITS`) and 'Show titles with no rating' (off unless set), for
 * adults a PIN of 4 digits (optional; a locked one can be changed or removed). What is wrong before
 * sending, and the server's message after, show at the top.
 */
export function ProfileForm({
  profile,
  avatar,
  isMain,
  busy,
  error,
  onSubmit,
  onCancel,
}: ProfileFormProps) {
  const [draft, setDraft] = useState(() => draftOf(profile, avatar));
  const [problem, setProblem] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const nameField = useRef<HTMLInputElement>(null);
  const change = (values: Partial<ProfileDraft>) => {
    setDraft((current) => ({ ...current, ...values }));
  };
  const title = profile ? `Edit ${profile.name}` : 'Add a profile';
  const message = problem ?? error;

  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <form
      noValidate
      aria-labelledby="profile-form-title"
      className="flex max-w-2xl flex-col gap-7"
      onSubmit={(event) => {
        event.preventDefault();
        const found = draftProblem(draft);
        setProblem(found);
        if (found) {
          if (found === PROFILE_MESSAGES.nameRequired) nameField.current?.focus();
          return;
        }
        onSubmit(draft);
      }}
    >
      <h2
        id="profile-form-title"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold tracking-tight focus:outline-none md:text-2xl"
      >
        {title}
      </h2>
      {message && <ErrorNotice message={message} />}

      <Field
        ref={nameField}
        id="profile-name"
        label="Name"
        autoComplete="off"
        maxLength={MAX_PROFILE_NAME_LENGTH}
        value={draft.name}
        invalid={problem === PROFILE_MESSAGES.nameRequired}
        onChange={(event) => {
          change({ name: event.target.value });
        }}
        className="max-w-sm"
      />

      <Group legend="Avatar">
        <div className="grid max-w-md grid-cols-6 gap-2 sm:gap-3">
          {PROFILE_AVATARS.map((option, index) => (
            <label key={option} className="group relative cursor-pointer">
              <input
                type="radio"
                name="profile-avatar"
                value={option}
                checked={draft.avatar === option}
                onChange={() => {
                  change({ avatar: option });
                }}
                aria-label={`Avatar ${String(index + 1)}`}
                className="peer absolute inset-0 z-10 m-0 size-full cursor-pointer appearance-none rounded-[24%] opacity-0"
              />
              <span className="block rounded-[24%] ring-offset-2 ring-offset-neutral-950 peer-checked:ring-2 peer-checked:ring-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-accent-soft group-hover:opacity-90">
                <ProfileAvatar avatar={option} name={draft.name} className="size-full" />
              </span>
            </label>
          ))}
        </div>
      </Group>

      <Group legend="Profile type">
        <div className="grid gap-2 sm:grid-cols-2">
          {KINDS.map(({ kind, label, hint }) => {
            const locked = isMain && kind === 'kids';
            return (
              <label
                key={kind}
                className={`flex gap-3 rounded-xl border p-3 ${
                  draft.kind === kind ? 'border-accent-soft bg-white/5' : 'border-white/15'
                } ${locked ? 'cursor-not-allowed opacity-50' : 'cursor-pointer hover:border-white/30'}`}
              >
                <input
                  type="radio"
                  name="profile-kind"
                  value={kind}
                  checked={draft.kind === kind}
                  disabled={locked}
                  aria-describedby={`profile-kind-${kind}-hint`}
                  onChange={() => {
                    change({ kind });
                  }}
                  className="mt-1 size-4 accent-rose-500"
                />
                <span className="flex flex-col gap-0.5">
                  <span className="font-medium">{label}</span>
                  <span id={`profile-kind-${kind}-hint`} className={HINT}>
                    {hint}
                  </span>
                </span>
              </label>
            );
          })}
        </div>
        {isMain && <p className={HINT}>The main profile is always an adult profile.</p>}
      </Group>

      {draft.kind === 'kids' ? (
        <div className="flex flex-col gap-5">
          <div className="flex flex-col gap-1.5">
            <label htmlFor="profile-limit" className={FIELD_LABEL}>
              Rating limit
            </label>
            <select
              id="profile-limit"
              value={draft.maxRatingAge}
              aria-describedby="profile-limit-hint"
              onChange={(event) => {
                change({ maxRatingAge: Number(event.target.value) });
              }}
              className={`${INPUT} max-w-sm border-white/15 hover:border-white/25`}
            >
              {RATING_LIMITS.map((limit) => (
                <option key={limit.age} value={limit.age}>
                  {`${limit.label} (${limit.examples})`}
                </option>
              ))}
            </select>
            <p id="profile-limit-hint" className={HINT}>
              Titles rated above it are hidden everywhere on this profile.
            </p>
          </div>
          <label className="flex items-start gap-3">
            <input
              type="checkbox"
              checked={draft.showUnrated}
              aria-describedby="profile-unrated-hint"
              onChange={(event) => {
                change({ showUnrated: event.target.checked });
              }}
              className="mt-1 size-4 accent-rose-500"
            />
            <span className="flex flex-col gap-0.5">
              <span className="font-medium">Show titles with no rating</span>
              <span id="profile-unrated-hint" className={HINT}>
                Off, titles whose rating is not known stay hidden.
              </span>
            </span>
          </label>
        </div>
      ) : (
        <div className="flex flex-col gap-3">
          {profile?.hasPin && (
            <label className="flex items-center gap-3">
              <input
                type="checkbox"
                checked={draft.clearPin}
                onChange={(event) => {
                  change({ clearPin: event.target.checked, pin: '' });
                }}
                className="size-4 accent-rose-500"
              />
              <span className="font-medium">Remove the PIN</span>
            </label>
          )}
          <PinField
            id="profile-new-pin"
            label={profile?.hasPin ? 'New PIN (optional)' : 'PIN (optional)'}
            value={draft.pin}
            disabled={draft.clearPin}
            describedBy="profile-pin-hint"
            onChange={(pin) => {
              change({ pin });
            }}
          />
          <p id="profile-pin-hint" className={HINT}>
            {profile?.hasPin
              ? 'This profile is locked with a PIN. Leave the field empty to keep it.'
              : '4 digits. Switching to this profile from another one will ask for it.'}
          </p>
        </div>
      )}

      <div className="flex flex-wrap justify-end gap-3 border-t border-white/10 pt-5">
        <button
          type="button"
          onClick={onCancel}
          className="rounded-md bg-white/10 px-4 py-2 font-medium hover:bg-white/20"
        >
          Cancel
        </button>
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy}
          className="inline-flex items-center gap-2 rounded-md bg-accent px-4 py-2 font-semibold text-white hover:bg-rose-500 disabled:cursor-wait disabled:opacity-70"
        >
          {busy && <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />}
          {profile ? 'Save' : 'Add profile'}
        </button>
      </div>
    </form>
  );
}
