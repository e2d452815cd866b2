/**
 * The `plan` of an HLS link (PLAYBACK-4 in docs/requirements.md): which file, for which user, how
 * (remux or transcode, the audio track, the image subtitle burnt in, which streams are copied),
 * as an opaque string the playback answer hands out: base64url of the plan's JSON, a dot, and an
 * HMAC-SHA256 of it with a key derived from the server's auth secret. A plan that was changed,
 * or made by another server secret, is refused; the routes refuse one naming another user.
 * Also the segment list of a plan: where each segment starts.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { MediaProbe } from './media-probe.ts';

/** What an HLS link plays. */
export interface HlsPlan {
  /** The library file's opaque id. */
  mediaId: string;
  /** The user the link was made for. */
  uid: string;
  mode: 'remux' | 'transcode';
  /** The audio track's index among the file's audio tracks, or null for none. */
  audio: number | null;
  /** The index among the file's subtitle streams of an image subtitle burnt in, or null. */
  burn: number | null;
  videoCopy: boolean;
  audioCopy: boolean;
}

/** Longest plan string accepted, in characters. */
export const MAX_PLAN_LENGTH = 400;

/** Signs and checks plans with a key derived from the auth secret. */
export class PlanSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    // Its own key: a plan can never pass for anything else the auth secret signs.
    this.key = createHash('sha256').update(`pigostream.hls-plan\0${secret}`).digest();
  }

  private mac(payload: string): Buffer {
    return createHmac('sha256', this.key).update(payload).digest();
  }

  /** The opaque string of a plan (base64url characters and one dot). */
  sign(plan: HlsPlan): string {
    const payload = Buffer.from(
      JSON.stringify([
        plan.mediaId,
        plan.uid,
        plan.mode === 'remux' ? 'r' : 't',
        plan.audio,
        plan.burn,
        plan.videoCopy ? 1 : 0,
        plan.audioCopy ? 1 : 0,
      ]),
    ).toString('base64url');
    return `${payload}.${this.mac(payload).toString('base64url')}`;
  }

  /** The plan of a string {@link sign} made with this secret, else undefined (never throws). */
  verify(value: string): HlsPlan | undefined {
    if (value.length > MAX_PLAN_LENGTH) return undefined;
    const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(value);
    if (!match?.[1] || !match[2]) return undefined;
    const given = Buffer.from(match[2], 'base64url');
    const expected = this.mac(match[1]);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    try {
      const raw: unknown = JSON.parse(Buffer.from(match[1], 'base64url').toString('utf8'));
      if (!Array.isArray(raw) || raw.length !== 7) return undefined;
      const [mediaId, uid, mode, audio, burn, videoCopy, audioCopy] = raw as unknown[];
      const index = (v: unknown) => v === null || (Number.isInteger(v) && (v as number) >= 0);
      if (
        typeof mediaId !== 'string' ||
        typeof uid !== 'string' ||
        (mode !== 'r' && mode !== 't') ||
        !index(audio) ||
        !index(burn)
      ) {
        return undefined;
      }
      return {
        mediaId,
        uid,
        mode: mode === 'r' ? 'remux' : 'transcode',
        audio: audio as number | null,
        burn: burn as number | null,
        videoCopy: videoCopy === 1,
        audioCopy: audioCopy === 1,
      };
    } catch {
      return undefined;
    }
  }
}

/**
 * Where each segment starts, in seconds of the file's timeline, and where the last ends
 * (PLAYBACK-4). Re-encoded video is cut every `target` seconds (ffmpeg forces a keyframe there);
 * copied video only at its keyframes, so each cut is the keyframe nearest `target` seconds after
 * the previous cut and at least two thirds of `target` after it.
 */
export function segmentStarts(
  probe: MediaProbe,
  videoCopy: boolean,
  target: number,
): { starts: number[]; end: number } {
  const first = probe.startTime;
  const end = first + Math.max(probe.duration ?? 0, 0.1);
  const keyframes = probe.keyframes ?? [];
  const starts = [first];
  if (!videoCopy || keyframes.length === 0) {
    // No segment shorter than a third of `target` at the end.
    for (let t = first + target; t < end - target / 3; t += target) starts.push(t);
    return { starts, end };
  }
  const usable = keyframes.filter((k) => k > first && k < end - target / 3);
  let last = first;
  let i = 0;
  while (i < usable.length) {
    while (i < usable.length && (usable[i] ?? 0) < last + (target * 2) / 3) i += 1;
    if (i >= usable.length) break;
    let pick = i;
    // Among the keyframes up to the first past `last + target`, the one nearest it.
    for (let j = i; j < usable.length; j++) {
      const k = usable[j] ?? 0;
      if (Math.abs(k - (last + target)) <= Math.abs((usable[pick] ?? 0) - (last + target)))
        pick = j;
      if (k >= last + target) break;
    }
    last = usable[pick] ?? last;
    starts.push(last);
    i = pick + 1;
  }
  return { starts, end };
}

/**
 * The HLS media playlist (VOD) of a plan's segments `seg{n}.ts`, every one listed with its
 * length (PLAYBACK-4).
 */
export function mediaPlaylist(starts: number[], end: number): string {
  const lengths = starts.map((s, i) => (starts[i + 1] ?? end) - s);
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    `#EXT-X-TARGETDURATION:${String(Math.max(1, Math.ceil(Math.max(...lengths))))}`,
    '#EXT-X-MEDIA-SEQUENCE:0',
    '#EXT-X-PLAYLIST-TYPE:VOD',
  ];
  lengths.forEach((length, i) => {
    lines.push(`#EXTINF:${length.toFixed(6)},`, `seg${String(i)}.ts`);
  });
  lines.push('#EXT-X-ENDLIST', '');
  return lines.join('\n');
}
