/**
 * Watch progress saves keep their order (PROG-1 in docs/requirements.md): a save still on its way
 * when the player is left must not overwrite the later one, whatever order the network delivers
 * them in.
 */
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { freshUser } from './support/library-page.ts';
import { addToMediaLibrary, openPlay, player, playVideoTo, section } from './support/play-page.ts';
import { longWebm } from './support/made-videos.ts';

type LibraryTitle = { id: number; type: 'movie'; title: string };

/** A new user, and an 8 s video of `title` in the media library as `fileName`. */
async function userWithLibraryFile(
  browser: Browser,
  testInfo: TestInfo,
  title: LibraryTitle,
  fileName: string,
) {
  const user = await freshUser(browser, testInfo);
  await user.page.goto('about:blank');
  await addToMediaLibrary(user.page, title, fileName, await longWebm({ seconds: 8 }));
  return user;
}

/**
 * Opens `title`'s play page on the local library server once its video has its length;
 * `playTo(s)` plays it (muted) until at least `s` seconds in.
 */
async function openLibraryPlayer(page: Page, title: LibraryTitle) {
  await openPlay(page, title);
  await section(page, 'Servers').getByRole('button', { name: 'Local library' }).click();
  const video = player(page).locator('video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 10_000 })
    .toBeGreaterThan(6);
  const playTo = (seconds: number) => playVideoTo(video, seconds);
  return { video, playTo };
}

/** A Blender open movie no other test plays from the media library. */
const ELEPHANTS_DREAM = { id: 9761, type: 'movie', title: 'Elephants Dream' } as const;

/** A catalogue movie no other test plays, or opens, from the media library. */
const ZOMBIELAND = { id: 19908, type: 'movie', title: 'Zombieland' } as const;

test('a save still in flight when the page is left does not overwrite the later one', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const user = await userWithLibraryFile(
    browser,
    testInfo,
    ELEPHANTS_DREAM,
    'Elephants Dream (2006) [tmdbid-9761].webm',
  );
  const { page } = user;

  // The first save (on pause) is slow to reach the server, as on a poor connection: it is held
  // until the page asks for the next one (or 8 s at most), and the one made on leaving must
  // still be the one kept.
  const sent: { position: number; duration: number }[] = [];
  let releaseFirst = () => {};
  const secondAsked = new Promise<void>((resolve) => {
    releaseFirst = resolve;
  });
  await page.route('**/pigo-stream/progress/save-progress', async (route) => {
    sent.push(route.request().postDataJSON() as { position: number; duration: number });
    if (sent.length === 1) {
      await Promise.race([secondAsked, new Promise((resolve) => setTimeout(resolve, 8000))]);
      // The second goes on first; this one a moment after.
      await new Promise((resolve) => setTimeout(resolve, 300));
    } else {
      releaseFirst();
    }
    await route.continue();
  });

  // Home's answer of Continue Watching is slow too (4 s after the server gave it): it may have
  // been read before the later save was written, and must not be what Home keeps.
  const LIST = '**/pigo-stream/progress/*/continue-watching';
  await page.route(LIST, async (route) => {
    const answer = await route.fetch();
    await new Promise((resolve) => setTimeout(resolve, 4000));
    await route.fulfill({ response: answer });
  });

  const { video, playTo } = await openLibraryPlayer(page, ELEPHANTS_DREAM);
  await playTo(2);
  await video.evaluate((v: HTMLVideoElement) => {
    v.pause();
  });
  await expect.poll(() => sent.length).toBe(1);
  await playTo(5);
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect.poll(() => sent.length, { timeout: 10_000 }).toBe(2);
  const [paused, left] = sent;
  expect(left && paused && left.position - paused.position).toBeGreaterThan(2);

  const bar = page
    .getByRole('region', { name: 'Continue Watching' })
    .getByRole('progressbar', { name: /^Elephants Dream: \d+ % watched$/ });
  const expected = String(Math.round(((left?.position ?? 0) / (left?.duration ?? 1)) * 100));
  await expect(bar).toHaveAttribute('aria-valuenow', expected, { timeout: 15_000 });
  // And after a reload (Home's answer no longer slowed): the server kept the later position.
  await page.unroute(LIST);
  await page.reload();
  await expect(bar).toHaveAttribute('aria-valuenow', expected);
  await user.context.close();
});

test('the position played is kept when the page itself goes away (another address typed)', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const user = await userWithLibraryFile(
    browser,
    testInfo,
    ZOMBIELAND,
    'Zombieland (2009) [tmdbid-19908].webm',
  );
  const { page } = user;
  const { playTo } = await openLibraryPlayer(page, ZOMBIELAND);
  await playTo(3);
  // Playing, no save yet (the first comes at 10 s): the one made as the page goes is all there
  // is. The server has it: Home's Continue Watching shows the title started (Home opened until
  // then, as the save may still be on its way when Home is first asked for).
  await page.goto('about:blank');
  const started = page
    .getByRole('region', { name: 'Continue Watching' })
    .getByRole('progressbar', { name: /^Zombieland: \d+ % watched$/ });
  await expect(async () => {
    await page.goto('/index');
    await expect(started).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 30_000 });
  await user.context.close();
});
