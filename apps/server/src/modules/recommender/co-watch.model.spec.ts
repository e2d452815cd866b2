/** The co-watch model's ranking rules, on small hand-made watch sequences. */
import { describe, expect, it } from 'vitest';
import { CoWatchModel, ITEM_NEIGHBOURS, WATCH_WINDOW, type ItemRef } from './co-watch.model.ts';
import { PairSet } from './pair-set.ts';
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

describe('CoWatchModel with maxEvents', () => {
  it('keeps the newest events, forgetting the oldest', () => {
    const model = new CoWatchModel({ maxEvents: 4 });
    let at = 0;
    const watch = (user: string, ...items: ItemRef[]) => {
      for (const item of items) model.add(user, item.type, item.id, ++at);
    };
    watch('a', m(1), m(2));
    watch('b', m(1), m(2));
    expect(keys(model.recommend('me', [m(1)], 10))).toEqual(['movie:2']);
    watch('c', m(1), m(3));
    watch('d', m(1), m(3));
    expect(model.size).toBe(4);
    expect(keys(model.recommend('me', [m(1)], 10))).toEqual(['movie:3']);
    expect(keys(model.popular([], 10))).toEqual(['movie:1', 'movie:3']);
  });

  it('refuses, once full, an event older than every one it holds', () => {
    const model = new CoWatchModel({ maxEvents: 2 });
    expect(model.add('a', 'movie', 1, 10)).toBe(true);
    expect(model.add('a', 'movie', 2, 20)).toBe(true);
    expect(model.add('b', 'movie', 1, 5)).toBe(false); // older than both: stays out
    expect(model.add('b', 'movie', 1, 10)).toBe(true); // as old as the oldest: pushes it out
    expect(model.size).toBe(2);
    expect(model.add('a', 'movie', 1, 30)).toBe(true); // forgotten before: a new event now
    expect(keys(model.popular([], 5))).toEqual(['movie:1']);
  });

  it.each([1, 37, 150, 599])(
    'answers exactly as a model built from the events it kept (maxEvents %i)',
    (maxEvents) => {
      let seed = 7;
      const random = () => {
        seed = (seed * 1103515245 + 12345) % 2 ** 31;
        return seed / 2 ** 31;
      };
      const events: [string, ItemRef][] = [];
      for (let k = 0; k < 600; k++) {
        const title = Math.floor(random() ** 2 * 40);
        events.push([`u${Math.floor(random() * 30)}`, title % 5 === 0 ? tv(title) : m(title)]);
      }
      const capped = new CoWatchModel({ maxEvents });
      const kept: [string, ItemRef][] = [];
      events.forEach(([user, item], at) => {
        if (capped.add(user, item.type, item.id, at)) kept.push([user, item]);
      });
      const fresh = new CoWatchModel();
      for (const [user, item] of kept.slice(-maxEvents)) fresh.add(user, item.type, item.id);
      expect(capped.size).toBe(Math.min(maxEvents, fresh.size));
      expect(fresh.size).toBe(Math.min(maxEvents, kept.length));
      for (let u = 0; u < 30; u++) {
        const watched = events.filter(([user]) => user === `u${u}`).map(([, item]) => item);
        const newestFirst = [...new Map(watched.reverse().map((i) => [keys([i])[0], i])).values()];
        expect(capped.recommend(`u${u}`, newestFirst, 20)).toEqual(
          fresh.recommend(`u${u}`, newestFirst, 20),
        );
      }
    },
  );

  it('refuses a bound below one event', () => {
    expect(() => new CoWatchModel({ maxEvents: 0 })).toThrow(RangeError);
  });
});

describe('PairSet', () => {
  it('holds what a Set would, through growth and deletions', () => {
    const pairs = new PairSet();
    pairs.reserve(3_000); // room made ahead, then growth past it
    const reference = new Set<string>();
    let seed = 11;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    for (let k = 0; k < 20_000; k++) {
      const [user, title] = [random(50), random(400)];
      const key = `${user}/${title}`;
      if (random(3) === 0) expect(pairs.delete(user, title)).toBe(reference.delete(key));
      else expect(pairs.add(user, title)).toBe(!reference.has(key) && !!reference.add(key));
    }
    expect(pairs.size).toBe(reference.size);
    for (let user = 0; user < 50; user++) {
      for (let title = 0; title < 400; title++) {
        expect(pairs.has(user, title)).toBe(reference.has(`${user}/${title}`));
      }
    }
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
