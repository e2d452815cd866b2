/**
 * Debian's nginx running the repository's deploy/nginx/pigostream.conf (docs/deploy.md) in front
 * of server processes on this machine, for the deployment test (apps/server/test), the
 * scale-out bench (bench/scale-out.ts) and the browser tests' walk behind a reverse proxy
 * (apps/web/e2e/new-user-walk.spec.ts): the shipped site file with its upstream ports and
 * listen address filled in, inside a minimal main configuration in a temporary folder.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The site file users copy to /etc/nginx/sites-enabled/. */
export const NGINX_SITE = fileURLToPath(
  new URL('../deploy/nginx/pigostream.conf', import.meta.url),
);

/** A running nginx. */
export interface Nginx {
  /** `http://127.0.0.1:<port>`. */
  base: string;
  stop(): Promise<void>;
}

/**
 * The shipped site with `upstreamPorts` as its servers and `port` as its listen port.
 * @throws Error when the site file no longer has the lines this fills in.
 */
export function siteWithPorts(port: number, upstreamPorts: number[]): string {
  const shipped = readFileSync(NGINX_SITE, 'utf8');
  const servers = /( {4}server 127\.0\.0\.1:300\d[^\n]*\n)+/;
  if (!servers.test(shipped) || !shipped.includes('listen 80;')) {
    throw new Error(`${NGINX_SITE}: no upstream server lines or listen line to fill in`);
  }
  return shipped
    .replace(servers, () =>
      upstreamPorts
        .map((p) => `    server 127.0.0.1:${String(p)} max_fails=1 fail_timeout=10s;\n`)
        .join(''),
    )
    .replace('listen 80;', `listen 127.0.0.1:${String(port)};`);
}

/**
 * Starts nginx on `port` in front of `upstreamPorts` and waits until it answers
 * `/pigo-stream/health` through them.
 * @throws Error when nginx is missing or does not answer within 10 s.
 */
export async function startNginx(port: number, upstreamPorts: number[]): Promise<Nginx> {
  const dir = mkdtempSync(path.join(tmpdir(), 'pigo-nginx-'));
  mkdirSync(path.join(dir, 'tmp'));
  const site = path.join(dir, 'site.conf');
  writeFileSync(site, siteWithPorts(port, upstreamPorts));
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
  const child = spawn('nginx', ['-c', conf, '-p', dir], { stdio: 'ignore' });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${String(port)}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGQUIT');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await fetch(`${base}/pigo-stream/health`).catch(() => undefined);
    if (res?.status === 200) return { base, stop };
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error('nginx did not start (is nginx-light installed?)');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
