/**
 * How this browser plays a library file (PLAYBACK-2 in docs/requirements.md:
 * `GET /sources/media/:mediaId/playback?containers=&video=&audio=&hls=&audio_track=&burn=`,
 * signed in): the link to play, its audio tracks and its subtitles.
 */
import { playbackSchema, type Playback } from '@pigostream/contracts';
import { MEDIA_PLAYBACK } from '@pigostream/contracts/endpoints';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { callEndpoint } from '../../../lib/endpoint-call.ts';
import { browserCapabilities, capabilityQuery } from '../playback-capabilities.ts';

/** The tracks asked for: an audio track's `index`, an image subtitle's `id` to burn in. */
export interface PlaybackChoice {
  /** undefined: the file's default track. */
  audioTrack: number | undefined;
  /** undefined: none burnt in. */
  burn: string | undefined;
}

/**
 * `GET /pigo-stream/sources/media/{mediaId}/playback?...`: the way this browser plays library
 * file `mediaId` (what it decodes: playback-capabilities.ts) with the tracks of `choice`.
 * @throws ApiError with an ERR-1 message (404 for a file no longer in the library).
 */
export function getPlayback(
  mediaId: string,
  choice: PlaybackChoice,
  signal?: AbortSignal,
): Promise<Playback> {
  return callEndpoint(
    MEDIA_PLAYBACK,
    {
      params: { mediaId },
      query: {
        ...capabilityQuery(browserCapabilities()),
        audio_track: choice.audioTrack,
        burn: choice.burn,
      },
    },
    playbackSchema,
    { signal },
  );
}

/**
 * Query options for {@link getPlayback}, keyed `['play', 'playback', mediaId, audioTrack, burn]`
 * (null for undefined). Never stale for the page's life: a refetch could hand back another
 * playlist link and restart the video. While another choice loads, the last answer stays (the
 * video and its pickers stay on screen).
 */
export function playbackQueryOptions(mediaId: string, choice: PlaybackChoice) {
  return queryOptions({
    queryKey: [
      'play',
      'playback',
      mediaId,
      choice.audioTrack ?? null,
      choice.burn ?? null,
    ] as const,
    queryFn: ({ signal }) => getPlayback(mediaId, choice, signal),
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
}
