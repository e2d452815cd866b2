/** The store page's data (STORE-6 in docs/requirements.md): the version and the download link. */
import { useQuery } from '@tanstack/react-query';
import { NO_VERSION } from '@pigostream/contracts';
import type { DetectedPlatform } from '../../../lib/platform.ts';
import { downloadUrlQueryOptions } from '../api/get-download-link.ts';
import { appVersionQueryOptions } from '../api/player-release.ts';

/** What {@link usePlayerRelease} answers. */
export interface PlayerRelease {
  /** The version ('NA' when none); undefined while loading, failed, or for unknown. */
  version: string | undefined;
  versionLoading: boolean;
  versionError: Error | null;
  /** The download URL; null when none; undefined while loading or failed. */
  url: string | null | undefined;
  urlLoading: boolean;
  /** The link's failure (STORE-6: stored and shown), or null. */
  urlError: Error | null;
  retry: () => void;
}

/**
 * Fetches `platform`'s version, then its download link only when there is a version (UI-3: a
 * platform without a release would answer 404, a failed request in the console). For 'unknown'
 * nothing is asked (the server takes only the five platforms): no version, no link.
 */
export function usePlayerRelease(platform: DetectedPlatform): PlayerRelease {
  const known = platform === 'unknown' ? 'windows' : platform;
  const enabled = platform !== 'unknown';
  const version = useQuery({ ...appVersionQueryOptions(known), enabled });
  const released = version.data !== undefined && version.data.version !== NO_VERSION;
  const url = useQuery({ ...downloadUrlQueryOptions(known), enabled: enabled && released });

  if (!enabled) {
    return {
      version: undefined,
      versionLoading: false,
      versionError: null,
      url: null,
      urlLoading: false,
      urlError: null,
      retry: () => undefined,
    };
  }
  if (version.data && !released) {
    // No release: no link to ask for.
    return {
      version: version.data.version,
      versionLoading: false,
      versionError: null,
      url: null,
      urlLoading: false,
      urlError: null,
      retry: () => undefined,
    };
  }
  return {
    version: version.data?.version,
    versionLoading: version.isPending,
    versionError: version.error,
    url: url.data,
    // Until the version is in, the link waits on it; a failed version asks for no link.
    urlLoading: released ? url.isPending : version.isPending,
    urlError: url.error,
    retry: () => {
      if (version.error) void version.refetch();
      if (url.error) void url.refetch();
    },
  };
}
