/**
 * The addon's ids (STREMIO-3 in docs/requirements.md): a title is named by its IMDb id (`tt...`)
 * where the catalogue knows one, so Stremio's own pages of that title list the addon's streams
 * too; else by `pigo:movie:{TMDB id}` or `pigo:tv:{TMDB id}`. An episode's id is its show's id
 * with `:{season}:{episode}` (`tt0944947:1:2`, `pigo:tv:1399:1:2`), as Stremio names videos. A
 * Stremio type `series` is a show (`tv`).
 */
import type { AddonType, MediaType } from '@pigostream/contracts';
import { MAX_SHOW_NUMBER, MAX_TITLE_ID } from '@pigostream/contracts/constants';

/** The prefixes the manifest claims: Stremio asks the addon only for ids starting with them. */
export const ID_PREFIXES = ['tt', 'pigo:'] as const;

/** A title or an episode as an addon id names it; `imdbId` when it was named by one. */
export type AddonRef =
  | { kind: 'imdb'; imdbId: string; season?: number; episode?: number }
  | { kind: 'tmdb'; type: MediaType; id: number; season?: number; episode?: number };

/** Stremio's type of a media type. */
export function addonTypeOf(type: MediaType): AddonType {
  return type === 'movie' ? 'movie' : 'series';
}

/** The media type of a Stremio type this addon answers, or undefined for any other. */
export function mediaTypeOf(type: string): MediaType | undefined {
  if (type === 'movie') return 'movie';
  return type === 'series' ? 'tv' : undefined;
}

/** A title's addon id: its IMDb id when known, else `pigo:{movie|tv}:{TMDB id}`. */
export function addonIdOf(type: MediaType, id: number, imdbId: string | null | undefined): string {
  return imdbId && isImdbId(imdbId) ? imdbId : `pigo:${type}:${String(id)}`;
}

/** Whether `text` is an IMDb title id: `tt` and 1 to 10 digits. */
export function isImdbId(text: string): boolean {
  return /^tt\d{1,10}$/.test(text);
}

const number = (text: string | undefined, max: number): number | undefined => {
  if (text === undefined || !/^\d{1,9}$/.test(text)) return undefined;
  const n = Number(text);
  return n <= max ? n : undefined;
};

/**
 * Reads an addon id of a title (`tt0133093`, `pigo:movie:603`) or of an episode
 * (`tt0944947:1:2`, `pigo:tv:1399:1:2`; season 0 holds the specials, episodes count from 1).
 * @returns undefined for anything else: an unknown prefix, a number out of range, stray parts.
 */
export function parseAddonId(text: string): AddonRef | undefined {
  if (text.length > 60) return undefined;
  const parts = text.split(':');
  let episodeParts: string[];
  let ref: AddonRef;
  if (parts[0] === 'pigo') {
    const type = parts[1] === 'movie' || parts[1] === 'tv' ? parts[1] : undefined;
    const id = number(parts[2], MAX_TITLE_ID);
    if (!type || !id) return undefined;
    ref = { kind: 'tmdb', type, id };
    episodeParts = parts.slice(3);
  } else if (parts[0] !== undefined && isImdbId(parts[0])) {
    ref = { kind: 'imdb', imdbId: parts[0] };
    episodeParts = parts.slice(1);
  } else return undefined;
  if (episodeParts.length === 0) return ref;
  const season = number(episodeParts[0], MAX_SHOW_NUMBER);
  const episode = number(episodeParts[1], MAX_SHOW_NUMBER);
  if (episodeParts.length !== 2 || season === undefined || !episode) return undefined;
  if (ref.kind === 'tmdb' && ref.type === 'movie') return undefined;
  return { ...ref, season, episode };
}
