/**
 * Catalogue calls (API-CAT-1..7 in docs/requirements.md) against the starter catalogue, on the
 * embedded database and on PostgreSQL (TEST_DB). What is asserted is what the app receives.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mediaDetailsSchema,
  mediaPageSchema,
  PROVIDERS,
  seasonDetailsSchema,
  type MediaPage,
} from '@pigostream/contracts';
import { startTestApp, type TestApp } from './helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function get(url: string) {
  const res = await t.app.inject({ method: 'GET', url: `/pigo-stream${url}` });
  return { status: res.statusCode, body: res.json<unknown>(), headers: res.headers };
}
async function getPage(url: string): Promise<MediaPage> {
  const res = await get(url);
  expect(res.status, url).toBe(200);
  return mediaPageSchema.parse(res.body);
}

describe('trending and popular', () => {
  it.each(['movie', 'tv'] as const)(
    'trending/%s gives 20 titles with what a card shows',
    async (type) => {
      const page = await getPage(`/index/trending/${type}`);
      expect(page.results).toHaveLength(20);
      expect(page.total_results).toBeGreaterThanOrEqual(40);
      for (const item of page.results) {
        expect(item.id).toBeGreaterThan(0);
        expect(type === 'movie' ? item.title : item.name).toBeTruthy();
        expect(item.poster_path).toMatch(/^\//);
        expect(type === 'movie' ? item.release_date : item.first_air_date).toMatch(
          /^\d{4}-\d{2}-\d{2}$/,
        );
        expect(item.vote_average).toBeGreaterThanOrEqual(0);
      }
    },
  );

  it('pages do not repeat titles and page 2 differs', async () => {
    const one = await getPage('/index/popular/movie?page=1');
    const two = await getPage('/index/popular/movie?page=2');
    expect(two.page).toBe(2);
    const ids = new Set(one.results.map((r) => r.id));
    expect(two.results.some((r) => ids.has(r.id))).toBe(false);
  });

  it('rejects a wrong type and an out-of-range page with 400 and a message', async () => {
    for (const url of [
      '/index/trending/cartoon',
      '/index/trending/movie?page=0',
      '/index/trending/movie?page=501',
      '/index/popular/tv?page=abc',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
      expect((res.body as { error: string }).error).toMatch(/type|page/);
    }
  });
});

describe('by provider', () => {
  it.each(PROVIDERS.map((p) => [p.name, p.id] as const))(
    '%s carries at least 12 movies and 6 shows',
    async (_name, id) => {
      const movies = await getPage(`/index/media/movie/by-provider?provider=${id}`);
      const shows = await getPage(`/index/media/tv/by-provider?provider=${id}`);
      expect(movies.total_results).toBeGreaterThanOrEqual(12);
      expect(movies.results.length).toBeGreaterThanOrEqual(12);
      expect(shows.results.length).toBeGreaterThanOrEqual(6);
    },
  );

  it('accepts 12 as Crunchyroll and an explicit region', async () => {
    const alias = await getPage('/index/media/tv/by-provider?provider=12');
    const canonical = await getPage('/index/media/tv/by-provider?provider=283&region=us');
    expect(alias.results.map((r) => r.id)).toEqual(canonical.results.map((r) => r.id));
    const elsewhere = await getPage('/index/media/tv/by-provider?provider=283&region=FR');
    expect(elsewhere.results).toHaveLength(0);
  });

  it('rejects an unknown provider or a bad region', async () => {
    expect((await get('/index/media/movie/by-provider?provider=77777')).status).toBe(400);
    expect((await get('/index/media/movie/by-provider?provider=8&region=India')).status).toBe(400);
    expect((await get('/index/media/movie/by-provider')).status).toBe(400);
  });
});

describe('search', () => {
  it('tolerates typos and ranks the intended title first', async () => {
    expect((await getPage('/index/search/movie?query=matrx')).results[0]?.title).toBe('The Matrix');
    expect((await getPage('/index/search/tv?query=breakng%20bad')).results[0]?.name).toBe(
      'Breaking Bad',
    );
  });

  it('ranks an exact title before longer ones and finds original titles', async () => {
    const godfather = await getPage('/index/search/movie?query=the%20godfather');
    expect(godfather.results[0]?.title).toBe('The Godfather');
    const original = await getPage(
      `/index/search/movie?query=${encodeURIComponent('laberinto del fauno')}`,
    );
    expect(original.results[0]?.title).toBe("Pan's Labyrinth");
  });

  it('answers 400 for an empty, missing, huge or control-character query', async () => {
    for (const q of ['', '%20%20', 'a'.repeat(1000), 'abc%00def', 'tab%09here']) {
      const res = await get(`/index/search/movie?query=${q}`);
      expect(res.status, q.slice(0, 20)).toBe(400);
      expect((res.body as { error: string }).error).toContain('query');
    }
    expect((await get('/index/search/movie')).status).toBe(400);
  });

  it('answers an empty page for a query nothing matches', async () => {
    const page = await getPage('/index/search/movie?query=zzqqxxyy');
    expect(page).toEqual({ page: 1, results: [], total_pages: 0, total_results: 0 });
  });
});

describe('details, trailer, seasons', () => {
  it('media-info gives a movie with director, cast, genres, languages and runtime', async () => {
    const res = await get('/playground/media-info?id=603&type=movie');
    expect(res.status).toBe(200);
    const movie = mediaDetailsSchema.parse(res.body);
    expect(movie.title).toBe('The Matrix');
    expect(movie.runtime).toBeGreaterThan(100);
    expect(movie.credits.crew.some((c) => c.job === 'Director')).toBe(true);
    expect(movie.credits.cast[0]).toMatchObject({ name: 'Keanu Reeves', cast_id: 1 });
    expect(movie.genres.map((g) => g.name)).toContain('Science Fiction');
    expect(movie.spoken_languages[0]?.english_name).toBe('English');
  });

  it('a show carries seasons, episode totals and creators; a season lists its episodes', async () => {
    const show = mediaDetailsSchema.parse((await get('/index/media-details?id=1396&type=tv')).body);
    expect(show.name).toBe('Breaking Bad');
    expect(show.seasons?.map((s) => s.season_number)).toEqual([1, 2, 3, 4, 5]);
    expect(show.number_of_episodes).toBe(62);
    expect(show.created_by?.map((c) => c.name)).toContain('Vince Gilligan');
    const season = seasonDetailsSchema.parse(
      (await get('/playground/season?id=1396&seasonNumber=1')).body,
    );
    expect(season.episodes[0]).toMatchObject({
      episode_number: 1,
      name: 'Pilot',
      air_date: '2008-01-20',
    });
    expect(season.episodes[0]?.still_path).toMatch(/^\/art\/still\//);
  });

  it('/media-details without a type finds the movie, then the show', async () => {
    const movie = mediaDetailsSchema.parse((await get('/media-details?id=603')).body);
    expect(movie.media_type).toBe('movie');
    const show = mediaDetailsSchema.parse((await get('/media-details?id=1396')).body);
    expect(show.media_type).toBe('tv');
  });

  it('trailer answers a YouTube link or null', async () => {
    const res = await get('/playground/media-trailer?id=603&type=movie');
    expect(res.status).toBe(200);
    const { youtubeTrailer } = res.body as { youtubeTrailer: string | null };
    if (youtubeTrailer !== null)
      expect(youtubeTrailer).toMatch(/^https:\/\/www\.youtube\.com\/watch\?v=/);
  });

  it('answers 404 with { error } for unknown ids and seasons', async () => {
    for (const url of [
      '/playground/media-info?id=999999999&type=movie',
      '/media-details?id=999999999',
      '/playground/season?id=1396&seasonNumber=42',
      '/playground/season?id=999999&seasonNumber=1',
      '/playground/media-trailer?id=999999999&type=tv',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect((res.body as { error: string }).error).toBeTruthy();
    }
  });

  it('answers 400 for a non-numeric id, a wrong type or a missing season number', async () => {
    for (const url of [
      '/playground/media-info?id=abc&type=movie',
      '/playground/media-info?id=603&type=book',
      '/playground/media-info?type=movie',
      '/playground/season?id=1396',
      '/playground/season?id=1396&seasonNumber=-1',
      '/index/media-details?id=1.5&type=movie',
    ]) {
      const res = await get(url);
      expect(res.status, url).toBe(400);
    }
  });
});

describe('providers, images, health, docs', () => {
  it('lists the 12 providers of LIMIT-18 with drawn logos', async () => {
    const res = await get('/providers');
    const list = res.body as {
      id: number;
      name: string;
      region: string;
      logo: string;
      bg: string;
    }[];
    expect(list.map((p) => `${p.id} ${p.region}`)).toEqual(
      PROVIDERS.map((p) => `${p.id} ${p.region}`),
    );
    const logo = await t.app.inject({ url: `/pigo-stream/images/w185${list[0]?.logo ?? ''}` });
    expect(logo.statusCode).toBe(200);
    expect(logo.body).toContain('Netflix');
  });

  it('draws poster art for a title without an image, cacheable, in the asked size', async () => {
    const page = await getPage('/index/trending/movie');
    const poster = page.results[0]?.poster_path ?? '';
    const res = await t.app.inject({ url: `/pigo-stream/images/w500${poster}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.body).toContain('width="500" height="750"');
    const backdrop = await t.app.inject({
      url: `/pigo-stream/images/w1280${page.results[0]?.backdrop_path ?? ''}`,
    });
    expect(backdrop.body).toContain('width="1280" height="720"');
  });

  it('redirects a real TMDB path to the image host and rejects bad sizes', async () => {
    const res = await t.app.inject({ url: '/pigo-stream/images/w500/abc123.jpg' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('https://image.tmdb.org/t/p/w500/abc123.jpg');
    expect((await t.app.inject({ url: '/pigo-stream/images/w9999/abc.jpg' })).statusCode).toBe(400);
    expect(
      (await t.app.inject({ url: '/pigo-stream/images/w500/../etc/passwd' })).statusCode,
    ).toBeLessThan(500);
  });

  it('health reports the database', async () => {
    const res = await get('/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', databaseKind: t.database.kind });
  });

  it('serves OpenAPI docs generated from the route schemas', async () => {
    const res = await t.app.inject({ url: '/pigo-stream/docs/json' });
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/pigo-stream/index/trending/{type}',
        '/pigo-stream/playground/season',
      ]),
    );
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await get('/nope');
    expect(res.status).toBe(404);
    expect((res.body as { error: string }).error).toContain('/pigo-stream/nope');
  });
});

describe('hostile input', () => {
  it.each([
    '/index/trending/movie?page=1&page=2',
    '/images/original/art/logo/%ZZ.svg',
    '/index/search/movie?query=a&query=b',
    '/playground/media-info?id=603&id=604&type=movie',
  ])('%s answers 400 with an { error } message', async (url) => {
    const res = await t.app.inject({ url: `/pigo-stream${url}` });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: string }>().error.length).toBeGreaterThan(3);
  });

  it('treats SQL and LIKE metacharacters in a query as text', async () => {
    for (const q of ["'; drop table titles;--", '\\%_', '%', '🎬']) {
      const res = await get(`/index/search/movie?query=${encodeURIComponent(q)}`);
      expect(res.status, q).toBe(200);
    }
    expect((await getPage('/index/trending/movie')).results).toHaveLength(20);
  });
});

describe('open movies', () => {
  it('the starter catalogue carries the Blender open movies, each with the built-in server', async () => {
    for (const id of [10378, 9761, 45745, 133701]) {
      expect((await get(`/playground/media-info?id=${id}&type=movie`)).status).toBe(200);
      const servers = (await get(`/sources/servers?id=${id}&type=movie`)).body as {
        server_name: string;
        server_link: string;
      }[];
      expect(servers.map((s) => s.server_name)).toContain('Blender Open Movie');
    }
  });
});
