import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  checkLimit,
  fetchLimit,
  nextLimit,
  pageOf,
  removalQuestion,
  sectionTitle,
  toCardItem,
} from './list-rules.ts';

describe('list limits (default 12, View More adds 12)', () => {
  it('View More adds 12, up to the server limit of 200', () => {
    expect(nextLimit(12)).toBe(24);
    expect(nextLimit(24)).toBe(36);
    expect(nextLimit(192)).toBe(200);
    expect(nextLimit(200)).toBe(200);
  });

  it('asks for one more than shown, never above 200', () => {
    expect(fetchLimit(12)).toBe(13);
    expect(fetchLimit(199)).toBe(200);
    expect(fetchLimit(200)).toBe(200);
  });

  it('accepts only whole limits from 12 to 200 as remembered', () => {
    expect(checkLimit(12)).toBe(12);
    expect(checkLimit(200)).toBe(200);
    for (const bad of [11, 201, 12.5, '24', null, undefined, -12, Number.NaN]) {
      expect(checkLimit(bad)).toBeUndefined();
    }
  });

  it('shows at most the limit and offers View More exactly when the list exceeds it', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 40 }),
        fc.integer({ min: 1, max: 30 }),
        (list, limit) => {
          const page = pageOf(list, limit);
          expect(page.items).toEqual(list.slice(0, limit));
          expect(page.hasMore).toBe(list.length > limit);
        },
      ),
    );
  });
});

describe('texts', () => {
  it('asks the removal question word for word', () => {
    expect(removalQuestion('watch-history', 'Sintel')).toBe(
      'Are you sure you want to remove "Sintel" from Watch History?',
    );
    expect(removalQuestion('my-list', 'Dark')).toBe(
      'Are you sure you want to remove "Dark" from My List?',
    );
  });

  it('names the sections', () => {
    expect(sectionTitle('watch-history', 'movies')).toBe('Watch History: Movies');
    expect(sectionTitle('watch-history', 'shows')).toBe('Watch History: Shows');
    expect(sectionTitle('my-list', 'movies')).toBe('My List: Movies');
    expect(sectionTitle('my-list', 'shows')).toBe('My List: Shows');
  });
});

it('maps a list entry to a card item under TMDB field names', () => {
  expect(
    toCardItem({
      id: 1396,
      type: 'tv',
      name: 'Breaking Bad',
      poster_path: '/p.jpg',
      vote_average: 8.9,
      genres: [{ name: 'Drama' }],
    }),
  ).toEqual({
    id: 1396,
    media_type: 'tv',
    title: undefined,
    name: 'Breaking Bad',
    poster_path: '/p.jpg',
    vote_average: 8.9,
  });
});
