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
import { imageOr } from '../../images/index.ts';
import {
  titleOf,
  type TmdbDetails,
  type TmdbListItem,
  type TmdbPage,
  type TmdbSeason,
} from './tmdb.schemas.ts';

const round1 = (n: number | null | undefined) => Math.round((n ?? 0) * 10) / 10;
const int = (n: number | null | undefined) => (n == null ? null : Math.round(n));

/** A TMDB list item as the app's list item (the schema made sure it has a title). */
export function toListItem(item: TmdbListItem, type: MediaType): MediaListItem {
  const label = titleOf(item, type) ?? '';
  const date = (type === 'movie' ? item.release_date : item.first_air_date) ?? '';
  const seed = `${type}-${String(item.id)}`;
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

/**
 * Whether a list item belongs in a `type` list: TMDB's own filters keep adult titles out (we
 * never ask for them) and trending/search may carry items of another `media_type` (a person).
 */
function belongs(item: TmdbListItem, type: MediaType): boolean {
  return item.adult !== true && (item.media_type === undefined || item.media_type === type);
}

/**
 * A TMDB page as the app's page: items of another type and adult items are left out; missing
 * counts default to page `requested` of one page; TMDB caps pages at 500.
 */
export function toPage(page: TmdbPage, type: MediaType, requested: number): MediaPage {
  const results = (page.results ?? []).filter((r) => belongs(r, type));
  const pageNumber = int(page.page) ?? requested;
  return {
    page: pageNumber,
    results: results.map((r) => toListItem(r, type)),
    total_pages: Math.min(500, int(page.total_pages) ?? pageNumber),
    total_results: int(page.total_results) ?? (pageNumber - 1) * 20 + results.length,
  };
}

/** The drawn-art seed of a season: show and number identify it even when TMDB gives no id. */
const seasonSeed = (showId: number, seasonNumber: number) =>
  `season-${String(showId)}-${String(seasonNumber)}`;

/** TMDB's code of release type 3, a theatrical release, whose certification is preferred. */
const THEATRICAL = 3;

/** The country whose certification a title keeps when it has one (DEC-31 in docs/decisions.md). */
const HOME_COUNTRY = 'US';

/**
 * The certification a title keeps (PROFILE-7 in docs/requirements.md, DEC-31 in
 * docs/decisions.md), from the details' appended `release_dates` (a movie: of a country's
 * releases with a certification, the theatrical one, else the first) or `content_ratings` (a
 * show): the US one, else the first country's in TMDB's order that has one; trimmed; null when
 * no country has one (or the parts were not appended).
 */
export function certificationOf(d: TmdbDetails, type: MediaType): string | null {
  const byCountry: { country: string; certification: string | undefined }[] =
    type === 'movie'
      ? (d.release_dates?.results ?? []).map((c) => {
          const rated = (c.release_dates ?? []).filter((r) => r.certification?.trim());
          const pick = rated.find((r) => r.type === THEATRICAL) ?? rated[0];
          return { country: c.iso_3166_1, certification: pick?.certification?.trim() };
        })
      : (d.content_ratings?.results ?? []).map((c) => ({
          country: c.iso_3166_1,
          certification: c.rating?.trim(),
        }));
  const rated = byCountry.filter((c) => c.certification);
  const home = rated.find((c) => c.country.toUpperCase() === HOME_COUNTRY) ?? rated[0];
  return home?.certification ?? null;
}

/**
 * TMDB details (`append_to_response=credits,videos` and `release_dates` or `content_ratings`)
 * as the app's media item, with its `certification` ({@link certificationOf}).
 */
export function toDetails(d: TmdbDetails, type: MediaType): MediaDetails {
  const { genre_ids: _ids, ...item } = toListItem({ ...d, genre_ids: [] }, type);
  const label = item.title ?? item.name ?? '';
  const personArt = (p: { id?: number | undefined; name: string; profile_path?: string }) =>
    imageOr(p.profile_path, 'profile', `person-${String(p.id ?? p.name)}`, p.name);
  const common = {
    ...item,
    tagline: d.tagline ?? null,
    status: d.status ?? null,
    imdb_id: d.imdb_id ?? null,
    certification: certificationOf(d, type),
    genres: d.genres ?? [],
    spoken_languages: (d.spoken_languages ?? []).map((l) => ({
      iso_639_1: l.iso_639_1,
      english_name: l.english_name ?? l.name ?? l.iso_639_1,
      name: l.name ?? '',
    })),
    credits: {
      // TV credits carry no cast_id: billing position stands in for it.
      cast: (d.credits?.cast ?? []).map((c, index) => ({
        id: int(c.id),
        cast_id: int(c.cast_id) ?? index + 1,
        name: c.name,
        character: c.character || null,
        profile_path: personArt(c),
        order: int(c.order) ?? index,
      })),
      crew: (d.credits?.crew ?? []).map((c) => ({
        id: int(c.id),
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
    episode_run_time: (d.episode_run_time ?? []).flatMap((m) =>
      m === undefined ? [] : [Math.round(m)],
    ),
    created_by: (d.created_by ?? []).map((c) => ({ id: int(c.id), name: c.name })),
    seasons: (d.seasons ?? []).map((s) => ({
      id: int(s.id),
      season_number: s.season_number,
      name: s.name ?? `Season ${s.season_number}`,
      overview: s.overview ?? '',
      air_date: s.air_date || null,
      episode_count: int(s.episode_count) ?? 0,
      poster_path: imageOr(
        s.poster_path,
        'poster',
        seasonSeed(d.id, s.season_number),
        `${label}: ${s.name ?? ''}`,
        s.air_date,
      ),
    })),
  };
}

/** TMDB `tv/{id}/season/{n}` as the app's season. */
export function toSeason(s: TmdbSeason, showId: number): SeasonDetails {
  return {
    id: int(s.id),
    season_number: s.season_number,
    name: s.name ?? `Season ${s.season_number}`,
    overview: s.overview ?? '',
    air_date: s.air_date || null,
    poster_path: imageOr(
      s.poster_path,
      'poster',
      seasonSeed(showId, s.season_number),
      s.name ?? `Show ${String(showId)}`,
      s.air_date,
    ),
    episodes: (s.episodes ?? []).map((e) => {
      const name = e.name ?? `Episode ${e.episode_number}`;
      return {
        id: int(e.id),
        episode_number: e.episode_number,
        season_number: int(e.season_number) ?? s.season_number,
        name,
        overview: e.overview ?? '',
        air_date: e.air_date || null,
        still_path: imageOr(
          e.still_path,
          'still',
          `episode-${String(showId)}-${String(s.season_number)}-${String(e.episode_number)}`,
          `${e.episode_number}. ${name}`,
        ),
        runtime: int(e.runtime),
        vote_average: round1(e.vote_average),
      };
    }),
  };
}
