import { describe, expect, it } from 'vitest';
import {
  historyGenres,
  MIN_RECOMMENDED_RATING,
  normalizeGenre,
  pickSeed,
  rankCandidates,
  type CandidateInput,
} from './recommend.ts';

function title(id: number, rating: number | null, ...genres: string[]): CandidateInput {
  return { id, type: 'movie', vote_average: rating, genres: genres.map((name) => ({ name })) };
}

describe('normalizeGenre', () => {
  it('trims and lowercases', () => {
    expect(normalizeGenre('  Science Fiction ')).toBe('science fiction');
    expect(normalizeGenre('ACTION')).toBe('action');
  });
});

describe('historyGenres', () => {
  it('collects distinct normalised genres of both history items, skipping blanks', () => {
    const genres = historyGenres([
      { genres: [{ name: 'Action' }, { name: ' Drama ' }] },
      { genres: [{ name: 'action' }, { name: 'Animation' }, { name: '  ' }] },
    ]);
    expect([...genres].sort()).toEqual(['action', 'animation', 'drama']);
  });

  it('is empty without history', () => {
    expect(historyGenres([]).size).toBe(0);
  });
});

describe('rankCandidates', () => {
  const history = new Set(['action', 'drama', 'animation']);

  it(`keeps only vote_average >= ${String(MIN_RECOMMENDED_RATING)}`, () => {
    const ranked = rankCandidates(
      [title(1, 5.99, 'Action'), title(2, 6, 'Action'), title(3, null, 'Action'), title(4, 9.1)],
      history,
    );
    expect(ranked.map((c) => c.id)).toEqual([2, 4]);
  });

  it('ranks by matching genres, then rating, both descending', () => {
    const ranked = rankCandidates(
      [
        title(1, 9.5, 'Comedy'),
        title(2, 6.5, 'Action', 'Drama'),
        title(3, 7.2, 'Drama'),
        title(4, 8.8, 'Action', 'Drama', 'Animation'),
        title(5, 7.9, 'Action', 'Drama'),
      ],
      history,
    );
    expect(ranked.map((c) => [c.id, c.matchCount, c.rating])).toEqual([
      [4, 3, 8.8],
      [5, 2, 7.9],
      [2, 2, 6.5],
      [3, 1, 7.2],
      [1, 0, 9.5],
    ]);
  });

  it('compares genres case-insensitively and trimmed, counting each genre once', () => {
    const [candidate] = rankCandidates([title(1, 7, ' ACTION', 'action ', 'Drama')], history);
    expect(candidate?.matchCount).toBe(2);
  });

  it('without history genres ranks by rating alone, keeping ties in order', () => {
    const ranked = rankCandidates(
      [title(1, 7, 'Action'), title(2, 8), title(3, 7), title(4, 6.1)],
      new Set(),
    );
    expect(ranked.map((c) => c.id)).toEqual([2, 1, 3, 4]);
  });

  it('keeps one candidate per id and type', () => {
    const show = { ...title(1, 7), type: 'tv' };
    const ranked = rankCandidates([title(1, 7), title(1, 8), show], history);
    expect(ranked.map((c) => `${c.item.type}:${String(c.id)}:${String(c.rating)}`)).toEqual([
      'movie:1:7',
      'tv:1:7',
    ]);
  });

  it('returns the title itself with each candidate', () => {
    const input = title(9, 6.4, 'Drama');
    expect(rankCandidates([input], history)[0]?.item).toBe(input);
  });
});

describe('pickSeed', () => {
  it('picks the item at random() * length', () => {
    const list = ['a', 'b', 'c', 'd'];
    expect(pickSeed(list, () => 0)).toBe('a');
    expect(pickSeed(list, () => 0.5)).toBe('c');
    expect(pickSeed(list, () => 0.999_999)).toBe('d');
  });

  it('stays inside the list for out-of-range random values', () => {
    expect(pickSeed(['a', 'b'], () => 1)).toBe('b');
    expect(pickSeed(['a', 'b'], () => -0.1)).toBe('a');
  });

  it('is undefined for an empty list', () => {
    expect(pickSeed<string>([], () => 0.3)).toBeUndefined();
  });
});
