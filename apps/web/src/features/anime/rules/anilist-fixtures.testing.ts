/**
 * Test input for the anime rules' unit tests: a small, hand-written set of AniList `Media` records
 * in the shape of AniList's relations dump (one `Media` object per record, its relation edges'
 * nodes carrying only `id`, `title.romaji` and `type`), turned into the Anime-info data the lookup
 * answers (DATA-12 in docs/requirements.md). Every franchise, title, id, date and URL here is made
 * up. The set holds the cases the rules meet in real data:
 *
 * - Tidewater Lanterns (7001-7006, manga 7101): a TV series with a summary film, a sequel film,
 *   a side story special without a start day, a spin-off, a series sharing a character and the
 *   source manga; a romaji title with long vowels (`Tōrō`); edges to entries outside the set
 *   (a second manga, an announced sequel).
 * - Lanterns of the Deep Sea (7501): an unrelated series that started the same month as
 *   Tidewater Lanterns and shares one of its English title's words.
 * - Kumo no Ue no Toshokan (7201-7204): a series with a romaji title only, its remake (an
 *   ALTERNATIVE edge each way: a cycle), a TV_SHORT sequel and a MUSIC video.
 * - Pocket Tanuki (7301-7305): three seasons and a film chained by SEQUEL/PREQUEL edges both
 *   ways plus an OTHER edge back to the first season (cycles), an OVA of the same month as the
 *   second season without a start day, and an edge whose node AniList did not answer (null).
 * - Two entries with missing fields: one with no format, start date, cover, episodes or
 *   relations at all (7401); one with a start year only and an accented English title (7402).
 */
import type { AnimeMedia, RelatedAnime } from '@pigostream/contracts';

/** An edge node as the dump gives it. */
interface DumpNode {
  id: number;
  title: { romaji?: string | null };
  type?: string | null;
}

interface DumpDate {
  year: number | null;
  month: number | null;
  day: number | null;
}

/** One record of the dump: an AniList `Media` object with its relation edges. */
export interface DumpRecord {
  id: number;
  idMal: number | null;
  title: { romaji: string | null; english: string | null; native: string | null };
  type: string | null;
  format: string | null;
  status: string | null;
  description: string | null;
  startDate: DumpDate | null;
  endDate: DumpDate | null;
  season: string | null;
  seasonYear: number | null;
  episodes: number | null;
  duration: number | null;
  chapters: number | null;
  volumes: number | null;
  countryOfOrigin: string | null;
  source: string | null;
  coverImage: { extraLarge: string | null; large: string | null; medium: string | null } | null;
  bannerImage: string | null;
  genres: string[];
  averageScore: number | null;
  popularity: number | null;
  relations: { edges: { relationType: string | null; node: DumpNode | null }[] } | null;
}

const date = (year: number | null, month: number | null, day: number | null): DumpDate => ({
  year,
  month,
  day,
});

/** Cover image URLs of a made-up image host. */
function cover(id: number): NonNullable<DumpRecord['coverImage']> {
  const at = (size: string) => `https://img.example.test/anime/${size}/${String(id)}.jpg`;
  return { extraLarge: at('xl'), large: at('l'), medium: at('m') };
}

function edge(relationType: string | null, id: number, romaji: string, type = 'ANIME') {
  return { relationType, node: { id, title: { romaji }, type } };
}

/** The hand-written records, in this order (the lookup's answer order in the specs). */
export const ANILIST_RECORDS: readonly DumpRecord[] = [
  {
    id: 7001,
    idMal: 17001,
    title: { romaji: 'Shiosai no Tōrō', english: 'Tidewater Lanterns', native: '潮騒の灯籠' },
    type: 'ANIME',
    format: 'TV',
    status: 'FINISHED',
    description: 'Every autumn, lanterns drift back to a fishing town.<br>\nNobody lit them.',
    startDate: date(2004, 4, 6),
    endDate: date(2004, 9, 28),
    season: 'SPRING',
    seasonYear: 2004,
    episodes: 26,
    duration: 24,
    chapters: null,
    volumes: null,
    countryOfOrigin: 'JP',
    source: 'MANGA',
    coverImage: cover(7001),
    bannerImage: 'https://img.example.test/anime/banner/7001.jpg',
    genres: ['Drama', 'Mystery'],
    averageScore: 81,
    popularity: 52000,
    relations: {
      edges: [
        edge('ADAPTATION', 7101, 'Shiosai no Tōrō', 'MANGA'),
        edge('SUMMARY', 7002, 'Shiosai no Tōrō: Hikishio'),
        edge('SEQUEL', 7003, 'Shiosai no Tōrō: Mitsushio'),
        edge('SIDE_STORY', 7006, 'Shiosai no Tōrō: Fuyu no Hi'),
        edge('SPIN_OFF', 7004, 'Tōrō-bu!'),
        edge('CHARACTER', 7005, 'Minato Keibitai'),
      ],
    },
  },
  {
    id: 7002,
    idMal: 17002,
    title: {
      romaji: 'Shiosai no Tōrō: Hikishio',
      english: 'Tidewater Lanterns: Ebb',
      native: '潮騒の灯籠 引き潮',
    },
    type: 'ANIME',
    format: 'MOVIE',
    status: 'FINISHED',
    description: 'The first half of the series, retold from the lighthouse.',
    startDate: date(2005, 3, 12),
    endDate: date(2005, 3, 12),
    season: 'WINTER',
    seasonYear: 2005,
    episodes: 1,
    duration: 102,
    chapters: null,
    volumes: null,
    countryOfOrigin: 'JP',
    source: 'MANGA',
    coverImage: cover(7002),
    bannerImage: null,
    genres: ['Drama', 'Mystery'],
    averageScore: 74,
    popularity: 18000,
    relations: {
      edges: [
        edge('PARENT', 7001, 'Shiosai no Tōrō'),
        edge('SEQUEL', 7003, 'Shiosai no Tōrō: Mitsushio'),
      ],
    },
  },
  {
    id: 7003,
    idMal: 17003,
    title: {
      romaji: 'Shiosai no Tōrō: Mitsushio',
      english: 'Tidewater Lanterns: Flood',
      native: '潮騒の灯籠 満ち潮',
    },
    type: 'ANIME',
    format: 'MOVIE',
    status: 'FINISHED',
    description: 'The story the series left open, told to its end.',
    startDate: date(2005, 7, 23),
    endDate: date(2005, 7, 23),
    season: 'SUMMER',
    seasonYear: 2005,
    episodes: 1,
    duration: 95,
    chapters: null,
    volumes: null,
    countryOfOrigin: 'JP',
    source: 'MANGA',
    coverImage: cover(7003),
    bannerImage: 'https://img.example.test/anime/banner/7003.jpg',
    genres: ['Drama', 'Mystery', 'Supernatural'],
    averageScore: 84,
    popularity: 31000,
    relations: {
      edges: [
        edge('PREQUEL', 7002, 'Shiosai no Tōrō: Hikishio'),
        edge('PARENT', 7001, 'Shiosai no Tōrō'),
        // Outside the set: a second manga and an announced sequel.
        edge('ADAPTATION', 7102, 'Shiosai no Tōrō: Mitsushio', 'MANGA'),
        edge('SEQUEL', 7007, 'Shiosai no Tōrō: Shinkai'),
      ],
    },
  },
  {
    id: 7004,
    idMal: 17004,
    title: { romaji: 'Tōrō-bu!', english: 'Lantern Club!', native: '灯籠部！' },
    type: 'ANIME',
    format: 'ONA',
    status: 'FINISHED',
    description: 'The characters run a school club. Nothing mysterious happens.',
    startDate: date(2008, 1, 15),
    endDate: date(2008, 4, 1),
    season: 'WINTER',
    seasonYear: 2008,
    episodes: 12,
    duration: 4,
    chapters: null,
    volumes: null,
    countryOfOrigin: 'JP',
    source: 'MANGA',
    coverImage: cover(7004),
    bannerImage: null,
    genres: ['Comedy', 'Slice of Life'],
    averageScore: 66,
    popularity: 4100,
    relations: { edges: [edge('PARENT', 7001, 'Shiosai no Tōrō')] },
  },
  {
    id: 7005,
    idMal: 17005,
    title: { romaji: 'Minato Keibitai', english: 'Harbor Watch', native: '港警備隊' },
    type: 'ANIME',
    format: 'TV',
    status: 'FINISHED',
    description: null,
    startDate: date(2006, 10, 3),
    endDate: date(2006, 12, 26),
    season: 'FALL',
    seasonYear: 2006,
    episodes: 13,
    duration: 24,
    chapters: null,
    volumes: null,
    countryOfOrigin: 'JP',
    source: 'ORIGINAL',
    coverImage: cover(7005),
    bannerImage: null,
    genres: ['Action'],
    averageScore: 70,
    popularity: 9000,
    relations: { edges: [edge('CHARACTER', 7001, 'Shiosai no Tōrō')] },
  },
  {
    id: 7006,
    idMal: null,
    title: { romaji: 'Shiosai no Tōrō: Fuyu no Hi', english: null, native: '潮騒の灯籠 冬の日' },
    type: 'ANIME',
    format: 'SPECIAL',
    status: 'FINISHED',
    description: 'A winter day between two episodes.',
    startDate: date(2004, 12, null),
    endDate: date(2004, 12, null),
    season: 'FALL',
    seasonYear: 2004,
    episodes: null,
    duration: 24,
    chapters: null,
    volumes: null,
    countryOfOrigin: 'JP',
    source: 'MANGA',
    coverImage: cover(7006),
    bannerImage: null,
    genres: ['Drama'],
    averageScore: null,
    popularity: 2100,
    relations: { edges: [edge('PARENT', 7001, 'Shiosai no Tōrō')] },
  },
  {
    id: 7101,
    idMal: 27101,
    title: { romaji: 'Shiosai no Tōrō', english: 'Tidewater Lanterns', native: '潮騒の灯籠' },
    type: 'MANGA',
    format: 'MANGA',
    status: 'FINISHED',
    description: 'The manga the series adapts.',
    startDate: date(2001, 5, 19),
    endDate: date(2006, 2, 4),
    season: null,
    seasonYear: null,
    episodes: null,
    duration: null,
    chapters: 64,
    volumes: 8,
    countryOfOrigin: 'JP',
    source: 'ORIGINAL',
    coverImage: cover(7101),
    bannerImage: null,
    genres: ['Drama', 'Mystery'],
    averageScore: 79,
    popularity: 6000,
    relations: { edges: [edge('ADAPTATION', 7001, 'Shiosai no Tōrō')] },
  },
  {
    id: 7501,
    idMal: 17501,
    title: {
      romaji: 'Fukai Umi no Rantan',
      english: 'Lanterns of the Deep Sea',
      native: '深い海のランタン',
    },
    type: 'ANIME',
    format: 'TV',
    status: 'FINISHED',
    description: 'Divers find a city lit from below.',
    startDate: date(2004, 4, 10),
    endDate: date(2004, 6, 26),
    season: 'SPRING',
    seasonYear: 2004,
    episodes: 12,
    duration: 24,
    chapters: null,
    volumes: null,
    countryOfOrigin: 'JP',
    source: 'ORIGINAL',
    coverImage: cover(7501),
    bannerImage: null,
    genres: ['Adventure'],
    averageScore: 62,
    popularity: 3000,
    relations: { edges: [] },
  },
  {
    id: 7201,
    idMal: 17201,
    title: { romaji: 'Kumo no Ue no Toshokan', english: null, native: '雲の上の図書館' },
    type: 'ANIME',
    format: 'TV',
    status: 'FINISHED',
    description: 'A library floats above the clouds; its books come back by rain.',
    startDate: date(2011, 10, 2),
    endDate: date(2012, 3, 25),
    season: 'FALL',
    seasonYear: 2011,
    episodes: 24,
    duration: 24,
    chapters: null,
    volumes: null,
    countryOfOrigin: 'JP',
    source: 'LIGHT_NOVEL',
    coverImage: cover(7201),
    bannerImage: null,
    genres: ['Fantasy', 'Slice of Life'],
    averageScore: 77,
    popularity: 15000,
    relations: {
      edges: [
        edge('ALTERNATIVE', 7202, 'Kumo no Ue no Toshokan (2019)'),
        edge('SEQUEL', 7203, 'Kumo no Ue no Toshokan Mini'),
        edge('OTHER', 7204, 'Kumo no Ue no Toshokan: Hoshi no Shiori'),
        edge('ADAPTATION', 7103, 'Kumo no Ue no Toshokan', 'MANGA'),
      ],
    },
  },
  {
    id: 7202,
    idMal: 17202,
    title: {
      romaji: 'Kumo no Ue no Toshokan (2019)',
      english: 'The Library Above the Clouds',
      native: '雲の上の図書館 (2019)',
    },
    type: 'ANIME',
    format: 'TV',
    status: 'FINISHED',
    description: 'The same novels, adapted again.',
    startDate: date(2019, 1, 6),
    endDate: date(2019, 3, 24),
    season: 'WINTER',
    seasonYear: 2019,
    episodes: 12,
    duration: 23,
    chapters: null,
    volumes: null,
    countryOfOrigin: 'JP',
    source: 'LIGHT_NOVEL',
    coverImage: cover(7202),
    bannerImage: 'https://img.example.test/anime/banner/7202.jpg',
    genres: ['Fantasy', 'Slice of Life'],
    averageScore: 72,
    popularity: 21000,
    relations: { edges: [edge('ALTERNATIVE', 7201, 'Kumo no Ue no Toshokan')] },
  },
  {
    id: 7203,
    idMal: 17203,
    title: { romaji: 'Kumo no Ue no Toshokan Mini', english: null, native: null },
    type: 'ANIME',
    format: 'TV_SHORT',
    status: 'FINISHED',
    description: null,
    startDate: date(2012, 4, 8),
    endDate: date(2012, 6, 24),
    season: 'SPRING',
    seasonYear: 2012,
    episodes: 12,
    duration: 2,
    chapters: null,
    volumes: null,
    countryOfOrigin: 'JP',
    source: 'LIGHT_NOVEL',
    coverImage: cover(7203),
    bannerImage: null,
    genres: ['Comedy'],
    averageScore: 60,
    popularity: 1200,
    relations: { edges: [edge('PREQUEL', 7201, 'Kumo no Ue no Toshokan')] },
  },
  {
    id: 7204,
    idMal: null,
    title: { romaji: 'Kumo no Ue no Toshokan: Hoshi no Shiori', english: null, native: null },
    type: 'ANIME',
    format: 'MUSIC',
    status: 'FINISHED',
    description: 'The ending song, with new animation.',
    startDate: date(2012, 3, 21),
    endDate: date(2012, 3, 21),
    season: 'WINTER',
    seasonYear: 2012,
    episodes: 1,
    duration: 4,
    chapters: null,
    volumes: null,
    countryOfOrigin: 'JP',
    source: 'ORIGINAL',
    coverImage: cover(7204),
    bannerImage: null,
    genres: ['Music'],
    averageScore: null,
    popularity: 400,
    relations: { edges: [edge('OTHER', 7201, 'Kumo no Ue no Toshokan')] },
  },
  {
    id: 7301,
    idMal: 17301,
    title: { romaji: 'Poketto Tanuki', english: 'Pocket Tanuki', native: 'ポケットたぬき' },
    type: 'ANIME',
    format: 'TV',
    status: 'FINISHED',
    description: 'A raccoon dog small enough to live in a coat pocket.',
    startDate: date(2015, 4, 5),
    endDate: date(2015, 6, 21),
    season: 'SPRING',
    seasonYear: 2015,
    episodes: 12,
    duration: 24,
    chapters: null,
    volumes: null,
    countryOfOrigin: 'JP',
    source: 'ORIGINAL',
    coverImage: cover(7301),
    bannerImage: null,
    genres: ['Comedy', 'Slice of Life'],
    averageScore: 75,
    popularity: 26000,
    relations: {
      edges: [
        edge('SEQUEL', 7302, 'Poketto Tanuki 2'),
        edge('SIDE_STORY', 7305, 'Poketto Tanuki OVA'),
      ],
    },
  },
  {
    id: 7302,
    idMal: 17302,
    title: { romaji: 'Poketto Tanuki 2', english: 'Pocket Tanuki Season 2', native: null },
    type: 'ANIME',
    format: 'TV',
    status: 'FINISHED',
    description: 'The pocket gets bigger.',
    startDate: date(2016, 4, 3),
    endDate: date(2016, 6, 19),
    season: 'SPRING',
    seasonYear: 2016,
    episodes: 12,
    duration: 24,
    chapters: null,
    volumes: null,
    countryOfOrigin: 'JP',
    source: 'ORIGINAL',
    coverImage: cover(7302),
    bannerImage: null,
    genres: ['Comedy', 'Slice of Life'],
    averageScore: 76,
    popularity: 17000,
    relations: {
      edges: [
        edge('PREQUEL', 7301, 'Poketto Tanuki'),
        edge('SEQUEL', 7303, 'Poketto Tanuki 3'),
        // An entry AniList does not show (its node answered as null).
        { relationType: 'SIDE_STORY', node: null },
      ],
    },
  },
  {
    id: 7303,
    idMal: 17303,
    title: { romaji: 'Poketto Tanuki 3', english: 'Pocket Tanuki Season 3', native: null },
    type: 'ANIME',
    format: 'TV',
    status: 'FINISHED',
    description: null,
    startDate: date(2017, 7, 9),
    endDate: date(2017, 9, 24),
    season: 'SUMMER',
    seasonYear: 2017,
    episodes: 13,
    duration: 24,
    chapters: null,
    volumes: null,
    countryOfOrigin: 'JP',
    source: 'ORIGINAL',
    coverImage: cover(7303),
    bannerImage: null,
    genres: ['Comedy'],
    averageScore: 73,
    popularity: 12000,
    relations: {
      edges: [
        edge('PREQUEL', 7302, 'Poketto Tanuki 2'),
        edge('SEQUEL', 7304, 'Gekijouban Poketto Tanuki: Natsu Matsuri'),
        edge('OTHER', 7301, 'Poketto Tanuki'),
      ],
    },
  },
  {
    id: 7304,
    idMal: 17304,
    title: {
      romaji: 'Gekijouban Poketto Tanuki: Natsu Matsuri',
      english: 'Pocket Tanuki the Movie: Summer Festival',
      native: '劇場版 ポケットたぬき 夏祭り',
    },
    type: 'ANIME',
    format: 'MOVIE',
    status: 'FINISHED',
    description: 'A festival night, a lost pocket.',
    startDate: date(2018, 8, 11),
    endDate: date(2018, 8, 11),
    season: 'SUMMER',
    seasonYear: 2018,
    episodes: 1,
    duration: 88,
    chapters: null,
    volumes: null,
    countryOfOrigin: 'JP',
    source: 'ORIGINAL',
    coverImage: cover(7304),
    bannerImage: null,
    genres: ['Comedy'],
    averageScore: 78,
    popularity: 8000,
    relations: { edges: [edge('PREQUEL', 7303, 'Poketto Tanuki 3')] },
  },
  {
    id: 7305,
    idMal: null,
    title: { romaji: 'Poketto Tanuki OVA', english: null, native: null },
    type: 'ANIME',
    format: 'OVA',
    status: 'FINISHED',
    description: null,
    startDate: date(2016, 4, null),
    endDate: null,
    season: null,
    seasonYear: null,
    episodes: 2,
    duration: 25,
    chapters: null,
    volumes: null,
    countryOfOrigin: 'JP',
    source: 'ORIGINAL',
    coverImage: cover(7305),
    bannerImage: null,
    genres: ['Comedy'],
    averageScore: null,
    popularity: 900,
    relations: { edges: [edge('PARENT', 7301, 'Poketto Tanuki')] },
  },
  {
    id: 7401,
    idMal: null,
    title: { romaji: 'Mishiyou Kikaku', english: null, native: null },
    type: 'ANIME',
    format: null,
    status: 'NOT_YET_RELEASED',
    description: null,
    startDate: date(null, null, null),
    endDate: date(null, null, null),
    season: null,
    seasonYear: null,
    episodes: null,
    duration: null,
    chapters: null,
    volumes: null,
    countryOfOrigin: 'JP',
    source: null,
    coverImage: null,
    bannerImage: null,
    genres: [],
    averageScore: null,
    popularity: 12,
    relations: null,
  },
  {
    id: 7402,
    idMal: null,
    title: { romaji: 'Hidamari Kissa', english: 'Sunny Corner Café', native: 'ひだまり喫茶' },
    type: 'ANIME',
    format: 'TV',
    status: 'NOT_YET_RELEASED',
    description: 'A café that opens only when the sun is out.',
    startDate: date(2013, null, null),
    endDate: null,
    season: null,
    seasonYear: 2013,
    episodes: null,
    duration: null,
    chapters: null,
    volumes: null,
    countryOfOrigin: 'JP',
    source: 'ORIGINAL',
    coverImage: cover(7402),
    bannerImage: null,
    genres: ['Slice of Life'],
    averageScore: null,
    popularity: 300,
    relations: { edges: [] },
  },
];

function related(r: DumpRecord): RelatedAnime {
  return {
    id: r.id,
    title: { english: r.title.english, romaji: r.title.romaji },
    startDate: r.startDate,
    type: r.type,
    format: r.format,
    episodes: r.episodes,
    coverImage: r.coverImage ? { large: r.coverImage.large } : null,
  };
}

/**
 * `records` as Anime-info data, by AniList id, in record order. An edge node whose entry is
 * among `records` gets that entry's fields, as the anime-info call answers them; the others
 * keep what the dump gives (id, romaji title, type: no format, so the graph does not list them).
 */
export function toAnimeInfo(
  records: readonly DumpRecord[] = ANILIST_RECORDS,
): Map<number, AnimeMedia> {
  const byId = new Map(records.map((r) => [r.id, r]));
  const out = new Map<number, AnimeMedia>();
  for (const r of records) {
    const edges = (r.relations?.edges ?? []).map(({ relationType, node }) => {
      if (!node) return { relationType, node: null };
      const full = byId.get(node.id);
      const partial: RelatedAnime = {
        id: node.id,
        title: { english: null, romaji: node.title.romaji ?? null },
        startDate: null,
        type: node.type ?? null,
        format: null,
        episodes: null,
        coverImage: null,
      };
      return { relationType, node: full ? related(full) : partial };
    });
    out.set(r.id, {
      ...related(r),
      type: r.type,
      duration: r.duration,
      description: r.description,
      relations: { edges },
    });
  }
  return out;
}

/** The entry `id` of `info`; throws when the set has no such entry. */
export function entryOf(info: ReadonlyMap<number, AnimeMedia>, id: number): AnimeMedia {
  const found = info.get(id);
  if (!found) throw new Error(`AniList ${String(id)} is not in the fixtures`);
  return found;
}
