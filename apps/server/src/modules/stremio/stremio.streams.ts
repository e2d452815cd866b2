/**
 * The addon's streams and subtitles (STREMIO-6, STREMIO-7 in docs/requirements.md). A movie's or
 * an episode's streams, best first: its media files, each a direct link through the token
 * (`{base}/media/{file id}`, range requests, `notWebReady` so Stremio's streaming server plays
 * any container), each followed, when a web player could not play the file itself, by a remux or
 * transcode of it as HLS through the token (`{base}/media/{file id}/hls/{plan}/main.m3u8`, H.264
 * with AAC or MP3 in MPEG-TS, which Stremio Web and TV players play with no streaming server); then the
 * open movie's file at its publisher, then the link templates' stream links as `externalUrl`
 * (opened in a browser: they are web pages). The subtitles are the text subtitles of those media
 * files, inside them or beside them, as WebVTT through the token.
 */
import path from 'node:path';
import type { AddonStream, AddonSubtitle } from '@pigostream/contracts';
import {
  decidePlayback,
  directAudioTrack,
  type BrowserCapabilities,
  type HlsStreams,
  type MediaFile,
  type MediaStreams,
} from '../sources/index.ts';
import type { AddonRequest } from './stremio.catalogs.ts';
import { iso6392Of } from './stremio.languages.ts';
import type { AddonTitle } from './stremio.meta.ts';

/** The name every stream of the addon carries (Stremio shows it as the stream's source). */
export const STREAM_NAME = 'PigoStream';

/** A media file's link through the token. */
export function mediaFileUrl(req: AddonRequest, fileId: string): string {
  return `${req.base}/media/${fileId}`;
}

/**
 * What a web player decodes as it is (Stremio Web in a browser, TV players): MP4 and
 * WebM of H.264, VP8, VP9 or AV1 with AAC, MP3, Opus, Vorbis or FLAC; HLS of H.264 only. A file
 * beyond it gets an HLS stream besides its direct link (STREMIO-6).
 */
export const WEB_PLAYER: BrowserCapabilities = {
  containers: ['mp4', 'webm'],
  video: ['h264', 'vp8', 'vp9', 'av1'],
  audio: ['aac', 'mp3', 'opus', 'vorbis', 'flac'],
  hls: 'native',
};

/** The asker an addon token's HLS plans name (hls-streams.ts): never a user's id. */
export function addonPlanOwner(tokenId: string): string {
  return `stremio:${tokenId}`;
}

/** The media folder and its HLS streams, as the streams read them. */
export interface StreamDeps {
  media: MediaStreams;
  hls: HlsStreams;
}

/**
 * The HLS stream of a media file a web player cannot play as it is (its remux or transcode,
 * with the file's default audio track and no subtitle burnt in), or undefined: none needed, the
 * file unprobed, or no ffmpeg here.
 */
async function convertedStream(
  deps: StreamDeps,
  req: AddonRequest,
  file: MediaFile,
  resolution: string | undefined,
): Promise<AddonStream | undefined> {
  if (!deps.hls.available) return undefined;
  const found = await deps.media.servable(file.id);
  const probe = found && (await deps.media.probeOf(found.file));
  if (!found || !probe) return undefined;
  const decision = decidePlayback(probe, WEB_PLAYER, undefined, false, true);
  if (decision.mode !== 'remux' && decision.mode !== 'transcode') return undefined;
  const converted = { ...decision, mode: decision.mode };
  const audio = directAudioTrack(probe);
  const link = await deps.hls.linkFor(
    found,
    probe,
    converted,
    addonPlanOwner(req.profile.tokenId),
    audio?.index ?? null,
    null,
  );
  const how =
    converted.mode === 'remux'
      ? 'Remuxed for web players (HLS)'
      : 'Transcoded for web players (HLS)';
  return {
    name: STREAM_NAME,
    description: ['Local library', resolution, how].filter(Boolean).join('\n'),
    url: `${mediaFileUrl(req, file.id)}/${link}`,
    behaviorHints: {
      filename: path.basename(file.path),
      bingeGroup: `pigostream-hls${resolution ? `-${resolution}` : ''}`,
    },
  };
}

/** `1080p` from a kept probe, when known. */
function resolutionOf(media: MediaStreams, file: MediaFile): string | undefined {
  const height = media.library.keptProbe(file)?.video?.height;
  return height ? `${String(height)}p` : undefined;
}

/** The media files of a title or an episode (a show's id alone names none). */
function filesOf(media: MediaStreams, title: AddonTitle): Promise<MediaFile[]> {
  if (title.type === 'tv' && title.season === undefined) return Promise.resolve([]);
  return media.filesOf(title.type, title.id, title.season, title.episode);
}

/**
 * The streams of a movie or an episode (STREMIO-6), best first: media files (each with its HLS
 * stream when a web player needs one), the open movie, the link templates' links.
 */
export async function streamsOf(
  deps: StreamDeps,
  req: AddonRequest,
  title: AddonTitle,
): Promise<AddonStream[]> {
  const { media } = deps;
  const streams: AddonStream[] = [];
  for (const file of await filesOf(media, title)) {
    const filename = path.basename(file.path);
    const resolution = resolutionOf(media, file);
    streams.push({
      name: STREAM_NAME,
      description: ['Local library', resolution, filename].filter(Boolean).join('\n'),
      url: mediaFileUrl(req, file.id),
      behaviorHints: {
        notWebReady: true,
        filename,
        ...(typeof file.size === 'number' ? { videoSize: file.size } : {}),
        bingeGroup: `pigostream-media-file${resolution ? `-${resolution}` : ''}`,
      },
    });
    const converted = await convertedStream(deps, req, file, resolution);
    if (converted) streams.push(converted);
  }
  const open = media.openMovieUrl(title.type, title.id);
  if (open) {
    streams.push({
      name: STREAM_NAME,
      description: 'Blender Open Movie',
      url: open,
      behaviorHints: {
        notWebReady: true,
        filename: path.posix.basename(new URL(open).pathname),
        bingeGroup: 'pigostream-open-movie',
      },
    });
  }
  const query = {
    type: title.type,
    id: title.id,
    season: title.season ?? 1,
    episode: title.episode ?? 1,
  };
  if (title.type === 'movie' || title.season !== undefined) {
    for (const link of media.templateLinks(query)) {
      streams.push({
        name: STREAM_NAME,
        description: link.server_name,
        externalUrl: link.server_link,
      });
    }
  }
  return streams;
}

/**
 * What Stremio says of the file it plays with a subtitles request: its size in bytes and its
 * file name (`videoSize=`, `filename=`), which pick that file among a title's.
 */
export interface SubtitlesHint {
  videoSize?: number;
  filename?: string;
}

/**
 * The text subtitles of a movie's or an episode's media files (STREMIO-7): the file Stremio
 * names by size or name, else every one; `lang` the ISO 639-2 code where the language is known,
 * else the subtitle's label ('Subtitle 2'). Picture subtitles, which only a transcode can burn
 * in, are left out.
 */
export async function subtitlesOf(
  media: MediaStreams,
  req: AddonRequest,
  title: AddonTitle,
  hint: SubtitlesHint,
): Promise<AddonSubtitle[]> {
  const files = await filesOf(media, title);
  const named = files.filter(
    (f) =>
      (hint.filename !== undefined && path.basename(f.path) === hint.filename) ||
      (hint.videoSize !== undefined && f.size === hint.videoSize),
  );
  const out: AddonSubtitle[] = [];
  for (const file of named.length > 0 ? named : files) {
    const base = mediaFileUrl(req, file.id);
    for (const track of await media.subtitlesOf(file, base)) {
      if (track.kind !== 'text') continue;
      out.push({
        id: `${file.id}-${track.id}`,
        url: `${base}/subtitles/${track.id}.vtt`,
        lang: iso6392Of(track.language) ?? track.label,
        label: track.label,
      });
    }
  }
  return out;
}
