/**
 * The origins a browser may reach this server at, with nothing configured (requirement
 * ADDR-1 of docs/addresses.md): a household opens it at the machine's LAN address, its host
 * name, `<hostname>.local`, a VPN address or `localhost`, and every one of them must work.
 *
 * Trusted are:
 * - the configured origins: PUBLIC_URL, every origin of ALLOWED_ORIGINS (a proxy's domain, a
 *   VPN name) and, when PUBLIC_URL is unset, the Vite dev server on localhost;
 * - the machine's own names at the server's port, over http: `localhost`, any loopback address
 *   (127.0.0.0/8, ::1), every address of its network interfaces (IPv4 and IPv6), its host name
 *   and `<hostname>.local`. The interfaces are read again, at most every
 *   {@link NAMES_REFRESH_MS}, when a name is not found: a VPN that comes up after the server
 *   started is trusted without a restart.
 *
 * Every check normalises first (WHATWG URL parsing: lower-case host, default port dropped,
 * IPv6 in brackets, IDNA) and then compares, so a spelling cannot pass for another origin.
 */
import os from 'node:os';

/** Longest a list of interface addresses is used before a miss reads them again, in ms. */
export const NAMES_REFRESH_MS = 5_000;

/** What the machine's names are read from; tests pass their own. */
export interface MachineNames {
  /** `os.networkInterfaces()`'s shape: addresses by interface. */
  interfaces: () => NodeJS.Dict<{ address: string; family: string | number }[]>;
  /** `os.hostname()`. */
  hostname: () => string;
}

const SYSTEM: MachineNames = {
  interfaces: () => os.networkInterfaces(),
  hostname: () => os.hostname(),
};

/** The trusted origins of one server process. */
export interface TrustedOrigins {
  /** Whether `origin` (any spelling; normalised first) is trusted. */
  has(origin: string): boolean;
  /** Whether a host name or address (normalised first) is one of the trusted names. */
  hasName(hostname: string): boolean;
  /** Every trusted origin known now (configured ones first), for logs and better-auth. */
  list(): string[];
  /** The machine's own origins at the server's port, for the start-up log (localhost first). */
  machineOrigins(): string[];
}

/**
 * `value` as a serialised origin (`scheme://host[:port]`), or undefined when it is not exactly
 * one http(s) origin: `null`, a list, a path, a query, credentials or an unparsable value.
 */
export function parseOrigin(value: string | undefined): string | undefined {
  if (!value || value.length > 2048) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || url.search || url.hash) return undefined;
  // An origin has no path: `http://host` and `http://host/` only.
  if (url.pathname !== '/' || /^https?:\/\/[^/]+\/./i.test(value)) return undefined;
  return url.origin;
}

/** The origin of a `Referer` value, or undefined when there is none or it is no URL. */
export function refererOrigin(referer: string | null | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/** The host name of an origin or `host[:port]`, normalised, or undefined. */
export function hostnameOf(hostOrOrigin: string): string | undefined {
  const origin = parseOrigin(
    /^https?:\/\//i.test(hostOrOrigin) ? hostOrOrigin : `http://${hostOrOrigin}`,
  );
  return origin === undefined ? undefined : new URL(origin).hostname;
}

/** Whether a normalised host name is a loopback address (127.0.0.0/8 or [::1]). */
function isLoopback(hostname: string): boolean {
  return /^127(\.\d{1,3}){3}$/.test(hostname) || hostname === '[::1]';
}

/** A normalised host name for an interface address (`[...]` around IPv6), or undefined. */
function addressName(address: string): string | undefined {
  return hostnameOf(address.includes(':') ? `[${address}]` : address);
}

/** The machine's names now, normalised: localhost, the host name, `.local`, every address. */
function readNames(machine: MachineNames): Set<string> {
  const names = new Set<string>(['localhost', '127.0.0.1', '[::1]']);
  const host = machine.hostname().trim();
  for (const name of host ? [host, `${host}.local`] : []) {
    const normalised = hostnameOf(name);
    if (normalised) names.add(normalised);
  }
  for (const list of Object.values(machine.interfaces())) {
    for (const entry of list ?? []) {
      const name = addressName(entry.address);
      if (name) names.add(name);
    }
  }
  return names;
}

/** `http://name:port`, the port left out when it is http's default. */
function machineOrigin(name: string, port: number): string {
  return port === 80 ? `http://${name}` : `http://${name}:${String(port)}`;
}

/**
 * Builds the trusted origins of a server listening on `port`.
 * @param configured origins from the configuration (PUBLIC_URL, ALLOWED_ORIGINS, dev origins),
 *   each already a serialised origin.
 */
export function createTrustedOrigins(
  port: number,
  configured: readonly string[],
  machine: MachineNames = SYSTEM,
): TrustedOrigins {
  const explicit = new Set(configured.map((o) => parseOrigin(o)).filter((o) => o !== undefined));
  let names = readNames(machine);
  let readAt = Date.now();

  /** The names, read again when `miss` and the last reading is older than the refresh time. */
  const namesOn = (miss: boolean): Set<string> => {
    if (miss && Date.now() - readAt >= NAMES_REFRESH_MS) {
      names = readNames(machine);
      readAt = Date.now();
    }
    return names;
  };
  const isName = (hostname: string): boolean =>
    isLoopback(hostname) || names.has(hostname) || namesOn(true).has(hostname);

  const configuredNames = new Set([...explicit].map((o) => new URL(o).hostname));

  return {
    has(value) {
      const origin = parseOrigin(value);
      if (origin === undefined) return false;
      if (explicit.has(origin)) return true;
      const url = new URL(origin);
      const urlPort = url.port === '' ? 80 : Number(url.port);
      return url.protocol === 'http:' && urlPort === port && isName(url.hostname);
    },
    hasName(value) {
      const hostname = hostnameOf(value);
      if (hostname === undefined) return false;
      return configuredNames.has(hostname) || isName(hostname);
    },
    list() {
      const machineList = [...namesOn(false)].map((n) => machineOrigin(n, port));
      return [...new Set([...explicit, ...machineList])];
    },
    machineOrigins() {
      const all = [...namesOn(false)].map((n) => machineOrigin(n, port));
      return all.sort((a, b) => rank(a) - rank(b));
    },
  };
}

/** Start-up log order: localhost, then host names, then IPv4, then IPv6 addresses. */
function rank(origin: string): number {
  const host = new URL(origin).hostname;
  if (host === 'localhost') return 0;
  if (host.startsWith('[')) return 3;
  if (/^\d+(\.\d+){3}$/.test(host)) return 2;
  return 1;
}
