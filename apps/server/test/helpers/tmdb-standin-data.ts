/**
 * The TMDB stand-in's titles (helpers/tmdb-standin.ts), owned by the repository: records
 * written by hand for well-known movies and shows, completed by small builders into TMDB v3's
 * answer shapes (list items of /trending, /discover and /search; /movie/{id} and /tv/{id} with
 * `credits`, `videos`, `external_ids` and `release_dates` (movies) or `content_ratings` (shows)
 * appended; /tv/{id}/season/{n} with its episodes;
 * /{type}/{id}/watch/providers), and plainer titles generated from a list of invented names so
 * that the rows run to a second page.
 *
 * Titles, their TMDB and IMDb ids, original titles, release and air dates, runtimes, genres,
 * US (and a few other countries') certifications, episode names, cast and crew are public facts
 * typed from memory (people's ids are as
 * remembered and no test depends on them); seasons are abridged to their first episodes.
 * Overviews are written for these tests; popularity, votes, streaming offers, image paths,
 * video keys and season and episode ids are made up.
 */

export type Json = Record<string, unknown>;

/** One title as the stand-in answers it. */
export interface Title {
  type: 'movie' | 'tv';
  /** The item as lists carry it (`media_type` is added by the lists that send it). */
  list: Json;
  /**
   * The details answer with every appendable part (`credits`, `videos`, `external_ids`, and
   * `release_dates` for a movie or `content_ratings` for a show).
   */
  details: Json;
  /** The season answers (`tv/{id}/season/{n}`); none for a movie. */
  seasons: Json[];
  /** The watch providers answer (`{type}/{id}/watch/providers`). */
  providers: WatchProviders;
}

/** A provider offer as TMDB lists it under a region's `flatrate`. */
export interface ProviderOffer {
  logo_path: string;
  provider_id: number;
  provider_name: string;
  display_priority: number;
}
export interface WatchProviders {
  id: unknown;
  results: Record<string, { link: string; flatrate?: ProviderOffer[] }>;
}

interface Genre {
  id: number;
  name: string;
}
interface Person {
  id: number;
  name: string;
  /** TMDB's codes: 0 not set, 1 female, 2 male, 3 non-binary. */
  gender?: number;
}
interface CastMember extends Person {
  character: string;
}
interface CrewMember extends Person {
  job: string;
  department: string;
}
/** What a movie and a show record both give. */
interface Common {
  id: number;
  imdb_id: string | null;
  original_language?: string;
  origin_country?: string[];
  genres: Genre[];
  overview: string;
  popularity: number;
  vote_average: number;
  vote_count: number;
  /** Left out: an invented path; null: TMDB has no image. */
  poster_path?: string | null;
  backdrop_path?: string | null;
  credits: { cast: CastMember[]; crew: CrewMember[] };
  /** Left out: one official trailer. */
  videos?: { name: string; type: string }[];
  /** Provider ids on flat-rate offer, by region. */
  watch: Partial<Record<string, number[]>>;
  /**
   * Certifications as `[country, rating]`, in the order TMDB lists the countries (`release_dates`
   * of a movie, `content_ratings` of a show); left out: no country has rated the title.
   */
  ratings?: [string, string][];
}
interface MovieRecord extends Common {
  title: string;
  original_title?: string;
  release_date: string;
  runtime: number;
}
interface EpisodeRecord {
  name: string;
  air_date: string;
}
interface SeasonRecord {
  season_number: number;
  episodes: EpisodeRecord[];
}
interface ShowRecord extends Common {
  name: string;
  original_name?: string;
  first_air_date: string;
  status: 'Returning Series' | 'Ended';
  type: 'Scripted' | 'Miniseries';
  created_by: Person[];
  episode_run_time: number[];
  networks: { id: number; name: string; origin_country: string }[];
  seasons: SeasonRecord[];
}

/** TMDB's movie genres. */
const MG = {
  action: { id: 28, name: 'Action' },
  adventure: { id: 12, name: 'Adventure' },
  animation: { id: 16, name: 'Animation' },
  comedy: { id: 35, name: 'Comedy' },
  crime: { id: 80, name: 'Crime' },
  drama: { id: 18, name: 'Drama' },
  family: { id: 10751, name: 'Family' },
  fantasy: { id: 14, name: 'Fantasy' },
  horror: { id: 27, name: 'Horror' },
  mystery: { id: 9648, name: 'Mystery' },
  romance: { id: 10749, name: 'Romance' },
  scienceFiction: { id: 878, name: 'Science Fiction' },
  thriller: { id: 53, name: 'Thriller' },
} satisfies Record<string, Genre>;

/** TMDB's TV genres. */
const TG = {
  actionAdventure: { id: 10759, name: 'Action & Adventure' },
  animation: { id: 16, name: 'Animation' },
  comedy: { id: 35, name: 'Comedy' },
  crime: { id: 80, name: 'Crime' },
  drama: { id: 18, name: 'Drama' },
  family: { id: 10751, name: 'Family' },
  mystery: { id: 9648, name: 'Mystery' },
  sciFiFantasy: { id: 10765, name: 'Sci-Fi & Fantasy' },
} satisfies Record<string, Genre>;

/** The providers of the app's fixed list that the records offer, by TMDB provider id. */
const PROVIDERS: Record<number, string> = {
  8: 'Netflix',
  9: 'Amazon Prime Video',
  15: 'Hulu',
  337: 'Disney Plus',
  350: 'Apple TV Plus',
  531: 'Paramount Plus',
  1825: 'Max',
};
const NETFLIX = 8;
const PRIME = 9;
const HULU = 15;
const DISNEY = 337;
const PARAMOUNT = 531;
const MAX = 1825;

const FOX = { id: 19, name: 'FOX', origin_country: 'US' };
const AMC = { id: 174, name: 'AMC', origin_country: 'US' };
const HBO = { id: 49, name: 'HBO', origin_country: 'US' };
const NBC = { id: 6, name: 'NBC', origin_country: 'US' };
const NETFLIX_NETWORK = { id: 213, name: 'Netflix', origin_country: '' };
const BBC_ONE = { id: 4, name: 'BBC One', origin_country: 'GB' };

const LANGUAGES: Record<string, { english_name: string; name: string }> = {
  en: { english_name: 'English', name: 'English' },
  fr: { english_name: 'French', name: 'Français' },
  ja: { english_name: 'Japanese', name: '日本語' },
  ko: { english_name: 'Korean', name: '한국어/조선말' },
};

/** The hand-written movies. The variants (tmdb-standin-variants.ts) start from the first 11. */
const MOVIES: MovieRecord[] = [
  {
    id: 603,
    imdb_id: 'tt0133093',
    title: 'The Matrix',
    release_date: '1999-03-30',
    runtime: 136,
    genres: [MG.action, MG.scienceFiction],
    overview:
      'A programmer who hacks at night learns that the world he knows is a simulation, and is asked to leave it.',
    popularity: 61.3,
    vote_average: 8.2,
    vote_count: 25310,
    ratings: [
      ['US', 'R'],
      ['GB', '15'],
    ],
    credits: {
      cast: [
        { id: 6384, name: 'Keanu Reeves', gender: 2, character: 'Thomas A. Anderson / Neo' },
        { id: 2975, name: 'Laurence Fishburne', gender: 2, character: 'Morpheus' },
        { id: 530, name: 'Carrie-Anne Moss', gender: 1, character: 'Trinity' },
        { id: 1331, name: 'Hugo Weaving', gender: 2, character: 'Agent Smith' },
      ],
      crew: [
        { id: 9340, name: 'Lana Wachowski', job: 'Director', department: 'Directing' },
        { id: 9339, name: 'Lilly Wachowski', job: 'Director', department: 'Directing' },
      ],
    },
    watch: { US: [MAX], IN: [NETFLIX] },
  },
  {
    id: 550,
    imdb_id: 'tt0137523',
    title: 'Fight Club',
    release_date: '1999-10-15',
    runtime: 139,
    genres: [MG.drama, MG.thriller],
    overview:
      'An insomniac office worker and a soap salesman start an underground club that grows into something else.',
    popularity: 48.7,
    vote_average: 8.4,
    vote_count: 29870,
    ratings: [
      ['US', 'R'],
      ['GB', '18'],
    ],
    credits: {
      cast: [
        { id: 819, name: 'Edward Norton', gender: 2, character: 'The Narrator' },
        { id: 287, name: 'Brad Pitt', gender: 2, character: 'Tyler Durden' },
        { id: 1283, name: 'Helena Bonham Carter', gender: 1, character: 'Marla Singer' },
      ],
      crew: [{ id: 7467, name: 'David Fincher', job: 'Director', department: 'Directing' }],
    },
    watch: { US: [PRIME] },
  },
  {
    id: 27205,
    imdb_id: 'tt1375666',
    title: 'Inception',
    release_date: '2010-07-15',
    runtime: 148,
    genres: [MG.action, MG.scienceFiction, MG.adventure],
    overview:
      'A thief who steals secrets from dreams is offered his old life back for planting an idea instead.',
    popularity: 74.2,
    vote_average: 8.4,
    vote_count: 36450,
    ratings: [
      ['US', 'PG-13'],
      ['GB', '12A'],
    ],
    credits: {
      cast: [
        { id: 6193, name: 'Leonardo DiCaprio', gender: 2, character: 'Dom Cobb' },
        { id: 24045, name: 'Joseph Gordon-Levitt', gender: 2, character: 'Arthur' },
        { id: 27578, name: 'Elliot Page', gender: 3, character: 'Ariadne' },
      ],
      crew: [{ id: 525, name: 'Christopher Nolan', job: 'Director', department: 'Directing' }],
    },
    watch: { IN: [NETFLIX] },
  },
  {
    id: 157336,
    imdb_id: 'tt0816692',
    title: 'Interstellar',
    release_date: '2014-11-05',
    runtime: 169,
    genres: [MG.adventure, MG.drama, MG.scienceFiction],
    overview:
      'With crops failing on Earth, a former pilot leads a crew through a wormhole to look for a new home.',
    popularity: 83.9,
    vote_average: 8.4,
    vote_count: 35120,
    ratings: [
      ['US', 'PG-13'],
      ['GB', '12A'],
    ],
    credits: {
      cast: [
        { id: 10297, name: 'Matthew McConaughey', gender: 2, character: 'Cooper' },
        { id: 1813, name: 'Anne Hathaway', gender: 1, character: 'Brand' },
        { id: 83002, name: 'Jessica Chastain', gender: 1, character: 'Murph' },
      ],
      crew: [{ id: 525, name: 'Christopher Nolan', job: 'Director', department: 'Directing' }],
    },
    watch: { US: [PRIME, PARAMOUNT] },
  },
  {
    id: 155,
    imdb_id: 'tt0468569',
    title: 'The Dark Knight',
    release_date: '2008-07-16',
    runtime: 152,
    genres: [MG.drama, MG.action, MG.crime, MG.thriller],
    overview:
      'Batman, a police lieutenant and a new district attorney take on the mob, until a man in clown paint takes them on.',
    popularity: 70.5,
    vote_average: 8.5,
    vote_count: 32980,
    ratings: [
      ['US', 'PG-13'],
      ['GB', '12A'],
    ],
    credits: {
      cast: [
        { id: 3894, name: 'Christian Bale', gender: 2, character: 'Bruce Wayne' },
        { id: 1810, name: 'Heath Ledger', gender: 2, character: 'Joker' },
        { id: 6383, name: 'Aaron Eckhart', gender: 2, character: 'Harvey Dent' },
      ],
      crew: [{ id: 525, name: 'Christopher Nolan', job: 'Director', department: 'Directing' }],
    },
    watch: { US: [MAX] },
  },
  {
    id: 680,
    imdb_id: 'tt0110912',
    title: 'Pulp Fiction',
    release_date: '1994-09-10',
    runtime: 154,
    genres: [MG.thriller, MG.crime],
    overview:
      'Two hit men, a boxer, a gangster and his wife cross paths over a few days in Los Angeles.',
    popularity: 52.6,
    vote_average: 8.5,
    vote_count: 27840,
    ratings: [
      ['US', 'R'],
      ['GB', '18'],
    ],
    credits: {
      cast: [
        { id: 8891, name: 'John Travolta', gender: 2, character: 'Vincent Vega' },
        { id: 2231, name: 'Samuel L. Jackson', gender: 2, character: 'Jules Winnfield' },
        { id: 139, name: 'Uma Thurman', gender: 1, character: 'Mia Wallace' },
      ],
      crew: [{ id: 138, name: 'Quentin Tarantino', job: 'Director', department: 'Directing' }],
    },
    watch: { US: [PRIME] },
  },
  {
    id: 13,
    imdb_id: 'tt0109830',
    title: 'Forrest Gump',
    release_date: '1994-06-23',
    runtime: 142,
    genres: [MG.comedy, MG.drama, MG.romance],
    overview:
      'A kind man from Alabama tells strangers at a bus stop how he happened upon decades of American history.',
    popularity: 55.1,
    vote_average: 8.5,
    vote_count: 27310,
    ratings: [
      ['US', 'PG-13'],
      ['GB', '12'],
    ],
    credits: {
      cast: [
        { id: 31, name: 'Tom Hanks', gender: 2, character: 'Forrest Gump' },
        { id: 32, name: 'Robin Wright', gender: 1, character: 'Jenny Curran' },
        { id: 33, name: 'Gary Sinise', gender: 2, character: 'Lieutenant Dan Taylor' },
      ],
      crew: [{ id: 24, name: 'Robert Zemeckis', job: 'Director', department: 'Directing' }],
    },
    watch: { US: [PARAMOUNT] },
  },
  {
    id: 238,
    imdb_id: 'tt0068646',
    title: 'The Godfather',
    release_date: '1972-03-14',
    runtime: 175,
    genres: [MG.drama, MG.crime],
    overview:
      'The head of a New York crime family hands his empire to the son who wanted no part of it.',
    popularity: 46.8,
    vote_average: 8.7,
    vote_count: 20450,
    ratings: [
      ['US', 'R'],
      ['GB', '15'],
    ],
    credits: {
      cast: [
        { id: 3084, name: 'Marlon Brando', gender: 2, character: 'Don Vito Corleone' },
        { id: 1158, name: 'Al Pacino', gender: 2, character: 'Michael Corleone' },
        { id: 3085, name: 'James Caan', gender: 2, character: 'Sonny Corleone' },
      ],
      crew: [{ id: 1776, name: 'Francis Ford Coppola', job: 'Director', department: 'Directing' }],
    },
    watch: { US: [PARAMOUNT] },
  },
  {
    id: 329,
    imdb_id: 'tt0107290',
    title: 'Jurassic Park',
    release_date: '1993-06-11',
    runtime: 127,
    genres: [MG.adventure, MG.scienceFiction],
    overview:
      'Two scientists and a mathematician are invited to approve an island park of cloned dinosaurs before it opens.',
    popularity: 44.3,
    vote_average: 7.9,
    vote_count: 16870,
    ratings: [
      ['US', 'PG-13'],
      ['GB', 'PG'],
    ],
    credits: {
      cast: [
        { id: 4783, name: 'Sam Neill', gender: 2, character: 'Alan Grant' },
        { id: 4784, name: 'Laura Dern', gender: 1, character: 'Ellie Sattler' },
        { id: 4785, name: 'Jeff Goldblum', gender: 2, character: 'Ian Malcolm' },
      ],
      crew: [{ id: 488, name: 'Steven Spielberg', job: 'Director', department: 'Directing' }],
    },
    watch: { US: [PRIME] },
  },
  {
    id: 129,
    imdb_id: 'tt0245429',
    title: 'Spirited Away',
    original_title: '千と千尋の神隠し',
    original_language: 'ja',
    origin_country: ['JP'],
    release_date: '2001-07-20',
    runtime: 125,
    genres: [MG.animation, MG.family, MG.fantasy],
    overview:
      'On the way to a new home, a girl wanders into a town of spirits and works in its bathhouse to free her parents.',
    popularity: 41.2,
    vote_average: 8.5,
    vote_count: 16920,
    ratings: [
      ['JP', 'G'],
      ['US', 'PG'],
    ],
    credits: {
      cast: [{ id: 19587, name: 'Rumi Hiiragi', gender: 1, character: 'Chihiro Ogino (voice)' }],
      crew: [{ id: 608, name: 'Hayao Miyazaki', job: 'Director', department: 'Directing' }],
    },
    watch: { US: [MAX] },
  },
  {
    id: 862,
    imdb_id: 'tt0114709',
    title: 'Toy Story',
    release_date: '1995-10-30',
    runtime: 81,
    genres: [MG.animation, MG.adventure, MG.family, MG.comedy],
    overview:
      "A cowboy doll who has always been his boy's favourite toy is put out by the arrival of a space ranger.",
    popularity: 58.4,
    vote_average: 8.0,
    vote_count: 18640,
    ratings: [
      ['US', 'G'],
      ['GB', 'U'],
    ],
    credits: {
      cast: [
        { id: 31, name: 'Tom Hanks', gender: 2, character: 'Woody (voice)' },
        { id: 12898, name: 'Tim Allen', gender: 2, character: 'Buzz Lightyear (voice)' },
      ],
      crew: [{ id: 7879, name: 'John Lasseter', job: 'Director', department: 'Directing' }],
    },
    watch: { US: [DISNEY] },
  },
  {
    id: 496243,
    imdb_id: 'tt6751668',
    title: 'Parasite',
    original_title: '기생충',
    original_language: 'ko',
    origin_country: ['KR'],
    release_date: '2019-05-30',
    runtime: 133,
    genres: [MG.comedy, MG.thriller, MG.drama],
    overview: 'A poor family talks its way, one member at a time, into the employ of a rich one.',
    popularity: 49.9,
    vote_average: 8.5,
    vote_count: 18210,
    ratings: [
      ['KR', '15'],
      ['US', 'R'],
    ],
    credits: {
      cast: [{ id: 20738, name: 'Song Kang-ho', gender: 2, character: 'Kim Ki-taek' }],
      crew: [{ id: 21684, name: 'Bong Joon-ho', job: 'Director', department: 'Directing' }],
    },
    watch: { IN: [NETFLIX], US: [HULU] },
  },
  {
    id: 105,
    imdb_id: 'tt0088763',
    title: 'Back to the Future',
    release_date: '1985-07-03',
    runtime: 116,
    genres: [MG.adventure, MG.comedy, MG.scienceFiction],
    overview:
      'A teenager sent thirty years into the past in a friend’s time machine has to make sure his parents still meet.',
    popularity: 39.6,
    vote_average: 8.3,
    vote_count: 19870,
    ratings: [
      ['US', 'PG'],
      ['GB', 'PG'],
    ],
    credits: {
      cast: [
        { id: 521, name: 'Michael J. Fox', gender: 2, character: 'Marty McFly' },
        { id: 1062, name: 'Christopher Lloyd', gender: 2, character: 'Dr. Emmett Brown' },
        { id: 1063, name: 'Lea Thompson', gender: 1, character: 'Lorraine Baines' },
      ],
      crew: [{ id: 24, name: 'Robert Zemeckis', job: 'Director', department: 'Directing' }],
    },
    watch: { US: [PRIME] },
  },
  {
    id: 348,
    imdb_id: 'tt0078748',
    title: 'Alien',
    release_date: '1979-05-25',
    runtime: 117,
    genres: [MG.horror, MG.scienceFiction],
    overview:
      'The crew of a commercial towing ship answers a signal from a dead planet and brings something back aboard.',
    popularity: 37.1,
    vote_average: 8.2,
    vote_count: 14730,
    ratings: [
      ['US', 'R'],
      ['GB', '15'],
    ],
    credits: {
      cast: [
        { id: 10205, name: 'Sigourney Weaver', gender: 1, character: 'Ellen Ripley' },
        { id: 4139, name: 'Tom Skerritt', gender: 2, character: 'Dallas' },
        { id: 5049, name: 'John Hurt', gender: 2, character: 'Kane' },
      ],
      crew: [{ id: 578, name: 'Ridley Scott', job: 'Director', department: 'Directing' }],
    },
    watch: { US: [PRIME, HULU] },
  },
  {
    id: 289,
    imdb_id: 'tt0034583',
    title: 'Casablanca',
    release_date: '1942-11-26',
    runtime: 102,
    genres: [MG.drama, MG.romance],
    overview:
      'A cynical club owner in wartime Morocco holds the papers that could get his former lover and her husband out.',
    popularity: 21.4,
    vote_average: 8.2,
    vote_count: 5380,
    ratings: [
      ['US', 'PG'],
      ['GB', 'U'],
    ],
    credits: {
      cast: [
        { id: 4110, name: 'Humphrey Bogart', gender: 2, character: 'Rick Blaine' },
        { id: 4111, name: 'Ingrid Bergman', gender: 1, character: 'Ilsa Lund' },
      ],
      crew: [{ id: 2428, name: 'Michael Curtiz', job: 'Director', department: 'Directing' }],
    },
    watch: { US: [MAX] },
  },
  {
    id: 329865,
    imdb_id: 'tt2543164',
    title: 'Arrival',
    release_date: '2016-11-10',
    runtime: 116,
    genres: [MG.drama, MG.scienceFiction, MG.mystery],
    overview:
      'When twelve ships settle around the world, a linguist is brought in to learn how their passengers write.',
    popularity: 42.7,
    vote_average: 7.6,
    vote_count: 18120,
    ratings: [
      ['US', 'PG-13'],
      ['GB', '12A'],
    ],
    credits: {
      cast: [
        { id: 9273, name: 'Amy Adams', gender: 1, character: 'Louise Banks' },
        { id: 17604, name: 'Jeremy Renner', gender: 2, character: 'Ian Donnelly' },
      ],
      crew: [{ id: 137427, name: 'Denis Villeneuve', job: 'Director', department: 'Directing' }],
    },
    watch: { US: [PRIME, PARAMOUNT] },
  },
  {
    id: 194,
    imdb_id: 'tt0211915',
    title: 'Amélie',
    original_title: "Le Fabuleux Destin d'Amélie Poulain",
    original_language: 'fr',
    origin_country: ['FR'],
    release_date: '2001-04-25',
    runtime: 122,
    genres: [MG.comedy, MG.romance],
    overview:
      'A shy waitress in Montmartre decides to quietly improve the lives of the people around her.',
    popularity: 27.3,
    vote_average: 7.9,
    vote_count: 11260,
    ratings: [
      ['FR', 'U'],
      ['US', 'R'],
    ],
    credits: {
      cast: [{ id: 3190, name: 'Audrey Tautou', gender: 1, character: 'Amélie Poulain' }],
      crew: [{ id: 2419, name: 'Jean-Pierre Jeunet', job: 'Director', department: 'Directing' }],
    },
    watch: { US: [HULU] },
  },
  {
    id: 76341,
    imdb_id: 'tt1392190',
    title: 'Mad Max: Fury Road',
    release_date: '2015-05-13',
    runtime: 121,
    genres: [MG.action, MG.adventure, MG.scienceFiction],
    overview:
      'In a desert wasteland, a drifter and a rebel driver flee a warlord with the five women he held captive.',
    popularity: 96.5,
    vote_average: 7.6,
    vote_count: 22940,
    ratings: [
      ['US', 'R'],
      ['GB', '15'],
    ],
    credits: {
      cast: [
        { id: 2524, name: 'Tom Hardy', gender: 2, character: 'Max Rockatansky' },
        { id: 6885, name: 'Charlize Theron', gender: 1, character: 'Imperator Furiosa' },
      ],
      crew: [{ id: 20629, name: 'George Miller', job: 'Director', department: 'Directing' }],
    },
    watch: { US: [MAX, PRIME] },
  },
];

/**
 * The hand-written shows, each with seasons of a few episodes (in the order TMDB numbers
 * them). The variants start from the first five, which have more than one season.
 */
const SHOWS: ShowRecord[] = [
  {
    id: 615,
    imdb_id: 'tt0149460',
    name: 'Futurama',
    first_air_date: '1999-03-28',
    status: 'Returning Series',
    type: 'Scripted',
    genres: [TG.animation, TG.comedy, TG.sciFiFantasy],
    overview:
      'A pizza delivery boy frozen on New Year’s Eve 1999 wakes up a thousand years later and joins a delivery crew.',
    popularity: 88.2,
    vote_average: 8.4,
    vote_count: 5120,
    ratings: [['US', 'TV-PG']],
    created_by: [{ id: 5741, name: 'Matt Groening', gender: 2 }],
    episode_run_time: [22],
    networks: [FOX],
    credits: {
      cast: [
        { id: 23679, name: 'Billy West', gender: 2, character: 'Philip J. Fry (voice)' },
        { id: 2639, name: 'Katey Sagal', gender: 1, character: 'Turanga Leela (voice)' },
        { id: 31531, name: 'John DiMaggio', gender: 2, character: 'Bender (voice)' },
      ],
      crew: [],
    },
    watch: { US: [HULU] },
    seasons: [
      {
        season_number: 0,
        episodes: [
          { name: "Bender's Big Score", air_date: '2007-11-27' },
          { name: 'The Beast with a Billion Backs', air_date: '2008-06-24' },
        ],
      },
      {
        season_number: 1,
        episodes: [
          { name: 'Space Pilot 3000', air_date: '1999-03-28' },
          { name: 'The Series Has Landed', air_date: '1999-04-04' },
          { name: 'I, Roommate', air_date: '1999-04-06' },
          { name: "Love's Labours Lost in Space", air_date: '1999-04-13' },
          { name: 'Fear of a Bot Planet', air_date: '1999-04-20' },
          { name: 'A Fishful of Dollars', air_date: '1999-04-27' },
          { name: 'My Three Suns', air_date: '1999-05-04' },
          { name: 'A Big Piece of Garbage', air_date: '1999-05-11' },
          { name: 'Hell Is Other Robots', air_date: '1999-05-18' },
        ],
      },
      {
        season_number: 2,
        episodes: [
          { name: 'A Flight to Remember', air_date: '1999-09-26' },
          { name: 'Mars University', air_date: '1999-10-03' },
          { name: 'When Aliens Attack', air_date: '1999-11-07' },
          { name: 'Fry and the Slurm Factory', air_date: '1999-11-14' },
        ],
      },
      {
        season_number: 3,
        episodes: [
          { name: 'Amazon Women in the Mood', air_date: '2001-02-04' },
          { name: 'Parasites Lost', air_date: '2001-01-21' },
          { name: 'A Tale of Two Santas', air_date: '2001-12-23' },
          { name: 'The Luck of the Fryrish', air_date: '2001-03-11' },
        ],
      },
    ],
  },
  {
    id: 1396,
    imdb_id: 'tt0903747',
    name: 'Breaking Bad',
    first_air_date: '2008-01-20',
    status: 'Ended',
    type: 'Scripted',
    genres: [TG.drama, TG.crime],
    overview:
      'A chemistry teacher with a grim diagnosis starts cooking methamphetamine with a former student.',
    popularity: 79.4,
    vote_average: 8.9,
    vote_count: 14860,
    ratings: [
      ['DE', '16'],
      ['US', 'TV-MA'],
    ],
    created_by: [{ id: 66633, name: 'Vince Gilligan', gender: 2 }],
    episode_run_time: [45],
    networks: [AMC],
    credits: {
      cast: [
        { id: 17419, name: 'Bryan Cranston', gender: 2, character: 'Walter White' },
        { id: 84497, name: 'Aaron Paul', gender: 2, character: 'Jesse Pinkman' },
        { id: 134531, name: 'Anna Gunn', gender: 1, character: 'Skyler White' },
      ],
      crew: [],
    },
    watch: { US: [NETFLIX], IN: [NETFLIX] },
    seasons: [
      {
        season_number: 1,
        episodes: [
          { name: 'Pilot', air_date: '2008-01-20' },
          { name: "Cat's in the Bag...", air_date: '2008-01-27' },
          { name: "...And the Bag's in the River", air_date: '2008-02-10' },
          { name: 'Cancer Man', air_date: '2008-02-17' },
          { name: 'Gray Matter', air_date: '2008-02-24' },
          { name: "Crazy Handful of Nothin'", air_date: '2008-03-02' },
          { name: 'A No-Rough-Stuff-Type Deal', air_date: '2008-03-09' },
        ],
      },
      {
        season_number: 2,
        episodes: [
          { name: 'Seven Thirty-Seven', air_date: '2009-03-08' },
          { name: 'Grilled', air_date: '2009-03-15' },
          { name: 'Bit by a Dead Bee', air_date: '2009-03-22' },
        ],
      },
    ],
  },
  {
    id: 456,
    imdb_id: 'tt0096697',
    name: 'The Simpsons',
    first_air_date: '1989-12-17',
    status: 'Returning Series',
    type: 'Scripted',
    genres: [TG.family, TG.animation, TG.comedy],
    overview:
      'A working-class family in the town of Springfield gets through its days, its holidays and its neighbours.',
    popularity: 92.6,
    vote_average: 8.0,
    vote_count: 10340,
    ratings: [['US', 'TV-PG']],
    created_by: [{ id: 5741, name: 'Matt Groening', gender: 2 }],
    episode_run_time: [22],
    networks: [FOX],
    credits: {
      cast: [
        { id: 198, name: 'Dan Castellaneta', gender: 2, character: 'Homer Simpson (voice)' },
        { id: 199, name: 'Julie Kavner', gender: 1, character: 'Marge Simpson (voice)' },
        { id: 200, name: 'Nancy Cartwright', gender: 1, character: 'Bart Simpson (voice)' },
      ],
      crew: [],
    },
    watch: { US: [DISNEY] },
    seasons: [
      {
        season_number: 1,
        episodes: [
          { name: 'Simpsons Roasting on an Open Fire', air_date: '1989-12-17' },
          { name: 'Bart the Genius', air_date: '1990-01-14' },
          { name: "Homer's Odyssey", air_date: '1990-01-21' },
        ],
      },
      {
        season_number: 2,
        episodes: [
          { name: 'Bart Gets an "F"', air_date: '1990-10-11' },
          { name: 'Simpson and Delilah', air_date: '1990-10-18' },
        ],
      },
    ],
  },
  {
    id: 66732,
    imdb_id: 'tt4574334',
    name: 'Stranger Things',
    first_air_date: '2016-07-15',
    status: 'Ended',
    type: 'Scripted',
    genres: [TG.drama, TG.sciFiFantasy, TG.mystery],
    overview:
      'When a boy vanishes in a small Indiana town, his friends, his mother and the police chief find a girl with strange powers.',
    popularity: 85.7,
    vote_average: 8.6,
    vote_count: 17650,
    ratings: [['US', 'TV-14']],
    created_by: [
      { id: 1179419, name: 'Matt Duffer', gender: 2 },
      { id: 1179422, name: 'Ross Duffer', gender: 2 },
    ],
    episode_run_time: [50],
    networks: [NETFLIX_NETWORK],
    credits: {
      cast: [
        { id: 1920, name: 'Winona Ryder', gender: 1, character: 'Joyce Byers' },
        { id: 35029, name: 'David Harbour', gender: 2, character: 'Jim Hopper' },
        { id: 1356210, name: 'Millie Bobby Brown', gender: 1, character: 'Eleven' },
      ],
      crew: [],
    },
    watch: { US: [NETFLIX], IN: [NETFLIX] },
    seasons: [
      {
        season_number: 1,
        episodes: [
          { name: 'Chapter One: The Vanishing of Will Byers', air_date: '2016-07-15' },
          { name: 'Chapter Two: The Weirdo on Maple Street', air_date: '2016-07-15' },
          { name: 'Chapter Three: Holly, Jolly', air_date: '2016-07-15' },
        ],
      },
      {
        season_number: 2,
        episodes: [
          { name: 'Chapter One: MADMAX', air_date: '2017-10-27' },
          { name: 'Chapter Two: Trick or Treat, Freak', air_date: '2017-10-27' },
        ],
      },
    ],
  },
  {
    id: 1399,
    imdb_id: 'tt0944947',
    name: 'Game of Thrones',
    first_air_date: '2011-04-17',
    status: 'Ended',
    type: 'Scripted',
    genres: [TG.sciFiFantasy, TG.drama, TG.actionAdventure],
    overview:
      'Noble houses of a continent with long, uneven seasons fight over one throne while an old threat wakes in the north.',
    popularity: 99.1,
    vote_average: 8.5,
    vote_count: 24180,
    ratings: [['US', 'TV-MA']],
    created_by: [
      { id: 9813, name: 'David Benioff', gender: 2 },
      { id: 228068, name: 'D. B. Weiss', gender: 2 },
    ],
    episode_run_time: [60],
    networks: [HBO],
    credits: {
      cast: [
        { id: 1223786, name: 'Emilia Clarke', gender: 1, character: 'Daenerys Targaryen' },
        { id: 239019, name: 'Kit Harington', gender: 2, character: 'Jon Snow' },
        { id: 22970, name: 'Peter Dinklage', gender: 2, character: 'Tyrion Lannister' },
      ],
      crew: [],
    },
    watch: { US: [MAX] },
    seasons: [
      {
        season_number: 1,
        episodes: [
          { name: 'Winter Is Coming', air_date: '2011-04-17' },
          { name: 'The Kingsroad', air_date: '2011-04-24' },
          { name: 'Lord Snow', air_date: '2011-05-01' },
        ],
      },
      {
        season_number: 2,
        episodes: [
          { name: 'The North Remembers', air_date: '2012-04-01' },
          { name: 'The Night Lands', air_date: '2012-04-08' },
        ],
      },
    ],
  },
  {
    id: 1668,
    imdb_id: 'tt0108778',
    name: 'Friends',
    first_air_date: '1994-09-22',
    status: 'Ended',
    type: 'Scripted',
    genres: [TG.comedy, TG.drama],
    overview:
      'Six friends in their twenties share apartments, jobs, a coffee house couch and each other’s love lives in Manhattan.',
    popularity: 77.8,
    vote_average: 8.4,
    vote_count: 8140,
    ratings: [['US', 'TV-14']],
    created_by: [
      { id: 1216630, name: 'David Crane', gender: 2 },
      { id: 1216631, name: 'Marta Kauffman', gender: 1 },
    ],
    episode_run_time: [22],
    networks: [NBC],
    credits: {
      cast: [
        { id: 4491, name: 'Jennifer Aniston', gender: 1, character: 'Rachel Green' },
        { id: 14405, name: 'Courteney Cox', gender: 1, character: 'Monica Geller' },
        { id: 14406, name: 'Matthew Perry', gender: 2, character: 'Chandler Bing' },
      ],
      crew: [],
    },
    watch: { US: [MAX] },
    seasons: [
      {
        season_number: 1,
        episodes: [
          { name: 'The One Where Monica Gets a Roommate', air_date: '1994-09-22' },
          { name: 'The One with the Sonogram at the End', air_date: '1994-09-29' },
          { name: 'The One with the Thumb', air_date: '1994-10-06' },
        ],
      },
      {
        season_number: 2,
        episodes: [
          { name: "The One with Ross's New Girlfriend", air_date: '1995-09-21' },
          { name: 'The One with the Breast Milk', air_date: '1995-09-28' },
        ],
      },
    ],
  },
  {
    id: 2316,
    imdb_id: 'tt0386676',
    name: 'The Office',
    first_air_date: '2005-03-24',
    status: 'Ended',
    type: 'Scripted',
    genres: [TG.comedy],
    overview:
      'A camera crew follows the staff of a paper company’s regional branch and its boss, who wants to be liked.',
    popularity: 68.3,
    vote_average: 8.6,
    vote_count: 4370,
    ratings: [['US', 'TV-14']],
    created_by: [{ id: 35796, name: 'Greg Daniels', gender: 2 }],
    episode_run_time: [22],
    networks: [NBC],
    credits: {
      cast: [
        { id: 4495, name: 'Steve Carell', gender: 2, character: 'Michael Scott' },
        { id: 11678, name: 'Rainn Wilson', gender: 2, character: 'Dwight Schrute' },
        { id: 17697, name: 'John Krasinski', gender: 2, character: 'Jim Halpert' },
      ],
      crew: [],
    },
    watch: { US: [PRIME] },
    seasons: [
      {
        season_number: 1,
        episodes: [
          { name: 'Pilot', air_date: '2005-03-24' },
          { name: 'Diversity Day', air_date: '2005-03-29' },
          { name: 'Health Care', air_date: '2005-04-05' },
        ],
      },
      {
        season_number: 2,
        episodes: [
          { name: 'The Dundies', air_date: '2005-09-20' },
          { name: 'Sexual Harassment', air_date: '2005-09-27' },
        ],
      },
    ],
  },
  {
    id: 87108,
    imdb_id: 'tt7366338',
    name: 'Chernobyl',
    first_air_date: '2019-05-06',
    status: 'Ended',
    type: 'Miniseries',
    origin_country: ['GB', 'US'],
    genres: [TG.drama],
    overview:
      'After a reactor explodes in April 1986, a chemist and a minister try to contain the disaster and find its cause.',
    popularity: 33.4,
    vote_average: 8.7,
    vote_count: 6210,
    ratings: [['US', 'TV-MA']],
    created_by: [{ id: 35795, name: 'Craig Mazin', gender: 2 }],
    episode_run_time: [65],
    networks: [HBO],
    credits: {
      cast: [
        { id: 15440, name: 'Jared Harris', gender: 2, character: 'Valery Legasov' },
        { id: 1640, name: 'Stellan Skarsgård', gender: 2, character: 'Boris Shcherbina' },
        { id: 1641, name: 'Emily Watson', gender: 1, character: 'Ulana Khomyuk' },
      ],
      crew: [],
    },
    watch: { US: [MAX] },
    seasons: [
      {
        season_number: 1,
        episodes: [
          { name: '1:23:45', air_date: '2019-05-06' },
          { name: 'Please Remain Calm', air_date: '2019-05-13' },
          { name: 'Open Wide, O Earth', air_date: '2019-05-20' },
          { name: 'The Happiness of All Mankind', air_date: '2019-05-27' },
          { name: 'Vichnaya Pamyat', air_date: '2019-06-03' },
        ],
      },
    ],
  },
  {
    id: 19885,
    imdb_id: 'tt1475582',
    name: 'Sherlock',
    first_air_date: '2010-07-25',
    status: 'Ended',
    type: 'Scripted',
    origin_country: ['GB'],
    genres: [TG.crime, TG.drama, TG.mystery],
    overview:
      'A consulting detective who finds people dull and an army doctor back from Afghanistan share a flat and cases in London.',
    popularity: 47.5,
    vote_average: 8.5,
    vote_count: 5460,
    ratings: [
      ['GB', '12'],
      ['US', 'TV-14'],
    ],
    created_by: [
      { id: 122416, name: 'Mark Gatiss', gender: 2 },
      { id: 95047, name: 'Steven Moffat', gender: 2 },
    ],
    episode_run_time: [90],
    networks: [BBC_ONE],
    credits: {
      cast: [
        { id: 71580, name: 'Benedict Cumberbatch', gender: 2, character: 'Sherlock Holmes' },
        { id: 7060, name: 'Martin Freeman', gender: 2, character: 'Dr. John Watson' },
      ],
      crew: [],
    },
    watch: { US: [PRIME] },
    seasons: [
      {
        season_number: 1,
        episodes: [
          { name: 'A Study in Pink', air_date: '2010-07-25' },
          { name: 'The Blind Banker', air_date: '2010-08-01' },
          { name: 'The Great Game', air_date: '2010-08-08' },
        ],
      },
    ],
  },
];

/** Invented names for the generated movies (ids from 900001), less popular than the rest. */
const GENERATED_MOVIES = [
  'The Copper Lantern',
  'Northern Quarry',
  'A Paper Orchard',
  'Salt and Signal',
  'The Glasshouse Winter',
  'Harbour of Small Hours',
  'The Last Ferry Home',
  'Meridian Line',
  'Weathervane',
  'The Quiet Causeway',
];

/** Invented names for the generated shows (ids from 950001), less popular than the rest. */
const GENERATED_SHOWS = [
  'Lantern Street',
  'The Orchard Keepers',
  'Signal Box',
  'Low Tide Club',
  'The Night Archive',
  'Copperfield Road',
  'Marsh Lights',
  'Tin Roof Diner',
  "The Ferryman's Log",
  'Kettle Hill',
  'Second Shift',
  'The Mapmakers',
  'Dry Creek County',
  'Paper Moons',
];

const pad = (n: number) => String(n).padStart(2, '0');
/** A 24-digit hex id like TMDB's credit, video and season `_id`s, made from numbers. */
const hexId = (...parts: number[]) =>
  parts
    .map((p) => p.toString(16).padStart(8, '0'))
    .join('')
    .padStart(24, '0')
    .slice(-24);
/** An invented image path, in TMDB's form (`/name.jpg`). */
const imagePath = (...parts: (string | number)[]) => `/${parts.join('-')}.jpg`;
const imageOr = (given: string | null | undefined, ...parts: (string | number)[]) =>
  given === undefined ? imagePath(...parts) : given;

function language(code: string): Json {
  return { iso_639_1: code, ...(LANGUAGES[code] ?? { english_name: code, name: '' }) };
}

function credits(r: Common, withCastId: boolean): Json {
  const profile = (p: Person) => imagePath('person', p.id);
  return {
    cast: r.credits.cast.map((c, i) => ({
      adult: false,
      gender: c.gender ?? 0,
      id: c.id,
      known_for_department: 'Acting',
      name: c.name,
      original_name: c.name,
      popularity: 10,
      profile_path: profile(c),
      // TMDB gives cast_id on movie credits only.
      ...(withCastId ? { cast_id: i + 1 } : {}),
      character: c.character,
      credit_id: hexId(r.id, c.id, i),
      order: i,
    })),
    crew: r.credits.crew.map((c, i) => ({
      adult: false,
      gender: c.gender ?? 0,
      id: c.id,
      known_for_department: c.department,
      name: c.name,
      original_name: c.name,
      popularity: 5,
      profile_path: profile(c),
      credit_id: hexId(r.id, c.id, 1000 + i),
      department: c.department,
      job: c.job,
    })),
  };
}

function videos(r: Common, type: 'movie' | 'tv'): Json {
  const list = r.videos ?? [{ name: 'Official Trailer', type: 'Trailer' }];
  return {
    results: list.map((v, i) => ({
      iso_639_1: 'en',
      iso_3166_1: 'US',
      name: v.name,
      key: `${type[0] ?? ''}${String(r.id)}v${String(i)}`,
      site: 'YouTube',
      size: 1080,
      type: v.type,
      official: true,
      published_at: '2019-06-01T16:00:00.000Z',
      id: hexId(r.id, 2000 + i),
    })),
  };
}

/**
 * A movie's `release_dates`: per country, as TMDB records them, a premiere without a
 * certification (type 1), the theatrical release (type 3) and the digital one (type 4), both
 * rated; a country after the first has its theatrical release only.
 */
function releaseDates(r: MovieRecord): Json {
  const at = (days: number) =>
    new Date(Date.parse(r.release_date) + days * 86_400_000).toISOString();
  const release = (certification: string, type: number, days: number, note = '') => ({
    certification,
    descriptors: [],
    iso_639_1: '',
    note,
    release_date: at(days),
    type,
  });
  return {
    results: (r.ratings ?? []).map(([country, rating], i) => ({
      iso_3166_1: country,
      release_dates:
        i === 0
          ? [
              release('', 1, -14, 'Premiere'),
              release(rating, 3, 0),
              release(rating, 4, 120, 'Digital'),
            ]
          : [release(rating, 3, 30)],
    })),
  };
}

/** A show's `content_ratings`: one rating per country, as TMDB lists them. */
function contentRatings(r: ShowRecord): Json {
  return {
    results: (r.ratings ?? []).map(([country, rating]) => ({
      descriptors: [],
      iso_3166_1: country,
      rating,
    })),
  };
}

function watchProviders(r: Common, type: 'movie' | 'tv'): WatchProviders {
  const results: WatchProviders['results'] = {};
  for (const [region, ids] of Object.entries(r.watch)) {
    results[region] = {
      link: `https://www.themoviedb.org/${type}/${String(r.id)}/watch?locale=${region}`,
      flatrate: (ids ?? []).map((id, i) => ({
        logo_path: imagePath('provider', id),
        provider_id: id,
        provider_name: PROVIDERS[id] ?? String(id),
        display_priority: i,
      })),
    };
  }
  return { id: r.id, results };
}

/** A movie record as TMDB answers it. */
function movie(r: MovieRecord): Title {
  const lang = r.original_language ?? 'en';
  const shared = {
    adult: false,
    backdrop_path: imageOr(r.backdrop_path, 'movie', r.id, 'backdrop'),
    id: r.id,
    original_language: lang,
    original_title: r.original_title ?? r.title,
    overview: r.overview,
    popularity: r.popularity,
    poster_path: imageOr(r.poster_path, 'movie', r.id, 'poster'),
    release_date: r.release_date,
    title: r.title,
    video: false,
    vote_average: r.vote_average,
    vote_count: r.vote_count,
  };
  const details: Json = {
    ...shared,
    belongs_to_collection: null,
    budget: 0,
    genres: r.genres.map((g) => ({ ...g })),
    homepage: '',
    imdb_id: r.imdb_id,
    origin_country: r.origin_country ?? ['US'],
    production_companies: [],
    production_countries: [],
    revenue: 0,
    runtime: r.runtime,
    spoken_languages: [language(lang)],
    status: 'Released',
    tagline: '',
    credits: credits(r, true),
    videos: videos(r, 'movie'),
    release_dates: releaseDates(r),
    external_ids: {
      imdb_id: r.imdb_id,
      wikidata_id: null,
      facebook_id: null,
      instagram_id: null,
      twitter_id: null,
    },
  };
  return {
    type: 'movie',
    list: { ...shared, genre_ids: r.genres.map((g) => g.id) },
    details,
    seasons: [],
    providers: watchProviders(r, 'movie'),
  };
}

/** A show record as TMDB answers it: details, and one season answer per season. */
function show(r: ShowRecord): Title {
  const lang = r.original_language ?? 'en';
  const runtime = r.episode_run_time[0] ?? null;
  const seasons = r.seasons.map((s) => {
    const seasonId = r.id * 100 + s.season_number;
    const episodes = s.episodes.map((e, i) => ({
      air_date: e.air_date,
      episode_number: i + 1,
      episode_type: s.season_number > 0 && i === s.episodes.length - 1 ? 'finale' : 'standard',
      id: seasonId * 100 + i + 1,
      name: e.name,
      overview: '',
      production_code: '',
      runtime,
      season_number: s.season_number,
      show_id: r.id,
      still_path: imagePath('tv', r.id, `s${pad(s.season_number)}e${pad(i + 1)}`),
      vote_average: 0,
      vote_count: 0,
      crew: [],
      guest_stars: [],
    }));
    return {
      _id: hexId(r.id, seasonId),
      air_date: s.episodes[0]?.air_date ?? null,
      episodes,
      name: s.season_number === 0 ? 'Specials' : `Season ${String(s.season_number)}`,
      overview: '',
      id: seasonId,
      poster_path: imagePath('tv', r.id, 'season', s.season_number),
      season_number: s.season_number,
      vote_average: 0,
    };
  });
  const regular = seasons.filter((s) => s.season_number > 0);
  const aired = regular
    .flatMap((s) => s.episodes)
    .sort((a, b) => a.air_date.localeCompare(b.air_date));
  const last = aired.at(-1);
  let lastEpisode: Json | null = null;
  if (last) {
    const { crew: _crew, guest_stars: _guests, ...episode } = last;
    lastEpisode = episode;
  }
  const shared = {
    adult: false,
    backdrop_path: imageOr(r.backdrop_path, 'tv', r.id, 'backdrop'),
    id: r.id,
    origin_country: r.origin_country ?? ['US'],
    original_language: lang,
    original_name: r.original_name ?? r.name,
    overview: r.overview,
    popularity: r.popularity,
    poster_path: imageOr(r.poster_path, 'tv', r.id, 'poster'),
    first_air_date: r.first_air_date,
    name: r.name,
    vote_average: r.vote_average,
    vote_count: r.vote_count,
  };
  const details: Json = {
    ...shared,
    created_by: r.created_by.map((p, i) => ({
      id: p.id,
      credit_id: hexId(r.id, p.id, 3000 + i),
      name: p.name,
      original_name: p.name,
      gender: p.gender ?? 0,
      profile_path: null,
    })),
    episode_run_time: r.episode_run_time,
    genres: r.genres.map((g) => ({ ...g })),
    homepage: '',
    in_production: r.status === 'Returning Series',
    languages: [lang],
    last_air_date: last?.air_date ?? null,
    last_episode_to_air: lastEpisode,
    next_episode_to_air: null,
    networks: r.networks.map((n) => ({ ...n, logo_path: imagePath('network', n.id) })),
    number_of_episodes: aired.length,
    number_of_seasons: regular.length,
    production_companies: [],
    production_countries: [],
    seasons: seasons.map((s) => ({
      air_date: s.air_date,
      episode_count: s.episodes.length,
      id: s.id,
      name: s.name,
      overview: s.overview,
      poster_path: s.poster_path,
      season_number: s.season_number,
      vote_average: s.vote_average,
    })),
    spoken_languages: [language(lang)],
    status: r.status,
    tagline: '',
    type: r.type,
    credits: credits(r, false),
    videos: videos(r, 'tv'),
    content_ratings: contentRatings(r),
    external_ids: {
      imdb_id: r.imdb_id,
      freebase_mid: null,
      freebase_id: null,
      tvdb_id: null,
      tvrage_id: null,
      wikidata_id: null,
      facebook_id: null,
      instagram_id: null,
      twitter_id: null,
    },
  };
  return {
    type: 'tv',
    list: { ...shared, genre_ids: r.genres.map((g) => g.id) },
    details,
    seasons,
    providers: watchProviders(r, 'tv'),
  };
}

/**
 * The generated movies' US ratings, by position modulo 5: the third has none, the fifth is 'NR'
 * (which TMDB's discover orders below 'G').
 */
const GENERATED_MOVIE_RATINGS = ['PG', 'R', undefined, 'G', 'NR'];
/** The generated shows' US ratings, by position modulo 4: the third is unrated. */
const GENERATED_SHOW_RATINGS = ['TV-PG', 'TV-MA', undefined, 'TV-Y7'];

/** `[['US', rating]]`, or nothing for no rating. */
const usRating = (rating: string | undefined) =>
  rating === undefined ? {} : { ratings: [['US', rating]] as [string, string][] };

/**
 * A generated movie: a plain record with no cast, one genre, a date and numbers made from its
 * position, and a US rating from {@link GENERATED_MOVIE_RATINGS}; every third has no poster (the
 * app draws one).
 */
function generatedMovie(title: string, i: number): Title {
  const genres = [MG.drama, MG.comedy, MG.thriller, MG.romance];
  return movie({
    id: 900_001 + i,
    imdb_id: null,
    title,
    release_date: `${String(2012 + (i % 9))}-${pad(1 + ((i * 5) % 12))}-${pad(1 + ((i * 7) % 28))}`,
    runtime: 84 + ((i * 7) % 40),
    genres: [genres[i % genres.length] ?? MG.drama],
    overview: `${title} is one of the stand-in's generated movies.`,
    popularity: 9.5 - i * 0.4,
    vote_average: 5 + (i % 5) * 0.4,
    vote_count: 12 + i * 13,
    ...(i % 3 === 0 ? { poster_path: null } : {}),
    credits: { cast: [], crew: [] },
    videos: [],
    watch: i % 2 === 0 ? { US: [PRIME] } : {},
    ...usRating(GENERATED_MOVIE_RATINGS[i % GENERATED_MOVIE_RATINGS.length]),
  });
}

/**
 * A generated show: one season of three weekly episodes TMDB knows only by number, and a US
 * rating from {@link GENERATED_SHOW_RATINGS}.
 */
function generatedShow(name: string, i: number): Title {
  const genres = [TG.drama, TG.comedy, TG.crime, TG.mystery];
  const start = Date.UTC(2014 + (i % 8), (i * 5) % 12, 1 + ((i * 3) % 27));
  const day = (n: number) => new Date(start + n * 7 * 86_400_000).toISOString().slice(0, 10);
  return show({
    id: 950_001 + i,
    imdb_id: null,
    name,
    first_air_date: day(0),
    status: 'Ended',
    type: 'Scripted',
    genres: [genres[i % genres.length] ?? TG.drama],
    overview: `${name} is one of the stand-in's generated shows.`,
    popularity: 9.8 - i * 0.4,
    vote_average: 5.5 + (i % 4) * 0.5,
    vote_count: 8 + i * 7,
    ...(i % 3 === 0 ? { poster_path: null, backdrop_path: null } : {}),
    created_by: [],
    episode_run_time: [30 + (i % 3) * 15],
    networks: [],
    credits: { cast: [], crew: [] },
    videos: [],
    watch: i % 2 === 0 ? { US: [PRIME] } : {},
    ...usRating(GENERATED_SHOW_RATINGS[i % GENERATED_SHOW_RATINGS.length]),
    seasons: [
      {
        season_number: 1,
        episodes: [0, 1, 2].map((n) => ({ name: `Episode ${String(n + 1)}`, air_date: day(n) })),
      },
    ],
  });
}

/**
 * Fresh copies of every title (tests may change them): the hand-written movies and shows, then
 * the generated ones.
 */
export function standinTitles(): Title[] {
  return [
    ...MOVIES.map(movie),
    ...SHOWS.map(show),
    ...GENERATED_MOVIES.map(generatedMovie),
    ...GENERATED_SHOWS.map(generatedShow),
  ];
}
