/** SOURCES_FILE validation and the media library's naming rules. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyForPath } from '../src/modules/sources/sources.library.ts';
import { loadLinkTemplates } from '../src/modules/sources/sources.templates.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'pigo-sources-config-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function load(content: string): Promise<() => unknown> {
  const file = path.join(dir, `s${Math.random().toString(36).slice(2)}.json`);
  await writeFile(file, content);
  return () => loadLinkTemplates(file);
}

describe('loadLinkTemplates', () => {
  it('reads valid entries', async () => {
    const read = await load('[{ "name": "A", "tv": "https://a.example/{id}/{season}/{episode}" }]');
    expect(read()).toEqual([{ name: 'A', tv: 'https://a.example/{id}/{season}/{episode}' }]);
  });

  it.each([
    ['not json', /SOURCES_FILE .*s\w+\.json: /],
    ['{}', /must be a JSON array/],
    ['[{ "name": "A" }]', /entry 0 \("A"\): needs a movie or a tv template/],
    ['[{ "name": "B", "movie": "ftp://x/{id}" }]', /entry 0 \("B"\): movie: .*http/],
    ['[{ "name": "C", "movie": "https://x/{id}/{season}" }]', /entry 0 \("C"\): movie: .*\{id\}/],
    ['[{ "name": "D", "tv": "https://x/{tmdb}" }]', /entry 0 \("D"\): tv: .*placeholders/],
    ['[{ "movie": "https://x/{id}" }]', /entry 0: name/],
    [
      '[{ "name": "E", "movie": "https://x/{id}" }, { "name": "E", "movie": "https://y/{id}" }]',
      /entry 1 \("E"\): name is used twice/,
    ],
  ])('rejects %s naming the file and entry', async (content, message) => {
    expect(await load(content)).toThrow(message);
  });

  it('names a missing file', () => {
    expect(() => loadLinkTemplates(path.join(dir, 'missing.json'))).toThrow(/missing\.json/);
  });
});

describe('keyForPath', () => {
  it.each([
    [['The Matrix (1999) [tmdbid-603].mp4'], 'movie:603'],
    [['The Matrix (1999) [tmdbid-603]', 'The Matrix (1999) [tmdbid-603].MKV'], 'movie:603'],
    [['The Matrix (1999) [tmdbid=603]', 'movie.m4v'], 'movie:603'],
    [['Breaking Bad (2008) [tmdbid-1396]', 'Season 01', 'S01E02.mkv'], 'tv:1396:1:2'],
    [
      ['Breaking Bad (2008) [tmdbid-1396]', 'Season 2', 'Breaking Bad S02E10 - x.webm'],
      'tv:1396:2:10',
    ],
    [['Breaking Bad (2008) [tmdbid-1396]', 'Season 01', 'extra.mov'], undefined],
    [['The Matrix (1999).mp4'], undefined],
    [['The Matrix (1999) [tmdbid-603].srt'], undefined],
    [['.trash', 'The Matrix (1999) [tmdbid-603].mp4'], undefined],
  ])('%j -> %s', (parts, key) => {
    expect(keyForPath(parts)).toBe(key);
  });
});
