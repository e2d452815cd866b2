/**
 * A new addon link, shown the once the server answers it (STREMIO-1 in docs/requirements.md): the
 * link that opens Stremio's install dialog, and the https manifest URL to copy.
 */
import type { CreatedStremioToken } from '@pigostream/contracts';
import { Check, Copy, Download, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { needsHttps, STREMIO_MESSAGES } from '../stremio-rules.ts';

const BUTTON =
  'inline-flex shrink-0 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold';

/**
 * STREMIO-1: the link `link` just made. Its heading takes the focus as it shows; 'Install in
 * Stremio' is its `stremio://` link; the manifest URL sits in a read-only field with Copy, which
 * writes it to the clipboard or, where the browser has none for the page (plain http), selects
 * it and says how to copy it. A plain-http address other than 127.0.0.1 carries the note that
 * Stremio will not install it. `onDone` hides the panel.
 */
export function AddonLinkPanel({
  link,
  onDone,
}: {
  link: CreatedStremioToken;
  onDone: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<'copied' | 'selected' | null>(null);

  useEffect(() => {
    heading.current?.focus();
  }, []);

  const select = () => {
    field.current?.focus();
    field.current?.select();
  };
  const copyUrl = () => {
    // No clipboard where the page is not a secure context: the field is selected instead.
    const clipboard = (navigator as Partial<Navigator>).clipboard;
    if (!clipboard) {
      select();
      setCopy('selected');
      return;
    }
    clipboard.writeText(link.manifestUrl).then(
      () => {
        setCopy('copied');
      },
      () => {
        select();
        setCopy('selected');
      },
    );
  };

  return (
    <section
      aria-labelledby="stremio-new-link"
      className="flex flex-col gap-4 rounded-xl border border-accent-soft/40 bg-white/[0.04] p-4 md:p-5"
    >
      <div className="flex flex-col gap-1">
        <h3
          id="stremio-new-link"
          ref={heading}
          tabIndex={-1}
          className="text-lg font-semibold focus:outline-none"
        >
          Your new addon link
        </h3>
        <p className="text-sm text-neutral-300">
          Shown this once. Anyone with it can browse this profile's lists and play its files, so
          keep it to yourself; revoke it below when it is no longer used.
        </p>
      </div>
      <a
        href={link.installUrl}
        className={`${BUTTON} self-start bg-accent text-white hover:bg-rose-500`}
      >
        <Download aria-hidden="true" className="size-4" />
        Install in Stremio
      </a>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="stremio-manifest-url" className="text-sm font-medium text-neutral-200">
          Manifest URL
        </label>
        <div className="flex gap-2">
          <input
            id="stremio-manifest-url"
            ref={field}
            type="text"
            readOnly
            value={link.manifestUrl}
            onFocus={(event) => {
              event.currentTarget.select();
            }}
            data-testid="manifest-url"
            className="h-11 min-w-0 flex-1 rounded-lg border border-white/15 bg-neutral-900 px-3 font-mono text-sm text-neutral-50 focus-visible:border-accent-soft focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-accent-soft"
          />
          <button
            type="button"
            onClick={copyUrl}
            className={`${BUTTON} h-11 bg-white/10 hover:bg-white/20`}
          >
            {copy === 'copied' ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )}
            Copy
          </button>
        </div>
        <p role="status" className="min-h-5 text-sm text-neutral-300">
          {copy && STREMIO_MESSAGES[copy]}
        </p>
      </div>
      {needsHttps(link.manifestUrl) && (
        <p className="flex gap-2 rounded-lg border border-amber-400/30 bg-amber-950/30 px-3 py-2 text-sm text-amber-100">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-amber-300" />
          <span>
            This address is plain http: Stremio installs it only from an https address, or at
            127.0.0.1 on this machine. Open PigoStream at its https address and make the link there.
          </span>
        </p>
      )}
      <button
        type="button"
        onClick={onDone}
        className={`${BUTTON} self-start border border-white/20 text-neutral-200 hover:border-white/40 hover:text-white`}
      >
        Done
      </button>
    </section>
  );
}
