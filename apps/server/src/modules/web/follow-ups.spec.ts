/**
 * The calls the server asks ahead for a first screen once an earlier answer is in (PERF-1 in
 * docs/requirements.md).
 */
import { animeSearchRequest } from '@pigostream/contracts/anime-queries';
import { describe, expect, it } from 'vitest';
import { firstAnswerFollowUps } from './follow-ups.ts';

describe('firstAnswerFollowUps: the play page', () => {
  const movie = '/playground/media-info?id=603&type=movie';
  const show = '/playground/media-info?id=1399&type=tv';

  it("asks the anime search the app sends first: a movie's title, a show's name, trimmed", () => {
    expect(
      firstAnswerFollowUps(
        movie,
        JSON.stringify({ title: ' The Matrix ', release_date: '1999-03-30' }),
      ),
    ).toEqual([{ path: '/playground/anime-info', body: animeSearchRequest('The Matrix') }]);
    expect(
      firstAnswerFollowUps(
        show,
        JSON.stringify({ name: 'Game of Thrones', first_air_date: '2011-04' }),
      ),
    ).toEqual([{ path: '/playground/anime-info', body: animeSearchRequest('Game of Thrones') }]);
  });

  it.each([
    ['no release date', movie, { title: 'The Matrix', release_date: null }],
    ['an empty release date', movie, { title: 'The Matrix', release_date: '' }],
    ['a malformed date', movie, { title: 'The Matrix', release_date: '1999-13-01' }],
    ["a movie's date on a show", show, { name: 'Game of Thrones', release_date: '2011-04-17' }],
    ['a blank title', movie, { title: '  ', release_date: '1999-03-30' }],
  ])('asks none for %s, as the app skips the lookup', (_, path, media) => {
    expect(firstAnswerFollowUps(path, JSON.stringify(media))).toEqual([]);
  });

  it("asks a show's opening season: season 1, else the first listed; none for a movie", () => {
    const anime = { path: '/playground/anime-info', body: animeSearchRequest('Game of Thrones') };
    const seasons = (...numbers: number[]) =>
      JSON.stringify({
        name: 'Game of Thrones',
        first_air_date: '2011-04-17',
        seasons: numbers.map((n) => ({ season_number: n, name: `Season ${String(n)}` })),
      });
    expect(firstAnswerFollowUps(show, seasons(0, 1, 2))).toEqual([
      anime,
      { path: '/playground/season?id=1399&seasonNumber=1' },
    ]);
    expect(firstAnswerFollowUps(show, seasons(0, 2, 3))).toEqual([
      anime,
      { path: '/playground/season?id=1399&seasonNumber=0' },
    ]);
    expect(firstAnswerFollowUps(show, seasons())).toEqual([anime]);
    expect(
      firstAnswerFollowUps(
        show,
        JSON.stringify({ name: 'Game of Thrones', seasons: [{ season_number: '1' }, null] }),
      ),
    ).toEqual([]);
    expect(
      firstAnswerFollowUps(
        movie,
        JSON.stringify({ title: 'The Matrix', seasons: [{ season_number: 1 }] }),
      ),
    ).toEqual([]);
  });

  it('asks none after another call or an answer that is not JSON', () => {
    const answer = JSON.stringify({ title: 'The Matrix', release_date: '1999-03-30' });
    expect(firstAnswerFollowUps('/index/trending/movie', answer)).toEqual([]);
    expect(firstAnswerFollowUps(movie, '<html>')).toEqual([]);
  });
});

describe("firstAnswerFollowUps: Home's hero", () => {
  const me = new Map([['/auth/me', JSON.stringify({ uid: 'u 1', email: 'a@b.c' })]]);

  it("asks the most-watched title's hero details", () => {
    expect(firstAnswerFollowUps('/index/most-watched', '{"id":603,"type":"movie"}', me)).toEqual([
      { path: '/index/media-details?id=603&type=movie' },
    ]);
  });

  it("with none, asks the user's watch history and recommendations, then the first 20 candidates", () => {
    expect(firstAnswerFollowUps('/index/most-watched', 'null', me)).toEqual([
      { path: '/watch-history/u%201/fetch-watch-history?movieLimit=1&showLimit=1' },
      { path: '/recommender/user_recommendations?user_id=u+1' },
    ]);
    const refs = Array.from({ length: 25 }, (_, i) => ({
      id: i + 1,
      type: i % 2 ? 'tv' : 'movie',
    }));
    const calls = firstAnswerFollowUps(
      '/recommender/user_recommendations?user_id=u+1',
      JSON.stringify(refs),
      me,
    );
    expect(calls).toHaveLength(20);
    expect(calls[0]).toEqual({ path: '/media-details?id=1&type=movie' });
    expect(calls[19]).toEqual({ path: '/media-details?id=20&type=tv' });
  });

  it.each([
    ['an id that is not a whole number', '{"id":"603","type":"movie"}'],
    ['an unknown type', '{"id":603,"type":"person"}'],
    ['not JSON', '<html>'],
  ])('asks nothing for %s', (_, answer) => {
    expect(firstAnswerFollowUps('/index/most-watched', answer, me)).toEqual([]);
  });

  it('asks nothing of the user without a signed-in check in the page', () => {
    expect(firstAnswerFollowUps('/index/most-watched', 'null', new Map())).toEqual([]);
  });
});
