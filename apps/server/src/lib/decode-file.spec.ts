import { describe, expect, it } from 'vitest';
import { decodeFile } from './decode-file.ts';

describe('decodeFile (IMP-2)', () => {
  it("reads Windows-1252's own characters (0x80 to 0x9F) as Windows-1252 does, not as control characters", () => {
    // 'Léon' 'La vita è bella' in Latin-1; 0x80 '€', 0x93 and 0x94 curly quotes, 0x96 '–', 0x9c 'œ'.
    const bytes = Uint8Array.from([
      ...Array.from('Léon,La vita è bella,', (c) => c.charCodeAt(0)),
      ...[0x80, 0x93, 0x41, 0x94, 0x96, 0x9c],
    ]);
    expect(decodeFile(bytes)).toEqual({
      text: 'Léon,La vita è bella,€“A”–œ',
      encoding: 'windows-1252',
    });
  });

  it('keeps UTF-8 and UTF-16 as they are', () => {
    const text = 'Män som hatar kvinnor “8½”';
    expect(decodeFile(new TextEncoder().encode(text)).text).toBe(text);
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(decodeFile(le)).toEqual({ text, encoding: 'utf-16le' });
  });
});
