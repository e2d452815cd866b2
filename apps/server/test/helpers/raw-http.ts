/**
 * Requests over a real socket, with the path sent exactly as given. `app.inject` cannot test
 * path spellings: it parses the URL first, which resolves `./`, `x/../` and `%2e/` before the
 * server sees them (a browser or `curl --path-as-is` sends them as they are). Each client comes
 * from its own loopback address (127.x.y.z, all of which reach 127.0.0.1 on Linux), so per-IP
 * limits are per client, as they are for users on different machines.
 */
import type { FastifyInstance } from 'fastify';
import {
  request as httpRequest,
  type IncomingHttpHeaders,
  type OutgoingHttpHeader,
  type OutgoingHttpHeaders,
} from 'node:http';
import type { AddressInfo } from 'node:net';

/** An answer read to its end. */
export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as a JSON object (throws when it is not JSON). */
  json(): Record<string, unknown>;
  /** The Set-Cookie headers (none: empty). */
  setCookies: string[];
}

export interface RawRequest {
  method?: string;
  /** Path and query, sent byte for byte. */
  path: string;
  headers?: OutgoingHttpHeaders;
  /** A string is sent as is; anything else as JSON (content-type set unless given). */
  body?: unknown;
  /** Local address to connect from (a loopback address). */
  from?: string;
}

/** Starts `app` listening on 127.0.0.1 and a free port; returns its base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

let loopbackCounter = 0;
/** A loopback address no other client of this test file has used. */
export function nextLoopbackIp(): string {
  loopbackCounter += 1;
  return `127.77.${Math.floor(loopbackCounter / 250) % 250}.${(loopbackCounter % 250) + 1}`;
}

/** Sends one request to `base` (http://host:port) and reads the whole answer. */
export function rawRequest(base: string, req: RawRequest): Promise<RawResponse> {
  const url = new URL(base);
  const headers: OutgoingHttpHeaders = { ...req.headers };
  let payload: string | undefined;
  if (req.body !== undefined) {
    payload = typeof req.body === 'string' ? req.body : JSON.stringify(req.body);
    if (!Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) {
      headers['content-type'] = 'application/json';
    }
    headers['content-length'] = String(Buffer.byteLength(payload));
  }
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        method: req.method ?? 'GET',
        path: req.path,
        headers,
        agent: false,
        ...(req.from ? { localAddress: req.from } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          const raw = res.headers['set-cookie'];
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body,
            json: () => JSON.parse(body) as Record<string, unknown>,
            setCookies: raw ?? [],
          });
        });
      },
    );
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** Headers of one request; `undefined` leaves out a header the client would send. */
export type RequestHeaders = Record<string, OutgoingHttpHeader | undefined>;

/**
 * A browser-like client over a socket: a cookie jar, the site's Origin on every request (unless
 * a request's headers say otherwise; `origin: undefined` leaves it out) and one source address.
 */
export class SocketClient {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly base: string,
    readonly origin: string | undefined,
    readonly ip: string = nextLoopbackIp(),
  ) {}

  /** The jar as a Cookie header value. */
  get cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async send(
    method: string,
    path: string,
    body?: unknown,
    headers: RequestHeaders = {},
  ): Promise<RawResponse> {
    const cookie = this.cookieHeader;
    const all: RequestHeaders = {
      ...(this.origin ? { origin: this.origin } : {}),
      ...(cookie ? { cookie } : {}),
      ...headers,
    };
    const merged: OutgoingHttpHeaders = Object.fromEntries(
      Object.entries(all).filter(([, value]) => value !== undefined),
    );
    const res = await rawRequest(this.base, { method, path, body, headers: merged, from: this.ip });
    for (const header of res.setCookies) {
      const [pair = '', ...attrs] = header.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const [name, value] = [pair.slice(0, eq), pair.slice(eq + 1)];
      const expired = attrs.some((a) => a.toLowerCase() === 'max-age=0');
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  post(path: string, body: unknown = {}, headers?: RequestHeaders): Promise<RawResponse> {
    return this.send('POST', path, body, headers);
  }

  get(path: string, headers?: RequestHeaders): Promise<RawResponse> {
    return this.send('GET', path, undefined, headers);
  }
}
