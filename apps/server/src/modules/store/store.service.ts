/**
 * The companion player's releases per platform: RELEASES_FILE entries win, otherwise the newest
 * file under DATA_DIR/releases (read on each call, so dropping in a file needs no restart).
 */
import path from 'node:path';
import type { Platform } from '@pigostream/contracts';
import { listReleaseFiles, type Release, type ReleaseManifest } from './store.releases.ts';

export interface StoreService {
  /**
   * The platform's release, or undefined when it has none. Links to files this server serves
   * are relative to the site (`/pigo-stream/pigostore/files/{name}`), so a download works at
   * whatever address the page was opened at (ADDR-4 of docs/addresses.md); RELEASES_FILE's
   * links are as written there.
   */
  release(platform: Platform): Promise<Release | undefined>;
  /** Absolute path of a servable release file by its name, or undefined when not listed. */
  file(name: string): Promise<string | undefined>;
}

/** Builds the service; `releasesDir` undefined (DATA_DIR=memory://) means no release files. */
export function createStoreService(deps: {
  manifest: ReleaseManifest;
  releasesDir: string | undefined;
  apiPrefix: string;
}): StoreService {
  const { manifest, releasesDir, apiPrefix } = deps;
  return {
    async release(platform) {
      const configured = manifest[platform];
      if (configured) return configured;
      if (!releasesDir) return undefined;
      const found = (await listReleaseFiles(releasesDir)).get(platform);
      if (!found) return undefined;
      const url = `${apiPrefix}/pigostore/files/${encodeURIComponent(found.name)}`;
      return { version: found.version, url };
    },
    async file(name) {
      if (!releasesDir) return undefined;
      const listed = [...(await listReleaseFiles(releasesDir)).values()].some(
        (f) => f.name === name,
      );
      return listed ? path.join(releasesDir, name) : undefined;
    },
  };
}
