/**
 * The whole walk of a new user at one address of the app server, as a real user goes through
 * it in one browser context: sign up on `/`, open the mailed verification link in a second tab
 * (the first tab moves on to Home by itself), Home's rows, search, a title's play page, its
 * local media file played with the 'Local library' server, left and resumed, My List, Watch
 * History, and sign-out. Every request answered 4xx/5xx and every console error on the way
 * fails the walk. new-user-walk.spec.ts runs it at every address users reach the server at.
 */
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  expect,
  request as playwrightRequest,
  test,
  type Browser,
  type BrowserContext,
  type Page,
  type Response,
} from '@playwright/test';
import { newAccount } from './accounts.ts';
import { newClientAddress } from './client-address.ts';
import { expectHero, row, searchInput, searchToggle, signOutFromMenu } from './home-page.ts';
import { section as librarySection } from './library-page.ts';
import { SUBJECTS, waitForMailLink } from './mailbox.ts';
import { longWebm } from './made-videos.ts';
import { rescanUntilListed } from './media-rescan.ts';
import { details, player, playButton, section } from './play-page.ts';
import { alertBar, openSignIn, signInScreen } from './sign-in-page.ts';

/** A starter-catalogue movie a walk plays from the media library. */
export interface WalkTitle {
  id: number;
  type: 'movie';
  title: string;
  year: number;
}

/** Where the walk's media file goes, and how to ask its server to rescan. */
export interface WalkLibrary {
  /** The server's MEDIA_DIR. */
  dir: string;
  /**
   * An address the rescan is asked at, and the trusted origin it is asked from: set-up, not
   * part of the walk, so it goes where the server trusts it whatever the walk's address.
   */
  serverUrl: string;
  origin: string;
}

/** What one walk needs. */
export interface WalkOptions {
  /** The address the user types, without a trailing slash (`http://localhost:3210`). */
  base: string;
  /** The movie searched for, played, listed and found in the history. */
  title: WalkTitle;
  library: WalkLibrary;
}

/**
 * Seconds of the recorded media file, and how far the walk plays it before leaving: far enough
 * from the file's end (at 90 % it counts as watched, with nothing to resume) that a slow
 * machine's moment between the two still leaves it part-way.
 */
const FILE_S = 10;
const PLAYED_S = 2;

/** The message of the sign-up screen once the verification mail is on its way. */
const VERIFICATION_SENT = 'Verification email sent! Please check your inbox.';

/** What Chromium logs when it refuses a media element's address (no such file played). */
const MEDIA_REJECTED = 'Media load rejected';

/**
 * The first IPv4 address of the machine's network interfaces that is not a loopback one
 * (`os.networkInterfaces()`), or undefined on a machine with none.
 */
export function firstExternalIPv4(): string | undefined {
  return Object.values(os.networkInterfaces())
    .flat()
    .find((address) => address?.family === 'IPv4' && !address.internal)?.address;
}

/** The machine's host name as its own network announces it (`<hostname>.local`). */
export function localHostName(): string {
  return `${os.hostname()}.local`;
}

let made: Promise<Buffer> | undefined;

/** A short WebM made by ffmpeg (made-videos.ts), once per worker. */
function walkVideo(): Promise<Buffer> {
  made ??= longWebm({ seconds: FILE_S }).catch((error: unknown) => {
    // The next walk makes it again.
    made = undefined;
    throw error;
  });
  return made;
}

/**
 * Puts a media file of `title`, named the Jellyfin way, into `library` and rescans until the
 * title lists the 'Local library' server (media-rescan.ts).
 */
async function putInLibrary(
  browser: Browser,
  library: WalkLibrary,
  title: WalkTitle,
): Promise<void> {
  const video = await walkVideo();
  const fileName = `${title.title} (${String(title.year)}) [tmdbid-${String(title.id)}].webm`;
  await writeFile(path.join(library.dir, fileName), video);
  const api = await playwrightRequest.newContext({
    baseURL: library.serverUrl,
    extraHTTPHeaders: { origin: library.origin, ...newClientAddress() },
  });
  try {
    await rescanUntilListed(api, title);
  } finally {
    await api.dispose();
  }
}

/**
 * Collects what must not happen anywhere in `context` during a walk: a response of 400 or more,
 * a request that failed (but one the page itself cancelled, as a video's range request when the
 * page is left), a console error, an uncaught page error, and Chromium's refusal of a media
 * address (logged at any level).
 */
function watchContext(context: BrowserContext): string[] {
  const problems: string[] = [];
  context.on('response', (response) => {
    if (response.status() >= 400) {
      problems.push(
        `${String(response.status())} ${response.request().method()} ${response.url()}`,
      );
    }
  });
  context.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    if (failure !== 'net::ERR_ABORTED') problems.push(`failed (${failure}): ${request.url()}`);
  });
  context.on('console', (message) => {
    if (message.type() === 'error' || message.text().includes(MEDIA_REJECTED)) {
      problems.push(
        `console ${message.type()}: ${message.text()} (${message.page()?.url() ?? ''})`,
      );
    }
  });
  context.on('weberror', (error) => {
    problems.push(`page error: ${error.error().message}`);
  });
  return problems;
}

/** The `<video>` of the play page's player. */
function playerVideo(page: Page) {
  return player(page).locator('video');
}

/** Where the player's video is, in seconds. */
function currentTime(page: Page): Promise<number> {
  return playerVideo(page).evaluate((v: HTMLVideoElement) => v.currentTime);
}

/** Expects `response` (of `what`) to be a 200, naming its status and body when it is not. */
async function expectOk(response: Response, what: string): Promise<void> {
  if (response.status() === 200) return;
  const body = await response.text().catch(() => '(no body)');
  expect(response.status(), `${what} answered ${body}`).toBe(200);
}

/**
 * Runs the whole walk of a new user at `options.base` in a new context of `browser` (its own
 * client address, base URL `options.base`), and closes the context. A step that does not go as
 * a user expects fails the test with its name; so does, at the end, any request answered
 * 4xx/5xx or failed, and any console or page error met on the way.
 */
export async function walkAsNewUser(browser: Browser, options: WalkOptions): Promise<void> {
  const { base, title, library } = options;
  await test.step('put a media file of the title into the library', () =>
    putInLibrary(browser, library, title));
  const context = await browser.newContext({
    baseURL: base,
    extraHTTPHeaders: newClientAddress(),
  });
  const problems = watchContext(context);
  const account = newAccount('walk');
  const page = await context.newPage();
  const inBase = (pathAndQuery: string) => `${base}${pathAndQuery}`;
  try {
    await test.step(`sign up at ${base}/`, async () => {
      const screen = await openSignIn(page);
      // Headless, Playwright keeps every page focused; this tab is a real browser's tab
      // instead: it loses focus when the mail's link opens another tab, and gets it back when
      // the user returns to it. Set once the page is at the address (a new site's page would
      // get Playwright's setting back); the session stays open, as its setting goes with it.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: false });
      await expect(page).toHaveURL(inBase('/'));
      await screen.toSignUp.click();
      await expect(page.getByRole('heading', { level: 1, name: 'Sign up' })).toBeVisible();
      await screen.userName.fill(account.userName);
      await screen.email.fill(account.email);
      await screen.password.fill(account.password);
      const answered = page.waitForResponse(
        (r) => r.url().endsWith('/identity/sign-up/email') && r.request().method() === 'POST',
      );
      await screen.signUp.click();
      const answer = await answered;
      await expectOk(answer, 'sign-up');
      await expect(alertBar(page, VERIFICATION_SENT)).toBeVisible();
    });

    await test.step('open the mailed link in a second tab: it starts with the address', async () => {
      const link = await waitForMailLink(account.email, SUBJECTS.verify);
      expect(link.startsWith(inBase('/')), `the link ${link} is not at ${base}`).toBe(true);
      const mailTab = await context.newPage();
      await mailTab.goto(link);
      await expect(mailTab).toHaveURL(inBase('/index'));
      await expect(mailTab.getByRole('heading', { name: 'Trending: Movies' })).toBeVisible();
      // The session is this address's own (host-only cookie: no Domain attribute).
      const cookies = await context.cookies(base);
      const session = cookies.find((c) => c.name.endsWith('session_token'));
      expect.soft(session?.domain, JSON.stringify(cookies)).toBe(new URL(base).hostname);
      await mailTab.close();
    });

    await test.step('back in the first tab, it has moved to Home by itself', async () => {
      await page.bringToFront();
      await expect(page).toHaveURL(inBase('/index'), { timeout: 10_000 });
    });

    await test.step('Home shows its rows', async () => {
      await expectHero(page);
      for (const name of ['Trending: Movies', 'Trending: Shows']) {
        await expect(row(page, name).getByRole('link').first()).toBeVisible();
      }
    });

    await test.step(`search finds ${title.title} and opens its play page`, async () => {
      await searchToggle(page).click();
      await searchInput(page).fill(title.title);
      await searchInput(page).press('Enter');
      const result = row(page, 'Search Results: Movies')
        .getByRole('link')
        .filter({ has: page.getByRole('img', { name: title.title, exact: true }) });
      await result.first().click();
      await expect(page).toHaveURL(inBase(`/play?id=${String(title.id)}&type=${title.type}`));
      await expect(details(page).getByRole('heading', { name: title.title })).toBeVisible();
    });

    await test.step('the local media file plays from this address', async () => {
      const local = section(page, 'Servers').getByRole('button', { name: 'Local library' });
      await local.click();
      await expect(local).toHaveAttribute('aria-pressed', 'true');
      const video = playerVideo(page);
      const src = await video.evaluate((v: HTMLVideoElement) => v.src);
      // Soft: whether a file from elsewhere plays is worth knowing too.
      expect.soft(src.startsWith(inBase('/pigo-stream/sources/media/')), src).toBe(true);
      await expect
        .poll(() => video.evaluate((v: HTMLVideoElement) => v.duration), { timeout: 10_000 })
        .toBeGreaterThan(FILE_S - 1);
      await expect(player(page).getByRole('button', { name: /^Resume from/ })).toHaveCount(0);
      // The user presses the video's own play control, in its middle.
      await video.click();
      await expect
        .poll(() => currentTime(page), { timeout: 10_000 })
        .toBeGreaterThanOrEqual(PLAYED_S);
      expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(false);
    });

    let leftAt = 0;
    await test.step('leave the play page: Home continues the title', async () => {
      const saving = page.waitForResponse((r) =>
        r.url().endsWith('/pigo-stream/progress/save-progress'),
      );
      await page.getByRole('link', { name: 'Home' }).first().click();
      await expect(page).toHaveURL(inBase('/index'));
      const saved = await saving;
      await expectOk(saved, 'the progress save');
      leftAt = (saved.request().postDataJSON() as { position: number }).position;
      expect(leftAt).toBeGreaterThanOrEqual(PLAYED_S);
      // Home remembers its search mode: the user closes it to see the rows.
      await searchToggle(page).click();
      await expect(searchToggle(page)).toHaveText('Search');
      const card = row(page, 'Continue Watching').getByRole('link', { name: title.title });
      await expect(card).toBeVisible();
      await card.click();
      await expect(page).toHaveURL(inBase(`/play?id=${String(title.id)}&type=${title.type}`));
    });

    await test.step('back on the play page: Resume from where it was left', async () => {
      const resume = player(page).getByRole('button', { name: /^Resume from 0:0\d$/ });
      await expect(resume).toBeVisible();
      await resume.click();
      await expect(resume).toBeHidden();
      const resumedAt = await currentTime(page);
      expect(Math.abs(resumedAt - leftAt)).toBeLessThan(1.5);
      await expect
        .poll(() => currentTime(page), { timeout: 10_000 })
        .toBeGreaterThan(resumedAt + 0.5);
      await playerVideo(page).click();
      await expect
        .poll(() => playerVideo(page).evaluate((v: HTMLVideoElement) => v.paused))
        .toBe(true);
    });

    await test.step('add the title to My List', async () => {
      const saving = page.waitForResponse((r) =>
        r.url().endsWith('/pigo-stream/my-list/save-my-list'),
      );
      await details(page).getByRole('button', { name: 'Add to My List' }).click();
      const saved = await saving;
      await expectOk(saved, 'the My List save');
      await expect(
        details(page).getByRole('button', { name: 'Remove from My List' }),
      ).toHaveAttribute('aria-pressed', 'true');
    });

    await test.step('Play records the title in the watch history', async () => {
      const recordedInHistory = page.waitForResponse((r) =>
        r.url().endsWith('/pigo-stream/watch-history/save-watch-history'),
      );
      await playButton(page).click();
      const saved = await recordedInHistory;
      await expectOk(saved, 'the watch history save');
      await expect(page).toHaveURL(inBase('/pigostore'));
    });

    const titleCard = (name: string) =>
      librarySection(page, name)
        .getByRole('list')
        .getByRole('link')
        .filter({ has: page.getByRole('img', { name: title.title, exact: true }) });

    await test.step('My List shows the title', async () => {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'My List' })
        .click();
      await expect(page).toHaveURL(inBase('/my-list'));
      await expect(titleCard('My List: Movies')).toBeVisible();
    });

    await test.step('Watch History shows the title', async () => {
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Watch History' })
        .click();
      await expect(page).toHaveURL(inBase('/watch-history'));
      await expect(titleCard('Watch History: Movies')).toBeVisible();
    });

    await test.step('sign out: back on the sign-in screen', async () => {
      await signOutFromMenu(page);
      await expect(page).toHaveURL(inBase('/'));
      await expect(signInScreen(page).email).toBeVisible();
      await expect(signInScreen(page).signIn).toBeVisible();
    });

    await test.step('no request failed and no error was logged on the way', () => {
      expect(problems).toEqual([]);
    });
  } finally {
    if (problems.length > 0) {
      console.error(`At ${base}:\n  ${problems.join('\n  ')}`);
      await test.info().attach('requests failed and errors logged', {
        body: problems.join('\n'),
        contentType: 'text/plain',
      });
    }
    await context.close();
  }
}
