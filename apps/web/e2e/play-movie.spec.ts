/**
 * The play page of a movie (PLAY-1..7 in docs/requirements.md; PLAY-8): details card, overview cut
 * at 250 characters, trailer state, share, servers feeding the player area (an iframe for an embed
 * link, a video element for a media file), the remembered server, the cast grid.
 */
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import {
  details,
  fact,
  mediaInfo,
  openPlay,
  player,
  playUrl,
  section,
  TITLES,
} from './support/play-page.ts';

interface Credits {
  cast: { name: string; character: string | null }[];
  crew: { name: string; job: string }[];
}

test('a movie shows its details card with the facts the server answers', async ({ page }) => {
  const title = TITLES.darkKnight;
  const info = await mediaInfo(page.request, title);
  await openPlay(page, title);

  await expect(page).toHaveTitle('The Dark Knight · PigoStream');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Play: The Dark Knight');
  const credits = info.credits as Credits;
  const directors = credits.crew.filter((c) => c.job === 'Director').map((c) => c.name);
  expect(directors.length).toBeGreaterThan(0);
  await expect(fact(page, 'Director')).toHaveText(directors.join(', '));
  await expect(fact(page, 'Runtime')).toHaveText(`${String(info.runtime)} mins`);
  await expect(fact(page, 'Release Date')).toHaveText(
    new Date(`${String(info.release_date)}T00:00:00Z`).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }),
  );
  await expect(fact(page, 'Rating')).toHaveText((info.vote_average as number).toFixed(1));
  await expect(fact(page, 'Genres')).toHaveText(
    (info.genres as { name: string }[]).map((g) => g.name).join(', '),
  );
  await expect(fact(page, 'Languages')).toHaveText(
    (info.spoken_languages as { english_name: string }[]).map((l) => l.english_name).join(', '),
  );
  await expect(details(page).locator('[data-fact="Total Episodes"]')).toHaveCount(0);

  // Poster 160x240; blurred original-size backdrop under a dark overlay.
  const poster = details(page).getByRole('img', { name: 'The Dark Knight' });
  await expect(poster).toBeVisible();
  const box = await poster.boundingBox();
  expect(box?.width).toBe(160);
  expect(box?.height).toBe(240);
  // The starter catalogue's backdrop is drawn art, drawn in the page (images.spec.ts: files).
  await expect(page.getByTestId('play-backdrop')).toHaveAttribute('data-art', 'backdrop');
  await expect(page.getByTestId('play-overlay')).toBeAttached();

  // The starter catalogue has no trailer for it: the button is there but disabled.
  await expect(details(page).getByRole('button', { name: 'Trailer' })).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
});

test("the overview is cut at 250 characters with 'Read More' / 'Show Less'", async ({ page }) => {
  const title = TITLES.darkKnight;
  const overview = (await mediaInfo(page.request, title)).overview as string;
  expect(overview.length).toBeGreaterThan(250);
  await openPlay(page, title);

  const text = details(page).getByTestId('overview');
  await expect(text).toHaveText(`${overview.slice(0, 250).trimEnd()}…`);
  await details(page).getByRole('button', { name: 'Read More' }).click();
  await expect(text).toHaveText(overview);
  await details(page).getByRole('button', { name: 'Show Less' }).click();
  await expect(text).toHaveText(`${overview.slice(0, 250).trimEnd()}…`);
  await expect(details(page).getByRole('button', { name: 'Read More' })).toBeVisible();
});

test('a short overview has no Read More; Share without native sharing only logs a note', async ({
  page,
}) => {
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  await openPlay(page, TITLES.bigBuckBunny);
  await expect(details(page).getByTestId('overview')).toBeVisible();
  await expect(details(page).getByRole('button', { name: 'Read More' })).toHaveCount(0);

  await details(page).getByRole('button', { name: 'Share' }).click();
  await expect.poll(() => logs).toContain('Sharing is not supported in this browser.');
  await expect(page).toHaveURL(new RegExp(`${playUrl(TITLES.bigBuckBunny).replace('?', '\\?')}$`));
});

test('the servers feed the player: an embed link in an iframe, a video file in a video element; the choice is remembered', async ({
  page,
}) => {
  await openPlay(page, TITLES.bigBuckBunny);
  const servers = section(page, 'Servers');
  const embed = servers.getByRole('button', { name: 'Embed Test' });
  const blender = servers.getByRole('button', { name: 'Blender Open Movie' });
  await expect(embed).toHaveAttribute('aria-pressed', 'true');
  await expect(blender).toHaveAttribute('aria-pressed', 'false');
  await expect(player(page).locator('iframe')).toHaveAttribute(
    'src',
    'https://embed.example.org/movie/10378',
  );

  await blender.click();
  await expect(blender).toHaveAttribute('aria-pressed', 'true');
  await expect(player(page).locator('iframe')).toHaveCount(0);
  const video = player(page).locator('video');
  await expect(video).toHaveAttribute('src', /^https:\/\/download\.blender\.org\/.+\.mov$/);
  await expect(video).toHaveAttribute('controls', '');

  await page.reload();
  await expect(
    section(page, 'Servers').getByRole('button', { name: 'Blender Open Movie' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(player(page).locator('video')).toHaveAttribute('src', /download\.blender\.org/);
});

test('the cast grid: each member with character, a web search in a new tab, no View More up to 12', async ({
  page,
  context,
}) => {
  const title = TITLES.darkKnight;
  const cast = ((await mediaInfo(page.request, title)).credits as Credits).cast;
  expect(cast.length).toBeGreaterThan(0);
  expect(cast.length).toBeLessThanOrEqual(12);
  await openPlay(page, title);

  const grid = section(page, 'Cast');
  const members = grid.getByRole('link');
  await expect(members).toHaveCount(cast.length);
  for (const [i, member] of cast.entries()) {
    await expect(members.nth(i)).toContainText(member.name);
    await expect(members.nth(i)).toContainText(member.character ?? 'Unknown');
  }
  await expect(grid.getByRole('button', { name: 'View More' })).toHaveCount(0);

  // The web search is a third-party page: answer it here so the test needs no network.
  await context.route('https://www.google.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<title>Search</title>' }),
  );
  const popup = context.waitForEvent('page');
  await members.first().click();
  const searchPage = await popup;
  await expect(searchPage).toHaveURL(
    `https://www.google.com/search?q=${encodeURIComponent(cast[0]?.name ?? '')}`,
  );
  await expect(page).toHaveURL(/\/play\?id=155&type=movie$/);
});

test('a movie without cast shows 4 placeholders in the cast grid', async ({ page }) => {
  await openPlay(page, TITLES.bigBuckBunny);
  const grid = section(page, 'Cast');
  await expect(grid.getByTestId('cast-skeleton')).toHaveCount(4);
  await expect(grid.getByRole('link')).toHaveCount(0);
  await expect(grid.getByRole('button', { name: 'View More' })).toHaveCount(0);
});

test('the page opens scrolled to the top', async ({ page }) => {
  await page.goto('/index');
  const card = page.getByRole('region', { name: 'Trending: Movies' }).getByRole('link').first();
  await expect(card).toBeVisible();
  await page.evaluate(() => {
    window.scrollTo(0, document.body.scrollHeight);
  });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await card.click();
  await expect(page).toHaveURL(/\/play\?/);
  // Any title: a trending one may open the anime view instead of the details card.
  await expect(page.getByRole('heading', { level: 1, name: /^Play: / })).toBeAttached();
  await expect(page.getByRole('region', { name: 'Player' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
