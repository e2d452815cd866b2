/** TMDB's genre ids by name, for movies and TV (TMDB `genre/{movie|tv}/list`). */
export const MOVIE_GENRES: Readonly<Record<string, number>> = {
  Action: 28,
  Adventure: 12,
  Animation: 16,
  Comedy: 35,
  Crime: 80,
  Documentary: 99,
  Drama: 18,
  Family: 10751,
  Fantasy: 14,
  History: 36,
  Horror: 27,
  Music: 10402,
  Mystery: 9648,
  Romance: 10749,
  'Science Fiction': 878,
  'TV Movie': 10770,
  Thriller: 53,
  War: 10752,
  Western: 37,
};

export const TV_GENRES: Readonly<Record<string, number>> = {
  'Action & Adventure': 10759,
  Animation: 16,
  Comedy: 35,
  Crime: 80,
  Documentary: 99,
  Drama: 18,
  Family: 10751,
  Kids: 10762,
  Mystery: 9648,
  News: 10763,
  Reality: 10764,
  'Sci-Fi & Fantasy': 10765,
  Soap: 10766,
  Talk: 10767,
  'War & Politics': 10768,
  Western: 37,
};

/**
 * `{ id, name }` for a genre name of either list; unknown names get a stable id from 900000 up
 * so no genre is dropped.
 */
export function genreFromName(
  name: string,
  mediaType: 'movie' | 'tv',
): { id: number; name: string } {
  const trimmed = name.trim();
  const primary = mediaType === 'movie' ? MOVIE_GENRES : TV_GENRES;
  const secondary = mediaType === 'movie' ? TV_GENRES : MOVIE_GENRES;
  const id = primary[trimmed] ?? secondary[trimmed];
  if (id !== undefined) return { id, name: trimmed };
  let hash = 0;
  for (const ch of trimmed.toLowerCase()) hash = (hash * 31 + ch.charCodeAt(0)) % 99_999;
  return { id: 900_000 + hash, name: trimmed };
}
