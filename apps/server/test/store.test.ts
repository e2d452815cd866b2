/** `/pigo-stream/pigostore/*`: the release manifest, release files, NA and bad platforms. */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compareVersions, loadReleaseManifest } from '../src/modules/store/store.releases.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';

const zipBytes = Buffer.from('PK\u0003\u0004 pretend zip');
let root: string;
let t: TestApp;

function get(url: string) {
  return t.app.inject({ method: 'GET', url: `/pigo-stream/pigostore/${url}` });
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'pigo-store-'));
  const releases = path.join(root, 'data', 'releases');
  await mkdir(releases, { recursive: true });
  await writeFile(path.join(releases, 'pigoplayer-windows-1.9.2.zip'), 'old');
  await writeFile(path.join(releases, 'pigoplayer-windows-1.10.0.zip'), zipBytes);
  await writeFile(path.join(releases, 'pigoplayer-linux-0.3.0.tar.gz'), 'linux');
  await writeFile(path.join(releases, 'pigoplayer-android-0.1.0.apk'), 'shadowed');
  await writeFile(path.join(releases, 'notes.txt'), 'not a release');
  await writeFile(path.join(root, 'data', 'secret.zip'), 'outside');
  const releasesFile = path.join(root, 'releases.json');
  await writeFile(
    releasesFile,
    JSON.stringify({
      android: { version: '2.0.1', url: 'https://dl.example.com/pigoplayer-2.0.1.apk' },
      macos: { version: '1.0.0', url: 'https://dl.example.com/pigoplayer-1.0.0.dmg' },
    }),
  );
  t = await startTestApp({
    seed: false,
    env: { DATA_DIR: path.join(root, 'data'), RELEASES_FILE: releasesFile },
  });
});

afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});

describe('with a manifest and release files', () => {
  it('answers the manifest entry, which wins over files', async () => {
    expect((await get('app-version?platform=android')).json()).toEqual({ version: '2.0.1' });
    expect((await get('download-app?platform=android')).json()).toEqual({
      url: 'https://dl.example.com/pigoplayer-2.0.1.apk',
    });
    expect((await get('app-version?platform=macos')).json()).toEqual({ version: '1.0.0' });
  });

  it('answers the newest release file and serves it with its download name', async () => {
    expect((await get('app-version?platform=windows')).json()).toEqual({ version: '1.10.0' });
    const { url } = (await get('download-app?platform=windows')).json<{ url: string }>();
    expect(url).toMatch(/^\/pigo-stream\/pigostore\/files\/pigoplayer-windows-1\.10\.0\.zip$/);
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="pigoplayer-windows-1.10.0.zip"',
    );
    expect(res.rawPayload.equals(zipBytes)).toBe(true);
    expect((await get('app-version?platform=linux')).json()).toEqual({ version: '0.3.0' });
  });

  it('answers NA and a 404 for a platform without a release', async () => {
    expect((await get('app-version?platform=ios')).json()).toEqual({ version: 'NA' });
    const res = await get('download-app?platform=ios');
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: string }>().error).toContain('ios');
  });

  it.each(['notes.txt', '..%2Fsecret.zip', 'pigoplayer-ios-1.0.0.zip', '%2e%2e'])(
    'refuses the file %s',
    async (name) => {
      const res = await get(`files/${name}`);
      // An encoded separator is refused before routing (400), any other name is not found.
      expect(res.statusCode).toBe(name.includes('%2F') ? 400 : 404);
      expect(res.json()).toHaveProperty('error');
    },
  );

  it.each(['app-version?platform=unknown', 'download-app?platform=beos', 'app-version'])(
    'answers 400 { error } for %s',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: string }>().error).toContain('platform');
    },
  );
});

describe('with nothing configured', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp({ seed: false });
  });
  afterAll(() => bare.close());

  it('answers NA and 404 for every platform', async () => {
    for (const platform of ['windows', 'macos', 'linux', 'android', 'ios']) {
      const version = await bare.app.inject({
        url: `/pigo-stream/pigostore/app-version?platform=${platform}`,
      });
      expect(version.json()).toEqual({ version: 'NA' });
      const download = await bare.app.inject({
        url: `/pigo-stream/pigostore/download-app?platform=${platform}`,
      });
      expect(download.statusCode).toBe(404);
    }
  });
});

describe('RELEASES_FILE validation and versions', () => {
  it('names the file and the field at fault', async () => {
    const file = path.join(root, 'bad.json');
    await writeFile(file, JSON.stringify({ windows: { version: '1.0', url: 'ftp://x' } }));
    await expect(loadReleaseManifest(file)).rejects.toThrow(
      /RELEASES_FILE .*bad\.json: windows\.url/,
    );
    await writeFile(file, JSON.stringify({ beos: { version: '1.0', url: 'https://x.example' } }));
    await expect(loadReleaseManifest(file)).rejects.toThrow(/bad\.json: .*beos/);
    await writeFile(file, '{');
    await expect(loadReleaseManifest(file)).rejects.toThrow(/bad\.json/);
  });

  it('compares versions numerically', () => {
    expect(compareVersions('1.10.0', '1.9.2')).toBeGreaterThan(0);
    expect(compareVersions('1.0.0', '1.0.0')).toBe(0);
    expect(compareVersions('0.9', '1.0')).toBeLessThan(0);
  });
});
