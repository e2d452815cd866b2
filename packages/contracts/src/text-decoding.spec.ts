import { describe, expect, it } from 'vitest';
import { decodeText } from './text-decoding.ts';

const TITLES = 'Léon,La vita è bella,Män som hatar kvinnor,Amélie — 8½';

/** `text` in UTF-16, little- or big-endian, with or without its byte order mark. */
function utf16(text: string, endian: 'le' | 'be', mark: boolean): Uint8Array {
  const bytes: number[] = mark ? (endian === 'le' ? [0xff, 0xfe] : [0xfe, 0xff]) : [];
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const pair = [unit & 0xff, unit >> 8];
    bytes.push(...(endian === 'le' ? pair : pair.reverse()));
  }
  return Uint8Array.from(bytes);
}

describe('decodeText (IMP-2)', () => {
  it('reads UTF-8, with and without its byte order mark, which is not part of the text', () => {
    const plain = new TextEncoder().encode(TITLES);
    expect(decodeText(plain)).toEqual({ text: TITLES, encoding: 'utf-8' });
    const marked = Uint8Array.from([0xef, 0xbb, 0xbf, ...plain]);
    expect(decodeText(marked)).toEqual({ text: TITLES, encoding: 'utf-8' });
  });

  it('reads Latin-1 bytes that are not UTF-8 as Windows-1252, through the decoder it is given', () => {
    // 'Léon,La vita è bella,Män' in Latin-1 (the bytes Windows-1252 shares with it).
    const bytes = Uint8Array.from(Array.from('Léon,La vita è bella,Män', (c) => c.charCodeAt(0)));
    expect(decodeText(bytes)).toEqual({
      text: 'Léon,La vita è bella,Män',
      encoding: 'windows-1252',
    });
    const seen: number[] = [];
    const decoded = decodeText(bytes, (legacy) => {
      seen.push(legacy.length);
      return 'decoded';
    });
    expect(decoded).toEqual({ text: 'decoded', encoding: 'windows-1252' });
    expect(seen).toEqual([bytes.length]);
  });

  it('reads UTF-16 little- and big-endian, marked or told by their zero bytes', () => {
    expect(decodeText(utf16(TITLES, 'le', true))).toEqual({ text: TITLES, encoding: 'utf-16le' });
    expect(decodeText(utf16(TITLES, 'be', true))).toEqual({ text: TITLES, encoding: 'utf-16be' });
    expect(decodeText(utf16(TITLES, 'le', false))).toEqual({ text: TITLES, encoding: 'utf-16le' });
    expect(decodeText(utf16(TITLES, 'be', false))).toEqual({ text: TITLES, encoding: 'utf-16be' });
  });

  it('reads empty and one-byte files without failing', () => {
    expect(decodeText(new Uint8Array())).toEqual({ text: '', encoding: 'utf-8' });
    expect(decodeText(Uint8Array.from([0xe9]))).toEqual({ text: 'é', encoding: 'windows-1252' });
  });
});
