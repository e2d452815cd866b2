/**
 * The play page's rules as plain functions (PLAY-9 in docs/requirements.md, VALID-11, LIMIT-13), so
 * they are unit tested apart from the screen: reading the link, the selection rules for server,
 * season and episode, the overview cut, cast keys and slices, and the player links (episode air
 * dates: lib/air-dates.ts; the key of a remembered value: lib/media.ts' `rememberKey`).
 */
import {
  NOT_AVAILABLE_ON_PROFILE,
  type MediaDetails,
  type MediaType,
  type Server,
} from '@pigostream/contracts';
import { releaseDateOf } from '@pigostream/contracts/titles';
import { defaultSeason } from '@pigostream/contracts/api-paths';
import { MEDIA_FILE, pathOf } from '@pigostream/contracts/endpoints';
import { API_BASE, ApiError } from '../../lib/api-client.ts';
import { mediaTitle } from '../../lib/media.ts';
import type { AnimeSourceMedia } from '../anime/index.ts';
import type { HandOffProgress } from '../progress/index.ts';
import type { PlayTarget } from './api/get-media-info.ts';

/** Characters of the overview shown before 'Read More' (LIMIT-10). */
export const OVERVIEW_LIMIT = 250;
/**
 * Cast members shown at first, and added by each 'View More' (LIMIT-11, LIMIT-13: cast page 12).
 */
export const CAST_PAGE = 12;
/** Placeholders the cast grid shows while it has no members (PLAY-6). */
export const CAST_SKELETONS = 4;
/** How long the Play button waits for the player app to take focus, in ms (LIMIT-16). */
export const HAND_OFF_TIMEOUT_MS = 3000;
/** Delay before a season or episode name's tooltip shows, in ms (LIMIT-9, LIMIT-13). */
export const TOOLTIP_DELAY_MS = 500;
/** What the page says when a link lacks a valid id or type (VALID-7). */
export const BAD_LINK_MESSAGE = 'This link needs a title id and a type (movie or tv).';

/**
 * Whether the title call's `error` is the server's refusal of a title above the active kids'
 * profile's rating limit (PROFILE-7 in docs/requirements.md: 403 'Not available on this
 * profile'), which the page shows as a screen of its own rather than as an error.
 */
export function isNotAvailableOnProfile(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 403 && error.detail === NOT_AVAILABLE_ON_PROFILE
  );
}

/**
 * The title a `/play?id=&type=` query names: `id` a positive whole number of at most 9 digits,
 * `type` movie or tv; undefined when either is missing or malformed.
 */
export function parsePlayTarget(params: URLSearchParams): PlayTarget | undefined {
  const id = params.get('id') ?? '';
  const type = params.get('type');
  if (!/^[1-9]\d{0,8}$/.test(id)) return undefined;
  if (type !== 'movie' && type !== 'tv') return undefined;
  return { id: Number(id), type };
}

/** PLAY-8: the remembered server if still listed (by name), otherwise the first; none if empty. */
export function pickServer(
  servers: readonly Server[],
  rememberedName: string | undefined,
): Server | undefined {
  return servers.find((s) => s.server_name === rememberedName) ?? servers[0];
}

/** PLAY-9: the remembered season if it exists, else season number 1, else the first. */
export function pickSeason<S extends { season_number: number }>(
  seasons: readonly S[],
  remembered: number | undefined,
): S | undefined {
  return seasons.find((s) => s.season_number === remembered) ?? defaultSeason(seasons);
}

/** PLAY-9: the season's remembered episode if present, else its first episode. */
export function pickEpisode<E extends { episode_number: number }>(
  episodes: readonly E[],
  remembered: number | undefined,
): E | undefined {
  return episodes.find((e) => e.episode_number === remembered) ?? episodes[0];
}

/**
 * PLAY-3: the text cut to {@link OVERVIEW_LIMIT} characters with an ellipsis, unless
 * `expanded`; `cut` says whether it is longer than that (and so needs 'Read More').
 */
export function cutOverview(text: string, expanded: boolean): { text: string; cut: boolean } {
  const chars = Array.from(text);
  const cut = chars.length > OVERVIEW_LIMIT;
  if (!cut || expanded) return { text, cut };
  return { text: `${chars.slice(0, OVERVIEW_LIMIT).join('').trimEnd()}…`, cut };
}

/**
 * The Director line: a movie's crew members with job Director; a show's `created_by` names
 * (DATA-1..16). Duplicates dropped, in credit order; empty when none is known.
 */
export function directorNames(
  media: Pick<MediaDetails, 'credits' | 'created_by'>,
  type: MediaType,
): string[] {
  const names =
    type === 'tv'
      ? (media.created_by ?? []).map((c) => c.name)
      : media.credits.crew.filter((c) => c.job === 'Director').map((c) => c.name);
  return [...new Set(names.filter((n) => n.trim() !== ''))];
}

/** The Languages line: each spoken language's English name (its own name, else its code). */
export function languageNames(media: Pick<MediaDetails, 'spoken_languages'>): string[] {
  return media.spoken_languages
    .map((l) => l.english_name || l.name || l.iso_639_1)
    .filter((n) => n.trim() !== '');
}

/** A `YYYY-MM-DD` date, for {@link formatReleaseDate}. */
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** English month names, for {@link formatReleaseDate}. */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/**
 * A `YYYY-MM-DD` date written out for people ('March 31, 1999', as `en-US` writes it); other
 * text, or a date that does not exist, is returned as it is; undefined when there is no date.
 * Written without `Intl`: its first use loads locale data, about 40 ms of the play page's
 * first render on a phone (QUAL-2).
 */
export function formatReleaseDate(date: string | null | undefined): string | undefined {
  if (!date) return undefined;
  if (!DATE.test(date)) return date;
  const parsed = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date) return date;
  const month = MONTHS[parsed.getUTCMonth()] ?? '';
  return `${month} ${String(parsed.getUTCDate())}, ${String(parsed.getUTCFullYear())}`;
}

/** VALID-11: a cast entry's key is its `cast_id`, or its name plus its index. */
export function castKey(member: { cast_id?: number | null; name: string }, index: number): string {
  return typeof member.cast_id === 'number'
    ? `cast-${String(member.cast_id)}`
    : `${member.name}-${String(index)}`;
}

/**
 * The cast slice size to use: `remembered` (a multiple of {@link CAST_PAGE} from the last
 * visit) clamped to the smallest page size that still shows the whole cast, at least one page.
 */
export function castLimit(total: number, remembered: number | undefined): number {
  const wanted = remembered !== undefined && remembered >= CAST_PAGE ? remembered : CAST_PAGE;
  const needed = Math.max(CAST_PAGE, Math.ceil(total / CAST_PAGE) * CAST_PAGE);
  return Math.min(wanted, needed);
}

/** The page's origin, for resolving relative links (a fixed one outside a browser). */
function pageOrigin(): string {
  return typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
}

/** PLAY-6: 'View More' shows while the cast has more members than the `limit` shown. */
export function hasMoreCast(total: number, limit: number): boolean {
  return total > limit;
}

/** Where this server's media files are: `/pigo-stream/sources/media/` and the file's id. */
const MEDIA_FILES = `${API_BASE}${pathOf(MEDIA_FILE, { mediaId: '' })}`;

/** Extensions of video files the page plays in a `<video>` element. */
const VIDEO_FILE = /\.(mp4|m4v|mkv|webm|mov|ogv)$/i;

/**
 * How the player area shows a server link: `video` for this server's media files (under
 * `/pigo-stream/sources/media/`) and links to video files; `iframe` for embed pages.
 * `base` resolves relative links (default the page's origin).
 */
export function playerKind(link: string, base = pageOrigin()): 'video' | 'iframe' {
  let url: URL;
  try {
    url = new URL(link, base);
  } catch {
    return 'iframe';
  }
  if (url.pathname.includes(MEDIA_FILES)) return 'video';
  return VIDEO_FILE.test(url.pathname) ? 'video' : 'iframe';
}

/**
 * The id of this site's library file `link` names (`/pigo-stream/sources/media/{24 hex digits}`
 * on this site, PLAYBACK-2 in docs/requirements.md: played as the playback call says), or
 * undefined for any other link (another site's file, an embed page). `base` resolves relative
 * links (default the page's origin).
 */
export function libraryMediaId(link: string, base = pageOrigin()): string | undefined {
  let url: URL;
  try {
    url = new URL(link, base);
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(base).origin || !url.pathname.startsWith(MEDIA_FILES))
    return undefined;
  const id = url.pathname.slice(MEDIA_FILES.length);
  return /^[a-f0-9]{24}$/.test(id) ? id : undefined;
}

/** A link the page may show or open: http(s) only, so no `javascript:` or data link runs. */
export function safeLink(link: string | null | undefined): string | undefined {
  if (!link) return undefined;
  try {
    const url = new URL(link, pageOrigin());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The Trailer button's link: the answer's YouTube URL, or for a bare video key
 * `https://www.youtube.com/watch?v={key}`; undefined when there is none (button disabled).
 */
export function trailerLink(youtubeTrailer: string | null | undefined): string | undefined {
  if (!youtubeTrailer) return undefined;
  if (/^[\w-]{6,20}$/.test(youtubeTrailer)) {
    return `https://www.youtube.com/watch?v=${youtubeTrailer}`;
  }
  return safeLink(youtubeTrailer);
}

/**
 * The player app hand-off link (DEC-3 in docs/decisions.md):
 * `pigoplayer://open?url=<encodeURIComponent(mediaUrl)>&version=<version>`, and with `progress`
 * (PROG-2) `&progress=<token>&report=<encodeURIComponent(reportUrl)>&start=<seconds>` after
 * them (a player that knows nothing of progress reads the first two as before).
 */
export function handOffLink(mediaUrl: string, version: string, progress?: HandOffProgress): string {
  const link = `pigoplayer://open?url=${encodeURIComponent(mediaUrl)}&version=${encodeURIComponent(version)}`;
  if (!progress) return link;
  return `${link}&progress=${encodeURIComponent(progress.token)}&report=${encodeURIComponent(progress.reportUrl)}&start=${String(Math.max(0, Math.floor(progress.start)))}`;
}

/** PLAY-6: the web search a cast member's card opens, for `name`. */
export function webSearchUrl(name: string): string {
  return `https://www.google.com/search?q=${encodeURIComponent(name)}`;
}

/** The fields the anime lookup reads (anime-view-contract.ts) from the play page's title. */
export function animeSource(target: PlayTarget, media: MediaDetails): AnimeSourceMedia {
  return {
    id: target.id,
    type: target.type,
    title: mediaTitle(media),
    releaseDate: releaseDateOf(target.type, media),
    numberOfEpisodes: target.type === 'tv' ? (media.number_of_episodes ?? null) : null,
  };
}

/**
 * Whether stream link `link` can be watched together (TOGETHER-10 in docs/requirements.md): the
 * page plays it itself (a library file, or a link to a video file such as an open movie), so a
 * room can time it; another site's player in a frame reports and takes nothing.
 */
export function canWatchTogether(link: string | undefined, base = pageOrigin()): boolean {
  if (!link) return false;
  return libraryMediaId(link, base) !== undefined || playerKind(link, base) === 'video';
}
