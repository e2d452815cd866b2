/**
 * Watching together from the play page (TOGETHER-10 in docs/requirements.md, over the server's
 * TOGETHER-1..5): three accounts, each in its own browser context, watch a library file in one
 * room. After a play, a pause, a seek and a speed change by different members, every member's
 * video is within 0.5 s of the others within 1 s; a reload rejoins at the room's position; a
 * room that ended says so.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { freshUser, type FreshUser } from './support/library-page.ts';
import { addToMediaLibrary, openPlay, player, section } from './support/play-page.ts';

/** A starter-catalogue movie no other browser test opens. */
const INCREDIBLES = { id: 9806, type: 'movie', title: 'The Incredibles' } as const;

/** The test file's length, in s: long enough for every step to play on. */
const FILE_SECONDS = 120;

/**
 * A 2-minute VP8 WebM (a test picture, a key frame every second, no sound) made by ffmpeg: the
 * library's 6-second test files are too short for a room's steps.
 */
async function longWebm(): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'together-'));
  const file = path.join(dir, 'long.webm');
  try {
    await promisify(execFile)('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=320x180:rate=25:duration=${String(FILE_SECONDS)}`,
      '-c:v',
      'libvpx',
      '-deadline',
      'realtime',
      '-cpu-used',
      '8',
      '-b:v',
      '150k',
      '-g',
      '25',
      '-an',
      file,
    ]);
    return await readFile(file);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** What a member's video shows, at one moment of the machine's clock. */
interface Reading {
  time: number;
  paused: boolean;
  rate: number;
  at: number;
}

/** The page's video. */
function videoOf(page: Page): Locator {
  return player(page).locator('video');
}

/** Reads every member's video at once. */
function readAll(pages: Page[]): Promise<Reading[]> {
  return Promise.all(
    pages.map((page) =>
      videoOf(page).evaluate((v: HTMLVideoElement) => ({
        time: v.currentTime,
        paused: v.paused,
        rate: v.playbackRate,
        at: Date.now(),
      })),
    ),
  );
}

/**
 * The largest gap between members' positions, each read brought to the same moment of the
 * machine's clock (the pages are read one after the other).
 */
function spread(readings: Reading[]): number {
  const moment = Math.max(...readings.map((r) => r.at));
  const times = readings.map((r) => r.time + (r.paused ? 0 : ((moment - r.at) / 1000) * r.rate));
  return Math.max(...times) - Math.min(...times);
}

/**
 * Waits (at most `timeout` ms, 1 s by default) until every member's video is within 0.5 s of the
 * others and `each` holds for every one of them.
 */
async function expectInStep(
  pages: Page[],
  each: (reading: Reading) => boolean,
  timeout = 1000,
): Promise<Reading[]> {
  let last: Reading[] = [];
  await expect
    .poll(
      async () => {
        last = await readAll(pages);
        return last.every(each) && spread(last) <= 0.5;
      },
      { timeout, intervals: [50] },
    )
    .toBe(true);
  return last;
}

/**
 * A member's press of play: the page sends `play` and waits for the room's command, so the
 * element's own play is cut short (its promise rejects) and the command starts it.
 */
function pressPlay(v: HTMLVideoElement): void {
  v.play().catch(() => undefined);
}

/** The room's member list on `page`. */
function members(page: Page): Locator {
  return page.getByRole('list', { name: 'Members' }).getByRole('listitem');
}

test('three members play, pause, seek and change speed in step; a reload rejoins', async ({
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const users: FreshUser[] = await Promise.all([
    freshUser(browser, testInfo),
    freshUser(browser, testInfo),
    freshUser(browser, testInfo),
  ]);
  // The browser lets a page start a muted video by itself (autoplay): a member who joins or
  // reloads plays along without a press.
  for (const user of users) {
    await user.context.addInitScript(() => {
      const play = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'play')?.value as (
        this: HTMLMediaElement,
      ) => Promise<void>;
      HTMLMediaElement.prototype.play = function mutedPlay(this: HTMLMediaElement) {
        this.muted = true;
        return play.call(this);
      };
    });
  }
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

test('an invite to a room that ended says so', async ({ page }) => {
  await page.goto('/play?id=9806&type=movie&room=AAAAAAAAAAAAAAAAAAAAAA');
  await expect(page.getByRole('region', { name: 'Watch together' }).getByRole('alert')).toHaveText(
    'This room has ended.',
  );
  await page.getByRole('button', { name: 'Watch on my own' }).click();
  await expect(page).toHaveURL(/\/play\?id=9806&type=movie$/);
});
