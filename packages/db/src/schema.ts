/**
 * Catalogue schema (DATA-4, DATA-5, DATA-8, DATA-12 in docs/requirements.md: Media item, Season
 * detail, Provider, Anime-info data). Column names follow TMDB v3 and AniList field names so rows
 * map onto API shapes directly. A title is keyed by (media_type, id) because TMDB movie and tv ids
 * overlap; every other table names a title by its TMDB id in a column `tmdb_id` (migration 0007).
 */
import { sql } from 'drizzle-orm';
import {
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { MediaType } from '@pigostream/contracts/constants';

export type { MediaType };

/** `{ id, name }` as TMDB answers genres. */
export interface GenreJson {
  id: number;
  name: string;
}
/** `{ iso_639_1, english_name, name }` as TMDB answers spoken_languages. */
export interface SpokenLanguageJson {
  iso_639_1: string;
  english_name: string;
  name: string;
}
/** `{ id, name }` of a show's creator. */
export interface CreatorJson {
  id: number | null;
  name: string;
}

/** PostgreSQL's full-text document type, as text (drizzle has no built-in). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** Movies and TV shows. `title` holds a movie's title or a show's name. */
export const titles = pgTable(
  'titles',
  {
    mediaType: text('media_type').$type<MediaType>().notNull(),
    id: integer('id').notNull(),
    title: text('title').notNull(),
    originalTitle: text('original_title'),
    originalLanguage: text('original_language'),
    overview: text('overview'),
    tagline: text('tagline'),
    /** release_date (movie) or first_air_date (tv), YYYY-MM-DD. */
    releaseDate: date('release_date', { mode: 'string' }),
    lastAirDate: date('last_air_date', { mode: 'string' }),
    status: text('status'),
    /** Minutes (movie). */
    runtime: integer('runtime'),
    /** Typical episode minutes (tv). */
    episodeRunTime: integer('episode_run_time'),
    numberOfEpisodes: integer('number_of_episodes'),
    numberOfSeasons: integer('number_of_seasons'),
    posterPath: text('poster_path'),
    backdropPath: text('backdrop_path'),
    voteAverage: real('vote_average'),
    voteCount: integer('vote_count'),
    popularity: real('popularity'),
    imdbId: text('imdb_id'),
    /** YouTube key of the trailer. */
    trailerKey: text('trailer_key'),
    /**
     * The age rating as its board wrote it ('PG-13', 'TV-14', '12'; the US one when known), and
     * the youngest age it suits on the one scale every region maps onto (PROFILE-7 in
     * docs/requirements.md, DEC-31 in docs/decisions.md); both null when no rating is known.
     */
    certification: text('certification'),
    ratingAge: smallint('rating_age'),
    genres: jsonb('genres').$type<GenreJson[]>().notNull().default([]),
    spokenLanguages: jsonb('spoken_languages').$type<SpokenLanguageJson[]>().notNull().default([]),
    createdBy: jsonb('created_by').$type<CreatorJson[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Trending's score before this server's own viewers: popularity discounted by age
     * (RANK-1 in docs/requirements.md). Kept by the rankings refresh (rankings.repository.ts
     * in the catalogue module); null until it runs.
     */
    trendingScore: real('trending_score'),
    /** The words search matches: title and original title, lower-cased (RANK-3). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`to_tsvector('simple'::regconfig, lower(title || ' ' || coalesce(original_title, '')))`,
    ),
  },
  (t) => [
    primaryKey({ columns: [t.mediaType, t.id] }),
    // Lists read by index, a page at a time, at any catalogue size (RANK-1, RANK-2):
    // popular by popularity, trending by its precomputed score, ties in the answer's order.
    index('titles_popularity_idx').on(t.mediaType, t.popularity.desc().nullsLast()),
    index('titles_trending_idx')
      .on(t.mediaType, t.trendingScore.desc().nullsLast(), t.voteCount.desc().nullsLast(), t.id)
      .where(sql`title <> ''`),
    // The newest release of a type, for the trending score's age (one index step).
    index('titles_release_date_idx').on(t.mediaType, t.releaseDate),
    // Search's candidates: the titles holding every query word (or a near spelling of it),
    // and the titles named exactly the query.
    index('titles_search_vector_idx').using('gin', t.searchVector),
    index('titles_lower_title_idx').on(t.mediaType, sql`lower(${t.title})`),
    // A title by its IMDb id: the addon's `tt` ids (STREMIO-3) and the list import's matches.
    index('titles_imdb_id_idx')
      .on(t.imdbId)
      .where(sql`imdb_id is not null`),
    // The import's title matching (TRANSFER-2): titles like a name, many names per statement; a
    // GIN trigram index finds each name's few neighbours in about 1 ms where the GiST one
    // above walks most of its pages (16 ms a name over 18,000 titles). Imports end by folding
    // its pending list in (analyzeCatalogue), or every search would read the list through.
    index('titles_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
  ],
);

/** Cast (`job` null) and crew (`character` null) of a title, in billing order. */
export const credits = pgTable(
  'credits',
  {
    mediaType: text('media_type').$type<MediaType>().notNull(),
    tmdbId: integer('tmdb_id').notNull(),
    kind: text('kind').$type<'cast' | 'crew'>().notNull(),
    order: smallint('order').notNull(),
    castId: integer('cast_id'),
    personId: integer('person_id'),
    name: text('name').notNull(),
    character: text('character'),
    job: text('job'),
    department: text('department'),
    profilePath: text('profile_path'),
  },
  (t) => [
    primaryKey({ columns: [t.mediaType, t.tmdbId, t.kind, t.order] }),
    index('credits_name_idx').on(t.name),
  ],
);

/** Seasons of a show. `id` is TMDB's season id (or one the loader assigned). */
export const seasons = pgTable(
  'seasons',
  {
    /** The show's TMDB id. */
    tmdbId: integer('tmdb_id').notNull(),
    seasonNumber: integer('season_number').notNull(),
    id: integer('id').notNull(),
    name: text('name').notNull(),
    overview: text('overview'),
    airDate: date('air_date', { mode: 'string' }),
    posterPath: text('poster_path'),
    episodeCount: integer('episode_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tmdbId, t.seasonNumber] })],
);

/** Episodes of a season. `id` is TMDB's episode id (or one the loader assigned). */
export const episodes = pgTable(
  'episodes',
  {
    /** The show's TMDB id. */
    tmdbId: integer('tmdb_id').notNull(),
    seasonNumber: integer('season_number').notNull(),
    episodeNumber: integer('episode_number').notNull(),
    id: integer('id').notNull(),
    name: text('name').notNull(),
    overview: text('overview'),
    airDate: date('air_date', { mode: 'string' }),
    stillPath: text('still_path'),
    /** Minutes. */
    runtime: integer('runtime'),
    voteAverage: real('vote_average'),
  },
  (t) => [primaryKey({ columns: [t.tmdbId, t.seasonNumber, t.episodeNumber] })],
);

/** Flat-rate streaming availability of a title on a provider in a region (ISO 3166-1). */
export const titleProviders = pgTable(
  'title_providers',
  {
    mediaType: text('media_type').$type<MediaType>().notNull(),
    tmdbId: integer('tmdb_id').notNull(),
    providerId: integer('provider_id').notNull(),
    region: text('region').notNull(),
    /** The title's popularity, copied by the rankings refresh so a row reads in order. */
    popularity: real('popularity'),
  },
  (t) => [
    primaryKey({ columns: [t.mediaType, t.tmdbId, t.providerId, t.region] }),
    // A provider row (RANK-2): one provider, region and type, most popular first.
    index('title_providers_rank_idx').on(
      t.providerId,
      t.region,
      t.mediaType,
      t.popularity.desc().nullsLast(),
      t.tmdbId,
    ),
  ],
);

/**
 * Search's vocabulary (RANK-3): every word of the titles' search vectors with the number
 * of titles holding it. A query word is matched to its near spellings here (trigram
 * similarity), never against a million titles.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    /** Titles (both types) whose search vector holds the word. */
    titles: integer('titles').notNull(),
  },
  (t) => [
    index('search_words_trgm_idx').using('gist', sql`${t.word} gist_trgm_ops`),
    index('search_words_prefix_idx').on(sql`${t.word} text_pattern_ops`),
  ],
);

/**
 * Search's word index (RANK-3): one row per word a title's search vector holds, with the
 * title's popularity, read in popularity order per word. A search takes the most popular titles
 * holding a query word from a few hundred index entries, at any catalogue size, instead of
 * reading every title that holds it. Rebuilt from the titles with the vocabulary (after every
 * catalogue write, and when found empty); derived, so left out of backups.
 */
export const searchPostings = pgTable(
  'search_postings',
  {
    mediaType: text('media_type').notNull(),
    word: text('word').notNull(),
    /** The title's TMDB popularity when the index was built. */
    popularity: real('popularity'),
    id: integer('id').notNull(),
  },
  (t) => [
    index('search_postings_rank_idx').on(
      t.mediaType,
      t.word,
      t.popularity.desc().nullsLast(),
      t.id,
    ),
  ],
);

/**
 * One row per media type: what the trending scores were computed with (RANK-1 in
 * docs/requirements.md): the newest release year, how many titles are listed, and up to when
 * viewers past their 7 days have been taken off.
 */
export const catalogueRankings = pgTable('catalogue_rankings', {
  mediaType: text('media_type').$type<MediaType>().primaryKey(),
  newestYear: integer('newest_year').notNull(),
  /** Titles of the type with a title (stubs are not listed). */
  listed: integer('listed').notNull().default(0),
  /** Watch events first watched up to this time no longer count as recent viewers. */
  viewersUntil: timestamp('viewers_until', { withTimezone: true }),
  refreshedAt: timestamp('refreshed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * This server's recent viewers per title (users who started watching it in the last 7 days),
 * as the trending scores hold them: kept by the rankings from the activity module's counts, so
 * a full re-score reads the catalogue's own table (RANK-1).
 */
export const trendingViewers = pgTable(
  'trending_viewers',
  {
    mediaType: text('media_type').$type<MediaType>().notNull(),
    tmdbId: integer('tmdb_id').notNull(),
    viewers: integer('viewers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.mediaType, t.tmdbId] })],
);

/** AniList Media entries (type ANIME or MANGA), fields as AniList names them. */
export const animeMedia = pgTable(
  'anime_media',
  {
    id: integer('id').primaryKey(),
    idMal: integer('id_mal'),
    titleEnglish: text('title_english'),
    titleRomaji: text('title_romaji'),
    titleNative: text('title_native'),
    type: text('type').notNull().default('ANIME'),
    format: text('format'),
    status: text('status'),
    episodes: integer('episodes'),
    /** Minutes per episode. */
    duration: integer('duration'),
    startYear: integer('start_year'),
    startMonth: integer('start_month'),
    startDay: integer('start_day'),
    description: text('description'),
    coverImageLarge: text('cover_image_large'),
    averageScore: integer('average_score'),
    popularity: integer('popularity'),
    genres: jsonb('genres').$type<string[]>().notNull().default([]),
  },
  (t) => [
    index('anime_media_title_english_trgm_idx').using(
      'gist',
      sql`lower(coalesce(${t.titleEnglish}, '')) gist_trgm_ops`,
    ),
    index('anime_media_title_romaji_trgm_idx').using(
      'gist',
      sql`lower(coalesce(${t.titleRomaji}, '')) gist_trgm_ops`,
    ),
  ],
);

/**
 * AniList relation edges. `nodeId` may name an entry not in `anime_media`; its romaji title
 * and type are kept on the edge so the node can still be described.
 */
export const animeRelations = pgTable(
  'anime_relations',
  {
    mediaId: integer('media_id').notNull(),
    nodeId: integer('node_id').notNull(),
    relationType: text('relation_type').notNull(),
    nodeTitleRomaji: text('node_title_romaji'),
    nodeType: text('node_type'),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.nodeId, t.relationType] })],
);

/** Link from a TMDB title to the AniList entries it covers. */
export const animeLinks = pgTable(
  'anime_links',
  {
    mediaType: text('media_type').$type<MediaType>().notNull(),
    tmdbId: integer('tmdb_id').notNull(),
    anilistId: integer('anilist_id').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.mediaType, t.tmdbId, t.anilistId] }),
    index('anime_links_anilist_idx').on(t.anilistId),
  ],
);

export * from './identity-schema.ts';
