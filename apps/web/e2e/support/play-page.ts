/**
 * Helpers that drive the play page (`/play?id=&type=`, ROUTE-1 in docs/requirements.md) the way a
 * user does, and read the signed-in user's lists through the real API to check what the page did.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { mediaDir } from './e2e-env.ts';
import { appReady } from './first-answers.ts';
import { rescanUntilListed } from './media-rescan.ts';
import { sameOrigin } from './same-origin.ts';

/** A Chromium user agent on Windows (PLAY-10: the player app hand-off is tried there). */
export const WINDOWS_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/** A Chromium user agent on Android (PLAY-10: the hand-off is tried there too). */
export const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

/** Starter-catalogue titles the play tests open. */
export const TITLES = {
  /** A movie with an overview above 250 characters and the 'Embed Test' link template. */
  darkKnight: { id: 155, type: 'movie', title: 'The Dark Knight' },
  /** A Blender open movie: 'Embed Test' and the built-in 'Blender Open Movie' server; no cast. */
  bigBuckBunny: { id: 10378, type: 'movie', title: 'Big Buck Bunny' },
  /** A show of 5 seasons whose season 5 aired 2025-11-26, 2025-12-25 and 2025-12-31. */
  strangerThings: { id: 66732, type: 'tv', title: 'Stranger Things' },
} as const;

/** A title the tests open. */
export interface TestTitle {
  id: number;
  type: 'movie' | 'tv';
  title: string;
}

/** The play page link of `title`. */
export function playUrl(title: TestTitle): string {
  return `/play?id=${String(title.id)}&type=${title.type}`;
}

/** Opens the play page of `title`; waits until its details card shows the title and the app has the page. */
export async function openPlay(page: Page, title: TestTitle): Promise<void> {
  await page.goto(playUrl(title));
  await expect(details(page).getByRole('heading', { name: title.title })).toBeVisible();
  // The heading may be the server's page, which the app's first render replaces: what the test
  // then measures or reads must be the app's (a box read in between is none).
  await appReady(page);
}

/** The details card. */
export function details(page: Page): Locator {
  return page.getByRole('region', { name: 'Details' });
}

/** The value shown for a details line ('Release Date', 'Director', ...). */
export function fact(page: Page, name: string): Locator {
  return details(page).locator(`[data-fact="${name}"] dd`);
}

/** A section of the page by its heading ('Servers', 'Seasons', 'Episodes', 'Cast'). */
export function section(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** The player area. */
export function player(page: Page): Locator {
  return page.getByRole('region', { name: 'Player' });
}

/** The bottom bar's Play button. */
export function playButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Play', exact: true });
}

/** A season card by its season number. */
export function seasonCard(page: Page, seasonNumber: number): Locator {
  return section(page, 'Seasons').locator(`[data-season="${String(seasonNumber)}"]`);
}

/** An episode card by its episode number. */
export function episodeCard(page: Page, episodeNumber: number): Locator {
  return section(page, 'Episodes').locator(`[data-episode="${String(episodeNumber)}"]`);
}

/** The signed-in user's uid, read from `GET /pigo-stream/auth/me` with the page's session. */
export async function signedInUid(request: APIRequestContext): Promise<string> {
  const response = await request.get('/pigo-stream/auth/me');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { uid: string }).uid;
}

interface ListItem {
  id: number;
}

/** Ids of the movies and shows in the signed-in user's My List (the real API). */
export async function myListIds(
  request: APIRequestContext,
): Promise<{ movies: number[]; shows: number[] }> {
  const uid = await signedInUid(request);
  const response = await request.get(
    `/pigo-stream/my-list/${uid}/fetch-my-list?movieLimit=200&showLimit=200`,
  );
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { moviesList: ListItem[]; showsList: ListItem[] };
  return { movies: body.moviesList.map((i) => i.id), shows: body.showsList.map((i) => i.id) };
}

/** Ids of the movies and shows in the signed-in user's watch history (the real API). */
export async function watchHistoryIds(
  request: APIRequestContext,
): Promise<{ movies: number[]; shows: number[] }> {
  const uid = await signedInUid(request);
  const response = await request.get(
    `/pigo-stream/watch-history/${uid}/fetch-watch-history?movieLimit=200&showLimit=200`,
  );
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { moviesHistory: ListItem[]; showsHistory: ListItem[] };
  return {
    movies: body.moviesHistory.map((i) => i.id),
    shows: body.showsHistory.map((i) => i.id),
  };
}

/** The play page's title answer, read from the real API (what the page should show). */
export async function mediaInfo(
  request: APIRequestContext,
  title: TestTitle,
): Promise<Record<string, unknown>> {
  const response = await request.get(
    `/pigo-stream/playground/media-info?id=${String(title.id)}&type=${title.type}`,
  );
  expect(response.ok()).toBe(true);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Records a short real WebM video in the page (a canvas animation through
 * `canvas.captureStream` and `MediaRecorder`, `ms` long) and returns its bytes. MediaRecorder
 * writes no duration into the file, so the browser reports an endless video (`duration`
 * Infinity) until it has read it all; longer test files are made-videos.ts's.
 */
export async function recordWebm(page: Page, ms = 1500): Promise<Buffer> {
  const base64 = await page.evaluate(async (duration) => {
    const canvas = document.createElement('canvas');
    canvas.width = 160;
    canvas.height = 90;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    const recorder = new MediaRecorder(canvas.captureStream(25), {
      mimeType: 'video/webm;codecs=vp8',
    });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    let frame = 0;
    const draw = () => {
      context.fillStyle = `hsl(${String((frame * 15) % 360)} 80% 50%)`;
      context.fillRect(0, 0, 160, 90);
      frame += 1;
    };
    draw();
    const timer = setInterval(draw, 40);
    recorder.start(100);
    await new Promise((resolve) => setTimeout(resolve, duration));
    recorder.stop();
    await stopped;
    clearInterval(timer);
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, ms);
  return Buffer.from(base64, 'base64');
}

/**
 * Puts `video` into the media library as `fileName` (named the Jellyfin way, with the TMDB id
 * of movie `title`) and rescans until the title lists the 'Local library' server (a rescan
 * runs at most once per 10 s).
 */
export async function addToMediaLibrary(
  page: Page,
  title: TestTitle,
  fileName: string,
  video: Buffer,
): Promise<void> {
  await writeFile(path.join(mediaDir(), fileName), video);
  await rescanUntilListed(page.request, title, sameOrigin(page));
}

/**
 * Plays `video` muted at `rate` (default 1) until it is at least `seconds` s in, polling every
 * `intervalMs` ms for at most `timeoutMs` ms.
 */
export async function playVideoTo(
  video: Locator,
  seconds: number,
  { rate = 1, timeoutMs = 15_000, intervalMs = 100 } = {},
): Promise<void> {
  await video.evaluate((v: HTMLVideoElement, playbackRate) => {
    v.muted = true;
    v.playbackRate = playbackRate;
    return v.play();
  }, rate);
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), {
      timeout: timeoutMs,
      intervals: [intervalMs],
    })
    .toBeGreaterThanOrEqual(seconds);
}
