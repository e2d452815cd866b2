/**
 * 'Stremio addon' at /stremio (STREMIO-1 in docs/requirements.md): the active profile's addon
 * links for Stremio, made, copied and revoked here.
 */
import {
  MAX_STREMIO_TOKENS,
  type CreatedStremioToken,
  type StremioToken,
  type StremioTokens,
} from '@pigostream/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Info, Link2, LoaderCircle, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import { ErrorNotice } from '../../../components/error-notice.tsx';
import { Toasts } from '../../../components/toasts.tsx';
import { useActiveProfile } from '../../profiles/index.ts';
import {
  createStremioToken,
  revokeStremioToken,
  STREMIO_TOKENS_QUERY_KEY,
  useStremioTokens,
} from '../api/stremio.ts';
import {
  formatWhen,
  revokeQuestion,
  STREMIO_MESSAGES,
  stremioErrorMessage,
} from '../stremio-rules.ts';
import { AddonLinkPanel } from './addon-link-panel.tsx';

/** How long a success message stays, in ms (LIMIT-1 in docs/requirements.md: 5 s). */
const TOAST_MS = 5_000;

const BUTTON =
  'inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-50';

/** One addon link of the list: when it was made and last used, and its Revoke button. */
function TokenRow({
  token,
  isNew,
  onRevoke,
}: {
  token: StremioToken;
  isNew: boolean;
  onRevoke: () => void;
}) {
  const made = formatWhen(token.createdAt);
  return (
    <li className="flex items-center gap-3 rounded-xl border border-white/10 bg-white/[0.03] p-3 md:gap-4 md:p-4">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white/5 text-accent-soft">
        <Link2 aria-hidden="true" className="size-5" />
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-0.5 text-sm">
        <p className="font-semibold">
          Made <span data-testid="token-created">{made}</span>
          {isNew && (
            <span className="ml-2 rounded-full bg-accent-soft/20 px-2 py-0.5 text-xs font-semibold text-rose-100">
              New
            </span>
          )}
        </p>
        <p className="text-neutral-400">
          {token.lastUsedAt ? (
            <>
              Last used <span data-testid="token-last-used">{formatWhen(token.lastUsedAt)}</span>
            </>
          ) : (
            'Not used yet'
          )}
        </p>
      </div>
      <button
        type="button"
        onClick={onRevoke}
        aria-label={`Revoke the link made ${made}`}
        className={`${BUTTON} shrink-0 bg-white/10 text-rose-200 hover:bg-rose-500/20`}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        <span className="hidden sm:inline">Revoke</span>
      </button>
    </li>
  );
}

/**
 * The page (STREMIO-1): what the addon offers and how to add it, with the note that Stremio takes
 * an addon over https only (but at 127.0.0.1); 'Create addon link', which shows the new link this
 * once ({@link AddonLinkPanel}: Install in Stremio, the manifest URL with Copy); and the active
 * profile's links, each with when it was made and last used and a Revoke that asks first. At 5
 * links Create is off and says why. The server's messages show as error notices, a revoke as a
 * toast.
 */
export function StremioScreen() {
  const tokens = useStremioTokens();
  const profile = useActiveProfile();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedStremioToken | null>(null);
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<StremioToken | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (!toast) return;
    const timer = window.setTimeout(() => {
      setToast(null);
    }, TOAST_MS);
    return () => {
      window.clearTimeout(timer);
    };
  }, [toast]);

  const list = tokens.data?.tokens;
  const full = (list?.length ?? 0) >= MAX_STREMIO_TOKENS;

  const create = () => {
    if (creating) return;
    setCreating(true);
    setFailure(null);
    createStremioToken()
      .then(
        (link) => {
          setCreated(link);
          void queryClient.invalidateQueries({ queryKey: STREMIO_TOKENS_QUERY_KEY });
        },
        (error: unknown) => {
          setFailure(stremioErrorMessage(error));
        },
      )
      .finally(() => {
        setCreating(false);
      });
  };

  const revoke = () => {
    if (!revoking || busy) return;
    const token = revoking;
    setBusy(true);
    setFailure(null);
    revokeStremioToken(token.id)
      .then(
        (left) => {
          queryClient.setQueryData<StremioTokens>(STREMIO_TOKENS_QUERY_KEY, left);
          if (created?.id === token.id) setCreated(null);
          setToast(STREMIO_MESSAGES.revoked);
        },
        (error: unknown) => {
          setFailure(stremioErrorMessage(error));
        },
      )
      .finally(() => {
        setBusy(false);
        setRevoking(null);
        requestAnimationFrame(() => listHeading.current?.focus());
      });
  };

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-8 px-4 py-6 md:px-8 md:py-10">
      <title>Stremio addon · PigoStream</title>
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-bold tracking-tight md:text-3xl">Stremio addon</h1>
        <p className="text-sm text-neutral-300">
          Browse and play PigoStream in Stremio: Trending by genre, each streaming platform, My
          List, Continue Watching and search as Stremio catalogs, every title's details and
          episodes, and your media files with their subtitles as streams. What you play there is
          added to Watch History and Continue Watching here.
        </p>
        {profile && (
          <p className="text-sm text-neutral-400">
            Links for the profile{' '}
            <span className="font-semibold text-neutral-200">{profile.name}</span>: each profile has
            its own, with its own lists.
          </p>
        )}
      </header>

      <section aria-labelledby="stremio-add" className="flex flex-col gap-4">
        <h2 id="stremio-add" className="text-lg font-semibold">
          Add PigoStream to Stremio
        </h2>
        <ol className="flex list-decimal flex-col gap-1 pl-5 text-sm text-neutral-300">
          <li>Create an addon link.</li>
          <li>
            Press Install in Stremio, or copy the manifest URL and paste it into the search field of
            Stremio's Addons page.
          </li>
        </ol>
        <p className="flex gap-2 text-sm text-neutral-400">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent-soft" />
          <span>
            Stremio installs an addon over https only, except at 127.0.0.1 (Stremio on this same
            machine). From another device, open PigoStream at an https address, through a reverse
            proxy with a certificate (the README explains), and make the link there.
          </span>
        </p>
        {created && (
          <AddonLinkPanel
            link={created}
            onDone={() => {
              setCreated(null);
            }}
          />
        )}
        {failure && <ErrorNotice message={failure} />}
        {!created && (
          <div className="flex flex-col items-start gap-2">
            <button
              type="button"
              onClick={create}
              disabled={full || !list}
              aria-busy={creating}
              aria-describedby={full ? 'stremio-full' : undefined}
              className={`${BUTTON} bg-accent px-4 text-white hover:bg-rose-500`}
            >
              {creating ? (
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <Plus aria-hidden="true" className="size-4" />
              )}
              Create addon link
            </button>
            {full && (
              <p id="stremio-full" className="text-sm text-neutral-400">
                {STREMIO_MESSAGES.full}
              </p>
            )}
          </div>
        )}
      </section>

      <section aria-labelledby="stremio-links" className="flex flex-col gap-4">
        <h2
          id="stremio-links"
          ref={listHeading}
          tabIndex={-1}
          className="text-lg font-semibold focus:outline-none"
        >
          Addon links{' '}
          {list && (
            <span className="text-sm font-normal text-neutral-400">
              {list.length} of {MAX_STREMIO_TOKENS}
            </span>
          )}
        </h2>
        {tokens.isPending && (
          <p role="status" className="flex items-center gap-2 text-sm text-neutral-300">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-accent-soft" />
            Loading addon links…
          </p>
        )}
        {tokens.isError && (
          <ErrorNotice
            message={stremioErrorMessage(tokens.error)}
            onRetry={() => void tokens.refetch()}
          />
        )}
        {list?.length === 0 && <p className="text-sm text-neutral-400">{STREMIO_MESSAGES.none}</p>}
        {list && list.length > 0 && (
          <ul aria-label="Addon links" className="flex flex-col gap-3">
            {list.map((token) => (
              <TokenRow
                key={token.id}
                token={token}
                isNew={token.id === created?.id}
                onRevoke={() => {
                  setFailure(null);
                  setRevoking(token);
                }}
              />
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={revoking !== null}
        question={revoking ? revokeQuestion(revoking.createdAt) : ''}
        confirmLabel="Revoke"
        busy={busy}
        onConfirm={revoke}
        onCancel={() => {
          setRevoking(null);
        }}
      />
      <Toasts
        toasts={toast ? [{ id: toast, text: toast, tone: 'success' }] : []}
        onDismiss={() => {
          setToast(null);
        }}
      />
    </div>
  );
}
