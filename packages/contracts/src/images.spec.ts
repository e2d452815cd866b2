import { describe, expect, it } from 'vitest';
import { drawnArtLayout, imageSrcSet, imageUrl, parseArtPath, SRCSET_SIZES } from './images.ts';

describe('imageUrl', () => {
  it('puts a TMDB path or a drawn-art path under /pigo-stream/images/{size}', () => {
    expect(imageUrl('/abc123.jpg', 'w500')).toBe('/pigo-stream/images/w500/abc123.jpg');
    expect(imageUrl('abc123.jpg', 'original')).toBe('/pigo-stream/images/original/abc123.jpg');
    expect(imageUrl('/art/poster/movie-603.svg?t=The+Matrix', 'w185')).toBe(
      '/pigo-stream/images/w185/art/poster/movie-603.svg?t=The+Matrix',
    );
  });

  it('is undefined without a path, so the caller draws a placeholder', () => {
    expect(imageUrl(null, 'w500')).toBeUndefined();
    expect(imageUrl(undefined, 'w500')).toBeUndefined();
    expect(imageUrl('', 'w500')).toBeUndefined();
  });
});

describe('imageSrcSet', () => {
  it('offers a poster at w185, w342, w500 and w780 with their widths', () => {
    expect(imageSrcSet('/abc123.jpg', 'poster')).toBe(
      [
        '/pigo-stream/images/w185/abc123.jpg 185w',
        '/pigo-stream/images/w342/abc123.jpg 342w',
        '/pigo-stream/images/w500/abc123.jpg 500w',
        '/pigo-stream/images/w780/abc123.jpg 780w',
      ].join(', '),
    );
  });

  it.each([
    ['backdrop', '300w, 780w, 1280w'],
    ['still', '185w, 300w'],
    ['profile', '185w'],
    ['logo', '92w, 185w, 300w'],
  ] as const)('offers a %s at TMDB sizes for its box: %s', (kind, widths) => {
    const srcset = imageSrcSet('/x.jpg', kind) ?? '';
    expect(
      srcset
        .split(', ')
        .map((candidate) => candidate.split(' ')[1])
        .join(', '),
    ).toBe(widths);
    for (const size of SRCSET_SIZES[kind]) {
      expect(srcset).toContain(`/pigo-stream/images/${size}/x.jpg ${size.slice(1)}w`);
    }
  });

  it('gives drawn art the same candidates, query kept', () => {
    expect(imageSrcSet('/art/still/tv-1-s1e2.svg?t=Pilot&y=2020', 'still')).toBe(
      '/pigo-stream/images/w185/art/still/tv-1-s1e2.svg?t=Pilot&y=2020 185w, ' +
        '/pigo-stream/images/w300/art/still/tv-1-s1e2.svg?t=Pilot&y=2020 300w',
    );
  });

  it('escapes whitespace and commas a srcset would split on', () => {
    expect(imageSrcSet('/art/poster/a b,c.svg?t=x y', 'profile')).toBe(
      '/pigo-stream/images/w185/art/poster/a%20b%2Cc.svg?t=x%20y 185w',
    );
  });

  it('is undefined without a path', () => {
    expect(imageSrcSet(null, 'poster')).toBeUndefined();
    expect(imageSrcSet('', 'backdrop')).toBeUndefined();
  });
});

describe('drawn art', () => {
  it('reads a drawn-art path as the images route does', () => {
    expect(parseArtPath('/art/poster/movie-603.svg?t=The+Matrix&y=1999')).toEqual({
      kind: 'poster',
      seed: 'movie-603',
      label: 'The Matrix',
      year: '1999',
      bg: undefined,
    });
    expect(parseArtPath('/art/profile/person-Keanu%20Reeves.svg?t=Keanu+Reeves')).toMatchObject({
      seed: 'person-Keanu Reeves',
      year: undefined,
    });
    expect(parseArtPath('/art/logo/netflix-white.svg?t=Netflix')?.bg).toBe('white');
    expect(parseArtPath('/art/logo/netflix.svg?t=Netflix&bg=dark')?.bg).toBe('dark');
  });

  it.each([
    ['a TMDB path', '/kqjL17yufvn9OVLyXYpvtyrFfak.jpg'],
    ['no path', null],
    ['an unknown kind', '/art/banner/x.svg?t=A'],
    ['a dot segment', '/art/poster/../x.svg?t=A'],
    ['a nested seed', '/art/poster/a/b.svg?t=A'],
    ['a broken escape', '/art/poster/%E0%A4%A.svg?t=A'],
    ['a year that is not four digits', '/art/poster/x.svg?t=A&y=19999'],
    ['an unknown background', '/art/logo/x.svg?t=A&bg=red'],
    ['a label over 200 characters', `/art/poster/x.svg?t=${'a'.repeat(201)}`],
  ])('is not drawn art: %s', (_, path) => {
    expect(parseArtPath(path)).toBeUndefined();
  });

  it('lays out the same art for the same seed: colours, wrapped name, year', () => {
    const art = {
      kind: 'poster',
      seed: 'movie-155',
      label: 'The Dark Knight',
      year: '2008',
    } as const;
    const layout = drawnArtLayout(art);
    expect(layout).toEqual(drawnArtLayout({ ...art }));
    expect(layout.lines).toEqual(['The Dark', 'Knight']);
    expect(layout.year).toBe('2008');
    expect(layout.fontSize).toBe(26);
    expect(drawnArtLayout({ ...art, seed: 'movie-156' }).from).not.toBe(layout.from);
    // At most four lines, the last cut with an ellipsis.
    const long = drawnArtLayout({
      ...art,
      label: 'one two three four five six seven eight nine ten eleven twelve',
    });
    expect(long.lines).toHaveLength(4);
    expect(long.lines[3]?.endsWith('…')).toBe(true);
    // A logo: no year, no glow, its name sized to fit the card.
    const logo = drawnArtLayout({ kind: 'logo', seed: 'x', label: 'Amazon Prime', year: '2001' });
    expect([logo.year, logo.glow]).toEqual([undefined, undefined]);
    expect(logo.fontSize * 0.62 * 'Amazon Prime'.length).toBeLessThanOrEqual(270);
  });
});

describe('drawn backdrops', () => {
  it('carry no name or year, which posters and stills keep', () => {
    const art = { seed: 'tv-100088', label: 'The Last of Us', year: '2023' };
    expect(drawnArtLayout({ ...art, kind: 'backdrop' })).toMatchObject({
      lines: [],
      year: undefined,
    });
    for (const kind of ['poster', 'still'] as const) {
      const layout = drawnArtLayout({ ...art, kind });
      expect(layout.lines.join(' ')).toBe('The Last of Us');
      expect(layout.year).toBe('2023');
    }
  });
});
