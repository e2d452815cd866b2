import { describe, expect, it } from 'vitest';
import { imageSrcSet, imageUrl, SRCSET_SIZES } from './images.ts';

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
