/**
 * PINs, kids' profiles' limits and who manages profiles (PROFILE-7, PROFILE-8 in
 * docs/requirements.md), on the embedded database and on PostgreSQL: a PIN-locked adult profile
 * needs its PIN to be switched to, changed or removed from another profile; attempts count
 * against the sign-in limits (429 with Retry-After, per account, whatever the PIN); a kids'
 * profile cannot manage profiles nor have a PIN, and the main profile stays an adult one; the
 * session keeps its active profile's rating limit through switches, changes and removals, on
 * every session that has it active.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '@pigostream/db';
import { startTestApp, type TestApp } from './helpers/app.ts';
import { API, createUser, request, type TestUser, signInAgain } from './helpers/users.ts';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

interface ProfileAnswer {
  id: string;
  name: string;
  kind: string;
  maxRatingAge: number | null;
  showUnrated: boolean;
  hasPin: boolean;
}

const PIN_REQUIRED = { error: "Enter this profile's PIN." };
const WRONG_PIN = { error: 'Wrong PIN.' };
const RATE_LIMITED = { error: 'Too many attempts. Please wait a minute and try again.' };

function post(u: TestUser, call: string, body: unknown) {
  return request(t.app, u, 'POST', `${API}/profiles/${call}`, body);
}

async function create(u: TestUser, body: Record<string, unknown>): Promise<ProfileAnswer> {
  const res = await post(u, 'create', { avatar: 'avatar-3', ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ProfileAnswer>();
}

async function activeOf(u: TestUser): Promise<string> {
  const res = await request(t.app, u, 'GET', `${API}/profiles`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ active: string }>().active;
}

/** Signs `u` in again: a second session of the same account, as another device would. */
const secondSession = (u: TestUser) => signInAgain(t.app, u);

/** The rating limit each of the account's sessions keeps, oldest session first. */
async function sessionLimits(u: TestUser) {
  return queryRows<{ active: string | null; ceiling: number | null; unrated: boolean }>(
    t.database.db,
    sql`select active_profile_id as active, rating_ceiling as ceiling, rating_unrated as unrated
        from "session" where user_id = ${u.uid} order by created_at, id`,
  );
}

describe('a PIN-locked adult profile', () => {
  it('is made with a PIN that never leaves the server: hasPin only', async () => {
    const u = await createUser(t.app);
    const dad = await create(u, { name: 'Dad', newPin: '4821' });
    expect(dad).toMatchObject({ kind: 'adult', hasPin: true, maxRatingAge: null });
    const listed = await request(t.app, u, 'GET', `${API}/profiles`);
    expect(listed.body).not.toContain('4821');
    const [row] = await queryRows<{ pin: string }>(
      t.database.db,
      sql`select pin_hash as pin from profiles where id = ${dad.id}`,
    );
    expect(row?.pin).toMatch(/^[0-9a-f]{32}:[0-9a-f]{64}$/);
    expect(row?.pin).not.toContain('4821');
  });

  it('needs its PIN to be switched to: none 403, wrong 403, right 200', async () => {
    const u = await createUser(t.app);
    const dad = await create(u, { name: 'Dad', newPin: '4821' });
    const none = await post(u, 'switch', { id: dad.id });
    expect([none.statusCode, none.json()]).toEqual([403, PIN_REQUIRED]);
    const wrong = await post(u, 'switch', { id: dad.id, pin: '1111' });
    expect([wrong.statusCode, wrong.json()]).toEqual([403, WRONG_PIN]);
    expect(await activeOf(u)).toBe(u.uid);
    const right = await post(u, 'switch', { id: dad.id, pin: '4821' });
    expect([right.statusCode, right.json()]).toEqual([200, { active: dad.id }]);
    expect(await activeOf(u)).toBe(dad.id);
    // Once active it is unlocked for this session: changing it needs no PIN again.
    const renamed = await post(u, 'update', { id: dad.id, name: 'Papa' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // Another device of the account has to give it again.
    const other = await secondSession(u);
    const elsewhere = await post(other, 'switch', { id: dad.id });
    expect([elsewhere.statusCode, elsewhere.json()]).toEqual([403, PIN_REQUIRED]);
  });

  it('needs its PIN to be changed or removed from another profile', async () => {
    const u = await createUser(t.app);
    const dad = await create(u, { name: 'Dad', newPin: '4821' });
    for (const [call, body] of [
      ['update', { id: dad.id, newPin: null }],
      ['update', { id: dad.id, name: 'Mallory' }],
      ['remove', { id: dad.id }],
    ] as const) {
      const none = await post(u, call, body);
      expect([none.statusCode, none.json()], call).toEqual([403, PIN_REQUIRED]);
      const wrong = await post(u, call, { ...body, pin: '0000' });
      expect([wrong.statusCode, wrong.json()], call).toEqual([403, WRONG_PIN]);
    }
    const listed = await request(t.app, u, 'GET', `${API}/profiles`);
    expect(listed.json<{ profiles: ProfileAnswer[] }>().profiles[1]).toMatchObject({
      name: 'Dad',
      hasPin: true,
    });
    const cleared = await post(u, 'update', { id: dad.id, newPin: null, pin: '4821' });
    expect(cleared.json<ProfileAnswer>().hasPin).toBe(false);
    const unlocked = await post(u, 'switch', { id: dad.id });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    await post(u, 'switch', { id: u.uid });
    const locked = await post(u, 'update', { id: dad.id, newPin: '9999' });
    expect(locked.json<ProfileAnswer>().hasPin).toBe(true);
    const removed = await post(u, 'remove', { id: dad.id, pin: '9999' });
    expect(removed.statusCode, removed.body).toBe(200);
  });

  it('refuses PINs spelled other than 4 digits, changing nothing: 400', async () => {
    const u = await createUser(t.app);
    const dad = await create(u, { name: 'Dad', newPin: '4821' });
    for (const pin of ['482', '48210', '４８２１', ' 4821', '4821\n', 4821, '48.1', '', null]) {
      const res = await post(u, 'switch', { id: dad.id, pin });
      expect(res.statusCode, JSON.stringify(pin)).toBe(400);
      expect(res.json<{ error: string }>().error, JSON.stringify(pin)).toMatch(/pin/);
      const set = await post(u, 'create', { name: 'X', avatar: 'avatar-1', newPin: pin });
      if (pin !== null) expect(set.statusCode, JSON.stringify(pin)).toBe(400);
    }
    // Duplicate keys: the last one is the one acted on (as JSON.parse reads it), once.
    const dup = await request(t.app, u, 'POST', `${API}/profiles/switch`, undefined, {
      payload: `{"id":"${dad.id}","pin":"4821","pin":"0000"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect([dup.statusCode, dup.json()]).toEqual([403, WRONG_PIN]);
    expect(await activeOf(u)).toBe(u.uid);
  });

  it('limits attempts like sign-in: 429 with Retry-After, per account, even for the right PIN', async () => {
    const u = await createUser(t.app);
    const dad = await create(u, { name: 'Dad', newPin: '4821' });
    const other = await createUser(t.app);
    const mum = await create(other, { name: 'Mum', newPin: '1357' });
    for (let i = 0; i < 10; i += 1) {
      const res = await post(u, 'switch', { id: dad.id, pin: String(1000 + i) });
      expect(res.statusCode, `attempt ${String(i + 1)}`).toBe(403);
    }
    const limited = await post(u, 'switch', { id: dad.id, pin: '4821' });
    expect([limited.statusCode, limited.json()]).toEqual([429, RATE_LIMITED]);
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // From another session (another device) of the account too: the account is counted.
    const again = await post(await secondSession(u), 'switch', { id: dad.id, pin: '4821' });
    expect(again.statusCode).toBe(429);
    expect(await activeOf(u)).toBe(u.uid);
    // Another account is not held back.
    const fine = await post(other, 'switch', { id: mum.id, pin: '1357' });
    expect(fine.statusCode, fine.body).toBe(200);
    // The counters are the identity limiter's own, kept in its store.
    const [counted] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from rate_limit where key like 'profile-pin|%'`,
    );
    expect(counted?.n).toBeGreaterThan(0);
  });
});

describe("a kids' profile", () => {
  it('gets the default limit, never a PIN, and cannot manage profiles', async () => {
    const u = await createUser(t.app);
    const kid = await create(u, { name: 'Kid', kind: 'kids' });
    expect(kid).toMatchObject({
      kind: 'kids',
      maxRatingAge: 10,
      showUnrated: false,
      hasPin: false,
    });
    const pinned = await post(u, 'create', {
      name: 'K2',
      avatar: 'avatar-1',
      kind: 'kids',
      newPin: '1234',
    });
    expect([pinned.statusCode, pinned.json()]).toEqual([
      400,
      { error: "A kids' profile cannot have a PIN." },
    ]);
    const main = await post(u, 'update', { id: u.uid, kind: 'kids' });
    expect([main.statusCode, main.json()]).toEqual([
      409,
      { error: "The account's main profile is an adult profile." },
    ]);

    await post(u, 'switch', { id: kid.id });
    const refused = { error: 'Switch to an adult profile to manage profiles.' };
    for (const [call, body] of [
      ['create', { name: 'Sneaky', avatar: 'avatar-1' }],
      ['update', { id: kid.id, maxRatingAge: 18 }],
      ['update', { id: u.uid, name: 'Mine now' }],
      ['remove', { id: u.uid }],
      ['remove', { id: kid.id }],
    ] as const) {
      const res = await post(u, call, body);
      expect([res.statusCode, res.json()], call).toEqual([403, refused]);
    }
    const listed = await request(t.app, u, 'GET', `${API}/profiles`);
    expect(listed.json<{ profiles: ProfileAnswer[] }>().profiles).toHaveLength(2);
    expect(listed.json<{ profiles: ProfileAnswer[] }>().profiles[1]?.maxRatingAge).toBe(10);
  });

  it('leaves a locked adult profile locked: the kid switches back only with its PIN', async () => {
    const u = await createUser(t.app);
    await post(u, 'update', { id: u.uid, newPin: '2468' });
    const kid = await create(u, { name: 'Kid', kind: 'kids', maxRatingAge: 7 });
    await post(u, 'switch', { id: kid.id });
    const back = await post(u, 'switch', { id: u.uid });
    expect([back.statusCode, back.json()]).toEqual([403, PIN_REQUIRED]);
    const right = await post(u, 'switch', { id: u.uid, pin: '2468' });
    expect(right.statusCode, right.body).toBe(200);
  });

  it("keeps the session's rating limit in step: switch, change, kind, removal, every session", async () => {
    const u = await createUser(t.app);
    const tablet = await secondSession(u);
    const kid = await create(u, { name: 'Kid', kind: 'kids', maxRatingAge: 7 });
    expect((await sessionLimits(u)).map((s) => s.ceiling)).toEqual([null, null]);

    await post(u, 'switch', { id: kid.id });
    await post(tablet, 'switch', { id: kid.id });
    expect(await sessionLimits(u)).toEqual([
      { active: kid.id, ceiling: 7, unrated: false },
      { active: kid.id, ceiling: 7, unrated: false },
    ]);
    // A change made from an adult session reaches every session that has the kid active.
    const adult = await secondSession(u);
    const changed = await post(adult, 'update', {
      id: kid.id,
      maxRatingAge: 13,
      showUnrated: true,
    });
    expect(changed.json<ProfileAnswer>()).toMatchObject({ maxRatingAge: 13, showUnrated: true });
    expect((await sessionLimits(u)).slice(0, 2)).toEqual([
      { active: kid.id, ceiling: 13, unrated: true },
      { active: kid.id, ceiling: 13, unrated: true },
    ]);
    expect((await sessionLimits(u))[2]).toEqual({ active: null, ceiling: null, unrated: false });
    // Made an adult profile: no limit any more.
    await post(adult, 'update', { id: kid.id, kind: 'adult' });
    expect((await sessionLimits(u)).slice(0, 2).map((s) => s.ceiling)).toEqual([null, null]);
    await post(adult, 'update', { id: kid.id, kind: 'kids' });
    expect((await sessionLimits(u)).slice(0, 2).map((s) => s.ceiling)).toEqual([10, 10]);
    // Removed: its sessions go back to the main profile, with no limit.
    const removed = await post(adult, 'remove', { id: kid.id });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await sessionLimits(u)).map((s) => s.ceiling)).toEqual([null, null, null]);
    expect(await activeOf(tablet)).toBe(u.uid);
  });
});
