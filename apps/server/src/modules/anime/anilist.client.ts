import { graphqlResponseSchema, type ErrorBody, type GraphqlResponse } from '@pigostream/contracts';

/**
 * The live anime source: forwards the app's GraphQL request to AniList and maps its answer onto
 * this API's (API-ANIME-1 in docs/requirements.md, anime-info call; ERR-7, 'Fetch failed:
 * {status}').
 */

/** What this API answers: a status, a JSON body, and headers to pass on. */
export interface AnimeAnswer {
  status: number;
  body: GraphqlResponse | ErrorBody;
  headers?: Record<string, string>;
}

/** The GraphQL request body AniList takes. */
export interface GraphqlRequest {
  query: string;
  variables: Record<string, unknown>;
  operationName?: string | undefined;
}

export interface AnilistClientOptions {
  /** AniList's GraphQL endpoint. */
  url: string;
  /** Longest the whole call (connect, answer, body) may take, in ms. */
  timeoutMs: number;
}

/** The 502 message when AniList does not answer within the timeout. */
export const TIMEOUT_MESSAGE = 'Anime service did not answer in time';

function failed(status: number | string): AnimeAnswer {
  return { status: 502, body: { error: `Fetch failed: ${status}` } };
}

/** The body when it is a GraphQL answer (`{ data }` and/or `{ errors: [{ message }] }`). */
function graphqlAnswer(body: unknown): GraphqlResponse | undefined {
  const parsed = graphqlResponseSchema.safeParse(body);
  if (!parsed.success || (!('data' in parsed.data) && !parsed.data.errors)) return undefined;
  return parsed.data;
}

/**
 * POSTs `request` as JSON to AniList within `timeoutMs` in all and answers:
 * - 2xx and 4xx GraphQL answers (`{ data }` / `{ errors }`) as they came, status included;
 * - 429 as 429 `{ error: <AniList's message> }`, passing Retry-After on;
 * - 5xx, a body that is not a GraphQL answer, or AniList unreachable: 502
 *   `{ error: 'Fetch failed: <status>' }` (502 when there was no answer at all);
 * - no full answer within `timeoutMs`: 502 `{ error: 'Anime service did not answer in time' }`.
 * Never throws; nothing is cached or retried.
 */
export async function forwardToAnilist(
  options: AnilistClientOptions,
  request: GraphqlRequest,
): Promise<AnimeAnswer> {
  let response: Response;
  let text: string;
  try {
    response = await fetch(options.url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(request),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    // The body is read under the same signal, so a stalled body also ends at the timeout.
    text = await response.text();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'TimeoutError') {
      return { status: 502, body: { error: TIMEOUT_MESSAGE } };
    }
    return failed(502);
  }
  let body: GraphqlResponse | undefined;
  try {
    body = graphqlAnswer(JSON.parse(text));
  } catch {
    body = undefined;
  }
  const status = response.status;
  if (status === 429) {
    const retryAfter = response.headers.get('retry-after');
    return {
      status: 429,
      body: { error: body?.errors?.[0]?.message ?? 'Too many requests' },
      ...(retryAfter ? { headers: { 'retry-after': retryAfter } } : {}),
    };
  }
  if (status >= 200 && status < 500 && body) {
    return { status, body };
  }
  return failed(status);
}
