/**
 * The catalogue contract: what every catalogue source (local database, TMDB) must answer,
 * asserted through the HTTP API on shapes and behaviour, never on one source's data.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  mediaDetailsSchema,
  mediaPageSchema,
  seasonDetailsSchema,
  trailerSchema,
  type MediaPage,
  type SeasonDetails,
} from '@pigostream/contracts';
import type { Variants } from '../helpers/tmdb-standin-variants.ts';

export interface ContractContext {
  app: FastifyInstance;
  /** Upstream requests made so far (live sources), to prove bad input never reaches them. */
  upstreamRequests?: () => number;
  /** Unusual upstream answers the source must still read (live sources). */
  variants?: Variants;
}

/**
 * Registers the contract suite against the app `context()` returns at test time; with
 * `withVariants`, also every variant in `context().variants`.
 */
export function catalogueContract(
  context: () => ContractContext,
  { withVariants = false }: { withVariants?: boolean } = {},
): void {
  const get = async (url: string) => {
    const res = await context().app.inject({ url: `/pigo-stream${url}` });
    return { status: res.statusCode, body: res.json<unknown>() };
  };
  const page = async (url: string): Promise<MediaPage> => {
    const res = await get(url);
    expect(res.status, url).toBe(200);
    return mediaPageSchema.parse(res.body);
  };

  describe('catalogue contract', () => {
    it.each(['trending', 'popular'])(
      '%s lists movies and shows with card fields',
      async (group) => {
        for (const type of ['movie', 'tv'] as const) {
          const list = await page(`/index/${group}/${type}`);
          expect(list.page).toBe(1);
          expect(list.results.length).toBeGreaterThan(0);
          expect(list.total_results).toBeGreaterThanOrEqual(list.results.length);
          for (const item of list.results) {
            expect(item.media_type).toBe(type);
            expect(type === 'movie' ? item.title : item.name).toBeTruthy();
            expect(item.poster_path.startsWith('/')).toBe(true);
          }
        }
      },
    );

    it('a page past the last answers an empty list, not an error', async () => {
      const list = await page('/index/popular/movie?page=499');
      expect(list.results).toEqual([]);
    });

    it('search finds a listed title by its name', async () => {
      const [first] = (await page('/index/trending/movie')).results;
      const found = await page(
        `/index/search/movie?query=${encodeURIComponent(first?.title ?? '')}`,
      );
      expect(found.results.map((r) => r.id)).toContain(first?.id);
    });

    it('by-provider answers pages for movies and shows, and knows Crunchyroll as 12', async () => {
      const movies = await page('/index/media/movie/by-provider?provider=9&region=US');
      expect(movies.results.length).toBeGreaterThan(0);
      await page('/index/media/tv/by-provider?provider=9');
      await page('/index/media/tv/by-provider?provider=12');
    });

    it('details of a listed movie carry credits, genres, languages and runtime', async () => {
      const [first] = (await page('/index/trending/movie')).results;
      for (const url of [
        `/playground/media-info?id=${first?.id}&type=movie`,
        `/index/media-details?id=${first?.id}&type=movie`,
        `/media-details?id=${first?.id}`,
      ]) {
        const res = await get(url);
        expect(res.status, url).toBe(200);
        const details = mediaDetailsSchema.parse(res.body);
        expect(details.id).toBe(first?.id);
        expect(details.title).toBe(first?.title);
        expect(details.credits.cast.length).toBeGreaterThan(0);
        expect(details.genres.length).toBeGreaterThan(0);
      }
      const trailer = await get(`/playground/media-trailer?id=${first?.id}&type=movie`);
      expect(trailer.status).toBe(200);
      trailerSchema.parse(trailer.body);
    });

    it('a listed show has seasons, and its first season lists episodes', async () => {
      const shows = (await page('/index/trending/tv')).results;
      let checked = false;
      for (const show of shows) {
        const details = mediaDetailsSchema.parse(
          (await get(`/playground/media-info?id=${show.id}&type=tv`)).body,
        );
        const season = details.seasons?.find((s) => s.season_number > 0 && s.episode_count > 0);
        if (!season) continue;
        const res = await get(
          `/playground/season?id=${show.id}&seasonNumber=${season.season_number}`,
        );
        expect(res.status).toBe(200);
        const detail = seasonDetailsSchema.parse(res.body);
        expect(detail.episodes.length).toBe(season.episode_count);
        expect(detail.episodes[0]?.episode_number).toBe(1);
        checked = true;
        break;
      }
      expect(checked).toBe(true);
    });

    it('answers 404 { error } for ids the catalogue does not know', async () => {
      for (const url of [
        '/playground/media-info?id=987654321&type=movie',
        '/index/media-details?id=987654321&type=tv',
        '/playground/season?id=987654321&seasonNumber=1',
        '/media-details?id=987654321',
      ]) {
        const res = await get(url);
        expect(res.status, url).toBe(404);
        expect((res.body as { error?: string }).error).toBeTruthy();
      }
    });

    it('answers 400 for bad input without calling any upstream', async () => {
      const before = context().upstreamRequests?.() ?? 0;
      for (const url of [
        '/index/trending/anime',
        '/index/popular/movie?page=0',
        '/playground/media-info?id=abc&type=movie',
        `/index/search/movie?query=${'x'.repeat(1000)}`,
        '/index/search/tv?query=bad%07bell',
        '/index/search/tv?query=',
        '/index/media/movie/by-provider?provider=4242',
      ]) {
        const res = await get(url);
        expect(res.status, url).toBe(400);
        expect((res.body as { error?: string }).error).toBeTruthy();
      }
      expect(context().upstreamRequests?.() ?? 0).toBe(before);
    });

    if (withVariants) {
      const variants = () => {
        const v = context().variants;
        if (!v) throw new Error('withVariants needs context().variants');
        return v;
      };
      /** Every id the rows list for `type`, over all their pages. */
      const rowIds = async (group: 'trending' | 'popular', type: 'movie' | 'tv') => {
        const ids = new Set<number>();
        for (let p = 1, last = 1; p <= last; p++) {
          const list = await page(`/index/${group}/${type}?page=${String(p)}`);
          last = list.total_pages;
          for (const item of list.results) ids.add(item.id);
        }
        return ids;
      };

      it('reads every variant of a title: media-info and each season answer 200 with the readable fields', async () => {
        const list = variants().titles;
        expect(list.length).toBeGreaterThanOrEqual(12);
        for (const variant of list) {
          const { type } = variant.title;
          const id = Number(variant.title.list.id);
          const res = await get(`/playground/media-info?id=${String(id)}&type=${type}`);
          expect(res.status, variant.name).toBe(200);
          const details = mediaDetailsSchema.parse(res.body);
          expect(details.id, variant.name).toBe(id);
          expect(type === 'movie' ? details.title : details.name, variant.name).toBeTruthy();
          expect(details.poster_path.startsWith('/'), variant.name).toBe(true);
          const seasons = new Map<number, SeasonDetails>();
          for (const summary of details.seasons ?? []) {
            const n = summary.season_number;
            const season = await get(
              `/playground/season?id=${String(id)}&seasonNumber=${String(n)}`,
            );
            expect(season.status, `${variant.name}: season ${String(n)}`).toBe(200);
            seasons.set(n, seasonDetailsSchema.parse(season.body));
          }
          try {
            variant.check(details, seasons);
          } catch (error) {
            if (error instanceof Error) error.message = `${variant.name}: ${error.message}`;
            throw error;
          }
        }
      });

      it('lists every variant title in the rows but adult ones, and skips items it cannot use', async () => {
        const { titles, listOnly } = variants();
        for (const type of ['movie', 'tv'] as const) {
          const trending = await rowIds('trending', type);
          const popular = await rowIds('popular', type);
          for (const v of titles.filter((t) => t.title.type === type)) {
            const id = Number(v.title.list.id);
            expect(trending.has(id), v.name).toBe(v.listed);
            expect(popular.has(id), v.name).toBe(v.listed);
          }
          for (const v of listOnly.filter((l) => l.type === type)) {
            if (typeof v.item.id === 'number') {
              expect(trending.has(v.item.id) || popular.has(v.item.id), v.name).toBe(false);
            }
          }
          // The pages that carried a broken item still list the good ones.
          expect((await page(`/index/trending/${type}`)).results.length, type).toBeGreaterThan(0);
          expect((await page(`/index/popular/${type}`)).results.length, type).toBeGreaterThan(0);
        }
      });
    }
  });
}
