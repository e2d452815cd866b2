/**
 * Subtitles as WebVTT (PLAYBACK-3 in docs/requirements.md): a sidecar file's bytes are decoded
 * in the charset they were written in (a byte order mark, valid UTF-8, else chardet's guess,
 * defaulting to Windows-1252), parsed by maintained libraries (SubRip and MicroDVD with subsrt-ts,
 * ASS/SSA with ass-compiler) and written as WebVTT with the styling browsers show kept: italics,
 * bold and underline as `<i>`, `<b>`, `<u>`; other ASS override blocks `{\...}` dropped, `\N` a
 * new line. subsrt-ts gives MicroDVD times as frames divided by the frame rate and rounded (whole
 * seconds where its other formats give ms), so its `frame` numbers are timed here at the file's own
 * rate (a first `{1}{1}23.976` line) or the video's. A text subtitle inside the file is extracted
 * by ffmpeg as WebVTT.
 */
import { execFile } from 'node:child_process';
import chardet from 'chardet';
import iconv from 'iconv-lite';
import { parse as parseAss, type ParsedASS } from 'ass-compiler';
import { parse as parseSubtitles } from 'subsrt-ts';
import type { ContentCaption } from 'subsrt-ts/dist/types/handler.js';
import { fileInput, type SidecarFormat } from './media-probe.ts';

/** Largest sidecar subtitle file read, in bytes. */
export const MAX_SUBTITLE_BYTES = 10 * 1024 * 1024;
/** Longest an extraction of a subtitle track inside a file may take, in ms. */
const EXTRACT_TIMEOUT_MS = 120_000;
/** MicroDVD frame rate when neither the file nor the video says one. */
const DEFAULT_FPS = 25;

/**
 * Decodes a subtitle file's bytes (PLAYBACK-3): a byte order mark picks UTF-8 or UTF-16; bytes
 * that are valid UTF-8 are UTF-8; else chardet's guess when iconv-lite knows it (ISO-8859-1 read
 * as its superset Windows-1252), else Windows-1252. Never throws.
 */
export function decodeSubtitle(bytes: Buffer): { text: string; encoding: string } {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: bytes.subarray(3).toString('utf8'), encoding: 'utf-8' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: iconv.decode(bytes.subarray(2), 'utf-16le'), encoding: 'utf-16le' };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: iconv.decode(bytes.subarray(2), 'utf-16be'), encoding: 'utf-16be' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    // Not UTF-8: guess below.
  }
  let guess = (chardet.detect(bytes) ?? '').toLowerCase();
  if (guess === 'iso-8859-1' || guess === '' || guess === 'utf-8' || guess === 'ascii') {
    guess = 'windows-1252';
  }
  const encoding = iconv.encodingExists(guess) ? guess : 'windows-1252';
  return { text: iconv.decode(bytes, encoding), encoding };
}

/** WebVTT time `hh:mm:ss.mmm` of a time in ms. */
function vttTime(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(total % 1000, 3)}`;
}

/** A cue: start and end in ms, and its WebVTT text. */
export interface Cue {
  start: number;
  end: number;
  text: string;
}

/** Escapes text for a WebVTT cue, keeping `<i>`, `<b>`, `<u>` and their closing tags. */
function escapeCueText(text: string): string {
  return text
    .split(/(<\/?[ibu]>)/gi)
    .map((part, i) =>
      i % 2 === 1
        ? part.toLowerCase()
        : part.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'),
    )
    .join('');
}

/** Closes tags left open and drops closing tags with no opening, so every cue parses. */
function balanceTags(text: string): string {
  const open: string[] = [];
  let out = '';
  for (const part of text.split(/(<\/?[ibu]>)/)) {
    const tag = /^<(\/?)([ibu])>$/.exec(part);
    if (!tag?.[2]) out += part;
    else if (tag[1] === '') {
      if (!open.includes(tag[2])) {
        open.push(tag[2]);
        out += part;
      }
    } else if (open.includes(tag[2])) {
      // Close the tags opened inside this one, then this one, and reopen them.
      const at = open.lastIndexOf(tag[2]);
      const inner = open.splice(at);
      out += inner
        .map((t) => `</${t}>`)
        .reverse()
        .join('');
      for (const t of inner.slice(1)) {
        open.push(t);
        out += `<${t}>`;
      }
    }
  }
  return (
    out +
    open
      .map((t) => `</${t}>`)
      .reverse()
      .join('')
  );
}

/** The text of a SubRip cue: `<i>`/`<b>`/`<u>` kept, other tags and `{\...}` blocks dropped. */
function srtText(raw: string): string {
  return raw
    .replace(/\{\\[^}]*\}/g, '')
    .replace(/<(\/?)([a-z][a-z0-9]*)\b[^>]*>/gi, (_tag, close: string, name: string) =>
      /^[ibu]$/i.test(name) ? `<${close}${name.toLowerCase()}>` : '',
    );
}

/** The parsed Text of an ASS/SSA event: its override blocks and the text after each. */
type AssEventText = ParsedASS['events']['dialogue'][number]['Text'];

/**
 * The WebVTT text of an ASS/SSA event's Text as ass-compiler parsed it: `\i1`/`\b1`/`\u1`
 * (any non-zero value) open `<i>`/`<b>`/`<u>` and `\i0`/`\b0`/`\u0` close them, other override
 * tags are dropped, `\N` and `\n` are new lines, `\h` a no-break space. Null for an event that
 * draws (`\p1` or more), which has no text to show.
 */
function assEventText(text: AssEventText | undefined): string | null {
  let out = '';
  for (const part of text?.parsed ?? []) {
    for (const tag of part.tags) {
      if (tag.p) return null;
      for (const name of ['i', 'b', 'u'] as const) {
        const value = tag[name];
        if (value !== undefined) out += value ? `<${name}>` : `</${name}>`;
      }
    }
    out += part.text;
  }
  return out
    .replace(/\\[Nn]/g, '\n')
    .replace(/\\h/g, '\u00a0')
    .replace(/<([ibu])>(?=<\/\1>)<\/\1>/g, '');
}

/**
 * The WebVTT text of one ASS/SSA event's Text field (PLAYBACK-3), parsed by ass-compiler and
 * reduced as {@link parseCues} does: e.g. `{\an8}{\i1}Hi{\i0}\Nyou` is `<i>Hi</i>\nyou`.
 * Tags are not balanced here. An empty string for a drawing. Never throws.
 */
export function assText(raw: string): string {
  const script = `[Events]\nFormat: Text\nDialogue: ${raw.replace(/[\r\n]+/g, ' ')}\n`;
  return assEventText(parseAss(script).events.dialogue[0]?.Text) ?? '';
}

/**
 * The cues of an ASS/SSA script's Dialogue events, parsed by ass-compiler (Comment events and
 * drawings left out), text reduced by {@link assEventText}; times in ms.
 * @throws Error when the script has no `[Events]` Format line.
 */
function assCues(script: string): Cue[] {
  const { events } = parseAss(script);
  if (events.format.length === 0) throw new Error('Not an ASS/SSA script: no [Events] Format line');
  const cues: Cue[] = [];
  for (const event of events.dialogue) {
    const text = assEventText(event.Text);
    const [start, end] = [event.Start * 1000, event.End * 1000];
    if (text !== null && Number.isFinite(start) && Number.isFinite(end)) {
      cues.push({ start, end, text });
    }
  }
  return cues;
}

/**
 * The cues of a MicroDVD file (`{start}{end}text`, frames), lines parsed by subsrt-ts and timed
 * from its frame numbers: at the rate a first `{1}{1}23.976` cue gives, else `videoFps`. The text
 * reduced by {@link microDvdText}; times in ms.
 */
function microDvdCues(text: string, videoFps: number): Cue[] {
  const trimmed = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .join('\n');
  // Its start and end are frames / fps rounded (not ms): the frame numbers are timed below.
  const captions = parseSubtitles(trimmed, { format: 'sub', eol: '\n' }).filter(
    (c): c is ContentCaption & { frame: NonNullable<ContentCaption['frame']> } =>
      c.type === 'caption' && c.frame !== undefined,
  );
  let fps = videoFps;
  const first = captions[0];
  const rate = Number(first?.content.trim());
  if (first && first.frame.start <= 1 && first.frame.end <= 1 && rate > 0 && rate < 200) {
    fps = rate;
    captions.shift();
  }
  return captions.map((c) => ({
    start: (c.frame.start / fps) * 1000,
    end: (c.frame.end / fps) * 1000,
    text: microDvdText(c.content),
  }));
}

/**
 * The text of a MicroDVD cue as subsrt-ts gives it (lines split at `\n`, `{...}` codes kept):
 * `{y:i}` makes it italic, a line starting `/` is italic, other `{...}` codes are dropped.
 */
function microDvdText(raw: string): string {
  const italic = /\{y:[^}]*i[^}]*\}/i.test(raw);
  const text = raw
    .replace(/\{[^}]*\}/g, '')
    .split('\n')
    .map((line) => (line.startsWith('/') ? `<i>${line.slice(1)}</i>` : line))
    .join('\n');
  return italic ? `<i>${text}</i>` : text;
}

/** Tidies a cue's text: Unix line ends, no blank lines (a blank line ends a WebVTT cue). */
function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/\s+$/, ''))
    .filter((line) => line.trim() !== '')
    .join('\n')
    .replace(/-->/g, '--&gt;');
}

/**
 * The cues of a subtitle file's text (PLAYBACK-3), in time order.
 * @param format the sidecar's format (its extension).
 * @param videoFps the video's frame rate, for MicroDVD frames when the file names none.
 * @throws Error when the text is not of that format.
 */
export function parseCues(text: string, format: SidecarFormat, videoFps?: number | null): Cue[] {
  const clean = text.replace(/^\uFEFF/, '');
  const raw =
    format === 'sub'
      ? microDvdCues(clean, videoFps && videoFps > 0 ? videoFps : DEFAULT_FPS)
      : format === 'ass' || format === 'ssa'
        ? assCues(clean)
        : parseSubtitles(clean, { format, eol: '\n' })
            .filter((c): c is ContentCaption => c.type === 'caption')
            .map((c) => ({ start: c.start, end: c.end, text: srtText(c.content) }));
  return raw
    .map((c) => ({ ...c, text: tidy(balanceTags(c.text)) }))
    .filter((c) => c.text !== '' && c.end > c.start)
    .sort((a, b) => a.start - b.start || a.end - b.end);
}

/** A WebVTT file of `cues`, their text escaped (tags `<i>`, `<b>`, `<u>` kept). */
export function buildWebVtt(cues: Cue[]): string {
  const parts = ['WEBVTT', ''];
  for (const cue of cues) {
    parts.push(`${vttTime(cue.start)} --> ${vttTime(cue.end)}`, escapeCueText(cue.text), '');
  }
  return `${parts.join('\n')}\n`;
}

/**
 * A sidecar subtitle file's bytes as WebVTT (PLAYBACK-3). A `.vtt` file is passed through when
 * it starts with `WEBVTT`.
 * @throws Error when the text is not a subtitle file of that format.
 */
export function sidecarToWebVtt(
  bytes: Buffer,
  format: SidecarFormat,
  videoFps?: number | null,
): string {
  const { text } = decodeSubtitle(bytes);
  if (format === 'vtt') {
    const vtt = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
    if (/^WEBVTT(?:[ \t\n]|$)/.test(vtt)) return vtt;
    throw new Error('Not a WebVTT file');
  }
  return buildWebVtt(parseCues(text, format, videoFps));
}

/**
 * The `index`-th subtitle stream of a file as WebVTT, converted by ffmpeg (PLAYBACK-3). Reads
 * the whole file, so callers keep the answer.
 * @throws Error when ffmpeg fails or takes longer than 120 s.
 */
export function extractSubtitle(
  ffmpeg: string,
  absolutePath: string,
  index: number,
): Promise<string> {
  if (!Number.isInteger(index) || index < 0) throw new Error('Bad subtitle index');
  return new Promise((resolve, reject) => {
    execFile(
      ffmpeg,
      [
        '-nostdin',
        '-hide_banner',
        '-loglevel',
        'error',
        '-i',
        fileInput(absolutePath),
        '-map',
        `0:s:${String(index)}`,
        '-c:s',
        'webvtt',
        '-f',
        'webvtt',
        'pipe:1',
      ],
      { timeout: EXTRACT_TIMEOUT_MS, maxBuffer: 64 * 1024 * 1024, windowsHide: true },
      (error, stdout, stderr) => {
        if (error)
          reject(new Error(`ffmpeg could not extract the subtitle: ${stderr || error.message}`));
        else resolve(stdout);
      },
    );
  });
}
