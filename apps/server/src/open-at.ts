/**
 * Where the server can be opened, for the start-up log (ADDR-6 of docs/addresses.md):
 * `Local: http://localhost:3000  Network: http://192.168.1.10:3000, http://nas.local:3000`,
 * as a dev server prints it.
 */
import type { Config } from './config.ts';
import { createTrustedOrigins } from './lib/trusted-origins.ts';

/** The addresses the start-up log gives (ADDR-6 of docs/addresses.md). */
export interface OpenAt {
  /** `http://localhost:PORT`. */
  local: string;
  /** The machine's other addresses and names, reachable from other devices; [] when none. */
  network: string[];
  /** PUBLIC_URL and ALLOWED_ORIGINS, when set. */
  configured: string[];
}

/**
 * Where the server can be opened, as a dev server prints it: `localhost`, then, when HOST
 * listens on every interface, the host name, `<hostname>.local` and each interface address
 * (loopback and link-local IPv6 left out: other devices cannot use them); with HOST set to one
 * address, that address.
 */
export function openAt(config: Config, trusted = createTrustedOrigins(config.port, [])): OpenAt {
  const local = `http://localhost:${String(config.port)}`;
  const anyInterface = config.host === '0.0.0.0' || config.host === '::' || config.host === '';
  const network = anyInterface
    ? trusted.machineOrigins().filter((origin) => {
        const host = new URL(origin).hostname;
        return !/^(localhost|127\.[\d.]+|\[::1\]|\[fe80:.*)$/.test(host);
      })
    : /^(localhost|127\.[\d.]+|::1)$/.test(config.host)
      ? []
      : [
          `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${String(config.port)}`,
        ];
  const configured = config.identity.trustedOrigins.filter(
    (o) => o !== local && !o.endsWith(':5173'),
  );
  return { local, network, configured };
}

/** One line of {@link OpenAt}: `Local: ... Network: ... Also: ...`. */
export function describeOpenAt(where: OpenAt): string {
  const parts = [`Local: ${where.local}`];
  parts.push(
    where.network.length > 0
      ? `Network: ${where.network.join(', ')}`
      : 'Network: none (HOST only listens on this machine; HOST=0.0.0.0 opens it to other devices)',
  );
  if (where.configured.length > 0) parts.push(`Also: ${where.configured.join(', ')}`);
  return parts.join('  ');
}
