/**
 * A file's bytes as text on the server (IMP-2 of docs/imports.md): {@link decodeText}'s rules
 * (byte order mark, UTF-16, UTF-8, else Windows-1252) with iconv-lite decoding Windows-1252,
 * because this Node.js's own `TextDecoder` reads its bytes 0x80 to 0x9F as control characters.
 */
import iconv from 'iconv-lite';
import { decodeText, type DecodedText } from '@pigostream/contracts/text-decoding';

/** The text of `bytes` and the encoding it was read in; never throws. */
export function decodeFile(bytes: Uint8Array): DecodedText {
  return decodeText(bytes, (legacy) =>
    iconv.decode(Buffer.from(legacy.buffer, legacy.byteOffset, legacy.byteLength), 'windows-1252'),
  );
}
