/**
 * The answer to a request Node's HTTP parser refuses before Fastify sees it (ROB-3 of
 * docs/robustness.md): headers or a request line over the 16 kB limit (431), raw control bytes
 * in the path or a line that is not HTTP (400), a request that took too long to arrive (408).
 *
 * The parser cannot read anything after such a request, so the connection ends with it; the
 * answer says so (`Connection: close`), and a client's next request opens a new connection
 * rather than failing on this one with ECONNRESET. The answer is in the API's shape
 * (`{ error }`, or `{ code, message }` under the identity calls) with a message the app can
 * show; a `HEAD` answer has no body. The connection is closed gracefully: the answer is sent,
 * then the server ends its side and reads (and drops) what the client still sends until the
 * client closes, at most {@link LINGER_MS}, so unread bytes never turn the close into a reset
 * that would lose the answer.
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { INVALID_PATH_MESSAGE, refusalBody } from './request-guards.ts';

/** Longest the server waits for the client to close after answering, in ms. */
export const LINGER_MS = 5_000;

/** What Node's parser attaches to the errors it raises. */
export interface ClientError extends Error {
  code?: string;
  /** The bytes being parsed when it failed (a Buffer: the chunk read from the socket). */
  rawPacket?: unknown;
  /** How many bytes of `rawPacket` were read before the failure. */
  bytesParsed?: number;
}

/** Status, `code` (identity shape) and message of each refusal, by the parser's error code. */
function refusalFor(code: string | undefined): { status: number; code: string; message: string } {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        code: 'HEADERS_TOO_LARGE',
        message: "The request's address or headers are too long.",
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        code: 'REQUEST_TIMEOUT',
        message: 'The request took too long to arrive. Please try again.',
      };
    case 'HPE_INVALID_URL':
      return { status: 400, code: 'INVALID_PATH', message: INVALID_PATH_MESSAGE };
    default:
      return { status: 400, code: 'BAD_REQUEST', message: 'The request could not be read.' };
  }
}

/**
 * The method and path of the refused request, as far as its bytes tell: the request starts
 * after the last blank line before the point of failure (an earlier request on the same
 * connection may share the chunk). Undefined parts when the chunk does not hold its start.
 */
export function requestLineOf(error: ClientError): { method?: string; path?: string } {
  const raw = error.rawPacket;
  if (!Buffer.isBuffer(raw)) return {};
  const parsed = typeof error.bytesParsed === 'number' ? error.bytesParsed : raw.length;
  const head = raw.subarray(0, Math.min(raw.length, Math.max(parsed, 0) + 1)).toString('latin1');
  const blank = head.lastIndexOf('\r\n\r\n');
  const start = blank === -1 ? 0 : blank + 4;
  const line = /^([A-Z]{1,20}) ([^ \r\n]*)/.exec(raw.subarray(start).toString('latin1'));
  return line ? { method: line[1], path: line[2] } : {};
}

/** Sockets already answered: the parser raises its error again for every chunk that follows. */
const answered = new WeakSet<Socket>();

/** What the handler reads of the response a pipelined earlier request may still be writing. */
type InFlight = { writableFinished?: boolean; once(event: 'close', listener: () => void): void };

/**
 * Fastify's `clientErrorHandler` (Node's `clientError` event) for an app whose API lives under
 * `prefix` (ROB-3): answers the refused request (see the module comment) and closes the
 * connection gracefully. When an earlier request on the connection is still being answered
 * (pipelining), the refusal follows its answer. A connection the client already reset, or one
 * that can no longer be written, is only closed.
 */
export function answerClientError(prefix: string) {
  return function onClientError(
    this: { log: { debug(details: Record<string, unknown>, message: string): void } },
    error: ClientError,
    socket: Socket,
  ): void {
    if (answered.has(socket)) return;
    answered.add(socket);
    if (error.code === 'ECONNRESET' || socket.destroyed || !socket.writable) {
      socket.destroy();
      return;
    }
    const { method, path } = requestLineOf(error);
    const refusal = refusalFor(error.code);
    this.log.debug({ err: error, method, status: refusal.status }, 'request refused by the parser');
    const body =
      method === 'HEAD'
        ? ''
        : JSON.stringify(refusalBody(path ?? '', prefix, refusal.code, refusal.message));
    const answer = () => {
      if (socket.destroyed || !socket.writable) {
        socket.destroy();
        return;
      }
      socket.end(
        [
          `HTTP/1.1 ${String(refusal.status)} ${STATUS_CODES[refusal.status] ?? 'Bad Request'}`,
          'Connection: close',
          'Content-Type: application/json; charset=utf-8',
          `Content-Length: ${String(Buffer.byteLength(body))}`,
          'Cache-Control: no-store',
          'X-Content-Type-Options: nosniff',
          '',
          body,
        ].join('\r\n'),
      );
      // Drop what the client still sends until it closes; then, or after LINGER_MS, let go.
      socket.resume();
      const timer = setTimeout(() => socket.destroy(), LINGER_MS);
      timer.unref();
      socket.once('close', () => {
        clearTimeout(timer);
      });
    };
    const inFlight = (socket as Socket & { _httpMessage?: InFlight | null })._httpMessage;
    if (inFlight && inFlight.writableFinished !== true) inFlight.once('close', answer);
    else answer();
  };
}
