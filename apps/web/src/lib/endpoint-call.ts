/**
 * Calls of the product server by endpoint (`@pigostream/contracts/endpoints`): the method and
 * the path come from the endpoint object the server registers its route with, so a call cannot
 * drift from its route, and a path parameter left out is a type error. A thin layer over
 * {@link apiCall} (one attempt; retries are TanStack Query's), kept out of api-client.ts so that
 * the entry script, which the sign-in check's calls live in, does not carry it.
 */
import {
  pathWith,
  type CallQuery,
  type Endpoint,
  type HasParams,
  type Method,
  type PathParams,
  type PathValues,
} from '@pigostream/contracts/endpoints';
import { apiCall, type LazySchema, type ResponseSchema } from './api-client.ts';

/**
 * What a call of an endpoint with path pattern `P` sends: `params`, the path's parameters by
 * name (required when it has any); `query`, its query parameters in the order they are sent
 * (undefined values left out); `body`, the JSON body (none when undefined).
 */
export type EndpointInput<P extends string> = (HasParams<P> extends true
  ? { params: PathParams<P> }
  : { params?: undefined }) & { query?: CallQuery; body?: unknown };

/** How a call waits: as {@link apiCall}'s options, less what the endpoint and input say. */
export interface EndpointCallOptions {
  signal?: AbortSignal | undefined;
  /** Longest the call may take, in ms; none when undefined. */
  timeoutMs?: number | undefined;
  /** The error's message when the call timed out. */
  timeoutMessage?: string | undefined;
  /** Let the request outlive the page (a save sent as the page is left). */
  keepalive?: boolean;
}

/**
 * Sends one call of `endpoint` (its method, its path under `/pigo-stream` built from `input` as
 * `pathOf` builds it) and returns the answer checked by `schema`; a GET whose answer the page
 * carries is not sent (apiCall).
 * @throws ApiError with an ERR-1 in docs/requirements.md message, and the abort reason, as {@link
 *   apiCall}.
 */
export function callEndpoint<M extends Method, P extends string, T>(
  endpoint: Endpoint<M, P>,
  input: EndpointInput<P>,
  schema: ResponseSchema<T> | LazySchema<T>,
  options: EndpointCallOptions = {},
): Promise<T> {
  const path = pathWith(endpoint.path, input.params as PathValues | undefined, input.query);
  return apiCall(path, schema, { ...options, method: endpoint.method, body: input.body });
}
