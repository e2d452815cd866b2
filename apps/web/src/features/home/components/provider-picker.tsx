/**
 * The row of streaming-platform logo cards (HOME-4 in docs/requirements.md Providers tab; LIMIT-8:
 * scroll buttons above 4 providers, 450 px per click).
 */
import type { Provider } from '@pigostream/contracts';
import { Check } from 'lucide-react';
import { ScrollButtons } from '../../../components/scroll-buttons.tsx';
import { ArtImage } from '../../../components/art-image.tsx';
import { useRowScrollMemory } from '../../../lib/local-store.ts';

/** The providers row shows scroll buttons above this many cards (LIMIT-8). */
export const PROVIDER_BUTTONS_ABOVE = 4;

/** Row id of the logo cards: keys the remembered scroll offset (DATA-16). */
export const PROVIDER_ROW_ID = 'providers';

/** How many placeholder cards show while the list loads. */
const PLACEHOLDERS = 6;

/**
 * Headed 'Browse by Streaming Platform': one 96 px (112 px from md) logo card per provider,
 * on its dark or white background, with the provider's name below. The `selected` one is marked (ring, check, aria-pressed);
 * clicking another calls `onSelect(id)`. Desktop-only scroll buttons above 4 providers.
 */
export function ProviderPicker({
  providers,
  selected,
  onSelect,
  isLoading,
}: {
  providers: readonly Provider[] | undefined;
  selected: number | undefined;
  onSelect: (id: number) => void;
  isLoading: boolean;
}) {
  const list = providers ?? [];
  const { ref, onScroll } = useRowScrollMemory<HTMLUListElement>(PROVIDER_ROW_ID, list.length > 0);

  return (
    <section aria-labelledby="providers-heading" className="flex flex-col gap-3">
      <div className="flex min-h-9 items-center justify-between gap-4 px-4 md:px-8">
        <h2 id="providers-heading" className="text-lg font-semibold tracking-tight md:text-xl">
          Browse by Streaming Platform
        </h2>
        {list.length > PROVIDER_BUTTONS_ABOVE && (
          <ScrollButtons label="Browse by Streaming Platform" target={ref} />
        )}
      </div>
      <ul
        ref={ref}
        onScroll={onScroll}
        aria-busy={isLoading}
        className="scrollbar-none flex gap-3 overflow-x-auto px-4 py-2 md:px-8"
      >
        {list.map((provider) => (
          <li key={provider.id}>
            <ProviderCard
              provider={provider}
              selected={provider.id === selected}
              onSelect={onSelect}
            />
          </li>
        ))}
        {list.length === 0 &&
          Array.from({ length: PLACEHOLDERS }, (_, i) => (
            <li key={`placeholder-${i}`} aria-hidden="true">
              <div
                className={`size-24 rounded-xl bg-neutral-800/80 md:size-28 ${isLoading ? 'animate-pulse' : ''}`}
              />
              <div className="mt-2 h-4 w-24 md:w-28" />
            </li>
          ))}
      </ul>
    </section>
  );
}

function ProviderCard({
  provider,
  selected,
  onSelect,
}: {
  provider: Provider;
  selected: boolean;
  onSelect: (id: number) => void;
}) {
  const logo = provider.logo || undefined;
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={() => {
        onSelect(provider.id);
      }}
      className="group flex w-24 flex-col items-center gap-2 rounded-xl md:w-28"
    >
      <span
        className={`relative block size-24 overflow-hidden rounded-xl transition md:size-28 ${
          provider.bg === 'white' ? 'bg-white' : 'bg-neutral-900'
        } ${
          selected
            ? 'ring-3 ring-accent-soft ring-offset-2 ring-offset-neutral-950'
            : 'opacity-80 ring-1 ring-white/15 group-hover:opacity-100 group-hover:ring-white/40'
        }`}
      >
        {logo && (
          <ArtImage
            path={logo}
            kind="logo"
            size="w185"
            sizes="(min-width: 768px) 112px, 96px"
            alt=""
            width={96}
            height={96}
            loading="lazy"
            decoding="async"
            draggable={false}
            className="size-full object-cover"
          />
        )}
        {selected && (
          <span className="absolute top-1.5 right-1.5 flex size-5 items-center justify-center rounded-full bg-accent text-white shadow">
            <Check aria-hidden="true" className="size-3.5" />
          </span>
        )}
      </span>
      <span
        className={`w-full truncate text-center text-xs font-medium ${
          selected ? 'text-white' : 'text-neutral-400 group-hover:text-neutral-200'
        }`}
      >
        {provider.name}
      </span>
    </button>
  );
}
