/**
 * How the library player puts a playback link into its `<video>` (PLAYBACK-2 in
 * docs/requirements.md): a file, or an HLS playlist the browser plays itself, as the element's
 * `src`; any other HLS playlist through hls.js (its light build: no subtitle, alternate audio or
 * DRM code), loaded only when such a playlist is played.
 */
import type Hls from 'hls.js';
import { loadChunk } from '../../lib/load-chunk.ts';
import type { AttachSource } from '../progress/index.ts';

/** What the player area says when hls.js gives up on a playlist. */
export const HLS_FAILED_MESSAGE = 'This video could not be played. Please try again later.';

/** {@link AttachSource} of `url` as the video's `src`: a file. */
export function attachSrc(url: string): AttachSource {
  return (video) => {
    video.src = url;
    return () => {
      video.removeAttribute('src');
      video.load();
    };
  };
}

/** Delays before each new try of a playlist the browser plays itself, after an error, in ms. */
export const NATIVE_HLS_RETRY_MS = [1000, 2000, 4000, 8000] as const;

/**
 * {@link AttachSource} of the HLS playlist `url` as the video's `src`, for a browser that plays
 * HLS itself (Safari, Chromium 141+). Such a player gives up at the first segment it cannot
 * load, where the server may only be busy (PLAYBACK-4: 503 while its ffmpeg processes are all
 * taken, or a segment not made in time): after an error the playlist is tried again after each delay of
 * {@link NATIVE_HLS_RETRY_MS}, from where the video was and playing if it was; after the last,
 * `onFail` is called with {@link HLS_FAILED_MESSAGE}. A try that plays resets the count.
 */
export function attachNativeHls(url: string, onFail: (message: string) => void): AttachSource {
  return (video) => {
    let tries = 0;
    let timer: number | undefined;
    let at = 0;
    let playing = false;
    const onTime = () => {
      if (video.readyState >= HTMLMediaElement.HAVE_METADATA) at = video.currentTime;
    };
    const onPlaying = () => {
      playing = true;
      tries = 0;
    };
    const onPause = () => {
      if (!video.error) playing = false;
    };
    const resume = () => {
      if (at > 0 && Math.abs(video.currentTime - at) > 0.5) video.currentTime = at;
      if (playing) void video.play().catch(() => undefined);
    };
    const onError = () => {
      const delay = NATIVE_HLS_RETRY_MS[tries];
      if (delay === undefined) {
        onFail(HLS_FAILED_MESSAGE);
        return;
      }
      tries += 1;
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        video.addEventListener('loadedmetadata', resume, { once: true });
        video.src = url;
      }, delay);
    };
    video.addEventListener('timeupdate', onTime);
    video.addEventListener('playing', onPlaying);
    video.addEventListener('pause', onPause);
    video.addEventListener('error', onError);
    video.src = url;
    return () => {
      window.clearTimeout(timer);
      video.removeEventListener('timeupdate', onTime);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('pause', onPause);
      video.removeEventListener('error', onError);
      video.removeEventListener('loadedmetadata', resume);
      video.removeAttribute('src');
      video.load();
    };
  };
}

/**
 * {@link AttachSource} of the HLS playlist `url` through hls.js, imported on the first call.
 * The video opens at the `startAt` it is given (seconds). A fatal media error is recovered once
 * (hls.js' `recoverMediaError`); after another, or a fatal network error (hls.js retries first),
 * or when hls.js cannot load or run, `onFail` is called with {@link HLS_FAILED_MESSAGE}. The
 * detach destroys the hls.js instance.
 */
export function attachHls(url: string, onFail: (message: string) => void): AttachSource {
  return (video, startAt) => {
    let player: Hls | undefined;
    let gone = false;
    const fail = () => {
      player?.destroy();
      player = undefined;
      onFail(HLS_FAILED_MESSAGE);
    };
    loadChunk(() => import('hls.js/light')).then(
      ({ default: HlsPlayer }) => {
        if (gone) return;
        if (!HlsPlayer.isSupported()) {
          fail();
          return;
        }
        // No worker: the Content-Security-Policy allows no blob: worker, and short segments
        // are transmuxed quickly enough on the page's thread.
        const hls = new HlsPlayer({ enableWorker: false, startPosition: startAt ?? -1 });
        player = hls;
        let recovered = false;
        hls.on(HlsPlayer.Events.ERROR, (_event, data) => {
          if (!data.fatal) return;
          if (data.type === HlsPlayer.ErrorTypes.MEDIA_ERROR && !recovered) {
            recovered = true;
            hls.recoverMediaError();
            return;
          }
          console.error('HLS playback failed', data.details);
          fail();
        });
        hls.loadSource(url);
        hls.attachMedia(video);
      },
      (error: unknown) => {
        console.error('Loading hls.js failed', error);
        if (!gone) fail();
      },
    );
    return () => {
      gone = true;
      player?.destroy();
      player = undefined;
    };
  };
}
