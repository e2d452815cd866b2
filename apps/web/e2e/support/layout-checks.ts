/**
 * Layout checks a careful user would make on any screen (UI-2, UI-8 in docs/requirements.md):
 * nothing they can press sits under a fixed or sticky element, and normal use logs no console error
 * and no failed request.
 */
import type { Page } from '@playwright/test';

/** Where on the page a layout check looks: the top (as it opens) or the very end. */
export type ScrollEnd = 'start' | 'end';

/**
 * Scrolls the page to `end` and lists each link, button, form field, tab and video player that
 * lies wholly inside the window but has a fixed or sticky element over it (over its centre; for
 * a video, over its control strip) where no scrolling can uncover it, as `"<control>" under
 * <element>`: at the start, under a bar in the window's upper half (the page cannot scroll
 * further up); at the end, under one in the lower half; on a page that does not scroll, under
 * any. A video's controls count under any bar at either end: the player is whole when the page
 * opens. With a dialog open, only the dialog's own controls count (the rest of the page is
 * behind it by design). Empty when nothing is covered.
 */
export async function coveredControls(page: Page, end: ScrollEnd): Promise<string[]> {
  await page.evaluate((to) => {
    window.scrollTo(0, to === 'start' ? 0 : document.documentElement.scrollHeight);
  }, end);
  // Two frames: sticky elements and scroll-linked styles settle after the scroll.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => {
          requestAnimationFrame(() => {
            resolve();
          });
        });
      }),
  );
  return page.evaluate((at) => {
    const name = (el: Element) => {
      const label =
        el.getAttribute('aria-label') ?? el.textContent.trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()} "${label}"`;
    };
    const pinnedAncestor = (el: Element | null): Element | null => {
      for (let at = el; at && at !== document.documentElement; at = at.parentElement) {
        const { position } = getComputedStyle(at);
        if (position === 'fixed' || position === 'sticky') return at;
      }
      return null;
    };
    const shown = (el: Element) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0;
    };
    const dialogs = [
      ...document.querySelectorAll('[role="dialog"], [role="alertdialog"], dialog[open]'),
    ].filter(shown);
    const scope = dialogs.at(-1) ?? document.body;
    const controls = scope.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"], [role="tab"], video',
    );
    const scrolls = document.documentElement.scrollHeight > innerHeight + 1;
    const unreachable = (pinned: Element, control: Element) => {
      if (!scrolls || control.tagName === 'VIDEO') return true;
      const box = pinned.getBoundingClientRect();
      const upper = box.top + box.height / 2 < innerHeight / 2;
      return at === 'start' ? upper : !upper;
    };
    const covered: string[] = [];
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      // Screen-reader-only and scrolled-away controls are not on screen to be covered.
      if (box.width < 4 || box.height < 4) continue;
      if (box.top < 0 || box.left < 0 || box.bottom > innerHeight || box.right > innerWidth)
        continue;
      const style = getComputedStyle(control);
      if (style.visibility === 'hidden' || style.opacity === '0') continue;
      const points: [number, number][] =
        control.tagName === 'VIDEO'
          ? [0.1, 0.5, 0.9].map((at) => [box.left + box.width * at, box.bottom - 12])
          : [[box.left + box.width / 2, box.top + box.height / 2]];
      for (const [x, y] of points) {
        const top = document.elementFromPoint(x, y);
        if (!top || control.contains(top) || top.contains(control)) continue;
        const pinned = pinnedAncestor(top);
        if (!pinned || pinned.contains(control) || !unreachable(pinned, control)) continue;
        covered.push(`${name(control)} under ${name(pinned)}`);
        break;
      }
    }
    return covered;
  }, end);
}

/**
 * Collects, from now on, the console errors of `page` and its failed requests to `origin`
 * (status 400 and up, or no answer), as `console: <text>`, `<status> <url>` or
 * `failed: <url>`. Other hosts are left out: the test servers' link template points at a host
 * that does not exist (e2e/support/config/sources.e2e.json).
 */
export function watchFailures(page: Page, origin: string): string[] {
  const failures: string[] = [];
  const ours = (url: string) => new URL(url).origin === origin;
  page.on('console', (message) => {
    if (message.type() === 'error') failures.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => failures.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (ours(response.url()) && response.status() >= 400)
      failures.push(`${String(response.status())} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    if (ours(request.url())) failures.push(`failed: ${request.url()}`);
  });
  return failures;
}
