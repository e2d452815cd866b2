/**
 * A show of the browser tests' own whose last season is airing now (PROG-6, PROG-7 in
 * docs/requirements.md: New Episodes and Up Next need episodes around today, which the starter
 * catalogue cannot have). The Playwright config (apps/web/playwright.config.ts) writes it as a TV
 * dump line dated from the day of the run and the server's start command imports it
 * (`pigo import movnix-tv`) before the server starts, so the tests read a real catalogue through
 * the real API. The README's screenshots (scripts/readme-screenshots.ts) load it the same way.
 */
import { writeFileSync } from 'node:fs';

/** The show as the tests look for it; its id is far above TMDB's and the starter's. */
export const AIRING_SHOW = { id: 990_001, type: 'tv', name: 'The Test Pattern' } as const;

/** The show's episodes relative to the day of the run: season 1 aired, season 2 airing. */
export const AIRING_EPISODES = {
  /** Season 1 (3 episodes), aired a year ago. */
  seasonOne: 3,
  /** Season 2: episode 1 aired 2 days ago, episode 2 airs in 5 days, episode 3 in 30. */
  seasonTwo: [
    { episode: 1, name: 'Warm-Up', offsetDays: -2 },
    { episode: 2, name: 'Colour Bars', offsetDays: 5 },
    { episode: 3, name: 'Sign-Off', offsetDays: 30 },
  ],
} as const;

/** `YYYY-MM-DD` of the day `offset` days from `now` (UTC, as the server counts days). */
export function dayFrom(offset: number, now = Date.now()): string {
  return new Date(now + offset * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

/** Writes the show as one line of `tv/movnix_tv_seasons_episodes.jsonl` to `file`. */
export function writeAiringShow(file: string, now = Date.now()): void {
  const id = AIRING_SHOW.id;
  const episode = (season: number, n: number, name: string, airDate: string) => ({
    id: id * 100 + season * 10 + n,
    episode_number: n,
    name,
    overview: `Episode ${String(n)} of season ${String(season)}.`,
    air_date: airDate,
    runtime: 30,
    vote_average: 7,
  });
  const seasonOne = Array.from({ length: AIRING_EPISODES.seasonOne }, (_, i) =>
    episode(1, i + 1, `Test Card ${String(i + 1)}`, dayFrom(-365 + 7 * i, now)),
  );
  const seasonTwo = AIRING_EPISODES.seasonTwo.map((e) =>
    episode(2, e.episode, e.name, dayFrom(e.offsetDays, now)),
  );
  const line = {
    tvShow: {
      tmdbId: id,
      name: AIRING_SHOW.name,
      originalName: AIRING_SHOW.name,
      originalLanguage: 'en',
      overview: 'A show the browser tests keep on the air.',
      firstAirDate: dayFrom(-365, now),
      lastAirDate: dayFrom(-2, now),
      status: 'Returning Series',
      popularity: 0.01,
      voteAverage: 7,
      voteCount: 10,
    },
    seasons: [
      {
        id: id * 10 + 1,
        season_number: 1,
        name: 'Season 1',
        air_date: dayFrom(-365, now),
        episodes: seasonOne,
      },
      {
        id: id * 10 + 2,
        season_number: 2,
        name: 'Season 2',
        air_date: dayFrom(-2, now),
        episodes: seasonTwo,
      },
    ],
    genres: [{ name: 'Comedy' }],
  };
  writeFileSync(file, `${JSON.stringify(line)}\n`);
}
