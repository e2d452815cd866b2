/**
 * Debian's nginx running the repository's own deploy/nginx/pigostream.conf (docs/deploy.md) in
 * front of one app server, for the browser walk behind a reverse proxy: the shipped site file
 * with its upstream port and listen address filled in, inside a minimal main configuration in a
 * temporary folder. nginx comes from Debian's nginx-light (.ci/run installs it).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './app-server.ts';

/** The site file users copy to /etc/nginx/sites-enabled/. */
const NGINX_SITE = path.join(REPO_ROOT, 'deploy/nginx/pigostream.conf');

/** A running nginx. */
export interface NginxProxy {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  /** Stops nginx and removes its folder. */
  stop(): Promise<void>;
}

/**
 * The shipped site with `upstreamPort` as its one server and `port` (on 127.0.0.1) as its
 * listen port.
 * @throws Error when the site file no longer has the lines this fills in.
 */
function siteFor(port: number, upstreamPort: number): string {
  const shipped = readFileSync(NGINX_SITE, 'utf8');
  const servers = /( {4}server 127\.0\.0\.1:300\d[^\n]*\n)+/;
  if (!servers.test(shipped) || !shipped.includes('listen 80;')) {
    throw new Error(`${NGINX_SITE}: no upstream server lines or listen line to fill in`);
  }
  return shipped
    .replace(
      servers,
      `    server 127.0.0.1:${String(upstreamPort)} max_fails=1 fail_timeout=10s;\n`,
    )
    .replace('listen 80;', `listen 127.0.0.1:${String(port)};`);
}

/**
 * Starts nginx on 127.0.0.1:`port` in front of the app server on `upstreamPort` and waits until
 * it answers `/pigo-stream/health` through it.
 * @throws Error when nginx is missing or does not answer within 10 s.
 */
export async function startNginxProxy(port: number, upstreamPort: number): Promise<NginxProxy> {
  const binary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));
  if (!binary) throw new Error('nginx is not installed: apt-get install nginx-light');
  const dir = mkdtempSync(path.join(tmpdir(), 'pigo-e2e-nginx-'));
  mkdirSync(path.join(dir, 'tmp'));
  const site = path.join(dir, 'site.conf');
  writeFileSync(site, siteFor(port, upstreamPort));
  const conf = path.join(dir, 'nginx.conf');
  writeFileSync(
    conf,
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${path.join(dir, 'nginx.pid')};`,
      `error_log ${path.join(dir, 'error.log')} warn;`,
      'events { worker_connections 1024; }',
      'http {',
      '  access_log off;',
      `  client_body_temp_path ${path.join(dir, 'tmp')};`,
      `  proxy_temp_path ${path.join(dir, 'tmp')};`,
      `  include ${site};`,
      '}',
    ].join('\n'),
  );
  const child = spawn(binary, ['-c', conf, '-p', dir], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = `http://127.0.0.1:${String(port)}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGQUIT');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(`${url}/pigo-stream/health`).catch(() => undefined);
    if (res?.status === 200) return { url, stop };
    if (child.exitCode !== null || Date.now() > deadline) {
      const log = existsSync(path.join(dir, 'error.log'))
        ? readFileSync(path.join(dir, 'error.log'), 'utf8')
        : '';
      await stop();
      throw new Error(`nginx did not start on port ${String(port)}:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
