/**
 * The household's profile screens (PROFILE-1..8 in docs/requirements.md), at phone and laptop
 * size: 'Who's watching?' after sign-in when the account has more than one profile, the sidebar's
 * switch, a kids' profile's Home, search and play page, the PIN and its limit, Manage profiles
 * (add, edit, remove), and each profile's own remembered Home (PROFILE-4). Each test has an account of its own (support/profiles-page.ts):
 * the worker's shared account keeps its one profile.
 */
import { ratingAgeOf } from '@pigostream/contracts';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { appReady } from './support/first-answers.ts';
import {
  drawer,
  LOCAL_KEY,
  openMenu,
  row,
  searchInput,
  searchToggle,
  signOutFromMenu,
  storedLocalState,
  VIEWPORTS,
} from './support/home-page.ts';
import { confirmDialog, section } from './support/library-page.ts';
import {
  addProfile,
  chooserHeading,
  choice,
  household,
  listProfiles,
  pinDialog,
  switchByApi,
  typePin,
  watchingAs,
} from './support/profiles-page.ts';
import { sameOrigin } from './support/same-origin.ts';
import { signInWithForm } from './support/sign-in-page.ts';

/** The starter catalogue's Toy Story (G) and The Matrix (R). */
const TOY_STORY = { id: 862, type: 'movie', title: 'Toy Story' } as const;
const MATRIX = { id: 603, type: 'movie', title: 'The Matrix' } as const;

/** The `/play` links of the cards on `page` (ids and types), in order. */
async function cardLinks(page: Page): Promise<{ id: number; type: string }[]> {
  const hrefs = await page
    .locator('main a[href^="/play?"]')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => {
    const query = new URLSearchParams(href.split('?')[1]);
    return { id: Number(query.get('id')), type: query.get('type') ?? '' };
  });
}

for (const { name, viewport } of VIEWPORTS) {
  test.describe(name, () => {
    test.use({ viewport });

    test("after sign-in, an account with several profiles is asked 'Who's watching?'; the choice is remembered", async ({
      browser,
    }, testInfo) => {
      const home = await household(browser, testInfo, { viewport });
      try {
        await addProfile(home.request, { name: 'Mia', avatar: 'avatar-5', kind: 'kids' });
        await addProfile(home.request, { name: 'Dad', avatar: 'avatar-8', newPin: '2468' });
        // A new session: signed out, then in through the form.
        await home.context.clearCookies();
        const { page } = home;
        await signInWithForm(page, home.account.email, home.account.password);
        await expect(page).toHaveURL(/\/profiles$/);
        await expect(chooserHeading(page)).toBeVisible();
        const list = page.getByRole('list', { name: 'Profiles' });
        await expect(list.getByRole('button')).toHaveCount(3);
        await expect(list.getByRole('button').first()).toContainText(home.account.userName);
        await expect(choice(page, 'Mia')).toContainText('Kids');
        await expect(choice(page, 'Dad')).toHaveAccessibleName(/locked with a PIN/);
        await expect(choice(page, 'Dad').getByTestId('profile-lock')).toBeVisible();
        await expect(page.getByRole('link', { name: 'Manage profiles' })).toBeVisible();
        await expectNoSeriousA11yViolations(page);

        await choice(page, 'Mia').click();
        await expect(page).toHaveURL(/\/index$/);
        await expect(page.getByRole('heading', { name: 'Trending: Movies' })).toBeVisible();
        expect((await listProfiles(home.request)).active).not.toBe(home.uid);
        await expect(watchingAs(await openMenu(page))).toHaveText('Mia');
        await page.keyboard.press('Escape');

        // The next sign-in on this device marks and focuses the profile chosen last.
        await signOutFromMenu(page);
        await expect(page).toHaveURL(/\/$/);
        await signInWithForm(page, home.account.email, home.account.password);
        await expect(chooserHeading(page)).toBeVisible();
        await expect(choice(page, 'Mia')).toBeFocused();
        await expect(choice(page, 'Mia')).toContainText('Last used here');
        // A new session starts on the main profile (PROFILE-3).
        expect((await listProfiles(home.request)).active).toBe(home.uid);

        // Once a session: a visit of `/` goes on to Home.
        await choice(page, home.account.userName).click();
        await expect(page).toHaveURL(/\/index$/);
        await page.goto('/');
        await expect(page).toHaveURL(/\/index$/);
      } finally {
        await home.context.close();
      }
    });

    test("the sidebar switches profiles, asking a locked one's PIN; each profile sees its own lists", async ({
      browser,
    }, testInfo) => {
      const home = await household(browser, testInfo, { viewport });
      try {
        const { page, request } = home;
        const response = await request.post('/pigo-stream/my-list/save-my-list', {
          headers: sameOrigin(),
          data: { userUID: home.uid, ...MATRIX },
        });
        expect(response.ok()).toBe(true);
        await addProfile(request, { name: 'Dad', avatar: 'avatar-8', newPin: '2468' });

        await page.goto('/my-list');
        const movies = section(page, 'My List: Movies').getByRole('link');
        await expect(movies).toHaveCount(1);
        let menu = await openMenu(page);
        await expect(watchingAs(menu)).toHaveText(home.account.userName);
        await expect(menu.getByTestId('active-profile')).toBeVisible();
        await menu.getByRole('button', { name: /Switch to Dad/ }).click();
        const dialog = pinDialog(page);
        await expect(dialog).toBeVisible();
        await expect(dialog.getByRole('heading', { name: 'Enter the PIN for Dad' })).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        await typePin(page, '2468');
        await expect(dialog).toBeHidden();
        await expect(drawer(page)).toBeHidden();
        await expect(page).toHaveURL(/\/index$/);

        // Dad's My List is his own: the main profile's Matrix is not in it.
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'My List' })
          .click();
        await expect(page.getByRole('heading', { level: 1, name: 'My List' })).toBeVisible();
        await expect(section(page, 'My List: Movies')).toBeVisible();
        await expect(movies).toHaveCount(0);
        menu = await openMenu(page);
        await expect(watchingAs(menu)).toHaveText('Dad');
        // Back to the main profile: no PIN, its list again.
        await menu.getByRole('button', { name: `Switch to ${home.account.userName}` }).click();
        await expect(page).toHaveURL(/\/index$/);
        await page
          .getByRole('navigation', { name: 'Main' })
          .getByRole('link', { name: 'My List' })
          .click();
        await expect(movies).toHaveCount(1);
      } finally {
        await home.context.close();
      }
    });

    test("a kids' profile sees only titles within its limit: Home, search and the play page", async ({
      browser,
      page: adultPage,
    }, testInfo) => {
      const home = await household(browser, testInfo, { viewport });
      try {
        const { page, request } = home;
        const kid = await addProfile(request, {
          name: 'Mia',
          avatar: 'avatar-5',
          kind: 'kids',
          maxRatingAge: 0,
        });
        await switchByApi(request, kid.id);

        await page.goto('/index');
        await expect(row(page, 'Trending: Movies').getByRole('link').first()).toBeVisible();
        await appReady(page);
        const shown = await cardLinks(page);
        expect(shown.length).toBeGreaterThan(0);
        // Each title shown is rated for all ages, as an adult profile reads its rating.
        for (const { id, type } of new Map(
          shown.map((t) => [`${t.type}:${String(t.id)}`, t]),
        ).values()) {
          const info = await adultPage.request.get(
            `/pigo-stream/playground/media-info?id=${String(id)}&type=${type}`,
          );
          expect(info.ok()).toBe(true);
          const { certification } = (await info.json()) as { certification?: string | null };
          expect(
            ratingAgeOf(certification),
            `${type} ${String(id)}: ${String(certification)}`,
          ).toBe(0);
        }

        await searchToggle(page).click();
        await searchInput(page).fill('toy story');
        await searchInput(page).press('Enter');
        const results = row(page, 'Search Results: Movies').getByRole('link');
        await expect(results.first()).toBeVisible();
        expect((await cardLinks(page)).map((t) => t.id)).toContain(TOY_STORY.id);
        await searchInput(page).fill('matrix');
        await searchInput(page).press('Enter');
        await expect(results).toHaveCount(0);

        await page.goto(`/play?id=${String(MATRIX.id)}&type=movie`);
        await expect(
          page.getByRole('heading', { level: 1, name: 'Not available on this profile' }),
        ).toBeVisible();
        await expectNoSeriousA11yViolations(page);
        await page.getByRole('link', { name: 'Back to Home' }).click();
        await expect(page).toHaveURL(/\/index$/);
        await page.goto(`/play?id=${String(TOY_STORY.id)}&type=movie`);
        await expect(
          page.getByRole('region', { name: 'Details' }).getByRole('heading', { name: 'Toy Story' }),
        ).toBeVisible();

        await page.goto('/profiles/manage');
        await expect(
          page.getByText('Switch to an adult profile to manage profiles.'),
        ).toBeVisible();
      } finally {
        await home.context.close();
      }
    });

    test('Manage profiles adds, edits and removes a profile', async ({ browser }, testInfo) => {
      const home = await household(browser, testInfo, { viewport });
      try {
        const { page } = home;
        await page.goto('/profiles/manage');
        await expect(
          page.getByRole('heading', { level: 1, name: 'Manage profiles' }),
        ).toBeVisible();
        const list = page.getByRole('list', { name: 'Profiles' });
        await expect(list.getByRole('listitem')).toHaveCount(1);
        // The main profile is never removed.
        await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
        await expectNoSeriousA11yViolations(page);

        await page.getByRole('button', { name: 'Add profile' }).click();
        const form = page.getByRole('form', { name: 'Add a profile' });
        await expect(form.getByRole('heading', { name: 'Add a profile' })).toBeFocused();
        await form.getByRole('button', { name: 'Add profile' }).click();
        await expect(form.getByRole('alert')).toHaveText('Please enter a name.');
        await form.getByLabel('Name').fill('Mia');
        await form.getByRole('radio', { name: 'Avatar 7' }).check();
        await form.getByRole('radio', { name: /^Kids/ }).check();
        const limit = form.getByLabel('Rating limit');
        await expect(limit).toHaveValue('10');
        await limit.selectOption({ label: '7 and up (TV-Y7, 6)' });
        const unrated = form.getByRole('checkbox', { name: /Show titles with no rating/ });
        await expect(unrated).not.toBeChecked();
        await expectNoSeriousA11yViolations(page);
        await form.getByRole('button', { name: 'Add profile' }).click();
        await expect(page.getByRole('status').filter({ hasText: 'Profile added.' })).toBeVisible();
        await expect(list.getByRole('listitem')).toHaveCount(2);
        await expect(list.getByRole('listitem').nth(1)).toContainText('Mia');
        await expect(list.getByRole('listitem').nth(1)).toContainText('Kids · 7 and up');
        const mia = (await listProfiles(home.request)).profiles[1];
        expect(mia).toMatchObject({
          name: 'Mia',
          avatar: 'avatar-7',
          kind: 'kids',
          maxRatingAge: 7,
          showUnrated: false,
          hasPin: false,
        });

        // An adult one with a PIN, then renamed: a locked profile other than the active one asks
        // for its PIN before a change.
        await page.getByRole('button', { name: 'Add profile' }).click();
        await form.getByLabel('Name').fill('Dad');
        await form.getByLabel('PIN (optional)').fill('1357');
        await form.getByRole('button', { name: 'Add profile' }).click();
        await expect(list.getByRole('listitem')).toHaveCount(3);
        await expect(list.getByRole('listitem').nth(2)).toContainText('PIN');
        await page.getByRole('button', { name: 'Edit Dad' }).click();
        const edit = page.getByRole('form', { name: 'Edit Dad' });
        await edit.getByLabel('Name').fill('Papa');
        await edit.getByRole('button', { name: 'Save' }).click();
        await expect(pinDialog(page)).toBeVisible();
        await typePin(page, '1357');
        await expect(pinDialog(page)).toBeHidden();
        await expect(page.getByRole('status').filter({ hasText: 'Profile saved.' })).toBeVisible();
        await expect(list.getByRole('listitem').nth(2)).toContainText('Papa');

        // Removing says what goes with the profile.
        await page.getByRole('button', { name: 'Remove Mia' }).click();
        const dialog = confirmDialog(page);
        await expect(dialog).toBeVisible();
        await expect(dialog).toContainText('My List');
        await expect(dialog).toContainText('Watch History');
        await dialog.getByRole('button', { name: 'Remove' }).click();
        await expect(
          page.getByRole('status').filter({ hasText: 'Profile removed.' }),
        ).toBeVisible();
        await expect(list.getByRole('listitem')).toHaveCount(2);
        await expect(list).not.toContainText('Mia');
        expect((await listProfiles(home.request)).profiles.map((p) => p.name)).toEqual([
          home.account.userName,
          'Papa',
        ]);
      } finally {
        await home.context.close();
      }
    });
  });
}

test("a wrong PIN says 'Wrong PIN.'; past the sign-in limits the server's wait shows", async ({
  browser,
}, testInfo) => {
  const home = await household(browser, testInfo);
  try {
    const { page, request } = home;
    await addProfile(request, { name: 'Dad', avatar: 'avatar-8', newPin: '2468' });
    await page.goto('/profiles');
    await choice(page, 'Dad').click();
    const dialog = pinDialog(page);
    await expect(dialog).toBeVisible();
    await typePin(page, '1111');
    const alert = dialog.getByRole('alert');
    await expect(alert).toHaveText('Wrong PIN.');
    // The sign-in limits: 10 attempts a minute per account.
    let tries = 1;
    while (tries < 15 && !/Too many attempts/.test((await alert.textContent()) ?? '')) {
      await typePin(page, '1111');
      tries += 1;
    }
    await expect(alert).toContainText('Too many attempts');
    expect(tries).toBeGreaterThan(5);
    // Still refused with the right PIN while the limit holds; the profile did not change.
    await typePin(page, '2468');
    await expect(alert).toContainText('Too many attempts');
    expect((await listProfiles(request)).active).toBe(home.uid);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(choice(page, 'Dad')).toBeFocused();
  } finally {
    await home.context.close();
  }
});

test('a full load of a profile page carries the profiles: the app asks the server for none', async ({
  page,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/pigo-stream/')) asked.push(pathname);
  });
  await page.goto('/profiles/manage');
  await expect(page.getByRole('list', { name: 'Profiles' }).getByRole('listitem')).toHaveCount(1);
  await page.goto('/profiles');
  await expect(page.getByRole('list', { name: 'Profiles' }).getByRole('button')).toHaveCount(1);
  expect(asked).not.toContain('/pigo-stream/profiles');
});

test("each profile remembers its own Home: A's tab, provider and search are not B's, and come back on A (PROFILE-4)", async ({
  browser,
}, testInfo) => {
  const home = await household(browser, testInfo);
  try {
    const { page, request } = home;
    const dad = await addProfile(request, { name: 'Dad', avatar: 'avatar-8' });

    // Profile A (the main one): the Providers tab, Hulu, then a search for 'matrix'.
    await page.goto('/index');
    await page.getByRole('tab', { name: 'Providers' }).click();
    const hulu = page.getByRole('button', { name: 'Hulu', exact: true });
    await hulu.click();
    await expect(hulu).toHaveAttribute('aria-pressed', 'true');
    await searchToggle(page).click();
    await searchInput(page).fill('matrix');
    await searchInput(page).press('Enter');
    await expect(row(page, 'Search Results: Movies').getByRole('link').first()).toBeVisible();
    await expect
      .poll(() => storedLocalState(page))
      .toMatchObject({
        activeGrid: 'providers',
        selectedProvider: 15,
        searchQuery: 'matrix',
        triggerSearch: 'matrix',
        showSearchBar: true,
      });

    // Profile B: none of it; its own choices are kept under its own key.
    await (await openMenu(page)).getByRole('button', { name: /Switch to Dad/ }).click();
    await expect(page).toHaveURL(/\/index$/);
    await expect(drawer(page)).toBeHidden();
    await expect(searchInput(page)).toHaveCount(0);
    await expect(searchToggle(page)).toHaveText('Search');
    await expect(page.getByRole('tab', { name: 'Trending' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('tab', { name: 'Providers' }).click();
    await expect(page.getByRole('button', { name: 'Netflix', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    const dadKey = `${LOCAL_KEY}.${dad.id}`;
    const storedAs = (key: string) =>
      page.evaluate((k) => {
        const raw = localStorage.getItem(k);
        return raw ? (JSON.parse(raw) as { state: Record<string, unknown> }).state : null;
      }, key);
    await expect
      .poll(() => storedAs(dadKey))
      .toMatchObject({ activeGrid: 'providers', selectedProvider: null, searchQuery: '' });
    // A full load of the same session opens on B's state, not A's.
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Providers' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByRole('button', { name: 'Netflix', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(searchInput(page)).toHaveCount(0);
    expect(await storedLocalState(page)).toMatchObject({
      selectedProvider: 15,
      searchQuery: 'matrix',
    });

    // Back on A: its search, and under it its tab and provider.
    await (
      await openMenu(page)
    )
      .getByRole('button', { name: `Switch to ${home.account.userName}` })
      .click();
    await expect(page).toHaveURL(/\/index$/);
    await expect(searchInput(page)).toHaveValue('matrix');
    await expect(row(page, 'Search Results: Movies').getByRole('link').first()).toBeVisible();
    await searchToggle(page).click();
    await expect(page.getByRole('tab', { name: 'Providers' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(hulu).toHaveAttribute('aria-pressed', 'true');
    expect((await listProfiles(request)).active).toBe(home.uid);

    // Sign-out removes every profile's remembered state (AUTH-13).
    await signOutFromMenu(page);
    await expect(page).toHaveURL(/\/$/);
    expect(await storedAs(LOCAL_KEY)).toBeNull();
    expect(await storedAs(dadKey)).toBeNull();
  } finally {
    await home.context.close();
  }
});
