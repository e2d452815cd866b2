/**
 * The whole library plays in the browser (PLAYBACK-1..6 in docs/requirements.md): each shape of
 * the test library (tools/test-media.ts, made with ffmpeg: H.264 + AAC MP4, VP9 + Opus WebM,
 * H.264 + AC-3 5.1 + AAC MKV with SRT and ASS inside, HEVC MKV, XviD + MP3 AVI) plays in
 * Chromium with a picture, seeks and resumes; the audio picker switches track where the video
 * was; each subtitle shows its cues at their times with their accents, and 'Off' hides them;
 * each user's audio and subtitle languages carry over to the next title; hls.js plays where the
 * browser has no HLS of its own; a file the browser cannot play says why.
 */
import { mkdir } from 'node:fs/promises';
import type { Locator, Page, Response } from '@playwright/test';
import { expect, test } from './support/fixtures.ts';
import { coveredControls } from './support/layout-checks.ts';
import { freshUser } from './support/library-page.ts';
import {
  addTestMedia,
  seekPaused,
  textTracks,
  videoState,
  type MediaShape,
} from './support/library-media.ts';
import { openPlay, player, playVideoTo, section, type TestTitle } from './support/play-page.ts';

/** A playback answer, as much as the tests read of it. */
interface PlaybackAnswer {
  mode: string;
  url: string | null;
  delivery: string | null;
  message: string | null;
  audio_track: number | null;
  audio_tracks: { index: number; language: string | null; label: string }[];
  subtitles: { id: string; label: string; forced: boolean; kind: string }[];
}

/** Whether `response` is a playback answer (with `audioTrack`: for that track). */
function isPlayback(response: Response, audioTrack?: number): boolean {
  const url = new URL(response.url());
  return (
    /\/pigo-stream\/sources\/media\/[a-f0-9]{24}\/playback$/.test(url.pathname) &&
    (audioTrack === undefined || url.searchParams.get('audio_track') === String(audioTrack))
  );
}

/**
 * Opens `title`'s play page, chooses the 'Local library' server and answers its video and the
 * page's first playback answer.
 */
async function openLibraryPlayer(
  page: Page,
  title: TestTitle,
): Promise<{ video: Locator; playback: PlaybackAnswer }> {
  const answered = page.waitForResponse((response) => isPlayback(response));
  await openPlay(page, title);
  const local = section(page, 'Servers').getByRole('button', { name: 'Local library' });
  if ((await local.getAttribute('aria-pressed')) !== 'true') await local.click();
  const response = await answered;
  expect(response.status()).toBe(200);
  const playback = (await response.json()) as PlaybackAnswer;
  return { video: player(page).locator('video'), playback };
}

/** Waits until `video` knows its length, about `seconds`. */
async function expectDuration(video: Locator, seconds: number): Promise<void> {
  await expect
    .poll(async () => (await videoState(video)).duration, { timeout: 30_000 })
    .toBeGreaterThan(seconds - 1);
}

/**
 * Expects `video` to be decoding pictures: a picture width (within 20 s: a resumed or sought
 * video may still be loading its position, as a user would see), and more frames a moment later.
 */
async function expectPictures(video: Locator): Promise<void> {
  await expect
    .poll(async () => (await videoState(video)).videoWidth, { timeout: 20_000 })
    .toBeGreaterThan(0);
  const before = await videoState(video);
  await expect
    .poll(async () => (await videoState(video)).frames, { timeout: 10_000 })
    .toBeGreaterThan(before.frames);
}

/** Each shape of the test library, played as a starter-catalogue movie no other test plays. */
const SHAPES: { shape: MediaShape; title: TestTitle }[] = [
  { shape: 'mp4', title: { id: 578, type: 'movie', title: 'Jaws' } },
  { shape: 'webm', title: { id: 348, type: 'movie', title: 'Alien' } },
  { shape: 'mkv', title: { id: 679, type: 'movie', title: 'Aliens' } },
  { shape: 'hevc', title: { id: 601, type: 'movie', title: 'E.T. the Extra-Terrestrial' } },
  { shape: 'avi', title: { id: 85, type: 'movie', title: 'Raiders of the Lost Ark' } },
];

for (const { shape, title } of SHAPES) {
  test(`${shape}: plays with a picture, seeks to 80 % and plays on, and resumes after a reload`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const user = await freshUser(browser, testInfo);
    const { page } = user;
    const file = await addTestMedia(page, title, shape);
    const { video, playback } = await openLibraryPlayer(page, title);
    expect(playback.mode).toBe(file.expectedMode);
    await expectDuration(video, file.duration);

    await playVideoTo(video, 1, { timeoutMs: 30_000 });
    await expectPictures(video);

    // 80 % in, it plays on.
    const at80 = file.duration * 0.8;
    await video.evaluate((v: HTMLVideoElement, to) => {
      v.currentTime = to;
    }, at80);
    await expect
      .poll(async () => (await videoState(video)).currentTime, { timeout: 20_000 })
      .toBeGreaterThan(at80 + 0.3);
    await expectPictures(video);

    // Left at 3 s (paused there: the pause saves it), it resumes there after a reload.
    const saved = page.waitForResponse('**/pigo-stream/progress/save-progress');
    await video.evaluate(
      (v: HTMLVideoElement) =>
        new Promise<void>((resolve) => {
          v.addEventListener(
            'seeked',
            () => {
              v.pause();
              resolve();
            },
            { once: true },
          );
          v.currentTime = 3;
        }),
    );
    expect((await saved).ok()).toBe(true);
    await page.reload();
    const resume = player(page).getByRole('button', { name: /^Resume from 0:0[34]$/ });
    await expect(resume).toBeVisible({ timeout: 30_000 });
    await resume.click();
    await expect
      .poll(async () => (await videoState(video)).paused, { timeout: 20_000 })
      .toBe(false);
    const resumed = await videoState(video);
    expect(resumed.currentTime).toBeGreaterThan(2.5);
    await expectPictures(video);
    await user.context.close();
  });
}

test('the audio picker plays the MKV in Japanese from where it was, playing on', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = { id: 424, type: 'movie', title: "Schindler's List" } as const;
  const file = await addTestMedia(page, title, 'mkv');
  const { video, playback } = await openLibraryPlayer(page, title);
  expect(playback.audio_tracks.map((t) => t.language)).toEqual(file.audio.map((a) => a.language));
  expect(playback.audio_track).toBe(0);
  const audio = player(page).getByLabel('Audio');
  await expect(audio.locator('option')).toHaveText(playback.audio_tracks.map((t) => t.label));
  await expect(audio).toHaveValue('0');

  await expectDuration(video, file.duration);
  await playVideoTo(video, 2, { timeoutMs: 30_000 });
  const before = await videoState(video);
  const answered = page.waitForResponse((response) => isPlayback(response, 1));
  await audio.selectOption({ label: playback.audio_tracks[1]?.label ?? '' });
  const japanese = (await (await answered).json()) as PlaybackAnswer;
  expect(japanese.audio_track).toBe(1);
  expect(japanese.url).not.toBe(playback.url);
  await expect(audio).toHaveValue('1');
  // The new link plays, from where the old one was (not from the start), and on.
  await expect
    .poll(async () => (await videoState(video)).src, { timeout: 20_000 })
    .not.toBe(before.src);
  await expect
    .poll(async () => (await videoState(video)).currentTime, { timeout: 20_000 })
    .toBeGreaterThan(before.currentTime + 0.3);
  const after = await videoState(video);
  expect(after.paused).toBe(false);
  await expectPictures(video);
});

/** The files whose subtitles are read: the MP4's beside it, the MKV's inside. */
const SUBTITLED: { shape: MediaShape; title: TestTitle }[] = [
  { shape: 'mp4', title: { id: 680, type: 'movie', title: 'Pulp Fiction' } },
  { shape: 'mkv', title: { id: 238, type: 'movie', title: 'The Godfather' } },
];

for (const { shape, title } of SUBTITLED) {
  test(`${shape}: each subtitle shows its cues at their times, accents intact; 'Off' hides them`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const file = await addTestMedia(page, title, shape);
    const { video, playback } = await openLibraryPlayer(page, title);
    expect(playback.subtitles.map((s) => s.id)).toEqual(file.subtitles.map((s) => s.id));
    const picker = player(page).getByLabel('Subtitles');
    await expect(picker.locator('option')).toHaveText([
      'Off',
      ...playback.subtitles.map((s) => s.label),
    ]);
    await expectDuration(video, file.duration);
    // The only forced subtitle shows by itself; else none.
    const forced = file.subtitles.filter((s) => s.forced);
    await expect(picker).toHaveValue(forced.length === 1 ? (forced[0]?.id ?? '') : 'off');

    for (const subtitle of file.subtitles) {
      const label = playback.subtitles.find((s) => s.id === subtitle.id)?.label ?? '';
      await picker.selectOption(subtitle.id);
      // The first cue of each starts by 1 s and lasts past 1.5 s; the second runs at 4 s.
      for (const [at, cue] of [
        [1.5, subtitle.cues[0]],
        [4, subtitle.cues[1]],
      ] as const) {
        if (cue === undefined) continue;
        await seekPaused(video, at);
        await expect
          .poll(async () => (await textTracks(video)).filter((t) => t.mode === 'showing'), {
            timeout: 10_000,
          })
          .toEqual([expect.objectContaining({ label, cue })]);
      }
    }
    await picker.selectOption('off');
    await seekPaused(video, 1.5);
    const tracks = await textTracks(video);
    expect(tracks).toHaveLength(file.subtitles.length);
    expect(tracks.filter((t) => t.mode === 'showing')).toEqual([]);
  });
}

test("each user's audio and subtitle languages open the next title", async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const user = await freshUser(browser, testInfo);
  const { page } = user;
  const first = { id: 240, type: 'movie', title: 'The Godfather Part II' } as const;
  const next = { id: 1422, type: 'movie', title: 'The Departed' } as const;
  const subtitled = { id: 597, type: 'movie', title: 'Titanic' } as const;
  await addTestMedia(page, first, 'mkv');
  await addTestMedia(page, next, 'mkv');
  const mp4 = await addTestMedia(page, subtitled, 'mp4');

  // Japanese audio and Japanese subtitles chosen on one title...
  const opened = await openLibraryPlayer(page, first);
  await expect(player(page).getByLabel('Audio')).toHaveValue('0');
  const answered = page.waitForResponse((response) => isPlayback(response, 1));
  await player(page).getByLabel('Audio').selectOption('1');
  await answered;
  const japanese = opened.playback.subtitles.find((s) => !s.forced && s.id === 'e1');
  expect(japanese).toBeDefined();
  await player(page).getByLabel('Subtitles').selectOption('e1');

  // ...open the next one in Japanese, with Japanese subtitles showing...
  const preferred = page.waitForResponse((response) => isPlayback(response, 1));
  const { video } = await openLibraryPlayer(page, next);
  expect(((await (await preferred).json()) as PlaybackAnswer).audio_track).toBe(1);
  await expect(player(page).getByLabel('Audio')).toHaveValue('1');
  await expect(player(page).getByLabel('Subtitles')).toHaveValue('e1');
  await expectDuration(video, mp4.duration);
  await expect
    .poll(async () => (await textTracks(video)).map((t) => t.mode))
    .toEqual(['disabled', 'showing']);

  // ...and a file with Japanese subtitles beside it shows them, not its forced English ones.
  await openLibraryPlayer(page, subtitled);
  const ja = mp4.subtitles.find((s) => s.language === 'ja');
  await expect(player(page).getByLabel('Subtitles')).toHaveValue(ja?.id ?? '');

  // 'Off' is remembered too.
  await player(page).getByLabel('Subtitles').selectOption('off');
  await openLibraryPlayer(page, next);
  await expect(player(page).getByLabel('Subtitles')).toHaveValue('off');
  await user.context.close();
});

test('hls.js plays the remux where the browser has no HLS of its own, and switches audio', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // As Firefox: the video element knows no HLS playlist (Chromium 141+ plays them itself).
  await page.addInitScript(() => {
    const { prototype } = HTMLMediaElement;
    const canPlayType = Object.getOwnPropertyDescriptor(prototype, 'canPlayType')?.value as (
      this: HTMLMediaElement,
      type: string,
    ) => CanPlayTypeResult;
    prototype.canPlayType = function (this: HTMLMediaElement, type: string) {
      return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
    };
  });
  const title = { id: 550, type: 'movie', title: 'Fight Club' } as const;
  const file = await addTestMedia(page, title, 'mkv');
  const { video, playback } = await openLibraryPlayer(page, title);
  expect(playback.delivery).toBe('hls');
  await expectDuration(video, file.duration);
  expect((await videoState(video)).src).toMatch(/^blob:/);
  await playVideoTo(video, 1.5, { timeoutMs: 30_000 });
  await expectPictures(video);

  const answered = page.waitForResponse((response) => isPlayback(response, 1));
  const before = await videoState(video);
  await player(page).getByLabel('Audio').selectOption('1');
  await answered;
  await expect
    .poll(async () => (await videoState(video)).src, { timeout: 20_000 })
    .not.toBe(before.src);
  await expect
    .poll(async () => (await videoState(video)).currentTime, { timeout: 20_000 })
    .toBeGreaterThan(before.currentTime + 0.3);
  await expectPictures(video);

  await player(page).getByLabel('Subtitles').selectOption('e0');
  await seekPaused(video, 1.5);
  await expect
    .poll(async () => (await textTracks(video)).find((t) => t.mode === 'showing')?.cue)
    .toBe(file.subtitles[0]?.cues[0]);
});

test('a segment the busy server refuses (503) is tried again, and the video plays', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const title = { id: 77, type: 'movie', title: 'Memento' } as const;
  const file = await addTestMedia(page, title, 'mkv');
  // The first segment asked for is refused, as when TRANSCODE_MAX ffmpeg are running.
  let refused = 0;
  await page.route('**/pigo-stream/sources/media/*/hls/**', async (route) => {
    if (refused === 0 && /\/seg\d+\.\w+$/.test(new URL(route.request().url()).pathname)) {
      refused += 1;
      await route.fulfill({ status: 503, json: { error: 'Too many transcodes' } });
      return;
    }
    await route.continue();
  });
  const { video, playback } = await openLibraryPlayer(page, title);
  expect(playback.delivery).toBe('hls');
  await expectDuration(video, file.duration);
  expect(refused).toBe(1);
  await playVideoTo(video, 1.5, { timeoutMs: 30_000 });
  await expectPictures(video);
});

test('a file this browser cannot play says why in the player area', async ({ page }) => {
  const title = { id: 13, type: 'movie', title: 'Forrest Gump' } as const;
  const mediaId = '0123456789abcdef01234567';
  await page.route('**/pigo-stream/sources/servers?*', async (route) => {
    await route.fulfill({
      json: [
        { server_name: 'Local library', server_link: `/pigo-stream/sources/media/${mediaId}` },
      ],
    });
  });
  const message = 'This file needs ffmpeg on the server to play in this browser.';
  await page.route(`**/pigo-stream/sources/media/${mediaId}/playback?*`, async (route) => {
    await route.fulfill({
      json: {
        mode: 'unplayable',
        url: null,
        delivery: null,
        message,
        duration: 6,
        audio_tracks: [],
        audio_track: null,
        subtitles: [],
        burnt: null,
      },
    });
  });
  await openPlay(page, title);
  await section(page, 'Servers').getByRole('button', { name: 'Local library' }).click();
  await expect(player(page).getByText(message)).toBeVisible();
  await expect(player(page).locator('video')).toHaveCount(0);
});

for (const { viewport, title } of [
  {
    viewport: { width: 390, height: 844 },
    title: { id: 807, type: 'movie', title: 'Se7en' } as const,
  },
  {
    viewport: { width: 1280, height: 800 },
    title: { id: 629, type: 'movie', title: 'The Usual Suspects' } as const,
  },
]) {
  test(`at ${String(viewport.width)}x${String(viewport.height)} the pickers sit under the video, clear of it, the edges and the bar`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const file = await addTestMedia(page, title, 'mkv');
    const { video } = await openLibraryPlayer(page, title);
    await expectDuration(video, file.duration);
    const pickers = [player(page).getByLabel('Audio'), player(page).getByLabel('Subtitles')];
    const videoBox = await video.boundingBox();
    if (!videoBox) throw new Error('no video box');
    for (const picker of pickers) {
      await expect(picker).toBeVisible();
      const box = await picker.boundingBox();
      if (!box) throw new Error('no picker box');
      expect(box.y).toBeGreaterThanOrEqual(videoBox.y + videoBox.height);
      expect(box.x).toBeGreaterThanOrEqual(8);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width - 8);
    }
    expect(await coveredControls(page, 'start')).toEqual([]);
    const shots = process.env.PIGO_E2E_SHOTS_DIR;
    if (shots) {
      await mkdir(shots, { recursive: true });
      await page.screenshot({
        path: `${shots}/library-player-${String(viewport.width)}x${String(viewport.height)}.png`,
      });
    }
  });
}
