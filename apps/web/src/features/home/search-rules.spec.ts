import { describe, expect, it } from 'vitest';
import { matchingHistory, shouldSaveSearch, submittableQuery } from './search-rules.ts';

describe('submittableQuery', () => {
  it('trims the text', () => {
    expect(submittableQuery('  dune  ')).toBe('dune');
  });

  it('is null for an empty trimmed query (submit does nothing)', () => {
    expect(submittableQuery('')).toBeNull();
    expect(submittableQuery('   \t ')).toBeNull();
  });
});

describe('shouldSaveSearch', () => {
  it('saves a query that differs from the latest saved one', () => {
    expect(shouldSaveSearch('dune', 'alien')).toBe(true);
    expect(shouldSaveSearch('dune', undefined)).toBe(true);
  });

  it('does not save the latest saved query again, trimmed', () => {
    expect(shouldSaveSearch('dune', 'dune')).toBe(false);
    expect(shouldSaveSearch(' dune ', 'dune')).toBe(false);
  });

  it('compares case-sensitively, like the server', () => {
    expect(shouldSaveSearch('Dune', 'dune')).toBe(true);
  });

  it('never saves an empty query (picked from history)', () => {
    expect(shouldSaveSearch('  ', 'dune')).toBe(false);
    expect(shouldSaveSearch('', undefined)).toBe(false);
  });
});

describe('matchingHistory', () => {
  const entries = [
    { id: 3, query: 'Demon Slayer' },
    { id: 2, query: 'dune' },
    { id: 1, query: 'Chainsaw Man' },
  ];

  it('offers every entry while the text is blank', () => {
    expect(matchingHistory(entries, ' ').map((e) => e.id)).toEqual([3, 2, 1]);
  });

  it('offers each query once, newest first, with the ids of all its entries', () => {
    const repeated = [
      { id: 9, query: 'dune' },
      { id: 8, query: 'alien' },
      { id: 7, query: 'dune' },
    ];
    expect(matchingHistory(repeated, '')).toEqual([
      { id: 9, query: 'dune', ids: [9, 7] },
      { id: 8, query: 'alien', ids: [8] },
    ]);
  });

  it('offers entries containing the text, case-insensitively', () => {
    expect(matchingHistory(entries, 'DE').map((e) => e.id)).toEqual([3]);
    expect(matchingHistory(entries, ' man').map((e) => e.id)).toEqual([1]);
    expect(matchingHistory(entries, 'xyz')).toEqual([]);
  });
});
