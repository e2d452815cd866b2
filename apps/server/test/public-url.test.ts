/**
 * Links the page uses are relative, so they work at any address (ADDR-4 of docs/addresses.md):
 * `server_link` of `/sources/servers` for a local media file and the `/pigostore/download-app`
 * URL of a served release file, whatever `Host`, `X-Forwarded-Host` and `X-Forwarded-Proto` say,
 * with and without TRUST_PROXY; and links in identity mail start with the trusted origin the
 * request came from, never with another host its headers name (addresses.test.ts tests every
 * spelling on both databases). Sent over a socket, so the headers reach the server as a client
 * wrote them.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { listenOnLoopback, SocketClient, type RequestHeaders } from './helpers/raw-http.ts';
import { startSmtpInbox, type SmtpInbox } from './helpers/smtp-inbox.ts';
import { API, IDENTITY } from './helpers/spellings.ts';

const PUBLIC_URL = 'https://pigo.example.com';

/** Headers an attacker (or a misconfigured proxy) sends. */
const HOSTILE: [string, RequestHeaders][] = [
  ['Host: evil.example', { host: 'evil.example' }],
  ['Host: evil.example:8443', { host: 'evil.example:8443' }],
  ['X-Forwarded-Host: evil.example', { 'x-forwarded-host': 'evil.example' }],
  [
    'X-Forwarded-Host and -Proto',
    { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
  ],
  [
    'Host and X-Forwarded-Host',
    { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
  ],
  ['Forwarded: host=evil.example', { forwarded: 'host=evil.example;proto=http' }],
];

let root: string;
let inbox: SmtpInbox;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pigo-public-url-'));
  await mkdir(path.join(root, 'media'), { recursive: true });
  await writeFile(path.join(root, 'media', 'Test Movie (2020) [tmdbid-603].mp4'), 'movie');
  await mkdir(path.join(root, 'data', 'releases'), { recursive: true });
  await writeFile(path.join(root, 'data', 'releases', 'pigoplayer-windows-1.0.0.zip'), 'zip');
  inbox = await startSmtpInbox();
});
afterAll(async () => {
  await inbox.close();
  await rm(root, { recursive: true, force: true });
});

describe.each([
  // Behind a proxy the server trusts X-Forwarded-* for the client's address, never for URLs.
  ['PUBLIC_URL set, behind a trusted proxy', { PUBLIC_URL, TRUST_PROXY: 'true' }, PUBLIC_URL],
  ['PUBLIC_URL unset (its default), no proxy', {}, 'http://localhost:3000'],
])('%s', (_label, env: Record<string, string>, publicUrl) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await startTestApp({
      seed: false,
      env: {
        ...env,
        MEDIA_DIR: path.join(root, 'media'),
        DATA_DIR: path.join(root, `data`),
        SMTP_URL: inbox.url,
        AUTH_SECRET: 'a-test-secret-that-is-long-enough-123',
      },
    });
    base = await listenOnLoopback(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(HOSTILE)('server_link is relative to the site (%s)', async (_name, headers) => {
    const res = await new SocketClient(base, publicUrl).get(
      `${API}/sources/servers?id=603&type=movie`,
      headers,
    );
    expect(res.status, res.body).toBe(200);
    const list = JSON.parse(res.body) as { server_name: string; server_link: string }[];
    const local = list.find((s) => s.server_name === 'Local library');
    expect(local?.server_link).toMatch(/^\/pigo-stream\/sources\/media\/[a-f0-9]{24}$/);
    expect(res.body).not.toContain('evil.example');
  });

  it.each(HOSTILE)('the download URL is relative to the site (%s)', async (_name, headers) => {
    const res = await new SocketClient(base, publicUrl).get(
      `${API}/pigostore/download-app?platform=windows`,
      headers,
    );
    expect(res.status, res.body).toBe(200);
    expect(res.json()).toEqual({
      url: '/pigo-stream/pigostore/files/pigoplayer-windows-1.0.0.zip',
    });
  });

  it('writes mail links from the trusted origin whatever else X-Forwarded-Host and Forwarded say', async () => {
    const email = `host${Math.random().toString(36).slice(2, 10)}@gmail.com`;
    const res = await new SocketClient(base, publicUrl).post(
      `${IDENTITY}/sign-up/email`,
      { name: 'Host', email, password: 'secret-pass', callbackURL: '/' },
      env.TRUST_PROXY
        ? { forwarded: 'host=evil.example;proto=http' }
        : { 'x-forwarded-host': 'evil.example', forwarded: 'host=evil.example;proto=http' },
    );
    expect(res.status, res.body).toBe(200);
    const mail = await inbox.waitFor((m) => m.to.includes(email));
    expect(mail.links.length).toBeGreaterThan(0);
    for (const link of mail.links) expect(link.startsWith(`${publicUrl}/`), link).toBe(true);
    expect(mail.text + mail.html).not.toContain('evil.example');
  });
});
