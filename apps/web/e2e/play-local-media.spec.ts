/**
 * A local media file plays in the player area (SRC-2 in docs/requirements.md acceptance): a short
 * real WebM made in Chromium is written into the test server's MEDIA_DIR under a Jellyfin-style
 * name, the library is rescanned, and the play page's 'Local library' server plays it through a
 * range request (206).
 */
import { expect, test } from './support/fixtures.ts';
import { addToMediaLibrary, openPlay, player, recordWebm, section } from './support/play-page.ts';

/** A starter-catalogue Blender open movie no other play test opens. */
const TEARS_OF_STEEL = { id: 133701, type: 'movie', title: 'Tears of Steel' } as const;

test('a file in MEDIA_DIR named the Jellyfin way plays through a range request', async ({
  page,
}) => {
  await page.goto('about:blank');
  const webm = await recordWebm(page);
  expect(webm.byteLength).toBeGreaterThan(1000);
  await addToMediaLibrary(page, TEARS_OF_STEEL, 'Tears of Steel (2012) [tmdbid-133701].webm', webm);

  const ranges: number[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/pigo-stream/sources/media/')) ranges.push(response.status());
  });
  await openPlay(page, TEARS_OF_STEEL);
  const local = section(page, 'Servers').getByRole('button', { name: 'Local library' });
  await local.click();
  await expect(local).toHaveAttribute('aria-pressed', 'true');

  const video = player(page).locator('video');
  await expect(video).toHaveAttribute('src', /\/pigo-stream\/sources\/media\/[a-f0-9]{24}$/);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(1);
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(0);
  expect(ranges).toContain(206);
});
