/**
 * The player app's progress reports (PROG-2 in docs/requirements.md): a signed-in user gets a 6 h
 * token for one movie or episode, and the app reports that title's progress with it and no session;
 * another title, another episode, a forged or missing token are refused.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@pigostream/db';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { progressOf as progressOf_ } from './helpers/progress.ts';
import { API, createUser, request, type TestUser } from './helpers/users.ts';

let t: TestApp;
let movies: number[];
let shows: number[];
beforeAll(async () => {
  t = await startTestApp();
  const ids = (type: string) =>
    queryRows<{ id: number }>(
      t.database.db,
      sql`select id from titles where media_type = ${type} and title <> '' order by id limit 20`,
    ).then((rows) => rows.map((r) => r.id));
  movies = await ids('movie');
  shows = await ids('tv');
});
afterAll(async () => {
  await t.close();
});

const at = (list: number[], i: number) => list[i] ?? 0;
const progressOf = (u: TestUser, id: number, type: string) => progressOf_(t.app, u, id, type);

describe('player tokens', () => {
  const tokenFor = async (u: TestUser, body: Record<string, unknown>) => {
    const res = await request(t.app, u, 'POST', `${API}/progress/player-token`, {
      userUID: u.uid,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ token: string; expiresAt: string }>();
  };
  const report = (token: string | undefined, body: Record<string, unknown>) =>
    request(t.app, null, 'POST', `${API}/progress/player-progress`, body, {
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });

  it("lets the player app report one episode's progress for the user, without a session", async () => {
    const u = await createUser(t.app);
    const show = at(shows, 4);
    const episode = { id: show, type: 'tv', season: 2, episode: 5 };
    const { token, expiresAt } = await tokenFor(u, episode);
    const hours = (Date.parse(expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(5.9);
    expect(hours).toBeLessThanOrEqual(6);

    const res = await report(token, { ...episode, position: 1250, duration: 1300 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, watched: true });
    expect(await progressOf(u, show, 'tv')).toMatchObject([
      { season: 2, episode: 5, position: 1250, watched: true },
    ]);
  });

  it('answers 403 for another title, another episode or a forged token; 401 without one', async () => {
    const u = await createUser(t.app);
    const movie = at(movies, 6);
    const { token } = await tokenFor(u, { id: movie, type: 'movie' });
    const progress = { position: 10, duration: 100 };
    const refusals: [string | undefined, Record<string, unknown>, number, string][] = [
      [undefined, { id: movie, type: 'movie' }, 401, 'A player token is required'],
      [
        token,
        { id: at(movies, 7), type: 'movie' },
        403,
        'The player token is for another title or episode',
      ],
      [
        token,
        { id: movie, type: 'tv', season: 1, episode: 1 },
        403,
        'The player token is for another title or episode',
      ],
      [
        `${token.slice(0, -2)}xx`,
        { id: movie, type: 'movie' },
        403,
        'The player token is not valid or has expired',
      ],
      [
        'not-a-token',
        { id: movie, type: 'movie' },
        403,
        'The player token is not valid or has expired',
      ],
    ];
    for (const [bearer, title, status, error] of refusals) {
      const res = await report(bearer, { ...title, ...progress });
      expect(res.statusCode, `${JSON.stringify(title)}: ${res.body}`).toBe(status);
      expect(res.json()).toEqual({ error });
    }
    // The user's session is no player token.
    const session = await request(t.app, u, 'POST', `${API}/progress/player-progress`, {
      id: movie,
      type: 'movie',
      ...progress,
    });
    expect(session.statusCode).toBe(401);
    expect(await progressOf(u, movie, 'movie')).toEqual([]);

    // An episode's token does not cover the next episode.
    const show = at(shows, 5);
    const { token: episodeToken } = await tokenFor(u, {
      id: show,
      type: 'tv',
      season: 1,
      episode: 1,
    });
    const next = await report(episodeToken, {
      id: show,
      type: 'tv',
      season: 1,
      episode: 2,
      ...progress,
    });
    expect(next.statusCode).toBe(403);
  });

  it('gives tokens only to the signed-in user, for titles the catalogue knows', async () => {
    const [u, other] = [await createUser(t.app), await createUser(t.app)];
    const body = { userUID: u.uid, id: at(movies, 8), type: 'movie' };
    let res = await request(t.app, other, 'POST', `${API}/progress/player-token`, body);
    expect(res.statusCode).toBe(403);
    res = await request(t.app, null, 'POST', `${API}/progress/player-token`, body);
    expect(res.statusCode).toBe(401);
    res = await request(t.app, u, 'POST', `${API}/progress/player-token`, {
      ...body,
      id: 999_999_001,
    });
    expect(res.statusCode).toBe(404);
  });
});
