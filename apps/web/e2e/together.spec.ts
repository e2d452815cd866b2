/**
 * Watching together from the play page (TOGETHER-10 in docs/requirements.md, over the server's
 * TOGETHER-1..5): three accounts, each in its own browser context, watch a library file in one
 * room. After a play, a pause, a seek and a speed change by different members, every member's
 * video is within 0.5 s of the others within 1 s; a reload rejoins at the room's position; a
 * room that ended says so. A room made while the host's video is at 40 s starts there for every
 * member (TOGETHER-1); while only the host controls playback a member's pause is refused with
 * the server's message and the room plays on, and 'Make host' hands the role over (TOGETHER-3);
 * a member whose media is held back after a seek holds the room for everyone, shown as
 * 'Buffering', until it has loaded (TOGETHER-5). Two members watch an AVI the server transcodes
 * (PLAYBACK-2, PLAYBACK-4: one ffmpeg for both) in step, through a seek to where neither has
 * loaded. A member's anime view opens the room's episode.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { freshUser, type FreshUser } from './support/library-page.ts';
import { mediaDir } from './support/e2e-env.ts';
import { appReady } from './support/first-answers.ts';
import { addToMediaLibrary, openPlay, section } from './support/play-page.ts';
import { sameOrigin } from './support/same-origin.ts';
import {
  allowMutedAutoplay,
  expectInStep,
  memberRow,
  members,
  ownName,
  pressPlay,
  readAll,
  roomPanel,
  videoOf,
} from './support/together-page.ts';
import { longAvi, longWebm } from './support/made-videos.ts';
import { rescanUntilListed } from './support/media-rescan.ts';

/** Starter-catalogue movies no other browser test opens. */
const INCREDIBLES = { id: 9806, type: 'movie', title: 'The Incredibles' } as const;
const RATATOUILLE = { id: 2062, type: 'movie', title: 'Ratatouille' } as const;
const GROUNDHOG_DAY = { id: 137, type: 'movie', title: 'Groundhog Day' } as const;
/** The starter catalogue's Naruto, which opens in the anime view (220 episodes, pages of 50). */
const NARUTO = { id: 46260, type: 'tv', title: 'Naruto' } as const;

/** Three new accounts, each in its own browser context, whose pages may start a muted video. */
async function threeMembers(browser: Browser, testInfo: TestInfo): Promise<FreshUser[]> {
  const users = await Promise.all([
    freshUser(browser, testInfo),
    freshUser(browser, testInfo),
    freshUser(browser, testInfo),
  ]);
  for (const user of users) await allowMutedAutoplay(user.context);
  return users;
}

test('three members play, pause, seek and change speed in step; a reload rejoins', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const users = await threeMembers(browser, testInfo);
  const [host, second, third] = users.map((user) => user.page) as [Page, Page, Page];
  await addToMediaLibrary(
    host,
    INCREDIBLES,
    'The Incredibles (2004) [tmdbid-9806].webm',
    await longWebm(),
  );

  // The host makes the room from the library file.
  await openPlay(host, INCREDIBLES);
  const local = section(host, 'Servers').getByRole('button', { name: 'Local library' });
  if ((await local.getAttribute('aria-pressed')) !== 'true') await local.click();
  await expect(videoOf(host)).toBeVisible();
  await host.getByRole('button', { name: 'Watch together' }).click();
  await expect(host).toHaveURL(/[?&]room=[A-Za-z0-9_-]{22}$/);
  const invite = await host.getByRole('textbox', { name: 'Invite link' }).inputValue();
  expect(invite).toMatch(/\/play\?id=9806&type=movie&room=[A-Za-z0-9_-]{22}$/);
  await expect(members(host)).toHaveCount(1);
  await expect(members(host).first()).toContainText('Host');

  // The others open the invite: the same file, every member listed on every page.
  await second.goto(invite);
  await third.goto(invite);
  const pages = [host, second, third];
  for (const page of pages) {
    await expect(members(page)).toHaveCount(3, { timeout: 20_000 });
    await expect(videoOf(page)).toHaveAttribute('src', /\/pigo-stream\/sources\/media\//);
  }
  await expect(second.getByRole('status').filter({ hasText: 'Paused for everyone.' })).toBeVisible({
    timeout: 20_000,
  });
  await expect(members(host).filter({ hasText: 'Buffering' })).toHaveCount(0, { timeout: 20_000 });

  // The second member plays: everyone plays, in step.
  await videoOf(second).evaluate(pressPlay);
  await expectInStep(pages, (r) => !r.paused && r.time > 0);
  await host.waitForTimeout(2000);
  await expectInStep(pages, (r) => !r.paused && r.time > 1.5);

  // The third pauses: everyone stops at the same place.
  await videoOf(third).evaluate((v: HTMLVideoElement) => {
    v.pause();
  });
  const stopped = await expectInStep(pages, (r) => r.paused);
  expect(Math.max(...stopped.map((r) => r.time))).toBeGreaterThan(1.5);

  // The host seeks to 40 s: everyone is there.
  await videoOf(host).evaluate((v: HTMLVideoElement) => {
    v.currentTime = 40;
  });
  await expectInStep(pages, (r) => Math.abs(r.time - 40) <= 0.5);

  // The third plays on, the second plays at 1.5x: everyone at 1.5x, in step.
  await videoOf(third).evaluate(pressPlay);
  await expectInStep(pages, (r) => !r.paused, 3000);
  await videoOf(second).evaluate((v: HTMLVideoElement) => {
    v.playbackRate = 1.5;
  });
  await expectInStep(pages, (r) => !r.paused && Math.abs(r.rate - 1.5) <= 0.15);
  await host.waitForTimeout(2000);
  const fast = await expectInStep(pages, (r) => !r.paused && Math.abs(r.rate - 1.5) <= 0.15);
  expect(Math.min(...fast.map((r) => r.time))).toBeGreaterThan(42);

  // The third reloads: it rejoins at the room's position, and the room plays on with it.
  await third.reload();
  await expect(members(third)).toHaveCount(3, { timeout: 20_000 });
  await expectInStep(pages, (r) => !r.paused && r.time > 42, 20_000);
  await expect(members(host).filter({ hasText: /Not connected|Buffering/ })).toHaveCount(0);

  // The host ends the room: the others are told.
  await host.getByRole('button', { name: 'End room' }).click();
  await expect(host).not.toHaveURL(/room=/);
  await expect(
    second.getByRole('region', { name: 'Watch together' }).getByRole('alert'),
  ).toHaveText('The room was closed.');

  for (const user of users) await user.context.close();
});

test("a room starts at the host's position; the host's controls; a held-back member holds the room", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const users = await threeMembers(browser, testInfo);
  const [host, second, third] = users.map((user) => user.page) as [Page, Page, Page];
  await addToMediaLibrary(
    host,
    RATATOUILLE,
    'Ratatouille (2007) [tmdbid-2062].webm',
    await longWebm({ heavy: true }),
  );

  // (c) The host's video is at 40 s when the room is made: the room starts there.
  await openPlay(host, RATATOUILLE);
  const local = section(host, 'Servers').getByRole('button', { name: 'Local library' });
  if ((await local.getAttribute('aria-pressed')) !== 'true') await local.click();
  await expect
    .poll(() => videoOf(host).evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(1);
  await videoOf(host).evaluate(async (v: HTMLVideoElement) => {
    const seeked = new Promise((resolve) => {
      v.addEventListener('seeked', resolve, { once: true });
    });
    v.currentTime = 40;
    await seeked;
  });
  await host.getByRole('button', { name: 'Watch together' }).click();
  await expect(host).toHaveURL(/[?&]room=[A-Za-z0-9_-]{22}$/);
  const invite = await host.getByRole('textbox', { name: 'Invite link' }).inputValue();
  await second.goto(invite);
  await third.goto(invite);
  const pages = [host, second, third];
  for (const page of pages) await expect(members(page)).toHaveCount(3, { timeout: 20_000 });
  await expect(members(host).filter({ hasText: 'Buffering' })).toHaveCount(0, { timeout: 20_000 });
  await expectInStep(pages, (r) => r.paused && Math.abs(r.time - 40) <= 0.5, 5000);
  for (const page of pages) {
    await expect(roomPanel(page).getByRole('status')).toHaveText('Paused for everyone.');
  }
  const [hostName, secondName, thirdName] = (await Promise.all(pages.map(ownName))) as [
    string,
    string,
    string,
  ];
  expect(new Set([hostName, secondName, thirdName]).size).toBe(3);
  await expect(memberRow(host, hostName).getByText('Host', { exact: true })).toBeVisible();

  // (b) Only the host controls playback: the others are told, and have no switch to change it.
  const onlyHost = (page: Page) =>
    roomPanel(page).getByRole('switch', { name: 'Only the host controls playback' });
  const note = (page: Page) =>
    roomPanel(page).getByText('Only the host controls playback.', { exact: true });
  await expect(onlyHost(host)).not.toBeChecked();
  await expect(onlyHost(second)).toHaveCount(0);
  await expect(roomPanel(second).getByRole('button', { name: 'Make host' })).toHaveCount(0);
  await onlyHost(host).click();
  await expect(onlyHost(host)).toBeChecked();
  await expect(note(second)).toBeVisible();
  await expect(note(third)).toBeVisible();
  await expect(note(host)).toHaveCount(0);

  // The host plays; the second's pause is refused with the server's message and the room, the
  // second's video too, plays on.
  await videoOf(host).evaluate(pressPlay);
  await expectInStep(pages, (r) => !r.paused && r.time > 40, 3000);
  await videoOf(second).evaluate((v: HTMLVideoElement) => {
    v.pause();
  });
  await expect(roomPanel(second).getByRole('alert')).toHaveText(
    'Only the host controls playback in this room.',
  );
  const others = await readAll([host, third]);
  expect(others.every((r) => !r.paused)).toBe(true);
  await expectInStep(pages, (r) => !r.paused, 1500);
  await expect(roomPanel(host).getByRole('status')).toHaveText('Playing for everyone.');
  await expect(roomPanel(host).getByRole('alert')).toHaveCount(0);
  // The host's switch and buttons, the member's note and refusal: named, with their roles.
  await expectNoSeriousA11yViolations(host, 'section[aria-label="Watch together"]');
  await expectNoSeriousA11yViolations(second, 'section[aria-label="Watch together"]');

  // 'Make host' hands the role to the second: the Host mark moves on every page, the second
  // has the switch (still on), the old host reads the note, and the refusal is gone.
  await memberRow(host, secondName).getByRole('button', { name: 'Make host' }).click();
  for (const page of pages) {
    await expect(memberRow(page, secondName).getByText('Host', { exact: true })).toBeVisible();
    await expect(memberRow(page, hostName).getByText('Host', { exact: true })).toHaveCount(0);
  }
  await expect(onlyHost(second)).toBeChecked();
  await expect(onlyHost(host)).toHaveCount(0);
  await expect(note(host)).toBeVisible();
  await expect(roomPanel(second).getByRole('alert')).toHaveCount(0);
  await expect(
    memberRow(second, thirdName).getByRole('button', { name: 'Make host' }),
  ).toBeVisible();
  // The new host's pause is everyone's.
  await videoOf(second).evaluate((v: HTMLVideoElement) => {
    v.pause();
  });
  await expectInStep(pages, (r) => r.paused);
  await videoOf(second).evaluate(pressPlay);
  await expectInStep(pages, (r) => !r.paused, 3000);

  // (a) The third's media is held back; the host seeks to 100 s, far past what it has loaded:
  // the room holds for everyone, the third shown as buffering, until its media comes.
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const media = (url: URL) => url.pathname.startsWith('/pigo-stream/sources/media/');
  await third.route(media, async (route) => {
    if (route.request().resourceType() === 'media') await released;
    await route.fallback();
  });
  await videoOf(second).evaluate((v: HTMLVideoElement) => {
    v.currentTime = 100;
  });
  await expect(memberRow(host, thirdName)).toContainText('Buffering', { timeout: 5000 });
  await expect(members(host).filter({ hasText: 'Buffering' })).toHaveCount(1, { timeout: 5000 });
  await expect(roomPanel(host).getByRole('status')).toHaveText('Waiting for everyone to load…');
  await expectInStep([host, second], (r) => r.paused && Math.abs(r.time - 100) <= 0.5, 5000);
  // Still held a while later: nobody plays on without the third.
  await host.waitForTimeout(2000);
  const held = await readAll([host, second]);
  expect(held.every((r) => r.paused && Math.abs(r.time - 100) <= 0.5)).toBe(true);
  await expect(memberRow(second, thirdName)).toContainText('Buffering');

  // The media comes: the room plays on from 100 s, everyone in step.
  release();
  await third.unroute(media);
  await expect(members(host).filter({ hasText: 'Buffering' })).toHaveCount(0, { timeout: 20_000 });
  await expectInStep(pages, (r) => !r.paused && r.time > 100, 5000);
  await host.waitForTimeout(1000);
  await expectInStep(pages, (r) => !r.paused && r.time > 100.5);

  for (const user of users) await user.context.close();
});

test('two members watch a transcoded AVI in step, through a seek', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const users = await Promise.all([freshUser(browser, testInfo), freshUser(browser, testInfo)]);
  for (const user of users) await allowMutedAutoplay(user.context);
  const [host, second] = users.map((user) => user.page) as [Page, Page];
  await addToMediaLibrary(
    host,
    GROUNDHOG_DAY,
    'Groundhog Day (1993) [tmdbid-137].avi',
    // 90 s: its ffmpeg soon reaches the end and ends, so the transcodes of the tests running
    // beside this one (one ffmpeg at a time on two cores) do not wait long.
    await longAvi({ seconds: 90 }),
  );
  /** The mode of the page's next playback answer for the library file. */
  const modeOf = async (page: Page) => {
    const answer = await page.waitForResponse((r) =>
      /\/sources\/media\/\w+\/playback\b/.test(r.url()),
    );
    return ((await answer.json()) as { mode: string }).mode;
  };

  // The host plays the AVI from the library, transcoded, and makes a room.
  const hostMode = modeOf(host);
  await openPlay(host, GROUNDHOG_DAY);
  const local = section(host, 'Servers').getByRole('button', { name: 'Local library' });
  if ((await local.getAttribute('aria-pressed')) !== 'true') await local.click();
  expect(await hostMode).toBe('transcode');
  await expect
    .poll(() => videoOf(host).evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(1);
  await host.getByRole('button', { name: 'Watch together' }).click();
  await expect(host).toHaveURL(/[?&]room=[A-Za-z0-9_-]{22}$/);
  const invite = await host.getByRole('textbox', { name: 'Invite link' }).inputValue();

  // The second joins: the same transcode (the server makes it once for both, whatever the
  // number of transcodes it allows), both listed, nobody left buffering.
  const secondMode = modeOf(second);
  await second.goto(invite);
  expect(await secondMode).toBe('transcode');
  const pages = [host, second];
  for (const page of pages) await expect(members(page)).toHaveCount(2, { timeout: 20_000 });
  await expect(members(host).filter({ hasText: 'Buffering' })).toHaveCount(0, { timeout: 30_000 });

  // The second plays: both play, in step.
  await videoOf(second).evaluate(pressPlay);
  await expectInStep(pages, (r) => !r.paused && r.time > 0, 15_000);
  await host.waitForTimeout(2000);
  await expectInStep(pages, (r) => !r.paused && r.time > 1.5);

  // The host seeks to 80 s, which neither has loaded: the room waits for both, then plays on
  // from there in step.
  await videoOf(host).evaluate((v: HTMLVideoElement) => {
    v.currentTime = 80;
  });
  await expectInStep(pages, (r) => !r.paused && r.time > 80, 30_000);
  await host.waitForTimeout(2000);
  await expectInStep(pages, (r) => !r.paused && r.time > 81.5);
  await expect(members(host).filter({ hasText: 'Buffering' })).toHaveCount(0);

  for (const user of users) await user.context.close();
});

test("a member's anime view opens the room's episode", async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  const users = await Promise.all([freshUser(browser, testInfo), freshUser(browser, testInfo)]);
  for (const user of users) await allowMutedAutoplay(user.context);
  const [host, second] = users.map((user) => user.page) as [Page, Page];
  // Episode 57 of Naruto in the library, on the Episodes grid's second page.
  const folder = path.join(mediaDir(), 'Naruto (2002) [tmdbid-46260]', 'Season 01');
  await mkdir(folder, { recursive: true });
  await writeFile(path.join(folder, 'S01E57.webm'), await longWebm({ seconds: 30 }));
  await rescanUntilListed(
    host.request,
    { id: 46260, type: 'tv', season: 1, episode: 57 },
    sameOrigin(host),
  );

  // The host picks episode 57 in the anime view, plays it from the library and makes a room.
  await host.goto(`/play?id=${String(NARUTO.id)}&type=${NARUTO.type}`);
  await expect(host.getByTestId('anime-selection')).toHaveText('Naruto · Episode 1 of 220');
  await appReady(host);
  const grid = (page: Page) => page.getByRole('region', { name: 'Episodes' });
  const episodeButton = (page: Page, n: number) =>
    grid(page).getByRole('button', { name: `Episode ${String(n)}`, exact: true });
  await grid(host).getByRole('button', { name: 'Next page' }).click();
  await episodeButton(host, 57).click();
  await expect(host.getByTestId('anime-selection')).toHaveText('Naruto · Episode 57 of 220');
  const local = section(host, 'Servers').getByRole('button', { name: 'Local library' });
  if ((await local.getAttribute('aria-pressed')) !== 'true') await local.click();
  await expect(videoOf(host)).toHaveAttribute('src', /\/pigo-stream\/sources\/media\//);
  await host.getByRole('button', { name: 'Watch together' }).click();
  const invite = await host.getByRole('textbox', { name: 'Invite link' }).inputValue();

  // The second member, who never opened Naruto (the view would show episode 1), joins: the
  // view selects episode 57 on its page, and the room's file plays there too.
  await second.goto(invite);
  await expect(second.getByTestId('anime-selection')).toHaveText('Naruto · Episode 57 of 220', {
    timeout: 20_000,
  });
  await expect(episodeButton(second, 57)).toHaveAttribute('aria-pressed', 'true');
  await expect(videoOf(second)).toHaveAttribute('src', /\/pigo-stream\/sources\/media\//);
  await expect(roomPanel(second).getByText(/which this profile cannot play/)).toHaveCount(0);
  for (const page of [host, second]) await expect(members(page)).toHaveCount(2);
  await videoOf(second).evaluate(pressPlay);
  await expectInStep([host, second], (r) => !r.paused && r.time > 0, 5000);

  for (const user of users) await user.context.close();
});

test('an invite to a room that ended says so', async ({ page }) => {
  await page.goto('/play?id=9806&type=movie&room=AAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('region', { name: 'Watch together' }).getByRole('alert')).toHaveText(
    'This room has ended.',
  );
  await page.getByRole('button', { name: 'Watch on my own' }).click();
  await expect(page).toHaveURL(/\/play\?id=9806&type=movie$/);
});
