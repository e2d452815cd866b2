/** The catalogue answered from the local database (CATALOG_SOURCE=local). */
import type { EpisodeSummary, MediaType } from '@pigostream/contracts';
import type { Database } from '@pigostream/db';
import * as repo from './catalogue.repository.ts';
import { searchTitles } from './search.repository.ts';
import { toDetails, toEpisodeSummary, toPage, toSeason, toSummary } from './catalogue.mapper.ts';
import { NotFoundError, PAGE_SIZE, type CatalogueSource } from './catalogue.source.ts';

const offset = (page: number) => (page - 1) * PAGE_SIZE;

/**
 * Builds the local source over a database; trending reads the kept scores, which blend in this
 * server's recent viewers (rankings.service.ts; ARCH-13 in docs/architecture.md). A rating
 * limit (PROFILE-7 in docs/requirements.md) filters the lists in SQL before a page is cut, so
 * a kids' page is 20 long where the catalogue has enough titles within it.
 */
export function createLocalSource(db: Database): CatalogueSource {
  return {
    async trending(type, page, ceiling) {
      return toPage(await repo.listTrending(db, type, PAGE_SIZE, offset(page), ceiling), page);
    },
    async popular(type, page, ceiling) {
      return toPage(await repo.listPopular(db, type, PAGE_SIZE, offset(page), ceiling), page);
    },
    async search(type, query, page, ceiling) {
      return toPage(await searchTitles(db, type, query, PAGE_SIZE, offset(page), ceiling), page);
    },
    async byProvider(type, providerId, region, page, ceiling) {
      return toPage(
        await repo.listByProvider(db, type, providerId, region, PAGE_SIZE, offset(page), ceiling),
        page,
      );
    },
    async details(type: MediaType, id: number) {
      const row = await repo.findTitle(db, type, id);
      if (!row) throw new NotFoundError(`No ${type === 'movie' ? 'movie' : 'show'} with id ${id}`);
      const [credits, seasons] = await Promise.all([
        repo.findCredits(db, type, id),
        type === 'tv' ? repo.findSeasons(db, id) : Promise.resolve([]),
      ]);
      return toDetails(row, credits, seasons);
    },
    async summaries(type, ids, ceiling) {
      const rows = await repo.findTitlesByIds(db, type, ids, ceiling);
      const byId = new Map(rows.map((r) => [r.id, toSummary(r)]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
    async season(showId, seasonNumber) {
      const show = await repo.findTitle(db, 'tv', showId);
      if (!show) throw new NotFoundError(`No show with id ${showId}`);
      const season = await repo.findSeason(db, showId, seasonNumber);
      if (!season) throw new NotFoundError(`Show ${showId} has no season ${seasonNumber}`);
      return toSeason(show.title, season, await repo.findEpisodes(db, showId, seasonNumber));
    },
    async episodeGuides(showIds, pick) {
      const seasonsOf = new Map<number, number[]>();
      for (const row of await repo.findSeasonNumbers(db, showIds)) {
        seasonsOf.set(row.tmdb_id, [...(seasonsOf.get(row.tmdb_id) ?? []), row.season_number]);
      }
      const chosen = [...seasonsOf].flatMap(([show, numbers]) =>
        pick(numbers, show).map((season) => [show, season] as const),
      );
      const guides = new Map<number, EpisodeSummary[]>([...seasonsOf.keys()].map((id) => [id, []]));
      for (const row of await repo.findEpisodesOfSeasons(db, chosen)) {
        guides.get(row.tmdb_id)?.push(toEpisodeSummary(row));
      }
      return guides;
    },
  };
}
