import { describe, expect, it } from 'vitest';
import { decodeFile } from '../../lib/decode-file.ts';
import { ImportFileError, parseImportFile } from './transfer.parse.ts';

describe('parseImportFile on a file that is not text (IMP-2)', () => {
  it('says the file is not text, naming it, for an image saved as .csv', () => {
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]);
    const read = () => parseImportFile('poster.csv', decodeFile(png).text);
    expect(read).toThrow(ImportFileError);
    expect(read).toThrow(
      'poster.csv is not a text file. Choose the .csv or .json file of your export (unzip it first).',
    );
  });
});
