/** The co-watch model's ranking rules, on small hand-made watch sequences. */
import { describe, expect, it } from 'vitest';
import { CoWatchModel, ITEM_NEIGHBOURS, WATCH_WINDOW, type ItemRef } from './co-watch.model.ts';
import { TopK } from './top-k.ts';

const m = (id: number): ItemRef => ({ type: 'movie', id });
const tv = (id: number): ItemRef => ({ type: 'tv', id });
const keys = (items: ItemRef[]) => items.map((i) => `${i.type}:${i.id}`);

function modelOf(sequences: Record<string, ItemRef[]>): CoWatchModel {
  const model = new CoWatchModel();
  for (const [user, items] of Object.entries(sequences)) {
    for (const item of items) model.add(user, item.type, item.id);
  }
  return model;
}

describe('CoWatchModel', () => {
  it('holds each (user, title) pair once', () => {
    const model = new CoWatchModel();
    expect(model.add('a', 'movie', 1)).toBe(true);
    expect(model.add('a', 'movie', 1)).toBe(false);
    expect(model.add('a', 'tv', 1)).toBe(true); // same id, other type: another title
    expect(model.add('b', 'movie', 1)).toBe(true);
    expect(model.size).toBe(3);
  });

  it('ranks what others watched next, and never a watched title', () => {
    const model = modelOf({
      a: [m(1), m(2), m(3)],
      b: [m(1), m(2), m(4)],
      c: [m(1), m(2)],
      d: [m(9), m(5)],
    });
    const recs = model.recommend('me', [m(1)], 10);
    expect(keys(recs)[0]).toBe('movie:2');
    expect(keys(recs)).not.toContain('movie:1');
    expect(keys(recs)).not.toContain('movie:5'); // never watched with 1
    expect(recs.every((r, i) => i === 0 || (recs[i - 1]?.score ?? 0) >= r.score)).toBe(true);
  });

  it('keeps movie and tv ids apart', () => {
    const model = modelOf({ a: [m(1), tv(1)], b: [m(1), tv(1)] });
    expect(keys(model.recommend('me', [m(1)], 10))).toEqual(['tv:1']);
    expect(model.recommend('me', [m(1), tv(1)], 10)).toEqual([]);
  });

  it('weighs the most recent titles more', () => {
    const model = modelOf({
      a: [m(1), m(10)],
      b: [m(1), m(10)],
      c: [m(2), m(20)],
      d: [m(2), m(20)],
    });
    // Newest first: 2 was watched last, so its neighbour wins the tie.
    expect(keys(model.recommend('me', [m(2), m(1)], 2))).toEqual(['movie:20', 'movie:10']);
    expect(keys(model.recommend('me', [m(1), m(2)], 2))).toEqual(['movie:10', 'movie:20']);
  });

  it(`counts only titles watched within ${WATCH_WINDOW} after a title as its neighbours`, () => {
    const between = Array.from({ length: WATCH_WINDOW }, (_, i) => m(100 + i));
    const model = modelOf({ a: [m(1), ...between, m(2)] });
    const recs = keys(model.recommend('me', [m(1)], 50));
    expect(recs).toContain('movie:100');
    // 2 is past the window: only the user-neighbour signal (a watched 1 too) names it.
    const scores = new Map(model.recommend('me', [m(1)], 50).map((r) => [r.id, r.score]));
    expect(scores.get(2) ?? 0).toBeLessThan(scores.get(100) ?? 0);
  });

  it('updates neighbour lists after new watches', () => {
    const model = modelOf({ a: [m(1), m(2)] });
    expect(keys(model.recommend('me', [m(1)], 1))).toEqual(['movie:2']);
    for (const u of ['b', 'c', 'd']) {
      model.add(u, 'movie', 1);
      model.add(u, 'movie', 3);
    }
    expect(keys(model.recommend('me', [m(1)], 1))).toEqual(['movie:3']);
  });

  it('votes with the users whose titles overlap the most', () => {
    const model = modelOf({
      twin: [m(1), m(2), m(3), m(7)],
      stranger: [m(1), m(4), m(5), m(6), m(8), m(9), m(10), m(11)],
    });
    const recs = keys(model.recommend('me', [m(3), m(2), m(1)], 50));
    expect(recs[0]).toBe('movie:7');
  });

  it('answers the most watched titles for popularity, leaving out watched ones', () => {
    const model = modelOf({ a: [m(1), m(2)], b: [m(2), m(3)], c: [m(2), m(3)] });
    expect(keys(model.popular([], 3))).toEqual(['movie:2', 'movie:3', 'movie:1']);
    expect(keys(model.popular([m(2)], 5))).toEqual(['movie:3', 'movie:1']);
  });

  it(`bounds each title's neighbours to ${ITEM_NEIGHBOURS} and answers at most the limit`, () => {
    const many = Array.from({ length: 3 * ITEM_NEIGHBOURS }, (_, i) => m(1000 + i));
    const sequences: Record<string, ItemRef[]> = {};
    many.forEach((item, i) => (sequences[`u${i}`] = [m(1), item]));
    const model = modelOf(sequences);
    expect(model.recommend('me', [m(1)], 5)).toHaveLength(5);
    expect(model.recommend('me', [m(1)], 1000).length).toBeLessThanOrEqual(3 * ITEM_NEIGHBOURS);
  });

  it('answers nothing for titles it does not know', () => {
    expect(modelOf({ a: [m(1), m(2)] }).recommend('me', [m(42)], 10)).toEqual([]);
  });
});

describe('TopK', () => {
  it('keeps the k highest scores, highest first', () => {
    const top = new TopK(3);
    [5, 1, 9, 7, 3, 8].forEach((score, id) => {
      top.offer(id, score);
    });
    const { ids, scores } = top.sorted();
    expect(Array.from(ids)).toEqual([2, 5, 3]);
    expect(Array.from(scores)).toEqual([9, 8, 7]);
  });
});
