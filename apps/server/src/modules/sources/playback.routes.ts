/**
 * Playing a library file in the browser (PLAYBACK-1..6 in docs/requirements.md), for signed-in
 * users (401 `{ error }` otherwise):
 * - `GET /sources/media/:mediaId/playback?containers=&video=&audio=&hls=&audio_track=&burn=` ->
 *   `playbackSchema`: the file's audio tracks and subtitles (labels like 'English (5.1)',
 *   'French (Forced)'), and how this browser plays it: `direct` (the file's own link), `remux` or
 *   `transcode` (an HLS playlist), or `unplayable` with a message. 400 for an audio track or a
 *   burn id the file does not have; 404 for an unknown file.
 * - `GET /sources/media/:mediaId/subtitles/:subtitleId` -> `text/vtt; charset=utf-8`: `e{n}` the
 *   n-th subtitle track inside the file, `s{n}` the n-th subtitle file beside it. 400 for a
 *   malformed id; 404 for one the file does not have, an image subtitle (only burnt in), or a
 *   file outside MEDIA_DIR; 422 for a subtitle file that cannot be read.
 * - `GET /sources/media/:mediaId/hls/:plan/:file` -> `main.m3u8` (`application/vnd.apple.mpegurl`)
 *   or `seg{n}.ts` (`video/mp2t`) of a remux or transcode (hls-sessions.ts). 404 for a plan that is
 *   not this server's, names another user or another file, or a file name that is not one of the
 *   plan's; 503 `{ error }` when TRANSCODE_MAX ffmpeg are running or ffmpeg failed.
 * A kids' profile (PROFILE-7) is refused all three for a file of a title above its rating limit:
 * 403 `{ error: 'Not available on this profile' }` (sources.routes.ts's check).
 * All links are relative to the site (pages are opened at many addresses).
 */
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  errorSchema,
  NEEDS_FFMPEG_MESSAGE,
  playbackQuerySchema,
  playbackSchema,
  type AudioTrack,
  type MediaType,
  type Playback,
  type PlaybackQuery,
} from '@pigostream/contracts';
import {
  MEDIA_HLS,
  MEDIA_PLAYBACK,
  MEDIA_SUBTITLE,
  routePath,
} from '@pigostream/contracts/endpoints';
import { requireVerifiedUser } from '../identity/index.ts';
import type { HlsStreams } from './hls-streams.ts';
import { languageName, type MediaProbe } from './media-probe.ts';
import type { MediaStreams } from './media-streams.ts';
import { decidePlayback, directAudioTrack } from './playback-decision.ts';
import { titleOfKey, type MediaFile } from './sources.library.ts';

/**
 * The check of the title a request plays against its profile's rating limit (PROFILE-7):
 * `title` is the file's (undefined for a key naming none).
 * @throws NotAvailableOnProfileError (403) when the request's profile may not play it.
 */
export type PlayableCheck = (
  req: FastifyRequest,
  title: { type: MediaType; id: number } | undefined,
) => Promise<void>;

export interface PlaybackRoutesOptions {
  /** The media folder and its subtitles, and ffmpeg and ffprobe as found (media-streams.ts). */
  media: MediaStreams;
  /** The remuxes and transcodes, shared with the Stremio addon (hls-streams.ts). */
  hls: HlsStreams;
  /** Prefix the API is mounted at (`/pigo-stream`), for the links. */
  apiPrefix: string;
  /** Refuses (403) a request whose profile may not play a file's title (PROFILE-7). */
  assertPlayable: PlayableCheck;
}

const mediaIdParam = z.string().regex(/^[a-f0-9]{24}$/, 'Unknown media file');

/** 'Mono', 'Stereo', '5.1', '7.1', or 'n channels'. */
function channelsLabel(channels: number): string {
  const names: Record<number, string> = { 1: 'Mono', 2: 'Stereo', 3: '2.1', 6: '5.1', 8: '7.1' };
  return names[channels] ?? `${String(channels)} channels`;
}

/** The audio tracks of a probe as the picker shows them ('English (5.1)', 'Track 2 (Stereo)'). */
export function audioTracks(probe: MediaProbe): AudioTrack[] {
  const tracks = probe.audio.map((a) => ({
    index: a.index,
    language: a.language,
    label: `${languageName(a.language) ?? `Track ${String(a.index + 1)}`} (${channelsLabel(a.channels)})`,
    codec: a.codec,
    channels: a.channels,
    default: a.default,
  }));
  // Two tracks alike ('English (5.1)' twice) are told apart by their titles, else numbers.
  for (const track of tracks) {
    if (tracks.filter((t) => t.label === track.label).length < 2) continue;
    const title = probe.audio[track.index]?.title;
    track.label = `${track.label} – ${title ?? `Track ${String(track.index + 1)}`}`;
  }
  return tracks;
}

/** The container a file's extension suggests, for a file ffprobe could not read. */
function containerFromExtension(file: string): string {
  const ext = path.extname(file).slice(1).toLowerCase();
  const names: Record<string, string> = {
    m4v: 'mp4',
    mov: 'mp4',
    '3gp': 'mp4',
    m2ts: 'ts',
    mpg: 'mpeg',
  };
  return names[ext] ?? ext;
}

class BadPlaybackRequest extends Error {}

/** Registers the playback, subtitle and HLS calls on `app` (sources.routes.ts's scope). */
export async function registerPlaybackRoutes(
  app: FastifyInstance,
  options: PlaybackRoutesOptions,
): Promise<void> {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { media, apiPrefix } = options;
  const { library, tools } = media;
  const { hls } = options;
  app.addHook('onClose', async () => {
    library.close();
  });
  const base = (id: string) => `${apiPrefix}/sources/media/${id}`;

  /**
   * The listed file and its real path, or undefined; checked against the request's rating limit.
   * @throws NotAvailableOnProfileError (403) for a kids' profile and a title above its limit.
   */
  const fileOf = async (
    req: FastifyRequest,
    id: string,
  ): Promise<{ file: MediaFile; real: string } | undefined> => {
    const found = await media.servable(id);
    if (!found) return undefined;
    await options.assertPlayable(req, titleOfKey(found.file.key));
    return found;
  };

  /** The probe of a file, or undefined without ffprobe or when ffprobe cannot read it. */
  const probeOf = (file: MediaFile): Promise<MediaProbe | undefined> => media.probeOf(file);

  const decide = async (
    file: MediaFile,
    real: string,
    query: PlaybackQuery,
    uid: string,
  ): Promise<Playback> => {
    const probe = await probeOf(file);
    const subtitles = await media.subtitlesOf(file, base(file.id));
    const caps = {
      containers: query.containers,
      video: query.video,
      audio: query.audio,
      hls: query.hls ?? 'none',
    };
    if (!probe) {
      // Nothing known but the extension: the file as it is, or nothing (PLAYBACK-5).
      const direct = caps.containers.includes(containerFromExtension(real));
      if (query.burn !== undefined || (query.audio_track ?? 0) > 0) {
        throw new BadPlaybackRequest('This file has no such track');
      }
      return {
        mode: direct ? 'direct' : 'unplayable',
        url: direct ? base(file.id) : null,
        delivery: direct ? 'file' : null,
        message: direct
          ? null
          : tools.ffprobe
            ? 'This file could not be read to play in this browser.'
            : NEEDS_FFMPEG_MESSAGE,
        duration: null,
        audio_tracks: [],
        audio_track: null,
        subtitles,
        burnt: null,
      };
    }
    if (query.audio_track !== undefined && !probe.audio[query.audio_track]) {
      throw new BadPlaybackRequest(`This file has no audio track ${String(query.audio_track)}`);
    }
    let burn: number | null = null;
    if (query.burn !== undefined) {
      const subtitle = /^e(\d+)$/.exec(query.burn)?.[1];
      const track = subtitle === undefined ? undefined : probe.subtitles[Number(subtitle)];
      if (!track || track.kind !== 'image') {
        throw new BadPlaybackRequest('burn must be the id of an image subtitle of this file');
      }
      burn = track.index;
    }
    const decision = decidePlayback(probe, caps, query.audio_track, burn !== null, hls.available);
    const audioIndex = query.audio_track ?? directAudioTrack(probe)?.index ?? null;
    const answer: Playback = {
      mode: decision.mode,
      url: null,
      delivery: null,
      message: decision.message,
      duration: probe.duration,
      audio_tracks: audioTracks(probe),
      audio_track: audioIndex,
      subtitles,
      burnt: null,
    };
    if (decision.mode === 'direct') return { ...answer, url: base(file.id), delivery: 'file' };
    if (decision.mode === 'unplayable') return answer;
    const hlsDecision = { ...decision, mode: decision.mode };
    const link = await hls.linkFor({ file, real }, probe, hlsDecision, uid, audioIndex, burn);
    return {
      ...answer,
      mode: hlsDecision.mode,
      url: `${base(file.id)}/${link}`,
      delivery: 'hls',
      burnt: query.burn ?? null,
    };
  };

  typed.get(
    routePath.get(MEDIA_PLAYBACK),
    {
      schema: {
        tags: ['sources'],
        summary: 'How this browser plays a library file, with its audio tracks and subtitles',
        params: z.object({ mediaId: mediaIdParam }),
        querystring: playbackQuerySchema,
        response: {
          200: playbackSchema,
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (req, reply) => {
      const user = await requireVerifiedUser(req);
      const found = await fileOf(req, req.params.mediaId);
      if (!found) return reply.code(404).send({ error: 'Unknown media file' });
      try {
        const answer = await decide(found.file, found.real, req.query, user.uid);
        return await reply.header('cache-control', 'private, no-store').send(answer);
      } catch (err) {
        if (err instanceof BadPlaybackRequest) return reply.code(400).send({ error: err.message });
        throw err;
      }
    },
  );

  typed.get(
    routePath.get(MEDIA_SUBTITLE),
    {
      schema: {
        tags: ['sources'],
        summary: 'A subtitle of a library file, as WebVTT',
        params: z.object({
          mediaId: mediaIdParam,
          subtitleId: z.string().regex(/^[es]\d{1,3}$/, 'Unknown subtitle'),
        }),
        response: {
          200: z.string(),
          400: errorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          422: errorSchema,
        },
      },
    },
    async (req, reply) => {
      await requireVerifiedUser(req);
      const found = await fileOf(req, req.params.mediaId);
      if (!found) return reply.code(404).send({ error: 'Unknown media file' });
      const text = await media.subtitleText(found.file, found.real, req.params.subtitleId);
      if (!('vtt' in text)) return reply.code(text.status).send({ error: text.error });
      return reply
        .type('text/vtt; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(text.vtt);
    },
  );

  typed.get(
    routePath.get(MEDIA_HLS),
    {
      compress: false,
      schema: {
        tags: ['sources'],
        summary: 'A playlist or segment of a remux or transcode of a library file',
        params: z.object({
          mediaId: mediaIdParam,
          plan: z.string().max(400),
          file: z.string().max(40),
        }),
        response: {
          200: z.unknown(),
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          503: errorSchema,
        },
      },
    },
    async (req, reply) => {
      const user = await requireVerifiedUser(req);
      return hls.answer(reply, {
        ...req.params,
        uid: user.uid,
        profileId: user.profileId,
        resolve: (mediaId) => fileOf(req, mediaId),
      });
    },
  );
}
