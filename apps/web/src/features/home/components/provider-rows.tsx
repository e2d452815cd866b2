/**
 * The Providers tab's title rows (HOME-4 in docs/requirements.md: '{provider}: Movies' and
 * '{provider}: Shows').
 */
import type { MediaType, Provider } from '@pigostream/contracts';
import { memo, useCallback } from 'react';
import { FIRST_SCREEN_CARDS, MediaRow } from '../../../components/media-row.tsx';
import { useProviderMedia } from '../api/get-provider-media.ts';

const KINDS: readonly { type: MediaType; suffix: string }[] = [
  { type: 'movie', suffix: 'Movies' },
  { type: 'tv', suffix: 'Shows' },
];

/** Row id of a provider row: each provider's rows remember their own scroll offset. */
export function providerRowId(providerId: number, type: MediaType): string {
  return `provider-${String(providerId)}-${type}`;
}

/**
 * The movie and show rows of `provider` (placeholders while the provider list loads). Each
 * row loads on its own; a failure shows in the row (and Home's error modal). Memoised on
 * `provider`; the first row's leading posters load at once.
 */
export const ProviderRows = memo(function ProviderRows({
  provider,
}: {
  provider: Provider | undefined;
}) {
  return (
    <div className="flex flex-col gap-8">
      {KINDS.map(({ type, suffix }, index) => (
        <ProviderRow
          key={`${String(provider?.id)}-${type}`}
          provider={provider}
          type={type}
          title={provider ? `${provider.name}: ${suffix}` : suffix}
          first={index === 0}
        />
      ))}
    </div>
  );
});

function ProviderRow({
  provider,
  type,
  title,
  first,
}: {
  provider: Provider | undefined;
  type: MediaType;
  title: string;
  first: boolean;
}) {
  const query = useProviderMedia(provider, type);
  const { refetch } = query;
  const retry = useCallback(() => void refetch(), [refetch]);
  return (
    <MediaRow
      id={provider ? providerRowId(provider.id, type) : `provider-pending-${type}`}
      title={title}
      items={query.data?.results}
      isLoading={query.isPending}
      error={query.error}
      onRetry={retry}
      priorityCards={first ? FIRST_SCREEN_CARDS : 0}
    />
  );
}
