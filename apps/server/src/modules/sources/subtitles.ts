/**
 * Subtitles as WebVTT (PLAYBACK-3 in docs/requirements.md): a sidecar file's bytes are decoded
 * in the charset they were written in (a byte order mark, valid UTF-8, else chardet's guess,
 * defaulting to Windows-1252), parsed (SubRip with subsrt-ts; ASS/SSA events and MicroDVD lines
 * here, since subsrt-ts drops the first character of an ASS event's text and reads MicroDVD frames
 * as seconds) and written as
 * WebVTT with the styling browsers show kept: italics, bold and underline as `<i>`, `<b>`, `<u>`;
 * ASS override blocks `{\...}` dropped, `\N` a new line. A text subtitle inside the file is
 * extracted by ffmpeg as WebVTT.
 */
import { execFile } from 'node:child_process';
import chardet from 'chardet';
import iconv from 'iconv-lite';
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

/** The text of an ASS/SSA event: italics, bold, underline as tags, other overrides dropped. */
export function assText(raw: string): string {
  let out = '';
  for (const part of raw.split(/(\{[^}]*\})/)) {
    if (part.startsWith('{') && part.endsWith('}')) {
      for (const [, name, value] of part.matchAll(/\\([ibu])(\d*)(?=\\|$|\})/g)) {
        if (!name) continue;
        out += value === '' || value === '0' ? `</${name}>` : `<${name}>`;
      }
    } else out += part;
  }
  return out
    .replace(/\\[Nn]/g, '\n')
    .replace(/\\h/g, '\u00a0')
    .replace(/<([ibu])>(?=<\/\1>)<\/\1>/g, '');
}

/** The text of a MicroDVD line: `|` a new line, `{y:i}` italics, other `{...}` dropped. */
function microDvdText(raw: string): string {
  const italic = /\{y:[^}]*i[^}]*\}/i.test(raw);
  const text = raw
    .replace(/\{[^}]*\}/g, '')
    .split('|')
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
  if (format === 'sub') return microDvdCues(clean, videoFps ?? DEFAULT_FPS);
  const raw =
    format === 'ass' || format === 'ssa'
      ? assEvents(clean).map((c) => ({ ...c, text: assText(c.text) }))
      : parseSubtitles(clean, { format, eol: '\n' })
          .filter((c): c is ContentCaption => c.type === 'caption')
          .map((c) => ({ start: c.start, end: c.end, text: srtText(c.content) }));
  return raw
    .map((c) => ({ ...c, text: tidy(balanceTags(c.text)) }))
    .filter((c) => c.text !== '' && c.end > c.start)
    .sort((a, b) => a.start - b.start || a.end - b.end);
}

/** `h:mm:ss.cc` in ms, or NaN. */
function assTime(value: string): number {
  const match = /^(\d+):(\d{1,2}):(\d{1,2})(?:[.,](\d{1,3}))?$/.exec(value.trim());
  if (!match) return Number.NaN;
  const fraction = (match[4] ?? '0').padEnd(3, '0');
  return (
    Number(match[1]) * 3_600_000 +
    Number(match[2]) * 60_000 +
    Number(match[3]) * 1000 +
    Number(fraction)
  );
}

/**
 * The Dialogue events of an ASS/SSA script's `[Events]` section, raw text (override blocks
 * kept): the Format line names the columns; Text is the last, commas and all.
 * @throws Error when the script has no `[Events]` Format line.
 */
function assEvents(script: string): Cue[] {
  let inEvents = false;
  let columns: string[] | undefined;
  const cues: Cue[] = [];
  for (const line of script.split(/\r?\n/)) {
    const section = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (section) {
      inEvents = section[1]?.trim().toLowerCase() === 'events';
      continue;
    }
    if (!inEvents) continue;
    const field = /^\s*(Format|Dialogue)\s*:\s?(.*)$/i.exec(line);
    if (!field?.[1] || field[2] === undefined) continue;
    if (field[1].toLowerCase() === 'format') {
      columns = field[2].split(',').map((c) => c.trim().toLowerCase());
      continue;
    }
    if (!columns) continue;
    const values: string[] = [];
    let rest = field[2];
    for (let i = 0; i < columns.length - 1; i++) {
      const comma = rest.indexOf(',');
      if (comma < 0) break;
      values.push(rest.slice(0, comma));
      rest = rest.slice(comma + 1);
    }
    values.push(rest);
    const at = (name: string) => values[columns?.indexOf(name) ?? -1] ?? '';
    const start = assTime(at('start'));
    const end = assTime(at('end'));
    if (Number.isFinite(start) && Number.isFinite(end)) cues.push({ start, end, text: at('text') });
  }
  if (!columns) throw new Error('Not an ASS/SSA script: no [Events] Format line');
  return cues;
}

/** MicroDVD (`{start}{end}text`, frames; a first `{1}{1}23.976` line gives the frame rate). */
function microDvdCues(text: string, videoFps: number): Cue[] {
  let fps = videoFps;
  const cues: Cue[] = [];
  for (const line of text.split(/\r?\n/)) {
    const match = /^\{(\d+)\}\{(\d*)\}(.*)$/.exec(line.trim());
    if (!match) continue;
    const [start, end, body] = [Number(match[1]), Number(match[2] || match[1]), match[3] ?? ''];
    const rate = Number(body.trim());
    if (cues.length === 0 && start <= 1 && end <= 1 && rate > 0 && rate < 200) {
      fps = rate;
      continue;
    }
    const cue = {
      start: (start / fps) * 1000,
      end: (end / fps) * 1000,
      text: tidy(balanceTags(microDvdText(body))),
    };
    if (cue.text !== '' && cue.end > cue.start) cues.push(cue);
  }
  return cues.sort((a, b) => a.start - b.start);
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
