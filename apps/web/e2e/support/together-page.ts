/**
 * Helpers of the watch-together browser tests (TOGETHER-10 in docs/requirements.md): the
 * members' videos read together, and the in-step rule the tests check after every command: every
 * member's position within 0.5 s of the others within 1 s. The rooms' long files are
 * made-videos.ts's.
 */
import { expect, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { player } from './play-page.ts';

/**
 * Lets the context's pages start a video by themselves, muted (the browser's autoplay rule): a
 * member who joins or reloads plays along without a press.
 */
export async function allowMutedAutoplay(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const play = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'play')?.value as (
      this: HTMLMediaElement,
    ) => Promise<void>;
    HTMLMediaElement.prototype.play = function mutedPlay(this: HTMLMediaElement) {
      this.muted = true;
      return play.call(this);
    };
  });
}

/** What a member's video shows, at one moment of the machine's clock. */
export interface Reading {
  time: number;
  paused: boolean;
  rate: number;
  at: number;
}

/** The page's video. */
export function videoOf(page: Page): Locator {
  return player(page).locator('video');
}

/** Reads every member's video at once. */
export function readAll(pages: Page[]): Promise<Reading[]> {
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
export function spread(readings: Reading[]): number {
  const moment = Math.max(...readings.map((r) => r.at));
  const times = readings.map((r) => r.time + (r.paused ? 0 : ((moment - r.at) / 1000) * r.rate));
  return Math.max(...times) - Math.min(...times);
}

/**
 * Waits (at most `timeout` ms, 1 s by default) until every member's video is within 0.5 s of the
 * others and `each` holds for every one of them.
 */
export async function expectInStep(
  pages: Page[],
  each: (reading: Reading) => boolean,
  timeout = 1000,
): Promise<Reading[]> {
  let last: Reading[] = [];
  const started = Date.now();
  try {
    await expect
      .poll(
        async () => {
          last = await readAll(pages);
          return last.every(each) && spread(last) <= 0.5;
        },
        { timeout, intervals: [50] },
      )
      .toBe(true);
  } catch (error) {
    // What each member showed at the last read, and when: a failure says which one lagged.
    const shown = last
      .map(
        (r, i) =>
          `member ${String(i + 1)}: ${r.paused ? 'paused' : 'playing'} at ${r.time.toFixed(2)} s, rate ${String(r.rate)}, read ${String(r.at - started)} ms in`,
      )
      .join('; ');
    throw new Error(
      `${(error as Error).message}\nlast readings (spread ${spread(last).toFixed(2)} s): ${shown}`,
      { cause: error },
    );
  }
  return last;
}

/**
 * A member's press of play: the page sends `play` and waits for the room's command, so the
 * element's own play is cut short (its promise rejects) and the command starts it.
 */
export function pressPlay(v: HTMLVideoElement): void {
  v.play().catch(() => undefined);
}

/** The room's member list on `page`. */
export function members(page: Page): Locator {
  return page.getByRole('list', { name: 'Members' }).getByRole('listitem');
}

/** The row of the member named `name` in `page`'s member list. */
export function memberRow(page: Page, name: string): Locator {
  return members(page).filter({ hasText: name });
}

/** The room panel on `page`. */
export function roomPanel(page: Page): Locator {
  return page.getByRole('region', { name: 'Watch together' });
}

/** The name `page`'s own member goes by: its row marked '(you)'. */
export async function ownName(page: Page): Promise<string> {
  const text = await members(page).filter({ hasText: '(you)' }).innerText();
  return /^(.+) \(you\)$/m.exec(text)?.[1]?.trim() ?? '';
}
