/**
 * The addon token calls (STREMIO-1 in docs/requirements.md): the active profile's addon links,
 * and the writes that make and revoke one. They name no user or profile: the server acts on the
 * session's active profile.
 */
import {
  createdStremioTokenSchema,
  stremioTokensSchema,
  type CreatedStremioToken,
  type StremioTokens,
} from '@pigostream/contracts';
import {
  CREATE_STREMIO_TOKEN,
  REVOKE_STREMIO_TOKEN,
  STREMIO_TOKENS,
} from '@pigostream/contracts/endpoints';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-call.ts';

/** The query key of the active profile's addon tokens (STREMIO-1). */
export const STREMIO_TOKENS_QUERY_KEY = ['stremio-tokens'] as const;

/**
 * `GET /pigo-stream/stremio/tokens` (STREMIO-1): the active profile's addon tokens, oldest first,
 * never a token itself; a full load of the page carries it (contracts' pages.ts `FIRST_CALLS`).
 * @throws ApiError with an ERR-1 message.
 */
export function fetchStremioTokens(signal?: AbortSignal): Promise<StremioTokens> {
  return callEndpoint(STREMIO_TOKENS, {}, stremioTokensSchema, { signal });
}

/** The active profile's addon tokens as a TanStack query (STREMIO-1). */
export function useStremioTokens() {
  return useQuery({
    queryKey: STREMIO_TOKENS_QUERY_KEY,
    queryFn: ({ signal }) => fetchStremioTokens(signal),
  });
}

/**
 * `POST /pigo-stream/stremio/tokens/create` (STREMIO-1): a new addon token with its manifest URL
 * and Stremio install link, answered this once. One attempt.
 * @throws ApiError: 409 past 5 links a profile, 401 without a verified session.
 */
export function createStremioToken(): Promise<CreatedStremioToken> {
  return callEndpoint(CREATE_STREMIO_TOKEN, {}, createdStremioTokenSchema);
}

/**
 * `POST /pigo-stream/stremio/tokens/revoke` (STREMIO-1, STREMIO-8): revokes the token `id`; the
 * addon stops answering through it at once. The profile's tokens left. One attempt.
 * @throws ApiError: 404 'No such addon link.' for an id not of the active profile's.
 */
export function revokeStremioToken(id: string): Promise<StremioTokens> {
  return callEndpoint(REVOKE_STREMIO_TOKEN, { body: { id } }, stremioTokensSchema);
}
