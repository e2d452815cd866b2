import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  IMPORT_MAX_BYTES,
  importEntrySchema,
  type ImportCandidate,
  type ImportPreviewItem,
  type ImportResult,
} from '@pigostream/contracts';
import { ApiError } from '../../lib/api-client.ts';
import {
  candidateKey,
  candidateLabel,
  exportHref,
  EXPORTS,
  fileProblem,
  importEntries,
  importLabel,
  previewRows,
  resultSummary,
  titleCount,
  titleWithYear,
  transferErrorMessage,
} from './transfer-rules.ts';

const MATRIX: ImportCandidate = {
  id: 603,
  type: 'movie',
  title: 'The Matrix',
  year: 1999,
  poster_path: '/m.jpg',
  score: 1,
};
const INCEPTION: ImportCandidate = { ...MATRIX, id: 27205, title: 'Inception', year: 2010 };
const SINTEL: ImportCandidate = { ...MATRIX, id: 45745, title: 'Sintel', year: 2010, score: 0.7 };
const SINTEL_SHOW: ImportCandidate = { ...SINTEL, type: 'tv', score: 0.6 };

/** A preview item: matched to `match` unless told otherwise. */
function item(overrides: Partial<ImportPreviewItem> = {}): ImportPreviewItem {
  return {
    lines: [2],
    list: 'watchlist',
    title: 'The Matrix',
    year: 1999,
    type: null,
    watchedAt: '2024-01-05T12:00:00.000Z',
    episodes: [],
    status: 'matched',
    match: MATRIX,
    candidates: [],
    ...overrides,
  };
}

const UNCERTAIN = item({
  title: 'Sintell',
  year: 2010,
  status: 'uncertain',
  match: null,
  candidates: [SINTEL, SINTEL_SHOW],
});
const NOT_FOUND = item({ title: 'No Such Film', status: 'not-found', match: null });

describe('the client refuses files over 20 MB as the server does', () => {
  it('says what the server says for a file over the limit', () => {
    expect(fileProblem({ size: IMPORT_MAX_BYTES + 1 })).toBe('The file is larger than 20 MB.');
  });

  it('lets files up to the limit through', () => {
    expect(fileProblem({ size: 0 })).toBeNull();
    expect(fileProblem({ size: IMPORT_MAX_BYTES })).toBeNull();
  });
});

describe('the entries an import writes: nothing is guessed', () => {
  it('takes every matched title with its list, watch time and episodes', () => {
    const episodes = [{ season: 1, episode: 2, watchedAt: null }];
    const show = item({
      list: 'history',
      match: { ...MATRIX, id: 1399, type: 'tv', title: 'Show' },
      episodes,
    });
    expect(importEntries([item(), show], new Map())).toEqual([
      { list: 'watchlist', id: 603, type: 'movie', watchedAt: '2024-01-05T12:00:00.000Z' },
      { list: 'history', id: 1399, type: 'tv', watchedAt: '2024-01-05T12:00:00.000Z', episodes },
    ]);
  });

  it('leaves uncertain titles out until a candidate is chosen (Skip is the default)', () => {
    expect(importEntries([UNCERTAIN], new Map())).toEqual([]);
    expect(importEntries([UNCERTAIN], new Map([[0, '']]))).toEqual([]);
    expect(importEntries([UNCERTAIN], new Map([[0, candidateKey(SINTEL_SHOW)]]))).toEqual([
      { list: 'watchlist', id: 45745, type: 'tv', watchedAt: '2024-01-05T12:00:00.000Z' },
    ]);
  });

  it('reads a choice by the item it was made for, and only among its own candidates', () => {
    const items = [item(), UNCERTAIN, UNCERTAIN];
    expect(importEntries(items, new Map([[2, candidateKey(SINTEL)]])).map((e) => e.id)).toEqual([
      603, 45745,
    ]);
    expect(importEntries(items, new Map([[1, candidateKey(INCEPTION)]]))).toHaveLength(1);
  });

  it('never imports titles not found, whatever was chosen', () => {
    expect(importEntries([NOT_FOUND], new Map([[0, candidateKey(MATRIX)]]))).toEqual([]);
  });

  it('writes only entries the apply call accepts', () => {
    const items = [item({ watchedAt: null }), UNCERTAIN, NOT_FOUND];
    for (const entry of importEntries(items, new Map([[1, candidateKey(SINTEL)]]))) {
      expect(importEntrySchema.safeParse(entry).success).toBe(true);
    }
  });

  it('counts each list and title once, as the server merges them', () => {
    const entries = importEntries(
      [item(), item({ lines: [9] }), item({ list: 'history' }), UNCERTAIN],
      new Map([[3, candidateKey(SINTEL)]]),
    );
    expect(entries).toHaveLength(4);
    expect(titleCount(entries)).toBe(3);
  });

  it('imports at most one entry per item, and one for every matched item', () => {
    const arbitraryItem = fc.constantFrom(item(), UNCERTAIN, NOT_FOUND);
    fc.assert(
      fc.property(
        fc.array(arbitraryItem, { maxLength: 30 }),
        fc.array(fc.tuple(fc.nat(40), fc.constantFrom('', 'movie:45745', 'tv:45745', 'movie:1'))),
        (items, picks) => {
          const entries = importEntries(items, new Map(picks));
          const matched = items.filter((i) => i.status === 'matched').length;
          const uncertain = items.filter((i) => i.status === 'uncertain').length;
          expect(entries.length).toBeGreaterThanOrEqual(matched);
          expect(entries.length).toBeLessThanOrEqual(matched + uncertain);
        },
      ),
    );
  });
});

describe("the page's texts", () => {
  it('names the button by the titles it imports', () => {
    expect(importLabel(0)).toBe('Import 0 titles');
    expect(importLabel(1)).toBe('Import 1 title');
    expect(importLabel(12345)).toBe('Import 12,345 titles');
  });

  it('shows a title with its year when it has one', () => {
    expect(titleWithYear('Sintel', 2010)).toBe('Sintel (2010)');
    expect(titleWithYear('Sintel', null)).toBe('Sintel');
  });

  it('offers a candidate with its kind and how well it matched', () => {
    expect(candidateLabel(SINTEL)).toBe('Sintel (2010) · movie · 70% match');
    expect(candidateLabel(SINTEL_SHOW)).toBe('Sintel (2010) · show · 60% match');
  });

  it('sums up what an import wrote', () => {
    const result: ImportResult = {
      ok: true,
      myList: { added: 12, kept: 2 },
      watchHistory: { added: 30, updated: 0, kept: 1 },
      episodes: { added: 0 },
    };
    expect(resultSummary(result)).toBe('Added 12 to My List, 30 to Watch History; 3 already there');
    expect(
      resultSummary({
        ...result,
        watchHistory: { added: 0, updated: 2, kept: 0 },
        episodes: { added: 1 },
      }),
    ).toBe('Added 12 to My List, 0 to Watch History; 4 already there; 1 episode marked watched');
  });

  it("shows the server's own text for a refused file, else the app's message", () => {
    const refused = new ApiError('Unable to fetch data. Please try again later.', {
      status: 400,
      detail: 'watchlist.csv line 7: a quoted field is not closed.',
    });
    expect(transferErrorMessage(refused)).toBe(
      'watchlist.csv line 7: a quoted field is not closed.',
    );
    const tooLarge = new ApiError('x', { status: 413, detail: 'The file is larger than 20 MB.' });
    expect(transferErrorMessage(tooLarge)).toBe('The file is larger than 20 MB.');
    const down = new ApiError('Failed to fetch data. Server is not responding.', { status: 503 });
    expect(transferErrorMessage(down)).toBe('Failed to fetch data. Server is not responding.');
    const forbidden = new ApiError('Unable to fetch data. Please try again later.', {
      status: 403,
      detail: 'Forbidden',
    });
    expect(transferErrorMessage(forbidden)).toBe('Unable to fetch data. Please try again later.');
  });
});

describe("the preview's table shows a page at a time", () => {
  const items = Array.from({ length: 250 }, (_, i) =>
    i % 5 === 0 ? { ...UNCERTAIN, lines: [i + 2] } : item({ lines: [i + 2] }),
  );

  it('shows the first rows and how many there are in all', () => {
    const { rows, total } = previewRows(items, 'all', 100);
    expect(rows).toHaveLength(100);
    expect(total).toBe(250);
    expect(rows[99]?.index).toBe(99);
  });

  it('keeps each row’s index in the preview when filtered', () => {
    const { rows, total } = previewRows(items, 'uncertain', 3);
    expect(total).toBe(50);
    expect(rows.map((r) => r.index)).toEqual([0, 5, 10]);
    expect(previewRows(items, 'not-found', 100)).toEqual({ rows: [], total: 0 });
  });
});

describe('exports', () => {
  it('links each format to the user’s export', () => {
    expect(EXPORTS.map((e) => e.format)).toEqual([
      'pigostream',
      'letterboxd',
      'letterboxd-watchlist',
      'trakt',
    ]);
    expect(exportHref('u 1', 'letterboxd-watchlist')).toBe(
      '/pigo-stream/transfer/u%201/export?format=letterboxd-watchlist',
    );
  });
});
