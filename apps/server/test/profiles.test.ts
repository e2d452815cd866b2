/**
 * Household profiles (PROFILE-1..6 in docs/requirements.md), on the embedded database and on
 * PostgreSQL: an account's profiles (create, list, update, remove, at most 6), the session's
 * active profile and the personal data that follows it (My List, Watch History, search history,
 * progress and Continue Watching, watch events and recommendations, the export), isolation
 * between accounts (another account's profile ids, however spelled, answer 404 and change
 * nothing), the removal of a profile's or an account's data, a second session's own active
 * profile, and a backup's round trip.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '@pigostream/db';
import { restoreBackup } from '../src/modules/backup/backup.restore.ts';
import { writeBackup, writeFileAtomically } from '../src/modules/backup/backup.writer.ts';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { openTestDatabase } from './helpers/database.ts';
import { API, createUser, PASSWORD, request, type TestUser, signInAgain } from './helpers/users.ts';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  t = await startTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'pigo-profiles-'));
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

interface ProfileAnswer {
  id: string;
  name: string;
  avatar: string;
  kind: string;
  maxRatingAge: number | null;
  showUnrated: boolean;
  hasPin: boolean;
}
/** The rating and PIN fields of an adult profile without a PIN. */
const ADULT = { maxRatingAge: null, showUnrated: false, hasPin: false };
interface ProfilesAnswer {
  profiles: ProfileAnswer[];
  active: string;
}

function post(u: TestUser, call: string, body: unknown) {
  return request(t.app, u, 'POST', `${API}/profiles/${call}`, body);
}

async function profilesOf(u: TestUser): Promise<ProfilesAnswer> {
  const res = await request(t.app, u, 'GET', `${API}/profiles`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProfilesAnswer>();
}

async function createProfile(u: TestUser, name: string, avatar = 'avatar-2'): Promise<string> {
  const res = await post(u, 'create', { name, avatar });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProfileAnswer>().id;
}

async function switchTo(u: TestUser, id: string): Promise<void> {
  const res = await post(u, 'switch', { id });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ active: id });
}

/** A 200 answer's JSON of a GET as `u`. */
async function read<T>(u: TestUser, url: string): Promise<T> {
  const res = await request(t.app, u, 'GET', `${API}${url}`);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json<T>();
}

async function write(u: TestUser, method: 'POST' | 'DELETE', url: string, body: unknown) {
  const res = await request(t.app, u, method, `${API}${url}`, body);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
}

/** Saves one of everything personal for `u`'s active profile: `movie` in each list. */
async function saveEverything(u: TestUser, movie: number, search: string): Promise<void> {
  const item = { userUID: u.uid, id: movie, type: 'movie' };
  await write(u, 'POST', '/my-list/save-my-list', item);
  await write(u, 'POST', '/watch-history/save-watch-history', item);
  await write(u, 'POST', '/index/save-search-history', { userUID: u.uid, searchQuery: search });
  await write(u, 'POST', '/progress/save-progress', { ...item, position: 600, duration: 6000 });
  await write(u, 'POST', '/recommender/insert', {
    user_id: u.uid,
    item_id: movie,
    item_type: 'movie',
    watched: true,
  });
}

/** What `u`'s active profile reads back: the movie ids of each list, and the searches. */
async function personalView(u: TestUser) {
  const myList = await read<{ moviesList: { id: number }[] }>(u, `/my-list/${u.uid}/fetch-my-list`);
  const history = await read<{ moviesHistory: { id: number }[] }>(
    u,
    `/watch-history/${u.uid}/fetch-watch-history`,
  );
  const searches = await read<{ query: string }[]>(u, `/index/fetch-search-history/${u.uid}`);
  const continuing = await read<{ id: number }[]>(u, `/progress/${u.uid}/continue-watching`);
  const inList = await read<{ inList: boolean }>(u, `/my-list/${u.uid}/contains?id=603&type=movie`);
  return {
    myList: myList.moviesList.map((m) => m.id),
    history: history.moviesHistory.map((m) => m.id),
    searches: searches.map((s) => s.query),
    continuing: continuing.map((c) => c.id),
    has603: inList.inList,
  };
}

/** The rows every personal table holds for `owner` (a profile id), as one comparable text. */
async function rowsOf(db: Database, owner: string): Promise<string> {
  const rows = await queryRows<{ data: string }>(
    db,
    sql`select json_build_array(
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select media_type, tmdb_id from my_list where user_id = ${owner}) x),
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select media_type, tmdb_id from watch_history where user_id = ${owner}) x),
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select query from search_history where user_id = ${owner}) x),
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select media_type, tmdb_id, watch_count from watch_events where user_id = ${owner}) x),
          (select coalesce(json_agg(x order by x::text), '[]') from
            (select media_type, tmdb_id, position_s from watch_progress where user_id = ${owner}) x)
        )::text as data`,
  );
  return rows[0]?.data ?? '';
}

const EMPTY_ROWS = '[[], [], [], [], []]';

/** Signs `u` in again: a second session of the same account, as another device would. */
const secondSession = (u: TestUser) => signInAgain(t.app, u);

describe('an account and its profiles', () => {
  it('has its default profile from sign-up: its id is the account id, named after the user', async () => {
    const ann = await createUser(t.app, { name: 'Ann' });
    expect(await profilesOf(ann)).toEqual({
      profiles: [{ id: ann.uid, name: 'Ann', avatar: 'avatar-1', kind: 'adult', ...ADULT }],
      active: ann.uid,
    });
  });

  it('creates, lists in order, updates, switches and removes profiles', async () => {
    const u = await createUser(t.app, { name: 'Bea' });
    const created = await post(u, 'create', { name: '  Kids  ', avatar: 'avatar-5', kind: 'kids' });
    expect(created.statusCode, created.body).toBe(200);
    const kids = created.json<ProfileAnswer>();
    expect(kids).toEqual({
      id: kids.id,
      name: 'Kids',
      avatar: 'avatar-5',
      kind: 'kids',
      maxRatingAge: 10,
      showUnrated: false,
      hasPin: false,
    });
    expect(kids.id).toMatch(/^p_[a-z2-7]{20}$/);
    const guest = await createProfile(u, 'Guest');
    expect((await profilesOf(u)).profiles.map((p) => p.name)).toEqual(['Bea', 'Kids', 'Guest']);

    const updated = await post(u, 'update', { id: guest, name: 'Gus', kind: 'adult' });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toEqual({
      id: guest,
      name: 'Gus',
      avatar: 'avatar-2',
      kind: 'adult',
      ...ADULT,
    });
    const avatar = await post(u, 'update', { id: u.uid, avatar: 'avatar-12' });
    expect(avatar.json()).toEqual({
      id: u.uid,
      name: 'Bea',
      avatar: 'avatar-12',
      kind: 'adult',
      ...ADULT,
    });

    await switchTo(u, kids.id);
    expect((await profilesOf(u)).active).toBe(kids.id);
    // Profiles are managed from an adult profile (PROFILE-8).
    const fromKids = await post(u, 'remove', { id: kids.id });
    expect(fromKids.statusCode).toBe(403);
    expect(fromKids.json()).toEqual({ error: 'Switch to an adult profile to manage profiles.' });
    await switchTo(u, guest);

    // Removing the active profile takes the session back to the default one.
    const removed = await post(u, 'remove', { id: guest });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<ProfilesAnswer>().active).toBe(u.uid);
    expect(removed.json<ProfilesAnswer>().profiles.map((p) => p.id)).toEqual([u.uid, kids.id]);
    expect((await profilesOf(u)).active).toBe(u.uid);
    // A new one goes last.
    const last = await createProfile(u, 'Last');
    expect((await profilesOf(u)).profiles.map((p) => p.id)).toEqual([u.uid, kids.id, last]);
  });

  it('never removes the default profile (the last one an account keeps): 409', async () => {
    const u = await createUser(t.app);
    const res = await post(u, 'remove', { id: u.uid });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: "The account's main profile cannot be removed." });
    expect((await profilesOf(u)).profiles).toHaveLength(1);
  });

  it('holds at most 6 profiles: the 7th answers 409, also when asked for at once', async () => {
    const u = await createUser(t.app);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post(u, 'create', { name: `P${String(i)}`, avatar: 'avatar-3' }),
      ),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(5);
    for (const res of answers.filter((r) => r.statusCode !== 200)) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'An account holds at most 6 profiles.' });
    }
    expect((await profilesOf(u)).profiles).toHaveLength(6);
    const again = await post(u, 'create', { name: 'Seventh', avatar: 'avatar-1' });
    expect(again.statusCode).toBe(409);
  });

  it('answers 400 for bad input and 401 without a verified session', async () => {
    const u = await createUser(t.app);
    const bad: [string, unknown][] = [
      ['create', { name: '', avatar: 'avatar-1' }],
      ['create', { name: '   ', avatar: 'avatar-1' }],
      ['create', { name: 'x'.repeat(31), avatar: 'avatar-1' }],
      ['create', { name: 'Bad\u0007', avatar: 'avatar-1' }],
      ['create', { name: 'Ok', avatar: 'avatar-13' }],
      ['create', { name: 'Ok', avatar: '../avatar-1' }],
      ['create', { name: 'Ok', avatar: 'avatar-1', kind: 'admin' }],
      ['create', { name: 42, avatar: 'avatar-1' }],
      ['create', { avatar: 'avatar-1' }],
      ['create', []],
      ['update', { name: 'No id' }],
      ['update', { id: u.uid, name: '' }],
      ['update', { id: '', name: 'x' }],
      ['switch', {}],
      ['switch', { id: 7 }],
      ['remove', { id: null }],
    ];
    for (const [call, body] of bad) {
      const res = await post(u, call, body);
      expect(res.statusCode, `${call} ${JSON.stringify(body)}: ${res.body}`).toBe(400);
      expect(typeof res.json<{ error: unknown }>().error).toBe('string');
    }
    expect((await profilesOf(u)).profiles).toHaveLength(1);
    expect((await request(t.app, null, 'GET', `${API}/profiles`)).statusCode).toBe(401);
    const pending = await createUser(t.app, { verified: false });
    expect((await request(t.app, pending, 'GET', `${API}/profiles`)).statusCode).toBe(401);
    const anonymous = await request(t.app, null, 'POST', `${API}/profiles/create`, {
      name: 'x',
      avatar: 'avatar-1',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe("the active profile's data", () => {
  it('follows a switch at once: reads answer the new profile, writes land there', async () => {
    const u = await createUser(t.app, { name: 'Cleo' });
    await saveEverything(u, 603, 'matrix');
    const grown = await personalView(u);
    expect(grown).toEqual({
      myList: [603],
      history: [603],
      searches: ['matrix'],
      continuing: [603],
      has603: true,
    });
    const kid = await createProfile(u, 'Kid');
    // Read just before the switch (the answers are kept for 2 s): the next read must not reuse it.
    await switchTo(u, kid);
    expect(await personalView(u)).toEqual({
      myList: [],
      history: [],
      searches: [],
      continuing: [],
      has603: false,
    });
    await saveEverything(u, 550, 'fight club');
    expect(await personalView(u)).toEqual({
      myList: [550],
      history: [550],
      searches: ['fight club'],
      continuing: [550],
      has603: false,
    });
    // Stored under the profile's id; the default profile (the account's id) kept its own.
    expect(await rowsOf(t.database.db, kid)).toContain('550');
    expect(await rowsOf(t.database.db, kid)).not.toContain('603');
    expect(await rowsOf(t.database.db, u.uid)).not.toContain('550');

    // Recommendations leave out the active profile's watched titles only.
    const kidRecs = await read<{ id: number; type: string }[]>(
      u,
      `/recommender/user_recommendations?user_id=${u.uid}`,
    );
    expect(kidRecs.some((r) => r.type === 'movie' && r.id === 550)).toBe(false);
    await switchTo(u, u.uid);
    expect(await personalView(u)).toEqual(grown);
    const ownRecs = await read<{ id: number; type: string }[]>(
      u,
      `/recommender/user_recommendations?user_id=${u.uid}`,
    );
    expect(ownRecs.some((r) => r.type === 'movie' && r.id === 603)).toBe(false);
    expect(ownRecs).not.toEqual(kidRecs);
  });

  it("exports the active profile's lists; a player token reports to that profile", async () => {
    const u = await createUser(t.app);
    await saveEverything(u, 603, 'matrix');
    const kid = await createProfile(u, 'Kid');
    await switchTo(u, kid);
    await saveEverything(u, 550, 'fight club');
    const file = await request(
      t.app,
      u,
      'GET',
      `${API}/transfer/${u.uid}/export?format=pigostream`,
    );
    expect(file.statusCode, file.body).toBe(200);
    const data = file.json<{ myList: { id: number }[]; searchHistory: { query: string }[] }>();
    expect(data.myList.map((m) => m.id)).toEqual([550]);
    expect(data.searchHistory.map((s) => s.query)).toEqual(['fight club']);

    const token = await request(t.app, u, 'POST', `${API}/progress/player-token`, {
      userUID: u.uid,
      id: 27205,
      type: 'movie',
    });
    expect(token.statusCode, token.body).toBe(200);
    await switchTo(u, u.uid);
    const report = await t.app.inject({
      method: 'POST',
      url: `${API}/progress/player-progress`,
      headers: {
        authorization: `Bearer ${token.json<{ token: string }>().token}`,
        'content-type': 'application/json',
      },
      payload: { id: 27205, type: 'movie', position: 300, duration: 8880 },
    });
    expect(report.statusCode, report.body).toBe(200);
    expect(await rowsOf(t.database.db, kid)).toContain('27205');
    expect(await rowsOf(t.database.db, u.uid)).not.toContain('27205');
  });

  it("keeps each session's own active profile: another device stays on its own", async () => {
    const u = await createUser(t.app);
    const kid = await createProfile(u, 'Kid');
    const other = await secondSession(u);
    await switchTo(u, kid);
    expect((await profilesOf(u)).active).toBe(kid);
    expect((await profilesOf(other)).active).toBe(u.uid);
    await write(other, 'POST', '/my-list/save-my-list', { userUID: u.uid, id: 603, type: 'movie' });
    expect((await personalView(u)).myList).toEqual([]);
    expect((await personalView(other)).myList).toEqual([603]);
    // A new session starts on the default profile.
    const third = await secondSession(u);
    expect((await profilesOf(third)).active).toBe(u.uid);
  });

  it('still checks userUID against the account: a profile id in its place answers 403', async () => {
    const u = await createUser(t.app);
    const kid = await createProfile(u, 'Kid');
    await switchTo(u, kid);
    const save = await request(t.app, u, 'POST', `${API}/my-list/save-my-list`, {
      userUID: kid,
      id: 603,
      type: 'movie',
    });
    expect(save.statusCode).toBe(403);
    const list = await request(t.app, u, 'GET', `${API}/my-list/${kid}/fetch-my-list`);
    expect(list.statusCode).toBe(403);
    expect(await rowsOf(t.database.db, kid)).toBe(EMPTY_ROWS);
  });
});

/** Ways a hostile client spells another account's profile id. */
function spellingsOf(id: string): unknown[] {
  return [
    id,
    id.toUpperCase(),
    ` ${id}`,
    `${id} `,
    `${id}\t`,
    `${id}\u200b`,
    `\ufeff${id}`,
    id.replace('p_', 'p\uff3f'),
    `${id}%00`,
    encodeURIComponent(`${id}/`),
    `../${id}`,
    `${id}/..`,
    `${id}' or '1'='1`,
    `${id.slice(0, -1)}%`,
    `${id.slice(0, -1)}_`,
    `%`,
    `*`,
    [id],
    { id },
    { $eq: id },
    `${id},${id}`,
  ];
}

describe('isolation between accounts', () => {
  let a: TestUser;
  let b: TestUser;
  let aKid: string;
  let aBefore: string;
  let aKidBefore: string;
  let aProfiles: ProfilesAnswer;

  beforeAll(async () => {
    [a, b] = await Promise.all([createUser(t.app, { name: 'Alice' }), createUser(t.app)]);
    await saveEverything(a, 603, 'matrix');
    aKid = await createProfile(a, 'Alice Jr');
    await switchTo(a, aKid);
    await saveEverything(a, 550, 'fight club');
    aBefore = await rowsOf(t.database.db, a.uid);
    aKidBefore = await rowsOf(t.database.db, aKid);
    aProfiles = await profilesOf(a);
  });

  it("never lets B switch to, change or remove A's profiles, however the id is spelled", async () => {
    for (const id of [...spellingsOf(aKid), ...spellingsOf(a.uid)]) {
      for (const [call, body] of [
        ['switch', { id }],
        ['update', { id, name: 'Pwned', avatar: 'avatar-9' }],
        ['remove', { id }],
      ] as const) {
        const res = await post(b, call, body);
        expect([400, 404], `${call} ${JSON.stringify(id)}: ${res.body}`).toContain(res.statusCode);
        if (typeof id === 'string' && (id === aKid || id === a.uid)) {
          expect(res.statusCode).toBe(404);
          expect(res.json()).toEqual({ error: 'No such profile.' });
        }
      }
    }
    expect(await profilesOf(a)).toEqual(aProfiles);
    expect(await profilesOf(b)).toEqual({
      profiles: [{ id: b.uid, name: 'Tester', avatar: 'avatar-1', kind: 'adult', ...ADULT }],
      active: b.uid,
    });
    expect(await rowsOf(t.database.db, a.uid)).toBe(aBefore);
    expect(await rowsOf(t.database.db, aKid)).toBe(aKidBefore);
  });

  it("never lets B read or write A's data by naming A's account or profile id", async () => {
    for (const id of [a.uid, aKid, ...spellingsOf(aKid).filter((s) => typeof s === 'string')]) {
      const spelled = encodeURIComponent(id);
      for (const url of [
        `/my-list/${spelled}/fetch-my-list`,
        `/watch-history/${spelled}/fetch-watch-history`,
        `/index/fetch-search-history/${spelled}`,
        `/progress/${spelled}/continue-watching`,
        `/recommender/user_recommendations?user_id=${spelled}`,
        `/transfer/${spelled}/export?format=pigostream`,
      ]) {
        const res = await request(t.app, b, 'GET', `${API}${url}`);
        expect([400, 403, 404], `${url}: ${res.body}`).toContain(res.statusCode);
      }
      const save = await request(t.app, b, 'POST', `${API}/my-list/save-my-list`, {
        userUID: id,
        id: 27205,
        type: 'movie',
      });
      expect([400, 403], save.body).toContain(save.statusCode);
    }
    expect(await rowsOf(t.database.db, a.uid)).toBe(aBefore);
    expect(await rowsOf(t.database.db, aKid)).toBe(aKidBefore);
    expect(await rowsOf(t.database.db, b.uid)).toBe(EMPTY_ROWS);
  });
});

describe('removing data', () => {
  it("removes a profile's data and nothing else's", async () => {
    const [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
    await saveEverything(b, 603, 'matrix');
    await saveEverything(a, 603, 'matrix');
    const kid = await createProfile(a, 'Kid');
    const teen = await createProfile(a, 'Teen');
    await switchTo(a, kid);
    await saveEverything(a, 550, 'fight club');
    await switchTo(a, teen);
    await saveEverything(a, 27205, 'inception');
    const kept = {
      a: await rowsOf(t.database.db, a.uid),
      teen: await rowsOf(t.database.db, teen),
      b: await rowsOf(t.database.db, b.uid),
    };
    expect(await rowsOf(t.database.db, kid)).not.toBe(EMPTY_ROWS);
    const res = await post(a, 'remove', { id: kid });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ProfilesAnswer>().active).toBe(teen);
    expect(await rowsOf(t.database.db, kid)).toBe(EMPTY_ROWS);
    expect({
      a: await rowsOf(t.database.db, a.uid),
      teen: await rowsOf(t.database.db, teen),
      b: await rowsOf(t.database.db, b.uid),
    }).toEqual(kept);
    expect((await personalView(a)).myList).toEqual([27205]);
  });

  it("deleting the account removes every one of its profiles' data, and nobody else's", async () => {
    const [a, b] = await Promise.all([createUser(t.app), createUser(t.app)]);
    await saveEverything(b, 603, 'matrix');
    await saveEverything(a, 603, 'matrix');
    const kid = await createProfile(a, 'Kid');
    await switchTo(a, kid);
    await saveEverything(a, 550, 'fight club');
    const bBefore = await rowsOf(t.database.db, b.uid);
    const deleted = await request(t.app, a, 'POST', `${API}/identity/delete-user`, {
      password: PASSWORD,
    });
    if (deleted.statusCode !== 200) {
      // Without better-auth's delete-user, the account's row goes as an operator removes it.
      await t.database.db.execute(sql`delete from "user" where id = ${a.uid}`);
    }
    expect(await rowsOf(t.database.db, a.uid)).toBe(EMPTY_ROWS);
    expect(await rowsOf(t.database.db, kid)).toBe(EMPTY_ROWS);
    const left = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from profiles where user_id = ${a.uid}`,
    );
    expect(left[0]?.n).toBe(0);
    expect(await rowsOf(t.database.db, b.uid)).toBe(bBefore);
  });
});

describe('a backup', () => {
  it("restores every profile with its data and each session's active profile", async () => {
    const u = await createUser(t.app, { name: 'Dora' });
    await saveEverything(u, 603, 'matrix');
    const kid = await createProfile(u, 'Kid', 'avatar-7');
    await post(u, 'update', { id: u.uid, name: 'Mum' });
    await switchTo(u, kid);
    await saveEverything(u, 550, 'fight club');
    const file = path.join(dir, 'profiles.pigo.gz');
    await writeFileAtomically(file, (out) => writeBackup(t.database, out));
    const target = await openTestDatabase();
    try {
      await restoreBackup(target, file);
      const profiles = await queryRows<{ id: string; name: string; avatar: string }>(
        target.db,
        sql`select id, name, avatar from profiles where user_id = ${u.uid} order by position`,
      );
      expect(profiles).toEqual([
        { id: u.uid, name: 'Mum', avatar: 'avatar-1' },
        { id: kid, name: 'Kid', avatar: 'avatar-7' },
      ]);
      expect(await rowsOf(target.db, u.uid)).toBe(await rowsOf(t.database.db, u.uid));
      expect(await rowsOf(target.db, kid)).toBe(await rowsOf(t.database.db, kid));
      const active = await queryRows<{ active_profile_id: string | null }>(
        target.db,
        sql`select active_profile_id from session where user_id = ${u.uid}
            and active_profile_id is not null`,
      );
      expect(active.map((r) => r.active_profile_id)).toEqual([kid]);
    } finally {
      await target.close();
    }
  });
});
