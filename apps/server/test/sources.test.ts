/** `/pigo-stream/sources/*`: link templates, the local media library with ranges, Blender. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

const MOVIE_FILE = 'Test Movie (2020) [tmdbid-603].mp4';
const EPISODE_FILE = path.join('Test Show (2008) [tmdbid-1396]', 'Season 01', 'S01E02.mkv');
const movieBytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));

let root: string;
let mediaDir: string;
let t: TestApp;

function servers(query: string) {
  return t.app.inject({ method: 'GET', url: `/pigo-stream/sources/servers?${query}` });
}

/** Path part of the first local library link for a query. */
async function localPath(query: string): Promise<string> {
  const list = (await servers(query)).json<{ server_name: string; server_link: string }[]>();
  const local = list.find((s) => s.server_name === 'Local library');
  if (!local) throw new Error(`no local server for ${query}`);
  return local.server_link;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pigo-sources-'));
  mediaDir = path.join(root, 'media');
  await mkdir(path.join(mediaDir, path.dirname(EPISODE_FILE)), { recursive: true });
  await writeFile(path.join(mediaDir, MOVIE_FILE), movieBytes);
  await writeFile(path.join(mediaDir, EPISODE_FILE), 'episode');
  await writeFile(path.join(mediaDir, 'Notes [tmdbid-604].txt'), 'not a video');
  await writeFile(path.join(mediaDir, '.Hidden (2001) [tmdbid-605].mp4'), 'hidden');
  await writeFile(path.join(root, 'secret.mp4'), 'outside the library');
  const sourcesFile = path.join(root, 'sources.json');
  await writeFile(
    sourcesFile,
    JSON.stringify([
      {
        name: 'Example',
        movie: 'https://example.com/movie/{id}',
        tv: 'https://example.com/tv/{id}/{season}/{episode}',
      },
      { name: 'Movies only', movie: 'https://movies.example.com/embed?tmdb={id}' },
    ]),
  );
  t = await startTestApp({ seed: false, env: { SOURCES_FILE: sourcesFile, MEDIA_DIR: mediaDir } });
});

afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

describe('GET /sources/servers', () => {
  it('lists the local file, then the templates filled in for a movie', async () => {
    const res = await servers('id=603&type=movie');
    expect(res.statusCode).toBe(200);
    const list = res.json<{ server_name: string; server_link: string }[]>();
    expect(list.map((s) => s.server_name)).toEqual(['Local library', 'Example', 'Movies only']);
    expect(list[0]?.server_link).toMatch(/^\/pigo-stream\/sources\/media\/[a-f0-9]{24}$/);
    expect(list[1]?.server_link).toBe('https://example.com/movie/603');
    expect(list[2]?.server_link).toBe('https://movies.example.com/embed?tmdb=603');
  });

  it('fills tv templates with season and episode (default 1 and 1)', async () => {
    const res = await servers('id=1396&type=tv&season=1&episode=2');
    const list = res.json<{ server_name: string; server_link: string }[]>();
    expect(list.map((s) => s.server_name)).toEqual(['Local library', 'Example']);
    expect(list[0]?.server_link).toContain('/pigo-stream/sources/media/');
    expect(list[1]?.server_link).toBe('https://example.com/tv/1396/1/2');
    expect((await servers('id=1396&type=tv&season=3&episode=7')).json()).toEqual([
      { server_name: 'Example', server_link: 'https://example.com/tv/1396/3/7' },
    ]);
    expect((await servers('id=1396&type=tv')).json()).toEqual([
      { server_name: 'Example', server_link: 'https://example.com/tv/1396/1/1' },
    ]);
  });

  it('lists the built-in Blender open movie after the templates', async () => {
    const list = (await servers('id=45745&type=movie')).json<{ server_name: string }[]>();
    expect(list.at(-1)).toEqual({
      server_name: 'Blender Open Movie',
      server_link: 'https://download.blender.org/durian/movies/Sintel.2010.720p.mkv',
    });
  });

  it('skips non-video files and dot-files', async () => {
    expect((await servers('id=604&type=movie')).json()).toHaveLength(2);
    expect((await servers('id=605&type=movie')).json()).toHaveLength(2);
  });

  it.each([
    ['type=movie', 'id'],
    ['id=abc&type=movie', 'id'],
    ['id=0&type=movie', 'id'],
    ['id=603&type=book', 'type'],
    ['id=603', 'type'],
    ['id=1396&type=tv&season=0&episode=1', 'season'],
    ['id=1396&type=tv&season=1&episode=x', 'episode'],
  ])('answers 400 { error } for %s', async (query, field) => {
    const res = await servers(query);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error).toContain(field);
  });
});

describe('GET /sources/media/{id}', () => {
  it('serves a byte range of the file (206, Content-Range, exact bytes)', async () => {
    const url = await localPath('id=603&type=movie');
    const res = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=10-19' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 10-19/1000');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['content-length']).toBe('10');
    expect(res.headers['content-type']).toContain('video/mp4');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(res.rawPayload.equals(movieBytes.subarray(10, 20))).toBe(true);
  });

  it('serves the whole file without a range', async () => {
    const url = await localPath('id=603&type=movie');
    const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.rawPayload.equals(movieBytes)).toBe(true);
  });

  it('answers 416 for a range past the end', async () => {
    const url = await localPath('id=603&type=movie');
    const res = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=5000-6000' } });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */1000');
    expect(res.json()).toHaveProperty('error');
  });

  it.each([
    '..%2Fsecret.mp4',
    '..%2F..%2F..%2F..%2Fetc%2Fpasswd',
    '%2e%2e',
    'Test%20Movie%20(2020)%20%5Btmdbid-603%5D.mp4',
    '0123456789abcdef01234567',
  ])('refuses %s', async (id) => {
    const res = await t.app.inject({ method: 'GET', url: `/pigo-stream/sources/media/${id}` });
    expect([400, 404]).toContain(res.statusCode);
    expect(res.json()).toHaveProperty('error');
    expect(res.body).not.toContain('outside the library');
  });
});

describe('rescanning', () => {
  it('finds a file added later, on a lookup that misses once the debounce passed', async () => {
    await writeFile(path.join(mediaDir, 'New (2021) [tmdbid-700].webm'), 'new');
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 11_000);
      const list = (await servers('id=700&type=movie')).json<{ server_name: string }[]>();
      expect(list[0]?.server_name).toBe('Local library');
    } finally {
      vi.useRealTimers();
    }
  });

  it('POST /sources/rescan answers the number of library files', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/pigo-stream/sources/rescan' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ files: 3 });
  });
});

describe('MEDIA_RESCAN_MS', () => {
  /** A server on a media folder of its own with MEDIA_RESCAN_MS set; the folder starts empty. */
  async function withRescanMs(ms: string) {
    const dir = await mkdtemp(path.join(tmpdir(), 'pigo-rescan-'));
    const app = await startTestApp({ seed: false, env: { MEDIA_DIR: dir, MEDIA_RESCAN_MS: ms } });
    const lookup = async () =>
      (
        await app.app.inject({
          method: 'GET',
          url: '/pigo-stream/sources/servers?id=700&type=movie',
        })
      ).json<{ server_name: string }[]>()[0]?.server_name;
    return {
      dir,
      lookup,
      rescan: async () =>
        (await app.app.inject({ method: 'POST', url: '/pigo-stream/sources/rescan' })).json<{
          files: number;
        }>().files,
      async close() {
        await app.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }

  it('at 0, a rescan and a lookup that misses walk the folder at once', async () => {
    const server = await withRescanMs('0');
    try {
      await writeFile(path.join(server.dir, 'New (2021) [tmdbid-700].webm'), 'new');
      expect(await server.lookup()).toBe('Local library');
      await writeFile(path.join(server.dir, 'Other (2022) [tmdbid-701].webm'), 'other');
      expect(await server.rescan()).toBe(2);
    } finally {
      await server.close();
    }
  });

  it('at 60000, a file added 11 s after the start is not looked for yet', async () => {
    const server = await withRescanMs('60000');
    try {
      await writeFile(path.join(server.dir, 'New (2021) [tmdbid-700].webm'), 'new');
      vi.useFakeTimers({ toFake: ['Date'] });
      try {
        vi.setSystemTime(Date.now() + 11_000);
        expect(await server.lookup()).toBeUndefined();
        expect(await server.rescan()).toBe(0);
        vi.setSystemTime(Date.now() + 50_000);
        expect(await server.rescan()).toBe(1);
      } finally {
        vi.useRealTimers();
      }
    } finally {
      await server.close();
    }
  });

  it('is 10 s by default and refuses a value that is not a whole number of ms, naming it', () => {
    for (const value of ['-5', '2.5', 'soon']) {
      expect(() => loadConfig({ MEDIA_RESCAN_MS: value })).toThrow(/MEDIA_RESCAN_MS/);
    }
    expect(loadConfig({}).sources.rescanMs).toBe(10_000);
  });
});

describe('with nothing configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp({ seed: false });
  });
  afterAll(() => bare.close());

  it('answers [] for movies and episodes', async () => {
    for (const query of ['id=603&type=movie', 'id=1396&type=tv&season=1&episode=2']) {
      const res = await bare.app.inject({ url: `/pigo-stream/sources/servers?${query}` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
  });
});
