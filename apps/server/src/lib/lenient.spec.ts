import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  optionalBoolean,
  optionalDate,
  optionalList,
  optionalNumber,
  optionalObject,
  optionalText,
  readLeniently,
  requiredInt,
  UnreadableAnswerError,
} from './lenient.ts';
import { fieldName, reportDrift } from './upstream-drift.ts';

const item = z.object({
  id: requiredInt,
  name: optionalText,
  score: optionalNumber,
  aired: optionalDate,
  official: optionalBoolean,
  tags: optionalList(optionalText),
  people: optionalList(z.object({ name: z.string().min(1), order: optionalNumber })),
  extra: optionalObject({ note: optionalText }),
});
const read = (input: unknown) => readLeniently(item, input);

describe('lenient reading', () => {
  it('reads a number sent as a numeric string, ids included', () => {
    expect(read({ id: '550', score: ' 7.5 ' }).value).toMatchObject({ id: 550, score: 7.5 });
    expect(read({ id: 1, score: '1e3' }).value.score).toBe(1000);
    expect(read({ id: 1, score: '-.5' }).value.score).toBe(-0.5);
  });

  it('reads null, a missing field, an empty or blank string and an empty list as unknown', () => {
    for (const blank of [null, undefined, '', '   ']) {
      const { value, problems } = read({ id: 1, name: blank, score: blank, aired: blank });
      expect(value.name).toBeUndefined();
      expect(value.score).toBeUndefined();
      expect(value.aired).toBeUndefined();
      expect(problems).toEqual([]);
    }
    expect(read({ id: 1, tags: [], people: null, extra: null }).value).toMatchObject({
      tags: undefined,
      people: undefined,
      extra: undefined,
    });
  });

  it('takes a number where a text is expected as its text, and "true"/"false" as booleans', () => {
    expect(read({ id: 1, name: 2049, official: 'false' }).value).toMatchObject({
      name: '2049',
      official: false,
    });
  });

  it('ignores fields it does not know, at every level', () => {
    const { value, problems } = read({
      id: 1,
      added_later: { deep: [1] },
      people: [{ name: 'A', known_for: [] }],
    });
    expect(value).not.toHaveProperty('added_later');
    expect(value.people?.[0]).toEqual({ name: 'A' });
    expect(problems).toEqual([]);
  });

  it('drops an unreadable optional field, keeps the rest and says where it was', () => {
    const { value, problems } = read({ id: 1, name: 'Kept', score: 'n/a', aired: '2021-13-01' });
    expect(value).toMatchObject({ id: 1, name: 'Kept' });
    expect(value.score).toBeUndefined();
    expect(value.aired).toBeUndefined();
    expect(problems.map((p) => p.path)).toEqual([['score'], ['aired']]);
    expect(problems[0]?.problem).toContain('expected number');
  });

  it('skips a list item whose required field is missing or unreadable, keeping the others', () => {
    const { value, problems } = read({
      id: 1,
      people: [{ name: 'A' }, { name: '' }, { order: 3 }, { name: 'D', order: 'x' }],
      tags: ['a', { not: 'text' }, 'c'],
    });
    expect(value.people).toEqual([{ name: 'A' }, { name: 'D' }]);
    expect(value.tags).toEqual(['a', 'c']);
    expect(problems.map((p) => fieldName(p.path)).sort()).toEqual([
      'people[].name',
      'people[].name',
      'people[].order',
      'tags[]',
    ]);
    expect(problems.find((p) => p.path.join('.') === 'people.1.name')?.problem).toContain(
      'item skipped',
    );
  });

  it('drops an unreadable nested object or list as a whole when it is not a list item', () => {
    const { value } = read({ id: 1, extra: 'text', people: { name: 'A' } });
    expect(value.extra).toBeUndefined();
    expect(value.people).toBeUndefined();
  });

  it('refuses the answer when its own required field cannot be read', () => {
    expect(() => read({ name: 'No id' })).toThrow(UnreadableAnswerError);
    expect(() => read({ id: 'abc' })).toThrow(UnreadableAnswerError);
    expect(() => readLeniently(item, null)).toThrow(UnreadableAnswerError);
  });

  it('leaves the answer it was given unchanged', () => {
    const input = { id: 1, score: 'n/a', people: [{ order: 1 }] };
    const before = structuredClone(input);
    read(input);
    expect(input).toEqual(before);
  });
});

describe('drift report', () => {
  it('logs one warning per field and call, with the count and one full path', () => {
    const lines: Record<string, unknown>[] = [];
    reportDrift((details) => lines.push(details), 'tmdb', 'movie/550', [
      { path: ['credits', 'cast', 3, 'order'], problem: 'expected number' },
      { path: ['credits', 'cast', 9, 'order'], problem: 'expected number' },
      { path: ['vote_average'], problem: 'expected number' },
    ]);
    expect(lines).toEqual([
      {
        source: 'tmdb',
        call: 'movie/550',
        field: 'credits.cast[].order',
        count: 2,
        example: 'credits.cast.3.order',
        problem: 'expected number',
      },
      {
        source: 'tmdb',
        call: 'movie/550',
        field: 'vote_average',
        count: 1,
        example: 'vote_average',
        problem: 'expected number',
      },
    ]);
  });

  it('logs nothing for an answer that was read whole', () => {
    const lines: unknown[] = [];
    reportDrift((details) => lines.push(details), 'tmdb', 'movie/550', []);
    expect(lines).toEqual([]);
  });
});
