import { NOT_AVAILABLE_ON_PROFILE } from '@pigostream/contracts';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES, ApiError } from '../../lib/api-client.ts';
import {
  canWatchTogether,
  castKey,
  castLimit,
  cutOverview,
  directorNames,
  formatReleaseDate,
  hasMoreCast,
  handOffLink,
  isNotAvailableOnProfile,
  languageNames,
  libraryMediaId,
  parsePlayTarget,
  pickEpisode,
  pickSeason,
  pickServer,
  playerKind,
  safeLink,
  trailerLink,
  webSearchUrl,
} from './play-rules.ts';

const q = (s: string) => new URLSearchParams(s);

describe('parsePlayTarget (id and type are needed)', () => {
  it('reads a movie and a show', () => {
    expect(parsePlayTarget(q('id=603&type=movie'))).toEqual({ id: 603, type: 'movie' });
    expect(parsePlayTarget(q('type=tv&id=1396'))).toEqual({ id: 1396, type: 'tv' });
  });
  it.each([
    '',
    'type=movie',
    'id=603',
    'id=0&type=movie',
    'id=-3&type=tv',
    'id=6.5&type=tv',
    'id=abc&type=movie',
    'id=603&type=anime',
    'id=1234567890&type=movie',
    'id=0603&type=movie',
  ])('refuses %j', (query) => {
    expect(parsePlayTarget(q(query))).toBeUndefined();
  });
});

describe("isNotAvailableOnProfile (PROFILE-7: a title above a kids' profile's limit)", () => {
  it("is the server's 403 'Not available on this profile' and nothing else", () => {
    const refused = (status: number, detail?: string) =>
      new ApiError(API_MESSAGES.notOk, { status, ...(detail ? { detail } : {}) });
    expect(isNotAvailableOnProfile(refused(403, NOT_AVAILABLE_ON_PROFILE))).toBe(true);
    expect(isNotAvailableOnProfile(refused(403, 'You can only act on your own account.'))).toBe(
      false,
    );
    expect(isNotAvailableOnProfile(refused(404, NOT_AVAILABLE_ON_PROFILE))).toBe(false);
    expect(isNotAvailableOnProfile(refused(403))).toBe(false);
    expect(isNotAvailableOnProfile(new Error(NOT_AVAILABLE_ON_PROFILE))).toBe(false);
  });
});

describe('selection rules (the play page)', () => {
  const servers = [
    { server_name: 'Local library', server_link: '/pigo-stream/sources/media/abc' },
    { server_name: 'Embed Test', server_link: 'https://embed.example.org/movie/1' },
  ];
  it('server: the remembered one by name, else the first, none when empty', () => {
    expect(pickServer(servers, 'Embed Test')?.server_name).toBe('Embed Test');
    expect(pickServer(servers, 'Gone')?.server_name).toBe('Local library');
    expect(pickServer(servers, undefined)?.server_name).toBe('Local library');
    expect(pickServer([], 'Embed Test')).toBeUndefined();
  });

  it('season: remembered if it exists, else number 1, else the first', () => {
    const seasons = [0, 1, 2, 3].map((n) => ({ season_number: n }));
    expect(pickSeason(seasons, 3)?.season_number).toBe(3);
    expect(pickSeason(seasons, 9)?.season_number).toBe(1);
    expect(pickSeason(seasons, undefined)?.season_number).toBe(1);
    expect(pickSeason([{ season_number: 0 }, { season_number: 4 }], 9)?.season_number).toBe(0);
    expect(pickSeason<{ season_number: number }>([], 1)).toBeUndefined();
  });

  it('episode: the remembered one if present, else the first', () => {
    const episodes = [2, 3, 4].map((n) => ({ episode_number: n }));
    expect(pickEpisode(episodes, 4)?.episode_number).toBe(4);
    expect(pickEpisode(episodes, 1)?.episode_number).toBe(2);
    expect(pickEpisode<{ episode_number: number }>([], 1)).toBeUndefined();
  });
});

describe('overview cut (250 characters)', () => {
  it('leaves a short text alone', () => {
    const text = 'a'.repeat(250);
    expect(cutOverview(text, false)).toEqual({ text, cut: false });
  });
  it('cuts a longer text to 250 characters plus an ellipsis, whole when expanded', () => {
    const text = `${'b'.repeat(250)}tail`;
    expect(cutOverview(text, false)).toEqual({ text: `${'b'.repeat(250)}…`, cut: true });
    expect(cutOverview(text, true)).toEqual({ text, cut: true });
  });
  it('counts characters, not UTF-16 units', () => {
    const text = '😀'.repeat(251);
    expect(Array.from(cutOverview(text, false).text)).toHaveLength(251);
  });
});

describe('details lines', () => {
  const credits = {
    cast: [],
    crew: [
      { id: 1, name: 'Lana', job: 'Director', department: 'Directing', profile_path: '' },
      { id: 2, name: 'Joel', job: 'Producer', department: null, profile_path: '' },
      { id: 1, name: 'Lana', job: 'Director', department: 'Directing', profile_path: '' },
    ],
  };
  it('Director: crew job Director for movies, created_by for shows', () => {
    expect(directorNames({ credits }, 'movie')).toEqual(['Lana']);
    expect(directorNames({ credits, created_by: [{ id: null, name: 'Vince' }] }, 'tv')).toEqual([
      'Vince',
    ]);
    expect(directorNames({ credits }, 'tv')).toEqual([]);
  });
  it('Languages: english_name, else name, else code', () => {
    expect(
      languageNames({
        spoken_languages: [
          { iso_639_1: 'en', english_name: 'English', name: 'English' },
          { iso_639_1: 'xx', english_name: '', name: 'Xish' },
          { iso_639_1: 'yy', english_name: '', name: '' },
        ],
      }),
    ).toEqual(['English', 'Xish', 'yy']);
  });
  it('Release Date written out; odd text kept; none when missing', () => {
    expect(formatReleaseDate('1999-03-31')).toBe('March 31, 1999');
    expect(formatReleaseDate('1999')).toBe('1999');
    expect(formatReleaseDate(undefined)).toBeUndefined();
    expect(formatReleaseDate('2024-02-29')).toBe('February 29, 2024');
    expect(formatReleaseDate('1999-02-30')).toBe('1999-02-30');
  });
  it('writes every day of a year as en-US does', () => {
    const english = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    for (let day = 0; day < 366; day += 1) {
      const date = new Date(Date.UTC(2024, 0, 1 + day));
      expect(formatReleaseDate(date.toISOString().slice(0, 10))).toBe(english.format(date));
    }
  });
});

describe('cast (keys; pages of 12)', () => {
  it('keys by cast_id, else name plus index', () => {
    expect(castKey({ cast_id: 7, name: 'A' }, 3)).toBe('cast-7');
    expect(castKey({ cast_id: null, name: 'A' }, 3)).toBe('A-3');
  });
  it("'View More' only while members are hidden", () => {
    expect(hasMoreCast(13, 12)).toBe(true);
    expect(hasMoreCast(12, 12)).toBe(false);
    expect(hasMoreCast(30, 36)).toBe(false);
  });
  it('slice size: one page at first, the remembered size while the cast fills it', () => {
    expect(castLimit(30, undefined)).toBe(12);
    expect(castLimit(30, 24)).toBe(24);
    expect(castLimit(30, 48)).toBe(36);
    expect(castLimit(5, 24)).toBe(12);
    expect(castLimit(0, 5)).toBe(12);
  });
});

describe('links', () => {
  const base = 'http://localhost:3000';
  it('player: video for media files and this server library, iframe for embeds', () => {
    expect(playerKind('http://localhost:3000/pigo-stream/sources/media/abcdef', base)).toBe(
      'video',
    );
    expect(playerKind('/pigo-stream/sources/media/abcdef', base)).toBe('video');
    expect(playerKind('https://download.blender.org/peach/big_buck_bunny.mov', base)).toBe('video');
    expect(playerKind('https://cdn.example.org/a.MP4?token=1', base)).toBe('video');
    expect(playerKind('https://embed.example.org/movie/603', base)).toBe('iframe');
    expect(playerKind('https://embed.example.org/mp4-player', base)).toBe('iframe');
  });
  it('safeLink allows http(s) only', () => {
    expect(safeLink('https://a.example/x')).toBe('https://a.example/x');
    expect(safeLink('javascript:alert(1)')).toBeUndefined();
    expect(safeLink(null)).toBeUndefined();
  });
  it('trailer: the YouTube URL, a bare key made into one, none without', () => {
    const url = 'https://www.youtube.com/watch?v=vKQi3bBA1y8';
    expect(trailerLink(url)).toBe(url);
    expect(trailerLink('vKQi3bBA1y8')).toBe(url);
    expect(trailerLink(null)).toBeUndefined();
    expect(trailerLink('javascript:alert(1)')).toBeUndefined();
  });
  it('hand-off: pigoplayer://open with the encoded media URL and version', () => {
    expect(handOffLink('http://h:3000/pigo-stream/sources/media/ab?x=1&y=2', '2.4.0')).toBe(
      'pigoplayer://open?url=http%3A%2F%2Fh%3A3000%2Fpigo-stream%2Fsources%2Fmedia%2Fab%3Fx%3D1%26y%3D2&version=2.4.0',
    );
  });
  it('web search for a cast member by name', () => {
    expect(webSearchUrl('Winona Ryder')).toBe('https://www.google.com/search?q=Winona%20Ryder');
  });
});

describe('libraryMediaId (PLAYBACK-2: a library file plays as the playback call says)', () => {
  const base = 'https://pigo.example';
  const id = '0123456789abcdef01234567';
  it("reads the id of this site's media file, relative or absolute", () => {
    expect(libraryMediaId(`/pigo-stream/sources/media/${id}`, base)).toBe(id);
    expect(libraryMediaId(`${base}/pigo-stream/sources/media/${id}`, base)).toBe(id);
  });
  it.each([
    `https://other.example/pigo-stream/sources/media/0123456789abcdef01234567`,
    '/pigo-stream/sources/media/0123456789abcdef0123456',
    '/pigo-stream/sources/media/0123456789abcdef01234567/playback',
    '/pigo-stream/sources/media/',
    'https://download.blender.org/demo/movies/BBB/bbb_sunflower_1080p_30fps_normal.mp4',
    'https://embed.example.org/movie/10378',
  ])('is undefined for %s', (link) => {
    expect(libraryMediaId(link, base)).toBeUndefined();
  });
});

describe('canWatchTogether (TOGETHER-10)', () => {
  const base = 'https://pigo.example';
  it('takes the links the page plays itself, not another site’s player', () => {
    expect(canWatchTogether(`${base}/pigo-stream/sources/media/${'a'.repeat(24)}`, base)).toBe(
      true,
    );
    expect(canWatchTogether('https://download.blender.org/demo/movies/Sintel.mp4', base)).toBe(
      true,
    );
    expect(canWatchTogether('https://vidsrc.example/embed/movie/1', base)).toBe(false);
    expect(canWatchTogether(undefined, base)).toBe(false);
  });
});
