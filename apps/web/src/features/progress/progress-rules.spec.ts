import { describe, expect, it } from 'vitest';
import type { NewEpisodeItem } from '@pigostream/contracts';
import { countNewEpisodes } from './hooks/use-new-episode-count.ts';
import { dayHeading } from './progress-rules.ts';

const item = (air_date: string | null, watched: boolean): NewEpisodeItem => ({
  id: 1,
  type: 'tv',
  name: 'Show',
  poster_path: '',
  vote_average: 7,
  genres: [],
  episode: { season_number: 1, episode_number: 1, name: 'One', air_date, still_path: null },
  watched,
});

describe('countNewEpisodes', () => {
  it('counts aired episodes not watched, today included', () => {
    const items = [
      item('2026-11-20', false),
      item('2026-11-26', false),
      item('2026-11-25', true),
      item('2026-11-27', false),
      item(null, false),
    ];
    expect(countNewEpisodes(items, '2026-11-26')).toBe(2);
    expect(countNewEpisodes([], '2026-11-26')).toBe(0);
  });
});

describe('dayHeading', () => {
  it('names the days around today and writes the others out', () => {
    expect(dayHeading('2026-11-26', '2026-11-26')).toBe('Today');
    expect(dayHeading('2026-11-27', '2026-11-26')).toBe('Tomorrow');
    expect(dayHeading('2026-11-25', '2026-11-26')).toBe('Yesterday');
    expect(dayHeading('2026-11-30', '2026-11-26')).toBe('Monday 30 November');
    expect(dayHeading('2026-12-01', '2026-11-30')).toBe('Tomorrow');
    expect(dayHeading('', '2026-11-26')).toBe('Date unknown');
  });
});
