/**
 * A local media file plays in the player area (issue 7 acceptance): a short real WebM made in
 * Chromium is written into the test server's MEDIA_DIR under a Jellyfin-style name, the
 * library is rescanned, and the play page's 'Local library' server plays it through a range
 * request (206).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { mediaDir } from './support/e2e-env.ts';
import { expect, test } from './support/fixtures.ts';
import { openPlay, player, recordWebm, section } from './support/play-page.ts';

/** A starter-catalogue Blender open movie no other play test opens. */
const TEARS_OF_STEEL = { id: 133701, type: 'movie', title: 'Tears of Steel' } as const;

test('a file in MEDIA_DIR named the Jellyfin way plays through a range request', async ({
  page,
}) => {
  await page.goto('about:blank');
  const webm = await recordWebm(page);
  expect(webm.byteLength).toBeGreaterThan(1000);
  await writeFile(path.join(mediaDir(), 'Tears of Steel (2012) [tmdbid-133701].webm'), webm);

  // A rescan runs at most once per 10 s: ask until the library lists the file.
  await expect
    .poll(
      async () => {
        await page.request.post('/pigo-stream/sources/rescan');
        const response = await page.request.get(
          `/pigo-stream/sources/servers?id=${String(TEARS_OF_STEEL.id)}&type=movie`,
        );
        return ((await response.json()) as { server_name: string }[]).map((s) => s.server_name);
      },
      { timeout: 20_000, intervals: [1000] },
    )
    .toContain('Local library');

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
