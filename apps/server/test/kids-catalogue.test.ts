/**
 * Kids' profiles see only titles within their rating limit (PROFILE-7 in docs/requirements.md),
 * on the embedded database and on PostgreSQL (TEST_DB): Trending, Popular and provider rows,
 * search (typos and original titles too), recommendations and anime relations hold no title above
 * the limit and, unless the profile shows them, no unrated title; pages stay 20 long and keep the
 * order everyone else sees; the details, media-info, trailer and season calls of a title above it
 * answer 403 'Not available on this profile'; adults and signed-out visitors still see everything;
 * the shared catalogue answer cache never hands an answer made for one limit to another. Ratings
 * are set here with SQL on `titles` (certification and rating age, DEC-31 in docs/decisions.md);
 * kids' profiles are made and switched to with the profile calls, and the property test changes
 * the session's limit directly, as the profiles module keeps it.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  animeInfoResponseSchema,
  mediaPageSchema,
  NOT_AVAILABLE_ON_PROFILE,
  PROVIDERS,
  withinCeiling,
  type AnimeInfoResponse,
  type MediaPage,
  type RatingCeiling,
} from '@pigostream/contracts';
import { ANIME_SEARCH_QUERY, relationsQuery } from '@pigostream/contracts/anime-queries';
import { queryRows, type Database } from '@pigostream/db';
import { createAnimeService } from '../src/modules/anime/anime.service.ts';
import { startAnilistStandin } from './helpers/anilist-standin.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { API, createUser, request, type TestUser } from './helpers/users.ts';

/** Fixed seed: a failure reproduces; fast-check prints the counterexample. */
const SEED = 20_261_129;

type MediaType = 'movie' | 'tv';
/** `movie:603`. */
type Key = `${MediaType}:${number}`;
const keyOf = (type: MediaType, id: number) => `${type}:${String(id)}` as Key;

let t: TestApp;
let db: Database;
/** Every title's rating age as last set (null: unrated). */
let ratings = new Map<Key, number | null>();
/** The TMDB titles each AniList entry is linked to. */
let linksOf = new Map<number, Key[]>();

/** A kid limited to 10 (PG, TV-PG), unrated titles hidden; one that shows them; an adult. */
let kid: TestUser;
let kidUnrated: TestUser;
let adult: TestUser;
const KID: RatingCeiling = { maxAge: 10, unrated: false };
const KID_UNRATED: RatingCeiling = { maxAge: 10, unrated: true };

/** The fixed ratings, by id modulo 5: films' and shows' US names, and unrated. */
const FIXED = {
  movie: [
    ['G', 0],
    ['PG', 10],
    ['PG-13', 13],
    ['R', 17],
    [null, null],
  ],
  tv: [
    ['TV-G', 0],
    ['TV-PG', 10],
    ['TV-14', 14],
    ['TV-MA', 17],
    [null, null],
  ],
} as const;

/** Sets every title's certification and rating age at once. */
async function rate(
  rows: { type: MediaType; id: number; cert: string | null; age: number | null }[],
) {
  const json = JSON.stringify(
    rows.map((r) => ({ media_type: r.type, id: r.id, certification: r.cert, rating_age: r.age })),
  );
  await db.execute(
    sql`update titles t set certification = r.certification, rating_age = r.rating_age
        from json_to_recordset(${json}::json)
          as r(media_type text, id int, certification text, rating_age int)
        where t.media_type = r.media_type and t.id = r.id`,
  );
  ratings = new Map(rows.map((r) => [keyOf(r.type, r.id), r.age]));
}

/** Every title of the catalogue, stubs too. */
async function allTitles(): Promise<{ type: MediaType; id: number }[]> {
  return queryRows<{ type: MediaType; id: number }>(
    db,
    sql`select media_type as type, id from titles order by media_type, id`,
  );
}

/** The fixed ratings ({@link FIXED}) on every title. */
async function rateFixed(): Promise<void> {
  const titles = await allTitles();
  await rate(
    titles.map(({ type, id }) => {
      const [cert, age] = FIXED[type][id % 5] ?? [null, null];
      return { type, id, cert, age };
    }),
  );
}

/** Whether `ceiling` admits the title as rated now. */
const admits = (ceiling: RatingCeiling, type: MediaType, id: number) =>
  withinCeiling(ratings.get(keyOf(type, id)) ?? null, ceiling);

/**
 * Makes `u`'s session run on a new kids' profile of its account with `ceiling`, through the
 * profile calls (create, then switch), which keep the limit on the session.
 */
async function useKidsProfile(u: TestUser, ceiling: RatingCeiling): Promise<void> {
  const created = await request(t.app, u, 'POST', `${API}/profiles/create`, {
    name: 'Kid',
    avatar: 'avatar-3',
    kind: 'kids',
    maxRatingAge: ceiling.maxAge,
    showUnrated: ceiling.unrated,
  });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json<{ id: string }>().id;
  const switched = await request(t.app, u, 'POST', `${API}/profiles/switch`, { id });
  expect(switched.statusCode, switched.body).toBe(200);
}

/**
 * Sets the limit `u`'s session carries directly, as the profiles module keeps it (faster than a
 * profile change per run), and drops the server's kept session lookups.
 */
async function setLimit(u: TestUser, ceiling: RatingCeiling): Promise<void> {
  await db.execute(
    sql`update session set rating_ceiling = ${ceiling.maxAge}, rating_unrated = ${ceiling.unrated}
        where user_id = ${u.uid}`,
  );
  t.app.identity.forgetSessions();
}

/** A GET as `u` (null: signed out). */
const get = (u: TestUser | null, url: string) => request(t.app, u, 'GET', `${API}${url}`);

/** A 200 page of a list call as `u`. */
async function page(u: TestUser | null, url: string): Promise<MediaPage> {
  const res = await get(u, url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return mediaPageSchema.parse(res.json());
}

/** Every page of a list call (`url` without `page`) as `u`, its titles in order. */
async function allPages(u: TestUser | null, url: string): Promise<number[]> {
  const ids: number[] = [];
  const join = url.includes('?') ? '&' : '?';
  for (let n = 1; ; n++) {
    const p = await page(u, `${url}${join}page=${String(n)}`);
    ids.push(...p.results.map((r) => r.id));
    if (n >= p.total_pages) return ids;
  }
}

/** The ids of `ids` (titles of `type`) that `ceiling` hides. */
const hiddenOf = (ceiling: RatingCeiling, type: MediaType, ids: number[]) =>
  ids.filter((id) => !admits(ceiling, type, id));

/** The anime lookup the app sends, as `u`. */
async function animeQuery(
  u: TestUser | null,
  query: string,
  search = '',
): Promise<AnimeInfoResponse> {
  const res = await request(t.app, u, 'POST', `${API}/playground/anime-info`, {
    query,
    variables: { search },
  });
  expect(res.statusCode, res.body).toBe(200);
  return animeInfoResponseSchema.parse(res.json());
}

/** The ids of the entries an anime answer holds: its hits and every related entry's. */
function entriesOf(answer: AnimeInfoResponse): { hits: number[]; related: number[] } {
  const media = answer.data.Page.media;
  return {
    hits: media.map((m) => m.id),
    related: media.flatMap((m) => (m.relations?.edges ?? []).flatMap((e) => e.node?.id ?? [])),
  };
}

/** Whether `ceiling` shows the anime entry `id`: its linked titles' oldest rating within it. */
function showsEntry(ceiling: RatingCeiling, id: number): boolean {
  const ages = (linksOf.get(id) ?? []).flatMap((k) => {
    const age = ratings.get(k);
    return age === null || age === undefined ? [] : [age];
  });
  return withinCeiling(ages.length > 0 ? Math.max(...ages) : null, ceiling);
}

/** Recommendations of `u`'s active profile (`extra`: more of the query, to pass the caches). */
async function recommendations(
  u: TestUser,
  extra = '',
): Promise<{ id: number; type: MediaType }[]> {
  const res = await get(u, `/recommender/user_recommendations?user_id=${u.uid}${extra}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: number; type: MediaType }[]>();
}

const watch = async (u: TestUser, type: MediaType, id: number) => {
  const res = await request(t.app, u, 'POST', `${API}/recommender/insert`, {
    user_id: u.uid,
    item_id: id,
    item_type: type,
    watched: true,
  });
  expect(res.statusCode, res.body).toBe(200);
};

beforeAll(async () => {
  t = await startTestApp();
  db = t.database.db;
  await rateFixed();
  const links = await queryRows<{ anilist_id: number; media_type: MediaType; tmdb_id: number }>(
    db,
    sql`select anilist_id, media_type, tmdb_id from anime_links`,
  );
  linksOf = new Map();
  for (const l of links) {
    linksOf.set(l.anilist_id, [
      ...(linksOf.get(l.anilist_id) ?? []),
      keyOf(l.media_type, l.tmdb_id),
    ]);
  }
  [kid, kidUnrated, adult] = await Promise.all([
    createUser(t.app, { name: 'Kid' }),
    createUser(t.app, { name: 'Kid who sees unrated' }),
    createUser(t.app, { name: 'Adult' }),
  ]);
  await useKidsProfile(kid, KID);
  await useKidsProfile(kidUnrated, KID_UNRATED);
});
afterAll(async () => {
  await t.close();
});

describe('the lists: trending, popular, provider rows', () => {
  it.each([
    ['trending', 'movie'],
    ['trending', 'tv'],
    ['popular', 'movie'],
    ['popular', 'tv'],
  ] as const)(
    "%s/%s: a kid's pages are everyone's list without the titles above the limit, 20 long",
    async (list, type) => {
      const everyone = await allPages(null, `/index/${list}/${type}`);
      expect(hiddenOf(KID, type, everyone).length).toBeGreaterThan(0);
      const expected = everyone.filter((id) => admits(KID, type, id));
      const first = await page(kid, `/index/${list}/${type}`);
      expect(first.results).toHaveLength(Math.min(20, expected.length));
      expect(first.total_results).toBe(expected.length);
      expect(await allPages(kid, `/index/${list}/${type}`)).toEqual(expected);
      // The adult's list is everyone's.
      expect(await allPages(adult, `/index/${list}/${type}`)).toEqual(everyone);
    },
  );

  it('unrated titles show only to a kid whose profile shows them, above-limit ones to neither', async () => {
    const everyone = await allPages(null, '/index/popular/movie');
    const shown = await allPages(kidUnrated, '/index/popular/movie');
    expect(shown).toEqual(everyone.filter((id) => admits(KID_UNRATED, 'movie', id)));
    expect(shown.some((id) => ratings.get(keyOf('movie', id)) === null)).toBe(true);
    const hidden = await allPages(kid, '/index/popular/movie');
    expect(hidden.some((id) => ratings.get(keyOf('movie', id)) === null)).toBe(false);
  });

  it('every provider row, movies and shows, holds only titles within the limit, in order', async () => {
    for (const provider of PROVIDERS) {
      for (const type of ['movie', 'tv'] as const) {
        const url = `/index/media/${type}/by-provider?provider=${String(provider.id)}`;
        const everyone = await allPages(null, url);
        const mine = await allPages(kid, url);
        expect(mine, `${provider.name} ${type}`).toEqual(
          everyone.filter((id) => admits(KID, type, id)),
        );
        const first = await page(kid, url);
        expect(first.total_results).toBe(mine.length);
      }
    }
  });
});

describe('search', () => {
  /** Searches `query` among `type` as `u`: every page's ids. */
  const search = (u: TestUser | null, type: MediaType, query: string) =>
    allPages(u, `/index/search/${type}?query=${encodeURIComponent(query)}`);

  it.each([
    ['movie', 'the'],
    ['movie', 'man'],
    ['movie', 'matrx'],
    ['movie', 'star wars'],
    ['tv', 'the'],
    ['tv', 'brekin bad'],
    ['movie', 'lo'],
  ] as const)(
    '%s "%s": the ranking everyone gets, without the titles above the limit',
    async (type, query) => {
      const everyone = await search(null, type, query);
      const mine = await search(kid, type, query);
      expect(hiddenOf(KID, type, mine)).toEqual([]);
      expect(mine).toEqual(everyone.filter((id) => admits(KID, type, id)));
    },
  );

  it('a typo of a title above the limit finds it for an adult, never for a kid', async () => {
    // The Matrix (603) is rated R here.
    expect(ratings.get('movie:603')).toBe(17);
    expect(await search(adult, 'movie', 'matrx')).toContain(603);
    expect(await search(kid, 'movie', 'matrx')).not.toContain(603);
  });

  it('an original title finds the title for an adult, for a kid only within the limit', async () => {
    const originals = await queryRows<{ type: MediaType; id: number; original_title: string }>(
      db,
      sql`select media_type as type, id, original_title from titles
          where title <> '' and original_title is not null and lower(original_title) <> lower(title)
          order by popularity desc`,
    );
    const above = originals.find((o) => !admits(KID, o.type, o.id));
    const within = originals.find((o) => admits(KID, o.type, o.id));
    expect(above && within).toBeTruthy();
    for (const o of [above, within]) {
      if (!o) continue;
      expect(await search(adult, o.type, o.original_title)).toContain(o.id);
      const mine = await search(kid, o.type, o.original_title);
      expect(mine.includes(o.id)).toBe(admits(KID, o.type, o.id));
      expect(hiddenOf(KID, o.type, mine)).toEqual([]);
    }
  });
});

describe('the play page calls', () => {
  /** A show above the limit and one within it, each with a season. */
  async function showsWithSeasons() {
    const rows = await queryRows<{ id: number; season: number }>(
      db,
      sql`select tmdb_id as id, min(season_number)::int as season from seasons
          group by tmdb_id order by tmdb_id`,
    );
    const above = rows.find((r) => ratings.get(keyOf('tv', r.id)) === 17);
    const within = rows.find((r) => ratings.get(keyOf('tv', r.id)) === 10);
    if (!above || !within) throw new Error('no shows with seasons of both ratings');
    return { above, within };
  }

  /** The calls of the play page and the hero about title `id` of `type`. */
  const callsOf = (type: MediaType, id: number) => [
    `/index/media-details?id=${String(id)}&type=${type}`,
    `/media-details?id=${String(id)}&type=${type}`,
    `/playground/media-info?id=${String(id)}&type=${type}`,
    `/playground/media-trailer?id=${String(id)}&type=${type}`,
  ];

  it('a title above the limit answers 403 with the message on every call; adults get it', async () => {
    const { above } = await showsWithSeasons();
    const calls = [
      ...callsOf('movie', 603),
      '/media-details?id=603',
      ...callsOf('tv', above.id),
      `/playground/season?id=${String(above.id)}&seasonNumber=${String(above.season)}`,
    ];
    for (const url of calls) {
      const res = await get(kid, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({ error: NOT_AVAILABLE_ON_PROFILE });
      expect((await get(adult, url)).statusCode, url).toBe(200);
      expect((await get(null, url)).statusCode, url).toBe(200);
    }
  });

  it('a title within the limit answers 200; an unrated one only to a kid who sees unrated', async () => {
    const { within } = await showsWithSeasons();
    const [movie] = await queryRows<{ id: number }>(
      db,
      sql`select id from titles where media_type = 'movie' and title <> '' and rating_age = 10
          order by id limit 1`,
    );
    const [unrated] = await queryRows<{ id: number }>(
      db,
      sql`select id from titles where media_type = 'movie' and title <> '' and rating_age is null
          order by id limit 1`,
    );
    expect(movie && unrated).toBeTruthy();
    const ok = [
      ...callsOf('movie', movie?.id ?? 0),
      ...callsOf('tv', within.id),
      `/playground/season?id=${String(within.id)}&seasonNumber=${String(within.season)}`,
    ];
    for (const url of ok) expect((await get(kid, url)).statusCode, url).toBe(200);
    for (const url of callsOf('movie', unrated?.id ?? 0)) {
      expect((await get(kid, url)).statusCode, url).toBe(403);
      expect((await get(kidUnrated, url)).statusCode, url).toBe(200);
    }
  });

  it('an unknown title still answers 404 to a kid', async () => {
    expect((await get(kid, '/playground/media-info?id=999999999&type=movie')).statusCode).toBe(404);
  });
});

describe('recommendations', () => {
  it('co-watch, similarity and popularity give a kid nothing above the limit; an adult gets them', async () => {
    // A film within the limit that others watched along with films above it.
    const [shared] = await queryRows<{ id: number }>(
      db,
      sql`select id from titles where media_type = 'movie' and title <> '' and rating_age = 10
          order by popularity desc limit 1`,
    );
    const aboveFilms = await queryRows<{ id: number }>(
      db,
      sql`select id from titles where media_type = 'movie' and title <> '' and rating_age = 17
          order by popularity desc limit 6`,
    );
    if (!shared) throw new Error('no PG film');
    const others = await Promise.all([createUser(t.app), createUser(t.app), createUser(t.app)]);
    for (const o of others) {
      await watch(o, 'movie', shared.id);
      for (const f of aboveFilms) await watch(o, 'movie', f.id);
    }
    const watcher = await createUser(t.app);
    await watch(watcher, 'movie', shared.id);
    await watch(kid, 'movie', shared.id);

    const mine = await recommendations(kid);
    expect(mine.length).toBeGreaterThan(10);
    expect(mine.filter((r) => !admits(KID, r.type, r.id))).toEqual([]);
    const theirs = await recommendations(watcher);
    expect(theirs.filter((r) => !admits(KID, r.type, r.id)).length).toBeGreaterThan(0);
    // A kid with no watch events: popular titles within the limit.
    const fresh = await recommendations(kidUnrated);
    expect(fresh.length).toBeGreaterThan(10);
    expect(fresh.filter((r) => !admits(KID_UNRATED, r.type, r.id))).toEqual([]);
  });
});

describe('anime', () => {
  it("Cowboy Bebop: the kid sees the show's entries, not the R-rated film's, in hits or relations", async () => {
    // Entries 1 and 4037 are linked to the show (30991), 5 to the film (11299).
    await db.execute(
      sql`update titles set certification = 'TV-PG', rating_age = 10 where media_type = 'tv' and id = 30991`,
    );
    await db.execute(
      sql`update titles set certification = 'R', rating_age = 17 where media_type = 'movie' and id = 11299`,
    );
    ratings.set('tv:30991', 10);
    ratings.set('movie:11299', 17);
    const everyone = entriesOf(await animeQuery(null, ANIME_SEARCH_QUERY, 'Cowboy Bebop'));
    expect(everyone.hits).toEqual([1, 5, 4037]);
    expect(everyone.related).toContain(5);
    const mine = entriesOf(await animeQuery(kid, ANIME_SEARCH_QUERY, 'Cowboy Bebop'));
    expect(mine.hits).toEqual([1, 4037]);
    expect(mine.related).toEqual([4037, 1]);
    const adults = entriesOf(await animeQuery(adult, ANIME_SEARCH_QUERY, 'Cowboy Bebop'));
    expect(adults).toEqual(everyone);
  });

  it('Death Note: an entry with no linked title shows only to a kid who sees unrated titles', async () => {
    // 1535 is linked to the show (13916); its special 2994 to nothing.
    await db.execute(
      sql`update titles set certification = 'TV-PG', rating_age = 10 where media_type = 'tv' and id = 13916`,
    );
    ratings.set('tv:13916', 10);
    const mine = entriesOf(await animeQuery(kid, ANIME_SEARCH_QUERY, 'Death Note'));
    expect(mine).toEqual({ hits: [1535], related: [] });
    const shown = entriesOf(await animeQuery(kidUnrated, ANIME_SEARCH_QUERY, 'Death Note'));
    expect(shown.hits).toEqual(expect.arrayContaining([1535, 2994]));
    expect(shown.related).toContain(2994);
  });
});

describe('anime from live AniList (a stand-in)', () => {
  it("leaves out of AniList's answer the entries a kid may not see, and edges it cannot tell", async () => {
    const standin = await startAnilistStandin();
    try {
      const service = createAnimeService({
        db,
        source: 'anilist',
        anilistUrl: standin.url,
        timeoutMs: 5_000,
        imagesBase: '/pigo-stream/images',
        log: () => undefined,
      });
      await db.execute(
        sql`update titles set certification = 'TV-PG', rating_age = 10 where media_type = 'tv' and id = 30991`,
      );
      await db.execute(
        sql`update titles set certification = 'R', rating_age = 17 where media_type = 'movie' and id = 11299`,
      );
      ratings.set('tv:30991', 10);
      ratings.set('movie:11299', 17);
      const lookup = { query: ANIME_SEARCH_QUERY, variables: { search: 'Cowboy Bebop' } };
      const read = async (request: typeof lookup, ceiling?: RatingCeiling) => {
        const answer = await service.answer(request, ceiling);
        expect(answer.status).toBe(200);
        return answer.body as { data: Record<string, unknown> };
      };
      const everyone = entriesOf(animeInfoResponseSchema.parse(await read(lookup)));
      expect(everyone.hits).toEqual(expect.arrayContaining([1, 5, 4037]));
      expect(everyone.related).toContain(5);
      const mine = entriesOf(animeInfoResponseSchema.parse(await read(lookup, KID)));
      expect(mine.hits.length).toBeGreaterThan(0);
      expect([...mine.hits, ...mine.related].filter((id) => !showsEntry(KID, id))).toEqual([]);
      expect(mine.hits).toEqual(everyone.hits.filter((id) => showsEntry(KID, id)));
      // The cached answer is not changed by the filtering: everyone still gets it whole.
      expect(entriesOf(animeInfoResponseSchema.parse(await read(lookup)))).toEqual(everyone);
      // The relation rounds' aliased pages are filtered too.
      const rounds = await read({ query: relationsQuery([1, 5]), variables: { search: '' } }, KID);
      const pages = Object.values(rounds.data) as { media: { id: number }[] }[];
      expect(pages.flatMap((p) => p.media.map((m) => m.id))).toEqual([1]);
      // Edges whose node's id was not asked for cannot be told apart: left out for a kid.
      const blind = await read(
        {
          query:
            'query { Page { media(search: "Cowboy Bebop") { id relations { edges { relationType } } } } }',
          variables: { search: '' },
        },
        KID,
      );
      const media = (blind.data.Page as { media: { relations: { edges: unknown[] } }[] }).media;
      expect(media.flatMap((m) => m.relations.edges)).toEqual([]);
    } finally {
      await standin.close();
    }
  });
});

describe('the shared catalogue answer cache', () => {
  /** A page's ids and whether it came from the cache. */
  async function ask(u: TestUser | null, url: string) {
    const res = await get(u, url);
    expect(res.statusCode, res.body).toBe(200);
    const ids = mediaPageSchema.parse(res.json()).results.map((r) => r.id);
    return { ids, cache: res.headers['x-response-cache'] };
  }

  it('a kid, then an adult, then a signed-out visitor, within the cache time: none gets another kind', async () => {
    // A URL no other test asks for: nothing of it is kept when the test starts.
    const url = '/index/trending/movie?page=2&order=kid-first';
    const mine = await ask(kid, url);
    const theirs = await ask(adult, url);
    const anyone = await ask(null, url);
    expect(hiddenOf(KID, 'movie', mine.ids)).toEqual([]);
    expect(hiddenOf(KID, 'movie', theirs.ids).length).toBeGreaterThan(0);
    expect(theirs.cache).toBeUndefined();
    // Adults and signed-out visitors share one answer.
    expect(anyone).toEqual({ ids: theirs.ids, cache: 'hit' });
    expect(await ask(kid, url)).toEqual({ ids: mine.ids, cache: 'hit' });
    // Another limit is answered its own.
    const unrated = await ask(kidUnrated, url);
    expect(unrated.cache).toBeUndefined();
    expect(hiddenOf(KID_UNRATED, 'movie', unrated.ids)).toEqual([]);
  });

  it('a signed-out visitor, then an adult, then a kid: the kid is not sent the kept answer', async () => {
    const url = '/index/popular/tv?page=2&order=kid-last';
    const anyone = await ask(null, url);
    expect(hiddenOf(KID, 'tv', anyone.ids).length).toBeGreaterThan(0);
    expect(await ask(adult, url)).toEqual({ ids: anyone.ids, cache: 'hit' });
    const mine = await ask(kid, url);
    expect(mine.cache).toBeUndefined();
    expect(hiddenOf(KID, 'tv', mine.ids)).toEqual([]);
    expect(await ask(null, url)).toEqual({ ids: anyone.ids, cache: 'hit' });
  });
});

describe('property: whatever the ratings and the limit, a kid gets nothing above it', () => {
  it('every title of every listing call is within the limit', async () => {
    const titles = await allTitles();
    const age = fc.option(fc.integer({ min: 0, max: 18 }), { nil: null, freq: 4 });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(age, { minLength: titles.length, maxLength: titles.length }),
        fc.record({ maxAge: fc.integer({ min: 0, max: 18 }), unrated: fc.boolean() }),
        async (ages, ceiling) => {
          run += 1;
          // Numbers as certifications: ratingAgeOf reads them as their age.
          await rate(
            titles.map(({ type, id }, i) => {
              const a = ages[i] ?? null;
              return { type, id, cert: a === null ? null : String(a), age: a };
            }),
          );
          await setLimit(kid, ceiling);
          // A query parameter of the run's own: no answer kept from another run is reused.
          const fresh = `run=${String(run)}`;
          const lists: [MediaType, string][] = [
            ['movie', `/index/trending/movie?${fresh}`],
            ['tv', `/index/trending/tv?${fresh}&page=2`],
            ['movie', `/index/popular/movie?${fresh}`],
            ['tv', `/index/popular/tv?${fresh}`],
            ['movie', `/index/media/movie/by-provider?provider=8&${fresh}`],
            ['tv', `/index/media/tv/by-provider?provider=337&${fresh}`],
            ['movie', `/index/search/movie?query=the&${fresh}`],
            ['movie', `/index/search/movie?query=matrx&${fresh}`],
            ['tv', `/index/search/tv?query=man&${fresh}`],
          ];
          for (const [type, url] of lists) {
            const got = await page(kid, url);
            expect(
              hiddenOf(
                ceiling,
                type,
                got.results.map((r) => r.id),
              ),
              url,
            ).toEqual([]);
          }
          const recs = await recommendations(kid, `&${fresh}`);
          expect(recs.filter((r) => !admits(ceiling, r.type, r.id))).toEqual([]);
          for (const search of ['Cowboy Bebop', 'Naruto', 'Ghost in the Shell']) {
            const { hits, related } = entriesOf(await animeQuery(kid, ANIME_SEARCH_QUERY, search));
            expect(
              [...hits, ...related].filter((id) => !showsEntry(ceiling, id)),
              search,
            ).toEqual([]);
          }
        },
      ),
      { seed: SEED, numRuns: 12 },
    );
    // The fixed ratings and the kid's limit again, for anything after.
    await rateFixed();
    await setLimit(kid, KID);
  });
});
