import { describe, expect, it } from 'vitest';
import { artPath } from './art-paths.ts';
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

  it('sizes a logo name to fit its card: short names large, long names smaller', () => {
    const fontSize = (label: string) =>
      Number(
        /font-size="([\d.]+)"/.exec(
          drawArt({ kind: 'logo', size: 'w185', seed: label, label }),
        )?.[1],
      );
    expect(fontSize('Max')).toBe(44);
    // 'Amazon Prime' at 44 units would run past the 300-unit card; it must fit in 270.
    expect(fontSize('Amazon Prime') * 0.62 * 'Amazon Prime'.length).toBeLessThanOrEqual(270);
    expect(fontSize('Amazon Prime')).toBeLessThan(fontSize('Max'));
  });

  it('builds art paths with the label and year in the query', () => {
    expect(artPath('poster', 'movie-603', 'The Matrix', '1999-03-31')).toBe(
      '/art/poster/movie-603.svg?t=The+Matrix&y=1999',
    );
  });
});
