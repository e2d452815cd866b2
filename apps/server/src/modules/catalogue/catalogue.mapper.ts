/** Rows of the catalogue repository to TMDB-shaped answers (DATA-4 in docs/requirements.md). */
import type {
  EpisodeSummary,
  MediaDetails,
  MediaListItem,
  MediaPage,
  SeasonDetails,
  TitleSummary,
} from '@pigostream/contracts';
import { imageOr } from '../images/index.ts';
import type {
  CreditRow,
  EpisodeRow,
  SeasonRow,
  TitleDetailRow,
  ListPage,
  TitleListRow,
} from './catalogue.repository.ts';
import { PAGE_SIZE } from './catalogue.source.ts';

const MAX_PAGES = 500;
const round1 = (n: number | null) => Math.round((n ?? 0) * 10) / 10;

function seedOf(row: { media_type: string; id: number }): string {
  return `${row.media_type}-${row.id}`;
}

/** A list item; title/release_date for movies, name/first_air_date for shows. */
export function toListItem(row: Omit<TitleListRow, 'total'>): MediaListItem {
  const base = {
    id: row.id,
    media_type: row.media_type,
    overview: row.overview ?? '',
    poster_path: imageOr(row.poster_path, 'poster', seedOf(row), row.title, row.release_date),
    backdrop_path: imageOr(row.backdrop_path, 'backdrop', seedOf(row), row.title, row.release_date),
    vote_average: round1(row.vote_average),
    vote_count: row.vote_count ?? 0,
    popularity: round1(row.popularity),
    original_language: row.original_language,
    genre_ids: row.genres.map((g) => g.id),
  };
  return row.media_type === 'movie'
    ? {
        ...base,
        title: row.title,
        original_title: row.original_title ?? row.title,
        release_date: row.release_date ?? '',
      }
    : {
        ...base,
        name: row.title,
        original_name: row.original_title ?? row.title,
        first_air_date: row.release_date ?? '',
      };
}

/** The user-list summary of a title (DATA-1, DATA-2, DATA-3: history and list items). */
export function toSummary(row: Omit<TitleListRow, 'total'>): TitleSummary {
  const item = toListItem(row);
  return {
    id: row.id,
    type: row.media_type,
    ...(row.media_type === 'movie' ? { title: row.title } : { name: row.title }),
    poster_path: item.poster_path,
    vote_average: item.vote_average,
    genres: row.genres.map((g) => ({ name: g.name })),
  };
}

/** `{ page, results, total_pages, total_results }` from rows carrying a window `total`. */
export function toPage({ rows, total }: ListPage, page: number): MediaPage {
  return {
    page,
    results: rows.map(toListItem),
    total_pages: Math.min(MAX_PAGES, Math.ceil(total / PAGE_SIZE)),
    total_results: total,
  };
}

/**
 * Details with credits, seasons (tv), the trailer as a YouTube video and the title's
 * `certification` (null when unknown; PROFILE-7 in docs/requirements.md).
 */
export function toDetails(
  row: TitleDetailRow,
  credits: CreditRow[],
  seasons: SeasonRow[],
): MediaDetails {
  const { genre_ids: _ids, ...item } = toListItem(row);
  const cast = credits
    .filter((c) => c.kind === 'cast')
    .map((c) => ({
      id: c.person_id,
      cast_id: c.cast_id ?? c.order + 1,
      name: c.name,
      character: c.character,
      profile_path: imageOr(c.profile_path, 'profile', `person-${c.person_id ?? c.name}`, c.name),
      order: c.order,
    }));
  const crew = credits
    .filter((c) => c.kind === 'crew')
    .map((c) => ({
      id: c.person_id,
      name: c.name,
      job: c.job ?? '',
      department: c.department,
      profile_path: imageOr(c.profile_path, 'profile', `person-${c.person_id ?? c.name}`, c.name),
    }));
  const videos = row.trailer_key
    ? [{ key: row.trailer_key, site: 'YouTube', type: 'Trailer', name: 'Trailer', official: true }]
    : [];
  const common = {
    ...item,
    tagline: row.tagline,
    status: row.status,
    imdb_id: row.imdb_id,
    certification: row.certification,
    genres: row.genres,
    spoken_languages: row.spoken_languages,
    credits: { cast, crew },
    videos: { results: videos },
  };
  if (row.media_type === 'movie') return { ...common, runtime: row.runtime };
  const regular = seasons.filter((s) => s.season_number > 0);
  return {
    ...common,
    last_air_date: row.last_air_date,
    number_of_episodes:
      row.number_of_episodes ?? regular.reduce((sum, s) => sum + s.episode_count, 0),
    number_of_seasons: row.number_of_seasons ?? regular.length,
    episode_run_time: row.episode_run_time ? [row.episode_run_time] : [],
    created_by: row.created_by,
    seasons: seasons.map((s) => ({
      id: s.id,
      season_number: s.season_number,
      name: s.name,
      overview: s.overview ?? '',
      air_date: s.air_date,
      episode_count: s.episode_count,
      poster_path: imageOr(
        s.poster_path,
        'poster',
        `season-${s.id}`,
        `${row.title}: ${s.name}`,
        s.air_date,
      ),
    })),
  };
}

/** `tv/{id}/season/{n}` with every episode. */
/** An episode row as Up Next and New Episodes show it (drawn art when it has no still). */
export function toEpisodeSummary(e: EpisodeRow): EpisodeSummary {
  return {
    season_number: e.season_number,
    episode_number: e.episode_number,
    name: e.name,
    air_date: e.air_date,
    still_path: imageOr(e.still_path, 'still', `episode-${e.id}`, `${e.episode_number}. ${e.name}`),
  };
}

export function toSeason(
  showTitle: string,
  season: SeasonRow,
  episodes: EpisodeRow[],
): SeasonDetails {
  return {
    id: season.id,
    season_number: season.season_number,
    name: season.name,
    overview: season.overview ?? '',
    air_date: season.air_date,
    poster_path: imageOr(
      season.poster_path,
      'poster',
      `season-${season.id}`,
      `${showTitle}: ${season.name}`,
      season.air_date,
    ),
    episodes: episodes.map((e) => ({
      id: e.id,
      episode_number: e.episode_number,
      season_number: e.season_number,
      name: e.name,
      overview: e.overview ?? '',
      air_date: e.air_date,
      still_path: imageOr(
        e.still_path,
        'still',
        `episode-${e.id}`,
        `${e.episode_number}. ${e.name}`,
      ),
      runtime: e.runtime,
      vote_average: round1(e.vote_average),
    })),
  };
}
