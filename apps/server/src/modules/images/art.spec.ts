import { describe, expect, it } from 'vitest';
import { artPath } from '../catalogue/art-paths.ts';
import { artDimensions, drawArt } from './art.ts';

describe('drawn art', () => {
  it('has the sizes the spec uses, in the right aspect', () => {
    expect(artDimensions('poster', 'w500')).toEqual({ width: 500, height: 750 });
    expect(artDimensions('profile', 'w185')).toEqual({ width: 185, height: 278 });
    expect(artDimensions('backdrop', 'w1280')).toEqual({ width: 1280, height: 720 });
    expect(artDimensions('backdrop', 'original').width).toBeGreaterThan(1280);
  });

  it('writes the name and year, escapes markup, and is stable per seed', () => {
    const svg = drawArt({
      kind: 'poster',
      size: 'w500',
      seed: 'movie-1',
      label: 'Tom & <Jerry>',
      year: '1999',
    });
    expect(svg).toContain('Tom &#38; &#60;Jerry&#62;');
    expect(svg).toContain('1999');
    expect(svg).not.toContain('<Jerry>');
    expect(drawArt({ kind: 'poster', size: 'w500', seed: 'movie-1', label: 'x' })).toBe(
      drawArt({ kind: 'poster', size: 'w500', seed: 'movie-1', label: 'x' }),
    );
    expect(drawArt({ kind: 'poster', size: 'w500', seed: 'movie-2', label: 'x' })).not.toBe(
      drawArt({ kind: 'poster', size: 'w500', seed: 'movie-1', label: 'x' }),
    );
  });

  it('builds art paths with the label and year in the query', () => {
    expect(artPath('poster', 'movie-603', 'The Matrix', '1999-03-31')).toBe(
      '/art/poster/movie-603.svg?t=The+Matrix&y=1999',
    );
  });
});
