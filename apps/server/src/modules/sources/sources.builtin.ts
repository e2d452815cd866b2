/**
 * The built-in source: the Blender Foundation's open movies (CC BY), by TMDB id, with their
 * public video files on download.blender.org. All four are in the starter catalogue
 * (catalogue/movies-open.json), so their play pages list this server out of the box.
 */
import type { Server } from '@pigostream/contracts';

/** Server name of the built-in source. */
export const BLENDER_SERVER_NAME = 'Blender Open Movie';

/** TMDB movie id -> public video file URL. */
export const BLENDER_OPEN_MOVIES: ReadonlyMap<number, string> = new Map([
  // Big Buck Bunny (2008)
  [10378, 'https://download.blender.org/peach/bigbuckbunny_movies/big_buck_bunny_1080p_h264.mov'],
  // Elephants Dream (2006)
  [9761, 'https://download.blender.org/ED/elephantsdream-720-h264-st-aac.mov'],
  // Sintel (2010)
  [45745, 'https://download.blender.org/durian/movies/Sintel.2010.720p.mkv'],
  // Tears of Steel (2012)
  [133701, 'https://download.blender.org/demo/movies/ToS/tears_of_steel_720p.mov'],
]);

/** The built-in server for a title: one for a Blender open movie, none otherwise. */
export function builtinServers(type: 'movie' | 'tv', id: number): Server[] {
  const url = type === 'movie' ? BLENDER_OPEN_MOVIES.get(id) : undefined;
  return url ? [{ server_name: BLENDER_SERVER_NAME, server_link: url }] : [];
}
