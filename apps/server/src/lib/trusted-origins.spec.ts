/**
 * The trusted origins (ADDR-1 of docs/addresses.md) of a server on port 3000 of a machine named
 * `nas` with a LAN address, an IPv6 address and, later, a VPN interface: every machine name at
 * the port, the configured origins, and nothing else, however it is spelled.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  createTrustedOrigins,
  hostnameOf,
  parseOrigin,
  type MachineNames,
} from './trusted-origins.ts';

function machine(extra: { address: string; family: string }[] = []): MachineNames & {
  add(address: string, family: string): void;
} {
  const interfaces: Record<string, { address: string; family: string }[]> = {
    lo: [
      { address: '127.0.0.1', family: 'IPv4' },
      { address: '::1', family: 'IPv6' },
    ],
    eth0: [
      { address: '192.168.1.10', family: 'IPv4' },
      { address: 'fd00::2', family: 'IPv6' },
      ...extra,
    ],
  };
  return {
    interfaces: () => interfaces,
    hostname: () => 'NAS',
    add(address, family) {
      interfaces.tun0 = [{ address, family }];
    },
  };
}

const configured = ['https://pigo.example.com', 'http://pigo.vpn:8080'];

describe('trusted origins', () => {
  const trusted = createTrustedOrigins(3000, configured, machine());

  it.each([
    'http://localhost:3000',
    'http://127.0.0.1:3000',
    'http://127.0.0.2:3000',
    'http://[::1]:3000',
    'http://192.168.1.10:3000',
    'http://[fd00::2]:3000',
    'http://nas:3000',
    'http://nas.local:3000',
    'http://NAS.Local:3000',
    'HTTP://LOCALHOST:3000/',
    'https://pigo.example.com',
    'https://pigo.example.com:443',
    'http://pigo.vpn:8080',
  ])('trusts %s', (origin) => {
    expect(trusted.has(origin)).toBe(true);
  });

  it.each([
    'null',
    '',
    'http://evil.example',
    'http://localhost:3001',
    'https://localhost:3000',
    'http://192.168.1.11:3000',
    'http://localhost:3000.evil.example',
    'http://nas.local.evil.example:3000',
    'http://localhost:3000/index',
    'http://localhost:3000?x=1',
    'http://user@localhost:3000',
    'http://localhost:3000, http://localhost:3000',
    'http://pigo.example.com',
    'http://pigo.vpn:3000',
    'javascript:alert(1)',
    'file:///etc/passwd',
  ])('refuses %s', (origin) => {
    expect(trusted.has(origin)).toBe(false);
  });

  it('knows the names, whatever their port, and no other', () => {
    for (const name of [
      'localhost:80',
      'nas',
      'NAS.local',
      '192.168.1.10:9',
      '[::1]',
      '127.1.2.3',
      'pigo.vpn',
      'pigo.example.com:443',
    ]) {
      expect(trusted.hasName(name), name).toBe(true);
    }
    for (const name of ['evil.example', 'nas.evil.example', '192.168.1.11', 'localhost.', '']) {
      expect(trusted.hasName(name), name).toBe(false);
    }
  });

  it('lists the machine origins, localhost first, for the start-up log', () => {
    const list = trusted.machineOrigins();
    expect(list[0]).toBe('http://localhost:3000');
    expect(list).toEqual(
      expect.arrayContaining([
        'http://nas:3000',
        'http://nas.local:3000',
        'http://192.168.1.10:3000',
        'http://[fd00::2]:3000',
      ]),
    );
    expect(trusted.list()).toEqual(expect.arrayContaining([...configured, ...list]));
  });

  it('leaves the port out on port 80', () => {
    const onDefault = createTrustedOrigins(80, [], machine());
    expect(onDefault.has('http://nas.local')).toBe(true);
    expect(onDefault.has('http://nas.local:80')).toBe(true);
    expect(onDefault.machineOrigins()).toContain('http://nas.local');
  });

  it('trusts an interface that comes up later, after the refresh time', () => {
    vi.useFakeTimers();
    try {
      const names = machine();
      const later = createTrustedOrigins(3000, [], names);
      names.add('10.8.0.5', 'IPv4');
      expect(later.has('http://10.8.0.5:3000')).toBe(false);
      vi.advanceTimersByTime(5_000);
      expect(later.has('http://10.8.0.5:3000')).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('parseOrigin and hostnameOf', () => {
  it('normalise a spelling to the one origin it names', () => {
    expect(parseOrigin('HTTP://Example.COM:80/')).toBe('http://example.com');
    expect(parseOrigin('https://[FD00::2]:443')).toBe('https://[fd00::2]');
    expect(parseOrigin('http://xn--bcher-kva.example')).toBe('http://xn--bcher-kva.example');
    expect(parseOrigin('http://bücher.example')).toBe('http://xn--bcher-kva.example');
    expect(hostnameOf('NAS.local:3000')).toBe('nas.local');
    expect(hostnameOf('[::1]:3000')).toBe('[::1]');
  });

  it('refuse what is not exactly one origin', () => {
    for (const value of ['null', 'http://a/b', 'http://a#x', 'ftp://a', 'http://a b', 'a, b']) {
      expect(parseOrigin(value), value).toBeUndefined();
    }
  });
});
