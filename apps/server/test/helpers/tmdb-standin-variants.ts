/**
 * TMDB answers in the shapes the real service sends besides the documented one: copies of the
 * stand-in's own records (tmdb-standin-data.ts) under new ids, each altered the way real TMDB
 * answers differ (numbers as strings, missing nested ids, null dates and images, empty lists,
 * extra fields, items of another type or adult ones in lists, very long credits, ratings from
 * other countries or several releases). Each variant says what the app must still answer for it.
 */
import { expect } from 'vitest';
import type { MediaDetails, SeasonDetails } from '@pigostream/contracts';
import type { Json, Title } from './tmdb-standin-data.ts';

/** A title the stand-in answers in an unusual shape, and what the app must make of it. */
export interface TitleVariant {
  /** What is unusual, in TMDB's terms. */
  name: string;
  title: Title;
  /** Whether the app's rows list it (adult titles are left out). */
  listed: boolean;
  /** Expectations on the app's media-info answer and its seasons' answers (by number). */
  check: (details: MediaDetails, seasons: ReadonlyMap<number, SeasonDetails>) => void;
}

/** A list item the stand-in puts on page 1 of rows that the app must leave out. */
export interface ListOnlyVariant {
  name: string;
  type: 'movie' | 'tv';
  /** Which rows carry it: TMDB's trending mixes types; any list may carry a broken item. */
  rows: ('trending' | 'popular')[];
  item: Json;
}

/** The variants, built from the stand-in's `titles` (the first movies and shows). */
export interface Variants {
  titles: TitleVariant[];
  listOnly: ListOnlyVariant[];
  /** A movie answered whole until a test takes its title away (`loseTitle`). */
  untitled: Title;
  /** From now on, the stand-in answers `untitled` without title or original_title. */
  loseTitle: () => void;
}

const FIRST_ID = 990_001;

function copy(base: Title | undefined, id: number): Title {
  if (!base) throw new Error('the stand-in has too few titles for its variants');
  const title = structuredClone(base);
  title.list.id = id;
  title.details.id = id;
  title.providers.id = id;
  return title;
}

function seasonsOf(title: Title): Json[] {
  return (title.details.seasons ?? []) as Json[];
}

/** Sets `key` in the list item and the details alike. */
function both(title: Title, key: string, value: unknown): void {
  title.list[key] = value;
  title.details[key] = value;
}

/** Builds the variants from the stand-in's records; ids start at 990001, clear of theirs. */
export function buildVariants(titles: readonly Title[]): Variants {
  const movies = titles.filter((t) => t.type === 'movie');
  const shows = titles.filter((t) => t.type === 'tv' && seasonsOf(t).length > 1);
  let next = FIRST_ID;
  const id = () => next++;
  const variants: TitleVariant[] = [];
  const add = (name: string, title: Title, check: TitleVariant['check'], listed = true) => {
    variants.push({ name, title, listed, check });
  };

  {
    const t = copy(movies[0], id());
    const answered = { vote: 7.25, count: 1234, runtime: 118 };
    both(t, 'id', String(t.list.id));
    both(t, 'vote_average', String(answered.vote));
    both(t, 'vote_count', String(answered.count));
    both(t, 'popularity', '12.5');
    t.details.runtime = String(answered.runtime);
    t.list.genre_ids = (t.list.genre_ids as number[]).map(String);
    add('numbers sent as strings', t, (d) => {
      expect(d.vote_average).toBe(7.3);
      expect(d.vote_count).toBe(answered.count);
      expect(d.runtime).toBe(answered.runtime);
    });
  }
  {
    const t = copy(shows[0], id());
    const seasons = seasonsOf(t);
    for (const s of seasons) delete s.id;
    t.seasons = t.seasons.map((s) => {
      const { id: _id, ...rest } = s;
      return {
        ...rest,
        episodes: ((s.episodes ?? []) as Json[]).map(({ id: _eid, ...e }) => e),
      };
    });
    const cast = ((t.details.credits as Json).cast ?? []) as Json[];
    for (const c of cast) delete c.id;
    t.details.created_by = [{ name: 'A Creator', credit_id: 'c1', gender: 0 }];
    add('seasons, episodes, cast and creators without ids', t, (d, answered) => {
      expect(d.seasons?.length).toBe(seasons.length);
      expect(d.seasons?.every((s) => s.id === null)).toBe(true);
      expect(d.created_by).toEqual([{ id: null, name: 'A Creator' }]);
      expect(d.credits.cast.length).toBe(cast.length);
      const withEpisodes = [...answered.values()].find((s) => s.episodes.length > 0);
      expect(withEpisodes?.episodes.every((e) => e.id === null && e.name)).toBe(true);
    });
  }
  {
    const t = copy(movies[1], id());
    both(t, 'release_date', null);
    add('a movie with a null release_date', t, (d) => {
      expect(d.release_date).toBe('');
      expect(d.title).toBeTruthy();
    });
  }
  {
    const t = copy(shows[1], id());
    both(t, 'first_air_date', '');
    t.details.last_air_date = null;
    for (const s of seasonsOf(t)) s.air_date = null;
    add('a show with empty and null dates', t, (d) => {
      expect(d.first_air_date).toBe('');
      expect(d.last_air_date).toBeNull();
      expect(d.seasons?.every((s) => s.air_date === null)).toBe(true);
    });
  }
  {
    const t = copy(movies[2], id());
    both(t, 'poster_path', null);
    both(t, 'backdrop_path', '');
    add('null poster_path and empty backdrop_path', t, (d) => {
      expect(d.poster_path).toMatch(/^\/art\/poster\//);
      expect(d.backdrop_path).toMatch(/^\/art\/backdrop\//);
    });
  }
  {
    const t = copy(movies[3], id());
    both(t, 'poster_path', 'https://image.tmdb.org/t/p/w500/not-a-path.jpg');
    add('a poster_path that is a whole URL', t, (d) => {
      expect(d.poster_path).toMatch(/^\/art\/poster\//);
    });
  }
  {
    const t = copy(shows[2], id());
    t.details.episode_run_time = [];
    t.details.number_of_episodes = null;
    add('an empty episode_run_time and a null number_of_episodes', t, (d) => {
      expect(d.episode_run_time).toEqual([]);
      expect(d.number_of_episodes).toBeNull();
      expect(d.number_of_seasons).toBeGreaterThan(0);
    });
  }
  {
    const t = copy(movies[4], id());
    delete t.details.credits;
    delete t.details.videos;
    add('no credits and no videos', t, (d) => {
      expect(d.credits).toEqual({ cast: [], crew: [] });
      expect(d.videos.results).toEqual([]);
      expect(d.genres.length).toBeGreaterThan(0);
    });
  }
  {
    const t = copy(shows[3], id());
    const last = seasonsOf(t).at(-1) as Json;
    const emptyNumber = Number(last.season_number) + 1;
    seasonsOf(t).push({
      air_date: null,
      episode_count: 0,
      id: null,
      name: `Season ${String(emptyNumber)}`,
      overview: '',
      poster_path: null,
      season_number: emptyNumber,
      vote_average: 0,
    });
    t.seasons.push({
      _id: 'upcoming',
      air_date: null,
      episodes: [],
      name: `Season ${String(emptyNumber)}`,
      overview: '',
      id: null,
      poster_path: null,
      season_number: emptyNumber,
      vote_average: 0,
    });
    add('a season with 0 episodes', t, (d, answered) => {
      expect(d.seasons?.find((s) => s.season_number === emptyNumber)?.episode_count).toBe(0);
      expect(answered.get(emptyNumber)?.episodes).toEqual([]);
    });
  }
  {
    const t = copy(shows[4], id());
    const season = t.seasons.find(
      (s) => Number(s.season_number) > 0 && ((s.episodes ?? []) as Json[]).length > 1,
    );
    const episodes = (season?.episodes ?? []) as Json[];
    const [first, second] = episodes;
    if (first) first.air_date = null;
    if (second) second.air_date = '';
    add('episodes with a null and an empty air_date', t, (_d, answered) => {
      const got = answered.get(Number(season?.season_number))?.episodes ?? [];
      expect(got.length).toBe(episodes.length);
      expect(got[0]?.air_date).toBeNull();
      expect(got[1]?.air_date).toBeNull();
    });
  }
  {
    const t = copy(movies[5], id());
    t.list.a_field_added_later = { nested: [1, 2, 3] };
    t.details.belongs_to_collection = { id: 1, name: 'A Collection', poster_path: null };
    t.details.production_countries = [{ iso_3166_1: 'US', name: 'United States of America' }];
    t.details.release_dates = { results: [{ iso_3166_1: 'US', release_dates: [] }] };
    for (const c of ((t.details.credits as Json).cast ?? []) as Json[]) {
      c.known_for = [{ id: 1, media_type: 'movie' }];
    }
    add('unknown extra fields at every level', t, (d) => {
      expect(d).not.toHaveProperty('belongs_to_collection');
      // The US entry above lists no release, so nothing rates the title.
      expect(d.certification).toBeNull();
      expect(d.credits.cast[0]).not.toHaveProperty('known_for');
      expect(d.credits.cast.length).toBeGreaterThan(0);
    });
  }
  {
    const t = copy(movies[6], id());
    both(t, 'adult', true);
    add(
      'an adult title',
      t,
      (d) => {
        expect(d.title).toBeTruthy();
      },
      false,
    );
  }
  {
    const t = copy(movies[7], id());
    const people = movies.flatMap(
      (m) => ((m.details.credits as Json | undefined)?.cast ?? []) as Json[],
    );
    const cast = Array.from({ length: 200 }, (_, i) => ({
      ...people[i % people.length],
      cast_id: i + 1,
      order: i,
      credit_id: `long${String(i)}`,
    }));
    (t.details.credits as Json).cast = cast;
    add('a title with 200 cast members', t, (d) => {
      expect(d.credits.cast).toHaveLength(200);
      expect(d.credits.cast[199]?.order).toBe(199);
    });
  }
  {
    const t = copy(movies[8], id());
    both(t, 'vote_average', 'n/a');
    t.details.runtime = 'about two hours';
    both(t, 'release_date', '2021-13');
    const genres = t.details.genres as Json[];
    t.details.genres = [...genres, { id: 99_999, name: null }];
    const cast = ((t.details.credits as Json).cast ?? []) as Json[];
    cast.push({ id: 1, name: '', character: 'Nobody' }, { id: 2, name: 'Someone', order: 'x' });
    (t.details.videos as Json).results = [
      { key: null, site: 'YouTube', type: 'Trailer', name: 'Broken' },
      ...(((t.details.videos as Json).results ?? []) as Json[]),
    ];
    add('unreadable fields beside readable ones', t, (d) => {
      expect(d.vote_average).toBe(0);
      expect(d.runtime).toBeNull();
      expect(d.release_date).toBe('');
      expect(d.genres).toEqual(genres);
      expect(d.credits.cast.map((c) => c.name)).toContain('Someone');
      expect(d.credits.cast.some((c) => c.name === '')).toBe(false);
      expect(d.videos.results.every((v) => v.key)).toBe(true);
    });
  }
  {
    const t = copy(movies[9], id());
    const original = String(t.list.original_title);
    both(t, 'title', '');
    add('a movie known only by its original_title', t, (d) => {
      expect(d.title).toBe(original);
    });
  }

  {
    const t = copy(movies[12], id());
    t.details.release_dates = {
      results: [
        {
          iso_3166_1: 'DE',
          release_dates: [
            { certification: '', iso_639_1: '', note: 'Berlinale', type: 1 },
            { certification: '12', iso_639_1: '', note: '', type: 3 },
          ],
        },
        { iso_3166_1: 'GB', release_dates: [{ certification: 'PG', type: 3 }] },
        { iso_3166_1: 'US', release_dates: [{ certification: '', type: 3 }] },
      ],
    };
    add('a movie rated only outside the US', t, (d) => {
      expect(d.certification).toBe('12');
    });
  }
  {
    const t = copy(movies[13], id());
    t.details.release_dates = {
      results: [
        {
          iso_3166_1: 'US',
          release_dates: [
            { certification: ' R ', note: 'Festival', type: 2 },
            { certification: 'PG-13', note: '', type: 3 },
          ],
        },
      ],
    };
    add('a movie whose US releases are rated differently', t, (d) => {
      expect(d.certification).toBe('PG-13');
    });
  }
  {
    const t = copy(shows[0], id());
    t.details.content_ratings = {
      results: [
        { descriptors: [], iso_3166_1: 'BR', rating: '' },
        { descriptors: [], iso_3166_1: 'DE', rating: '16' },
        { descriptors: [], iso_3166_1: 'GB', rating: '15' },
      ],
    };
    add('a show rated only outside the US', t, (d) => {
      expect(d.certification).toBe('16');
    });
  }
  {
    const t = copy(shows[1], id());
    t.details.content_ratings = { results: [{ iso_3166_1: 'US', rating: 14 }, { rating: 'X' }] };
    add('a show whose rating is a number and one rating without its country', t, (d) => {
      expect(d.certification).toBe('14');
    });
  }

  const listOnly: ListOnlyVariant[] = [
    {
      name: 'a person in trending',
      type: 'movie',
      rows: ['trending'],
      item: {
        adult: false,
        id: next++,
        media_type: 'person',
        name: 'A Person',
        known_for_department: 'Acting',
        profile_path: null,
        known_for: [],
      },
    },
    {
      name: 'a show in the movie trending list',
      type: 'movie',
      rows: ['trending'],
      item: { ...structuredClone(shows[0]?.list ?? {}), id: next++, media_type: 'tv' },
    },
    {
      name: 'a list item without title or name',
      type: 'tv',
      rows: ['popular', 'trending'],
      item: { id: next++, name: null, original_name: '', popularity: 1e6 },
    },
    {
      name: 'a list item without an id',
      type: 'movie',
      rows: ['popular'],
      item: { title: 'No Id', popularity: 1e6 },
    },
  ];
  const untitled = copy(movies[10], next++);
  const loseTitle = () => {
    for (const key of ['title', 'original_title']) both(untitled, key, null);
  };

  const known = new Set(titles.map((t) => `${t.type}:${String(t.list.id)}`));
  for (const v of variants) {
    if (known.has(`${v.title.type}:${String(v.title.list.id)}`)) {
      throw new Error(`variant id ${String(v.title.list.id)} clashes with a record's id`);
    }
  }
  return { titles: variants, listOnly, untitled, loseTitle };
}
