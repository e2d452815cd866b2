/**
 * TMDB answers to the app's shapes (the same the local source gives): missing images become
 * drawn-art paths, missing numbers 0, missing texts '' or null as the contract says.
 */
import type {
  MediaDetails,
  MediaListItem,
  MediaPage,
  MediaType,
  SeasonDetails,
} from '@pigostream/contracts';
import { imageOr } from '../art-paths.ts';
import type { TmdbDetails, TmdbListItem, TmdbSeason } from './tmdb.schemas.ts';

const round1 = (n: number | null | undefined) => Math.round((n ?? 0) * 10) / 10;
const int = (n: number | null | undefined) => (n == null ? null : Math.round(n));

/** A TMDB list item as the app's list item. */
export function toListItem(item: TmdbListItem, type: MediaType): MediaListItem {
  const label = (type === 'movie' ? item.title : item.name) ?? item.title ?? item.name ?? '';
  const date = (type === 'movie' ? item.release_date : item.first_air_date) ?? '';
  const seed = `${type}-${item.id}`;
  const base = {
    id: item.id,
    media_type: type,
    overview: item.overview ?? '',
    poster_path: imageOr(item.poster_path, 'poster', seed, label, date),
    backdrop_path: imageOr(item.backdrop_path, 'backdrop', seed, label, date),
    vote_average: round1(item.vote_average),
    vote_count: Math.round(item.vote_count ?? 0),
    popularity: round1(item.popularity),
    original_language: item.original_language ?? null,
    genre_ids: item.genre_ids ?? [],
  };
  return type === 'movie'
    ? { ...base, title: label, original_title: item.original_title ?? label, release_date: date }
    : { ...base, name: label, original_name: item.original_name ?? label, first_air_date: date };
}

/** A TMDB page as the app's page; TMDB caps pages at 500. */
export function toPage(
  page: { page: number; results: TmdbListItem[]; total_pages: number; total_results: number },
  type: MediaType,
): MediaPage {
  return {
    page: page.page,
    results: page.results.map((r) => toListItem(r, type)),
    total_pages: Math.min(500, page.total_pages),
    total_results: page.total_results,
  };
}

/** TMDB details (`append_to_response=credits,videos`) as the app's media item. */
export function toDetails(d: TmdbDetails, type: MediaType): MediaDetails {
  const { genre_ids: _ids, ...item } = toListItem({ ...d, genre_ids: [] }, type);
  const label = (type === 'movie' ? d.title : d.name) ?? '';
  const personArt = (p: { id?: number | null; name: string; profile_path?: string | null }) =>
    imageOr(p.profile_path, 'profile', `person-${p.id ?? p.name}`, p.name);
  const common = {
    ...item,
    tagline: d.tagline ?? null,
    status: d.status ?? null,
    imdb_id: d.imdb_id ?? null,
    genres: d.genres ?? [],
    spoken_languages: (d.spoken_languages ?? []).map((l) => ({
      iso_639_1: l.iso_639_1,
      english_name: l.english_name ?? l.name ?? l.iso_639_1,
      name: l.name ?? '',
    })),
    credits: {
      // TV credits carry no cast_id: billing position stands in for it.
      cast: (d.credits?.cast ?? []).map((c, index) => ({
        id: c.id ?? null,
        cast_id: int(c.cast_id) ?? index + 1,
        name: c.name,
        character: c.character || null,
        profile_path: personArt(c),
        order: int(c.order) ?? index,
      })),
      crew: (d.credits?.crew ?? []).map((c) => ({
        id: c.id ?? null,
        name: c.name,
        job: c.job ?? '',
        department: c.department ?? null,
        profile_path: personArt(c),
      })),
    },
    videos: {
      results: (d.videos?.results ?? []).map((v) => ({
        key: v.key,
        site: v.site,
        type: v.type ?? '',
        name: v.name ?? '',
        official: v.official ?? false,
      })),
    },
  };
  if (type === 'movie') return { ...common, runtime: int(d.runtime) };
  return {
    ...common,
    last_air_date: d.last_air_date ?? null,
    number_of_episodes: int(d.number_of_episodes),
    number_of_seasons: int(d.number_of_seasons),
    episode_run_time: (d.episode_run_time ?? []).map(Math.round),
    created_by: (d.created_by ?? []).map((c) => ({ id: c.id ?? null, name: c.name })),
    seasons: (d.seasons ?? []).map((s) => ({
      id: s.id,
      season_number: s.season_number,
      name: s.name ?? `Season ${s.season_number}`,
      overview: s.overview ?? '',
      air_date: s.air_date || null,
      episode_count: int(s.episode_count) ?? 0,
      poster_path: imageOr(
        s.poster_path,
        'poster',
        `season-${s.id}`,
        `${label}: ${s.name ?? ''}`,
        s.air_date,
      ),
    })),
  };
}

/** TMDB `tv/{id}/season/{n}` as the app's season. */
export function toSeason(s: TmdbSeason, showId: number): SeasonDetails {
  return {
    id: s.id,
    season_number: s.season_number,
    name: s.name ?? `Season ${s.season_number}`,
    overview: s.overview ?? '',
    air_date: s.air_date || null,
    poster_path: imageOr(
      s.poster_path,
      'poster',
      `season-${s.id}`,
      s.name ?? `Show ${showId}`,
      s.air_date,
    ),
    episodes: (s.episodes ?? []).map((e) => {
      const name = e.name ?? `Episode ${e.episode_number}`;
      return {
        id: e.id,
        episode_number: e.episode_number,
        season_number: int(e.season_number) ?? s.season_number,
        name,
        overview: e.overview ?? '',
        air_date: e.air_date || null,
        still_path: imageOr(
          e.still_path,
          'still',
          `episode-${e.id}`,
          `${e.episode_number}. ${name}`,
        ),
        runtime: int(e.runtime),
        vote_average: round1(e.vote_average),
      };
    }),
  };
}
