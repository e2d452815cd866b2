/**
 * The servers list (PLAY-4 in docs/requirements.md: buttons; 'No servers available' when empty).
 */
import type { Server } from '@pigostream/contracts';
import { Server as ServerIcon } from 'lucide-react';
import { useId } from 'react';
import { ErrorNotice } from '../../../components/error-notice.tsx';

/**
 * A 'Servers' section: one toggle button per server (`aria-pressed` on the `selected` one),
 * calling `onSelect(server_name)`; 'No servers available' when `servers` is empty; pulsing
 * placeholders while `loading`; `error` (an ERR-1 message) with Retry when the call failed.
 */
export function ServerChooser({
  servers,
  selected,
  onSelect,
  loading,
  error,
  onRetry,
}: {
  servers: readonly Server[];
  selected: string | undefined;
  onSelect: (serverName: string) => void;
  loading: boolean;
  error: string | undefined;
  onRetry: () => void;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold tracking-tight md:text-xl">
        Servers
      </h2>
      {error ? (
        <ErrorNotice message={error} onRetry={onRetry} />
      ) : loading ? (
        <div aria-hidden="true" className="flex gap-2">
          {[0, 1].map((i) => (
            <div key={i} className="h-10 w-32 animate-pulse rounded-lg bg-neutral-800" />
          ))}
        </div>
      ) : servers.length === 0 ? (
        <p className="text-sm text-neutral-400">No servers available</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {servers.map((server) => {
            const active = server.server_name === selected;
            return (
              <button
                key={server.server_name}
                type="button"
                aria-pressed={active}
                onClick={() => {
                  onSelect(server.server_name);
                }}
                className={`inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-medium ring-1 transition ${
                  active
                    ? 'bg-accent text-white ring-accent'
                    : 'bg-white/10 text-neutral-100 ring-white/15 hover:bg-white/20'
                }`}
              >
                <ServerIcon aria-hidden="true" className="size-4" />
                {server.server_name}
              </button>
            );
          })}
        </div>
      )}
    </section>
  );
}
