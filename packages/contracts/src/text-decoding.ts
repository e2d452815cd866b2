/**
 * Reading an uploaded text file's bytes without assuming UTF-8 (IMP-2 of docs/imports.md): a
 * byte order mark wins (UTF-8, UTF-16 LE or BE); bytes that are valid UTF-8 are UTF-8; UTF-16
 * without a mark is told by its zero bytes; anything else is Windows-1252 (the WHATWG encoding
 * that `latin1` and `iso-8859-1` also name, so Latin-1 files read the same). The platform's
 * `TextDecoder` does the decoding, so the Import & export page and `pigo import-user` read a
 * file the same way; for Windows-1252 the caller may pass another decoder, since Node.js 20.18.3
 * and later 20.x (and 22.13 to 22.18) decode its bytes 0x80 to 0x9F as Latin-1's control
 * characters instead of '€', curly quotes and dashes (nodejs/node#60888): the server passes
 * iconv-lite's (`apps/server/src/lib/decode-file.ts`).
 */

/** The encodings {@link decodeText} tells apart, by their WHATWG names. */
export type TextEncodingName = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/** A file's text and the encoding it was read in. */
export interface DecodedText {
  text: string;
  encoding: TextEncodingName;
}

/**
 * Share of the even (UTF-16 BE) or odd (UTF-16 LE) bytes that must be zero for text without a
 * byte order mark to read as UTF-16: the files an import takes are mostly ASCII, whose UTF-16
 * has a zero in every other byte, while no UTF-8 or Windows-1252 text has zero bytes at all.
 */
const UTF16_ZERO_SHARE = 0.4;

/** How many bytes of the file the UTF-16 check looks at. */
const UTF16_SAMPLE_BYTES = 4096;

function decode(encoding: TextEncodingName, bytes: Uint8Array, fatal = false): string {
  // ignoreBOM: the mark is skipped by slicing it off, so a second one stays visible.
  return new TextDecoder(encoding, { fatal, ignoreBOM: true }).decode(bytes);
}

/** 'utf-16le' or 'utf-16be' when `bytes` look like UTF-16 without a byte order mark. */
function unmarkedUtf16(bytes: Uint8Array): TextEncodingName | null {
  const length = Math.min(bytes.length, UTF16_SAMPLE_BYTES) & ~1;
  if (length < 2) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < length; i += 2) {
    if (bytes[i] === 0) evenZeros += 1;
    if (bytes[i + 1] === 0) oddZeros += 1;
  }
  const pairs = length / 2;
  if (oddZeros / pairs >= UTF16_ZERO_SHARE && evenZeros < oddZeros) return 'utf-16le';
  if (evenZeros / pairs >= UTF16_ZERO_SHARE && oddZeros < evenZeros) return 'utf-16be';
  return null;
}

/** Decodes Windows-1252 bytes: every byte is a character, so it never fails. */
export type Windows1252Decoder = (bytes: Uint8Array) => string;

/** The platform's Windows-1252 decoder (right in browsers; see the module's note on Node.js). */
const platformWindows1252: Windows1252Decoder = (bytes) => decode('windows-1252', bytes);

/**
 * The text of `bytes` (IMP-2): a byte order mark picks UTF-8, UTF-16 LE or UTF-16 BE (and is not
 * part of the text); else UTF-16 told by its zero bytes; else valid UTF-8 is UTF-8; else
 * Windows-1252 through `windows1252`, which gives every byte a character, so this never fails.
 */
export function decodeText(
  bytes: Uint8Array,
  windows1252: Windows1252Decoder = platformWindows1252,
): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: decode('utf-8', bytes.subarray(3)), encoding: 'utf-8' };
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: decode('utf-16le', bytes.subarray(2)), encoding: 'utf-16le' };
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: decode('utf-16be', bytes.subarray(2)), encoding: 'utf-16be' };
  }
  const utf16 = unmarkedUtf16(bytes);
  if (utf16) return { text: decode(utf16, bytes), encoding: utf16 };
  try {
    return { text: decode('utf-8', bytes, true), encoding: 'utf-8' };
  } catch {
    return { text: windows1252(bytes), encoding: 'windows-1252' };
  }
}
