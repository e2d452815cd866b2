/**
 * The stream sources of a title, the servers it plays from (API-SRC-1 in docs/requirements.md
 * `/sources/servers`, DEC-18 in docs/decisions.md): local media library files first, then the
 * SOURCES_FILE link templates in file order, then the built-in Blender open movie. `[]` when none
 * has the title (the app shows 'No servers available').
 */
import type { Server, ServersQuery } from '@pigostream/contracts';
import type { MediaStreams } from './media-streams.ts';
import { builtinServers } from './sources.builtin.ts';

/** Name of the local library's server; further files of the same title get ` 2`, ` 3`, ... */
export const LOCAL_SERVER_NAME = 'Local library';

/** Path (under the API prefix) the local file with this opaque id is served at. */
export function mediaPath(apiPrefix: string, id: string): string {
  return `${apiPrefix}/sources/media/${id}`;
}

export interface SourcesService {
  /**
   * Servers for a title. Local file links are relative to the site (`/pigo-stream/sources/
   * media/{id}`), so they play at whatever address the page was opened at (ADDR-4 of
   * docs/addresses.md); the app makes them absolute with the page's origin for the player app.
   */
  listServers(query: ServersQuery): Promise<Server[]>;
}

/** Builds the service over the loaded templates and the scanned library. */
export function createSourcesService(deps: {
  media: MediaStreams;
  apiPrefix: string;
}): SourcesService {
  return {
    async listServers(query) {
      const files = await deps.media.filesOf(query.type, query.id, query.season, query.episode);
      const local = files.map((file, i) => ({
        server_name: i === 0 ? LOCAL_SERVER_NAME : `${LOCAL_SERVER_NAME} ${i + 1}`,
        server_link: mediaPath(deps.apiPrefix, file.id),
      }));
      return [
        ...local,
        ...deps.media.templateLinks(query),
        ...builtinServers(query.type, query.id),
      ];
    },
  };
}
