/** The endpoint table, its path builder and the table of pages. */
import { describe, expect, it } from 'vitest';
import {
  heroMediaDetailsPath,
  mediaDetailsPath,
  recommendationsPath,
  seasonPath,
  watchHistoryPath,
} from './api-paths.ts';
import {
  ENDPOINTS,
  EXPORT,
  MEDIA_INFO,
  pathOf,
  PROVIDER_LIST,
  REMOVE_SEARCH_HISTORY,
  SERVERS,
  TRENDING,
} from './endpoints.ts';
import { FIRST_CALLS, pageAt, PAGES } from './pages.ts';

describe('pathOf', () => {
  it('fills the path parameters, URI-encoded', () => {
    expect(pathOf(REMOVE_SEARCH_HISTORY, { uid: 'a b/c', historyId: 7 })).toBe(
      '/index/a%20b%2Fc/remove-search-history/7',
    );
    expect(pathOf(TRENDING, { type: 'movie' })).toBe('/index/trending/movie');
  });

  it('adds the query in its order, as URLSearchParams encodes it, leaving out undefined', () => {
    expect(pathOf(SERVERS, {}, { id: 1, type: 'tv', season: undefined, episode: 2 })).toBe(
      '/sources/servers?id=1&type=tv&episode=2',
    );
    expect(pathOf(EXPORT, { userId: 'u 1' }, { format: 'letterboxd-watchlist' })).toBe(
      '/transfer/u%201/export?format=letterboxd-watchlist',
    );
    expect(pathOf(MEDIA_INFO, {}, { id: 603, type: 'movie' })).toBe(
      '/playground/media-info?id=603&type=movie',
    );
  });

  it('is the bare path without parameters or query', () => {
    expect(pathOf(PROVIDER_LIST)).toBe('/providers');
  });
});

describe('the paths the page may carry answers for', () => {
  it('are built as before the endpoint table', () => {
    expect(heroMediaDetailsPath({ id: 603, type: 'movie' })).toBe(
      '/index/media-details?id=603&type=movie',
    );
    expect(mediaDetailsPath({ id: 1399, type: 'tv' })).toBe('/media-details?id=1399&type=tv');
    expect(seasonPath(1399, 0)).toBe('/playground/season?id=1399&seasonNumber=0');
    expect(watchHistoryPath('u/1', 1)).toBe(
      '/watch-history/u%2F1/fetch-watch-history?movieLimit=1&showLimit=1',
    );
    expect(watchHistoryPath('u1', 12, 24)).toBe(
      '/watch-history/u1/fetch-watch-history?movieLimit=12&showLimit=24',
    );
    expect(recommendationsPath('u&1')).toBe('/recommender/user_recommendations?user_id=u%261');
  });
});

describe('ENDPOINTS', () => {
  const endpoints = Object.values(ENDPOINTS);

  it('has one endpoint per method and path', () => {
    const routes = endpoints.map(({ method, path }) => `${method} ${path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it('has no read that says it invalidates anything', () => {
    const reads = endpoints.filter((endpoint) => endpoint.method === 'GET');
    expect(reads.filter((endpoint) => 'invalidates' in endpoint)).toEqual([]);
  });
});

describe('the table of pages', () => {
  it('finds a page by its path, a trailing slash ignored', () => {
    expect(pageAt('/index/')).toBe(PAGES['/index']);
    expect(pageAt('/')).toBe(PAGES['/']);
    expect(pageAt('/nowhere')).toBeUndefined();
    expect(pageAt('/constructor')).toBeUndefined();
  });

  it("lists its pages' first calls as reads", () => {
    for (const calls of Object.values(FIRST_CALLS)) {
      for (const call of calls) expect(ENDPOINTS[call.endpoint].method).toBe('GET');
    }
  });
});
