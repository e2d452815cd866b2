import { describe, expect, it } from 'vitest';
import { contentNotice, HOME_NOTICES, type HomeContent, type RowOutcome } from './notices.ts';

const empty: RowOutcome = { loaded: true, count: 0 };
const full: RowOutcome = { loaded: true, count: 20 };
const loading: RowOutcome = { loaded: false, count: 0 };

function home(overrides: Partial<HomeContent>): HomeContent {
  return {
    activeGrid: 'trending',
    searchMode: false,
    query: '',
    trending: [full, full],
    providers: [full, full],
    search: [],
    ...overrides,
  };
}

describe('contentNotice', () => {
  it('is null while there is content', () => {
    expect(contentNotice(home({}))).toBeNull();
  });

  it('says when trending is empty on the Trending tab', () => {
    expect(contentNotice(home({ trending: [empty, empty] }))).toBe(
      'No trending content available.',
    );
    expect(contentNotice(home({ trending: [empty, empty], activeGrid: 'providers' }))).toBeNull();
  });

  it('says when the provider rows are empty on the Providers tab', () => {
    expect(contentNotice(home({ providers: [empty, empty], activeGrid: 'providers' }))).toBe(
      'No content found for available providers.',
    );
    expect(contentNotice(home({ providers: [empty, empty] }))).toBeNull();
  });

  it('says when both trending and providers are empty, on either tab', () => {
    for (const activeGrid of ['trending', 'providers'] as const) {
      expect(
        contentNotice(home({ activeGrid, trending: [empty, empty], providers: [empty, empty] })),
      ).toBe('No content available from trending or providers.');
    }
  });

  it('waits until every row has loaded', () => {
    expect(contentNotice(home({ trending: [empty, loading] }))).toBeNull();
    expect(contentNotice(home({ trending: [empty, full] }))).toBeNull();
    expect(contentNotice(home({ providers: [], activeGrid: 'providers' }))).toBeNull();
  });

  it('in search mode, says when a submitted search found nothing', () => {
    const search = { searchMode: true, query: 'zzz', trending: [empty, empty] };
    expect(contentNotice(home({ ...search, search: [empty, empty] }))).toBe(
      'No results found for "zzz".',
    );
    expect(contentNotice(home({ ...search, search: [empty, full] }))).toBeNull();
    expect(contentNotice(home({ ...search, search: [empty, loading] }))).toBeNull();
    expect(contentNotice(home({ ...search, query: '', search: [] }))).toBeNull();
  });

  it('words the no-results notice with the query in double quotes', () => {
    expect(HOME_NOTICES.noResults('Dune: Part Two')).toBe('No results found for "Dune: Part Two".');
  });
});
