/**
 * MEDIA_DIR serves only files whose real path (symlinks resolved) is inside the real MEDIA_DIR
 * (SEC-9 in docs/requirements.md): a symlink to a file or a folder outside is not listed and not
 * served, also when a listed file is swapped for such a symlink after the scan; a symlink to a file
 * inside, and a MEDIA_DIR that is itself reached through a symlink, still work.
 */
import { mkdir, mkdtemp, rm, symlink, unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from './helpers/app.ts';

const SECRET = 'outside the library: do not serve';
const MOVIE = 'Test Movie (2020) [tmdbid-603].mp4';

let root: string;
let realMedia: string;
let t: TestApp;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pigo-symlinks-'));
  realMedia = path.join(root, 'media');
  const outside = path.join(root, 'outside');
  await mkdir(realMedia, { recursive: true });
  await mkdir(path.join(outside, 'Linked Show (2010) [tmdbid-607]'), { recursive: true });
  await writeFile(path.join(realMedia, MOVIE), 'the movie');
  await writeFile(path.join(realMedia, 'Swapped (2021) [tmdbid-609].mp4'), 'swapped, inside');
  await writeFile(path.join(root, 'secret.mp4'), SECRET);
  await writeFile(
    path.join(outside, 'Linked Show (2010) [tmdbid-607]', 'Linked Show (2010) [tmdbid-607].mp4'),
    SECRET,
  );
  // A file and a folder outside, reached through symlinks inside.
  await symlink(
    path.join(root, 'secret.mp4'),
    path.join(realMedia, 'Outside (2019) [tmdbid-606].mp4'),
  );
  await symlink(
    path.join(outside, 'Linked Show (2010) [tmdbid-607]'),
    path.join(realMedia, 'Linked Show (2010) [tmdbid-607]'),
  );
  // A symlink to a file inside the library.
  await symlink(path.join(realMedia, MOVIE), path.join(realMedia, 'Alias (2020) [tmdbid-608].mp4'));
  // MEDIA_DIR itself is a symlink to the real folder.
  await symlink(realMedia, path.join(root, 'media-link'));
  t = await startTestApp({ seed: false, env: { MEDIA_DIR: path.join(root, 'media-link') } });
});

afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

async function localLink(id: number): Promise<string | undefined> {
  const res = await t.app.inject({ url: `/pigo-stream/sources/servers?id=${id}&type=movie` });
  expect(res.statusCode, res.body).toBe(200);
  const list = res.json<{ server_name: string; server_link: string }[]>();
  const local = list.find((s) => s.server_name === 'Local library');
  return local?.server_link;
}

describe('symlinks in MEDIA_DIR', () => {
  it('lists and serves a normal file, under a MEDIA_DIR reached through a symlink', async () => {
    const link = await localLink(603);
    expect(link).toMatch(/^\/pigo-stream\/sources\/media\/[a-f0-9]{24}$/);
    const res = await t.app.inject({ url: link ?? '' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('the movie');
  });

  it('lists and serves a symlink to a file inside the library', async () => {
    const link = await localLink(608);
    expect(link).toBeDefined();
    const res = await t.app.inject({ url: link ?? '' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('the movie');
  });

  it('does not list a symlink to a file outside', async () => {
    expect(await localLink(606)).toBeUndefined();
  });

  it('does not list a file in a symlinked folder outside', async () => {
    expect(await localLink(607)).toBeUndefined();
  });

  it('answers 404 for a listed file swapped for a symlink outside, before and after a rescan', async () => {
    const link = await localLink(609);
    expect(link).toBeDefined();
    expect((await t.app.inject({ url: link ?? '' })).body).toBe('swapped, inside');

    const file = path.join(realMedia, 'Swapped (2021) [tmdbid-609].mp4');
    await unlink(file);
    await symlink(path.join(root, 'secret.mp4'), file);
    const swapped = await t.app.inject({ url: link ?? '' });
    expect(swapped.statusCode).toBe(404);
    expect(swapped.body).not.toContain(SECRET);
    expect(swapped.json()).toHaveProperty('error');

    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 11_000);
      const rescan = await t.app.inject({ method: 'POST', url: '/pigo-stream/sources/rescan' });
      expect(rescan.statusCode).toBe(200);
      // The movie and its alias; nothing from outside.
      expect(rescan.json()).toEqual({ files: 2 });
    } finally {
      vi.useRealTimers();
    }
    expect(await localLink(609)).toBeUndefined();
    const after = await t.app.inject({ url: link ?? '' });
    expect(after.statusCode).toBe(404);
    expect(after.body).not.toContain(SECRET);
  });
});
