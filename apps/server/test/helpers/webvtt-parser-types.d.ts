/** The slice of webvtt-parser (which ships no types) that helpers/playback.ts uses. */
declare module 'webvtt-parser' {
  export interface WebVttCue {
    id: string;
    /** In seconds. */
    startTime: number;
    endTime: number;
    text: string;
  }

  export interface WebVttError {
    message: string;
    line: number;
    col: number;
  }

  export class WebVTTParser {
    parse(
      input: string,
      mode?: 'subtitles' | 'metadata' | 'chapters',
    ): { cues: WebVttCue[]; errors: WebVttError[] };
  }

  /** The CommonJS module (its classes are set on `exports` at run time). */
  const webvtt: { WebVTTParser: typeof WebVTTParser };
  export default webvtt;
}
