/**
 * The sources module's public entry: its routes, the media index several servers on one
 * PostgreSQL database share, and what titles play from (the media folder, the link templates,
 * the open movies), opened once per server and shared with the Stremio addon (STREMIO-6,
 * STREMIO-7), and the servers a title plays from, which a room's stream link must be one of
 * (TOGETHER-1). Other files import this module only through here (ESLint enforces it).
 */
export { openMediaStreams, MediaStreams, type SubtitleText } from './media-streams.ts';
export type { MediaProbe } from './media-probe.ts';
export { HlsStreams, type HlsStreamsOptions, type ServableFile } from './hls-streams.ts';
export { decidePlayback, directAudioTrack, type BrowserCapabilities } from './playback-decision.ts';
export { createSharedMediaIndex } from './sources.repository.ts';
export { titleOfKey, type MediaFile } from './sources.library.ts';
export { sourcesRoutes } from './sources.routes.ts';
export { createSourcesService, type SourcesService } from './sources.service.ts';
