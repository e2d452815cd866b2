/**
 * Every screen of the app (tools/screen-names.ts) as the picture test (screens.spec.ts) opens
 * it: how to reach it in its known state, and what moves on it. The pictures' account and its
 * data are set up once by screens.spec.ts (PICTURES_ACCOUNT).
 */
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { appReady, withoutFirstAnswers } from './first-answers.ts';
import {
  expectHero,
  openMenu,
  row,
  searchInput,
  searchToggle,
  serverErrorModal,
} from './home-page.ts';
import { IDENTITY, signInByApi, signUpByApi, verifyByMail } from './accounts.ts';
import { confirmDialog } from './library-page.ts';
import { openSignIn } from './sign-in-page.ts';
import { longWebm } from './made-videos.ts';
import { SCREENS_URL } from './e2e-env.ts';
import { SCREEN_CAPTIONS, type ScreenName } from '../../../../tools/screen-names.ts';

/** The pictures' account: fixed, so the sidebar and the menu read the same in every run. */
export const PICTURES_ACCOUNT = {
  userName: 'Sam Carter',
  email: 'sam.carter@gmail.com',
  password: 'Pictures-2026',
} as const;

/** What the account has, set up through the API before the first picture. */
export const PICTURES_DATA = {
  myList: [
    { id: 155, type: 'movie' },
    { id: 603, type: 'movie' },
    { id: 10378, type: 'movie' },
    { id: 1396, type: 'tv' },
    { id: 66732, type: 'tv' },
  ],
  watchHistory: [
    { id: 27205, type: 'movie' },
    { id: 603, type: 'movie' },
    { id: 1399, type: 'tv' },
  ],
  searches: ['demon', 'man'],
  /** The household's other profiles (PROFILE-1): a locked adult one and a kids' one. */
  profiles: [
    { name: 'Alex', avatar: 'avatar-8', newPin: '2468' },
    { name: 'Robin', avatar: 'avatar-5', kind: 'kids', maxRatingAge: 7 },
  ],
} as const;

/** How to bring a screen into its known state, and what moves on it. */
interface ScreenSteps {
  /** Signed out (the sign-in screen) rather than signed in as the pictures' account. */
  signedOut?: boolean;
  /** Failures this screen provokes on purpose (the server-error modal's failing call). */
  expectedFailures?: RegExp;
  /**
   * Its pages come straight from the server, not through the test's route of documents (a
   * routed page may open no WebSocket to this machine: Chromium's local network checks).
   */
  unrouted?: boolean;
  /** Opens the screen and waits until it shows what the picture is of. */
  open(page: Page): Promise<void>;
  /** Undoes what `open` left beyond the page (a room, another member's browser), after the picture. */
  after?(page: Page): Promise<void>;
  /** What moves by itself there (a video, another site's frame): painted over in the picture. */
  mask?(page: Page): Locator[];
}

/** One screen of the app in a known state. */
export interface Screen extends ScreenSteps {
  /** The picture's file name without size and extension, e.g. `home-trending`. */
  name: ScreenName;
  /** What the picture shows, for docs/screens.md. */
  caption: string;
}

/** The link of a title's play page. */
const play = (id: number, type: 'movie' | 'tv') => `/play?id=${String(id)}&type=${type}`;

/** Waits for the play page's details card to show `title`. */
async function playPage(page: Page, id: number, type: 'movie' | 'tv', title: string) {
  await page.goto(play(id, type));
  await expect(
    page.getByRole('region', { name: 'Details' }).getByRole('heading', { name: title }),
  ).toBeVisible();
}

/** The player and other sites' frames: they play, or show another site's answer. */
const moving = (page: Page) => [page.locator('video'), page.locator('iframe')];

/** Opens Home and waits for its hero, its first trending rows and its other calls. */
async function home(page: Page): Promise<void> {
  await page.goto('/index');
  await expectHero(page);
  await expect(row(page, 'Trending: Movies').getByRole('link').first()).toBeVisible();
  // The pictures' user has shows in My List: Up Next is part of Home, above the tabs (a tab
  // clicked before it shows is left where the row then pushes it, on a loaded machine).
  await expect(
    page.getByRole('region', { name: 'Up Next' }).getByRole('link').first(),
  ).toBeVisible();
  // Home's other calls (Continue Watching, Up Next, New Episodes) are in too: a screen opened
  // from here before they answer cancels them, which the failure watch would count (a loaded
  // machine's run of 'search' did).
  await page.waitForLoadState('networkidle');
}

/**
 * Signs `page`'s context in again as the pictures' account, a session of its own, and makes its
 * kids' profile that session's active one (PROFILE-3): the saved state's session is untouched.
 */
async function kidsSession(page: Page): Promise<void> {
  const headers = { origin: SCREENS_URL };
  const signIn = await page.request.post(`${IDENTITY}/sign-in/email`, {
    headers,
    data: { email: PICTURES_ACCOUNT.email, password: PICTURES_ACCOUNT.password },
  });
  expect(signIn.ok()).toBe(true);
  const list = await page.request.get('/pigo-stream/profiles');
  const { profiles } = (await list.json()) as { profiles: { id: string; kind: string }[] };
  const kids = profiles.find((profile) => profile.kind === 'kids');
  const switched = await page.request.post('/pigo-stream/profiles/switch', {
    headers,
    data: { id: kids?.id },
  });
  expect(switched.ok(), await switched.text()).toBe(true);
}

/**
 * Revokes every addon link of the pictures' account's main profile, so the Stremio page opens
 * with the links a picture makes and no other (STREMIO-1).
 */
async function noAddonLinks(page: Page): Promise<void> {
  const headers = { origin: SCREENS_URL };
  const list = await page.request.get('/pigo-stream/stremio/tokens');
  expect(list.ok()).toBe(true);
  const { tokens } = (await list.json()) as { tokens: { id: string }[] };
  for (const { id } of tokens) {
    const revoked = await page.request.post('/pigo-stream/stremio/tokens/revoke', {
      headers,
      data: { id },
    });
    expect(revoked.ok(), await revoked.text()).toBe(true);
  }
}

/** The Stremio page's times and the new link's address: they differ in every run. */
const addonLinkParts = (page: Page) => [
  page.getByTestId('token-created'),
  page.getByTestId('token-last-used'),
  page.getByTestId('manifest-url'),
];

let shortVideo: Promise<Buffer> | undefined;

/**
 * A 10-second test WebM, made once per worker: what the room's pictures play in place of the
 * open movie's file, out of this machine's reach.
 */
function testVideo(): Promise<Buffer> {
  shortVideo ??= longWebm({ seconds: 10 });
  return shortVideo;
}

/**
 * Plays the open movies' files on `page` from {@link testVideo}: the Blender Foundation's host is
 * out of this machine's reach, and a room's members must load their video to be ready.
 */
async function openMoviesFromTestVideo(page: Page): Promise<void> {
  const body = await testVideo();
  await page.route('https://download.blender.org/**', (route) =>
    route.fulfill({ status: 200, contentType: 'video/webm', body }),
  );
}

/**
 * A friend's account, the room pictures' second member (TOGETHER-2: any account's member joins
 * by the invite): made by the first picture that needs it, with an avatar of its own.
 */
export const PICTURES_FRIEND = {
  userName: 'Jordan Lee',
  email: 'jordan.lee@gmail.com',
  password: 'Pictures-2026',
  avatar: 'avatar-6',
} as const;

/** Signs `context` in as {@link PICTURES_FRIEND}, signing the account up first when new. */
async function friendSession(context: BrowserContext): Promise<void> {
  const { request } = context;
  const known = await request.post(`${IDENTITY}/sign-in/email`, {
    headers: { origin: SCREENS_URL },
    data: { email: PICTURES_FRIEND.email, password: PICTURES_FRIEND.password },
  });
  if (known.ok()) return;
  await signUpByApi(request, PICTURES_FRIEND, SCREENS_URL);
  await verifyByMail(request, PICTURES_FRIEND.email);
  await signInByApi(request, PICTURES_FRIEND, SCREENS_URL);
  const list = await request.get('/pigo-stream/profiles');
  const { active } = (await list.json()) as { active: string };
  const updated = await request.post('/pigo-stream/profiles/update', {
    headers: { origin: SCREENS_URL },
    data: { id: active, avatar: PICTURES_FRIEND.avatar },
  });
  expect(updated.ok(), await updated.text()).toBe(true);
}

/** The room panel. */
const roomPanel = (page: Page) => page.getByRole('region', { name: 'Watch together' });

/**
 * Makes a room on `page` (TOGETHER-10): Big Buck Bunny's play page, its open movie's server,
 * 'Watch together'; answers the invite link.
 */
async function makeRoom(page: Page): Promise<string> {
  await openMoviesFromTestVideo(page);
  await playPage(page, 10378, 'movie', 'Big Buck Bunny');
  await page
    .getByRole('region', { name: 'Servers', exact: true })
    .getByRole('button', { name: 'Blender Open Movie' })
    .click();
  await expect(page.locator('video')).toBeVisible();
  await page.getByRole('button', { name: 'Watch together' }).click();
  const invite = roomPanel(page).getByRole('textbox', { name: 'Invite link' });
  await expect(invite).toHaveValue(/room=/);
  return invite.inputValue();
}

/** Waits until `page`'s room lists `count` members, none of them loading. */
async function membersReady(page: Page, count: number): Promise<void> {
  const members = roomPanel(page).getByRole('list', { name: 'Members' }).getByRole('listitem');
  await expect(members).toHaveCount(count, { timeout: 15_000 });
  await expect(members.filter({ hasText: 'Buffering' })).toHaveCount(0, { timeout: 15_000 });
}

/** The other member's browser of each room picture, closed after it (by the picture's page). */
const otherMembers = new WeakMap<Page, BrowserContext>();

/** A new browser context beside `page`'s, of the same size, on the pictures' server. */
async function contextBeside(page: Page, storageState?: string): Promise<BrowserContext> {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser');
  const context = await browser.newContext({
    viewport: page.viewportSize(),
    baseURL: SCREENS_URL,
    ...(storageState ? { storageState } : {}),
  });
  otherMembers.set(page, context);
  return context;
}

/**
 * Ends the room the picture's page or its other member is in (its maker's call, TOGETHER-7) and
 * closes the other member's browser: an account has at most 3 rooms open.
 */
async function endRoom(page: Page): Promise<void> {
  const other = otherMembers.get(page);
  try {
    for (const member of [page, ...(other?.pages() ?? [])]) {
      const roomId = new URL(member.url()).searchParams.get('room');
      if (!roomId) continue;
      await member.request.post('/pigo-stream/together/rooms/close', {
        headers: { origin: SCREENS_URL },
        data: { roomId },
      });
      break;
    }
  } finally {
    await other?.close();
  }
}

/**
 * The room pictures' invite link, which differs in every run. Their video is left as it is: the
 * room is paused at 0, so it shows the test video's first frame in every run.
 */
const roomMoving = (page: Page) => [
  page.locator('iframe'),
  page.getByRole('textbox', { name: 'Invite link' }),
];

/** Every screen pictured, in the order docs/screens.md shows them. */
const SCREEN_STEPS: Record<ScreenName, ScreenSteps> = {
  'sign-in': {
    signedOut: true,
    open: async (page) => {
      await openSignIn(page);
    },
  },
  'sign-up-error': {
    signedOut: true,
    open: async (page) => {
      const screen = await openSignIn(page);
      await screen.toSignUp.click();
      await screen.userName.fill('newbie');
      await screen.email.fill('newbie@example.com');
      await screen.password.fill('secret123');
      await screen.signUp.click();
      await expect(page.getByRole('alert')).toHaveText(
        'Unsupported email provider. Use Gmail, Outlook, Yahoo, etc.',
      );
    },
  },
  'home-trending': { open: home },
  'home-providers': {
    open: async (page) => {
      await home(page);
      await page.getByRole('tab', { name: 'Providers' }).click();
      await expect(row(page, 'Netflix: Movies').getByRole('link').first()).toBeVisible();
    },
  },
  search: {
    open: async (page) => {
      await home(page);
      await searchToggle(page).click();
      await searchInput(page).fill('man');
      await searchInput(page).press('Enter');
      await expect(row(page, 'Search Results: Movies').getByRole('link').first()).toBeVisible();
      await searchInput(page).fill('');
      await searchInput(page).focus();
      await expect(
        page.getByRole('region', { name: 'Search history' }).getByRole('listitem'),
      ).toHaveCount(2);
    },
  },
  'play-movie': {
    open: (page) => playPage(page, 155, 'movie', 'The Dark Knight'),
    mask: moving,
  },
  'play-show': {
    open: async (page) => {
      await playPage(page, 66732, 'tv', 'Stranger Things');
      await expect(
        page.getByRole('region', { name: 'Episodes', exact: true }).locator('[data-episode]'),
      ).not.toHaveCount(0);
      // Scrolled once the app has the page (the server's page is replaced when it takes over).
      await appReady(page);
      // The seasons and their episodes, under the player.
      await page.getByRole('region', { name: 'Seasons', exact: true }).scrollIntoViewIfNeeded();
    },
    mask: moving,
  },
  'play-anime': {
    open: async (page) => {
      // The anime view has no details card: its title sits over the episode grid.
      await page.goto(play(46260, 'tv'));
      await expect(
        page.getByRole('region', { name: 'Related Anime' }).getByTestId('related-anime-card'),
      ).toHaveCount(6);
      const grid = page.getByRole('region', { name: 'Episodes' });
      await expect(grid.getByRole('list').getByRole('button')).not.toHaveCount(0);
      // The episode grid, under the player.
      await grid.scrollIntoViewIfNeeded();
    },
    mask: moving,
  },
  'play-open-movie': {
    // The open movie's file is on the Blender Foundation's host, out of reach of a machine
    // without the internet (as the test machine is): the browser logs that, not the app.
    expectedFailures: /^console: Failed to load resource: net::ERR_NAME_NOT_RESOLVED$/,
    open: async (page) => {
      await playPage(page, 10378, 'movie', 'Big Buck Bunny');
      await page
        .getByRole('region', { name: 'Servers', exact: true })
        .getByRole('button', { name: 'Blender Open Movie' })
        .click();
      await expect(page.locator('video')).toBeVisible();
      await page.evaluate(() => {
        window.scrollTo(0, 0);
      });
    },
    mask: moving,
  },
  'play-together': {
    // A page the test's route answered counts as a public one to Chromium, whose local network
    // checks then refuse its socket to this machine: the room's page comes from the server.
    unrouted: true,
    open: async (page) => {
      const invite = await makeRoom(page);
      // A friend joins from a browser of their own.
      const other = await contextBeside(page);
      await friendSession(other);
      const member = await other.newPage();
      await openMoviesFromTestVideo(member);
      await member.goto(invite);
      await membersReady(page, 2);
      const room = roomPanel(page);
      await room.getByRole('switch', { name: 'Only the host controls playback' }).click();
      await expect(
        room.getByRole('switch', { name: 'Only the host controls playback' }),
      ).toBeChecked();
      await expect(room.getByRole('button', { name: 'Make host' })).toBeVisible();
      await expect(
        roomPanel(member).getByText('Only the host controls playback.', { exact: true }),
      ).toBeVisible();
      await room.evaluate((element) => {
        element.scrollIntoView({ block: 'center' });
      });
    },
    after: endRoom,
    mask: roomMoving,
  },
  'play-together-member': {
    unrouted: true,
    open: async (page) => {
      // The pictures' account makes the room and lets only the host control it ...
      const host = await (await contextBeside(page, process.env.PIGO_E2E_PICTURES_STATE)).newPage();
      const invite = await makeRoom(host);
      await roomPanel(host)
        .getByRole('switch', { name: 'Only the host controls playback' })
        .click();
      // ... and the picture's page, a friend's session of its own, joins it.
      await page.context().clearCookies();
      await friendSession(page.context());
      await openMoviesFromTestVideo(page);
      await page.goto(invite);
      await membersReady(page, 2);
      const room = roomPanel(page);
      await expect(
        room.getByText('Only the host controls playback.', { exact: true }),
      ).toBeVisible();
      // A press of play is the host's only: refused, with the server's words.
      await page.locator('video').evaluate((video: HTMLVideoElement) => {
        video.play().catch(() => undefined);
      });
      await expect(room.getByRole('alert')).toHaveText(
        'Only the host controls playback in this room.',
      );
      await expect(room.getByRole('status')).toHaveText('Paused for everyone.');
      await room.evaluate((element) => {
        element.scrollIntoView({ block: 'center' });
      });
    },
    after: endRoom,
    mask: roomMoving,
  },
  'my-list': {
    open: async (page) => {
      await page.goto('/my-list');
      await expect(
        page.getByRole('region', { name: 'My List: Shows' }).getByRole('link'),
      ).toHaveCount(2);
    },
  },
  'watch-history': {
    open: async (page) => {
      await page.goto('/watch-history');
      await expect(
        page.getByRole('region', { name: 'Watch History: Movies' }).getByRole('link'),
      ).toHaveCount(2);
    },
  },
  'confirm-dialog': {
    open: async (page) => {
      await page.goto('/my-list');
      const card = page.getByRole('region', { name: 'My List: Movies' }).getByRole('link');
      await expect(card).toHaveCount(3);
      await card.first().click({ button: 'right' });
      await expect(confirmDialog(page)).toBeVisible();
    },
  },
  'server-error': {
    expectedFailures: /\/pigo-stream\/providers|status of 500/,
    open: async (page) => {
      await withoutFirstAnswers(page, SCREENS_URL);
      await page.route('**/pigo-stream/providers', (route) =>
        route.fulfill({ status: 500, json: { error: 'boom' } }),
      );
      await page.goto('/index');
      // Three attempts 1 s apart (LIMIT-6 in docs/requirements.md) after the app has taken over:
      // 10 s, as in home-errors.spec.ts, as 5 s can run out on a loaded machine.
      await expect(serverErrorModal(page)).toBeVisible({ timeout: 10_000 });
    },
  },
  sidebar: {
    open: async (page) => {
      await home(page);
      const menu = await openMenu(page);
      await expect(menu.getByRole('button', { name: /^Switch to / })).toHaveCount(2);
    },
  },
  profiles: {
    open: async (page) => {
      await page.goto('/profiles');
      await expect(page.getByRole('list', { name: 'Profiles' }).getByRole('button')).toHaveCount(3);
    },
  },
  'profile-pin': {
    open: async (page) => {
      await page.goto('/profiles');
      await page
        .getByRole('list', { name: 'Profiles' })
        .getByRole('button', { name: /^Alex\b/ })
        .click();
      await expect(page.getByRole('dialog', { name: 'Enter the PIN for Alex' })).toBeVisible();
    },
  },
  'profiles-manage': {
    open: async (page) => {
      await page.goto('/profiles/manage');
      await expect(page.getByRole('list', { name: 'Profiles' }).getByRole('listitem')).toHaveCount(
        3,
      );
    },
  },
  'profile-edit': {
    open: async (page) => {
      await page.goto('/profiles/manage');
      await page.getByRole('button', { name: 'Edit Robin' }).click();
      await expect(
        page.getByRole('form', { name: 'Edit Robin' }).getByLabel('Rating limit'),
      ).toBeVisible();
    },
  },
  'not-on-profile': {
    // The title's call answers 403 on purpose, which the browser logs.
    expectedFailures: /^403 .*\/playground\/media-info\?id=155&type=movie$|status of 403/,
    open: async (page) => {
      // A session of its own on the kids' profile: the other pictures' stays on the main one.
      await kidsSession(page);
      await page.goto(play(155, 'movie'));
      await expect(
        page.getByRole('heading', { level: 1, name: 'Not available on this profile' }),
      ).toBeVisible();
    },
  },
  stremio: {
    open: async (page) => {
      await noAddonLinks(page);
      const made = await page.request.post('/pigo-stream/stremio/tokens/create', {
        headers: { origin: SCREENS_URL },
      });
      expect(made.ok(), await made.text()).toBe(true);
      await page.goto('/stremio');
      await expect(
        page.getByRole('list', { name: 'Addon links' }).getByRole('listitem'),
      ).toHaveCount(1);
    },
    mask: addonLinkParts,
  },
  'stremio-link': {
    open: async (page) => {
      await noAddonLinks(page);
      await page.goto('/stremio');
      await page.getByRole('button', { name: 'Create addon link' }).click();
      const panel = page.getByRole('region', { name: 'Your new addon link' });
      await expect(panel.getByRole('heading')).toBeFocused();
      await expect(
        page.getByRole('list', { name: 'Addon links' }).getByRole('listitem'),
      ).toHaveCount(1);
      // The new link's panel, whole, between the header and the bottom bar.
      await panel.evaluate((element) => {
        element.scrollIntoView({ block: 'center' });
      });
    },
    mask: addonLinkParts,
  },
  store: {
    open: async (page) => {
      await page.goto('/pigostore');
      await expect(
        page.getByRole('heading', { level: 1, name: 'PigoStream Player' }),
      ).toBeVisible();
      await expect(page.getByTestId('store-version')).toHaveText(/Version|Not Available/);
    },
  },
  'not-found': {
    // The page itself answers 404, as an address that names nothing should.
    expectedFailures: /404 .*\/no-such-page$|status of 404/,
    open: async (page) => {
      await page.goto('/no-such-page');
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    },
  },
};

/** Every screen pictured, in the order of SCREEN_CAPTIONS (docs/screens.md's order). */
export const SCREENS: readonly Screen[] = (Object.keys(SCREEN_CAPTIONS) as ScreenName[]).map(
  (name) => ({ name, caption: SCREEN_CAPTIONS[name], ...SCREEN_STEPS[name] }),
);
