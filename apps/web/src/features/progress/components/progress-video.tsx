/**
 * The play page's `<video>` for a media file, with its watch progress (PROG-1 in
 * docs/requirements.md): it is saved as the video plays (hooks/use-video-progress.ts), and a movie
 * or episode left part-way opens at the saved position, with 'Resume from 42:10' and 'Start over'
 * until it plays. The source is a link (`src`) or attached by the caller (a library file's HLS
 * playlist through hls.js, PLAYBACK-2): progress reads the element either way.
 */
import { WATCHED_FRACTION } from '@pigostream/contracts';
import { useQuery } from '@tanstack/react-query';
import { RotateCcw, Play } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { titleProgressQueryOptions, type ProgressTarget } from '../api/progress.ts';
import { useVideoProgress } from '../hooks/use-video-progress.ts';

/** `seconds` as the player shows time: `m:ss`, or `h:mm:ss` from an hour on. */
export function formatPlayTime(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${String(h)}:${String(m).padStart(2, '0')}:${s}` : `${String(m)}:${s}`;
}

/** Where `target` was left, in seconds: its saved position when started and not finished. */
function useResumePosition(uid: string | undefined, target: ProgressTarget): number | undefined {
  const progress = useQuery({
    ...titleProgressQueryOptions(uid ?? '', target.type, target.id),
    enabled: uid !== undefined,
  });
  const entry = progress.data?.find(
    (item) =>
      target.type === 'movie' || (item.season === target.season && item.episode === target.episode),
  );
  if (!entry || entry.position <= 0 || entry.position >= WATCHED_FRACTION * entry.duration) {
    return undefined;
  }
  return entry.position;
}

/**
 * Puts a source into `video`, which opens at `startAt` seconds when given (the source that played
 * before stopped there), and returns what takes it out again (an hls.js instance destroyed, the
 * `src` removed).
 */
export type AttachSource = (video: HTMLVideoElement, startAt: number | undefined) => () => void;

/** Where the source before stopped: its position in seconds, and whether it was playing. */
interface Handover {
  time: number;
  playing: boolean;
}

/**
 * Runs `attach` on the video in `videoRef` while it is the same function: a new one (another
 * audio track, PLAYBACK-3) opens where the source before it was and plays on if that one was
 * playing. Called after {@link useVideoProgress}, so on unmount the last position is saved
 * before the source is taken out.
 */
function useAttachedSource(
  videoRef: RefObject<HTMLVideoElement | null>,
  attach: AttachSource | undefined,
): void {
  const handover = useRef<Handover | undefined>(undefined);
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !attach) return;
    const from = handover.current;
    handover.current = undefined;
    const detach = attach(video, from?.time);
    const carryOn = () => {
      if (!from) return;
      if (Math.abs(video.currentTime - from.time) > 0.5) video.currentTime = from.time;
      if (from.playing) void video.play().catch(() => undefined);
    };
    if (from) video.addEventListener('loadedmetadata', carryOn, { once: true });
    return () => {
      video.removeEventListener('loadedmetadata', carryOn);
      handover.current =
        video.played.length > 0 || video.currentTime > 0
          ? { time: video.currentTime, playing: !video.paused && !video.ended }
          : from;
      detach();
    };
  }, [videoRef, attach]);
}

/**
 * A `<video controls>` named `label`, playing `link` or the source `attach` puts in (a stable
 * function per source: a new one replaces the source where the last one was), with `children`
 * (its `<track>` elements). It saves the progress of `target` for user `uid` and opens at the
 * saved position. The resume choice sits at the top, away from the video's controls, and goes
 * once the video plays. In a room (TOGETHER-10) `onVideo` is given the element, which then
 * follows the room: it neither opens at the saved position nor offers the resume choice.
 */
export function ProgressVideo({
  link,
  attach,
  label,
  uid,
  target,
  children,
  onVideo,
}: {
  link?: string | undefined;
  attach?: AttachSource | undefined;
  label: string;
  uid: string | undefined;
  target: ProgressTarget;
  children?: ReactNode;
  onVideo?: ((video: HTMLVideoElement | null) => void) | undefined;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const saved = useResumePosition(uid, target);
  const resumeAt = onVideo ? undefined : saved;
  const applied = useRef(false);
  useVideoProgress(videoRef, uid, target);
  useAttachedSource(videoRef, attach);

  // A room's player (TOGETHER-10) gets the element to follow the room with.
  useEffect(() => {
    if (!onVideo) return;
    onVideo(videoRef.current);
    return () => {
      onVideo(null);
    };
  }, [onVideo]);

  // The saved position is where the video opens, once it knows its length.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || resumeAt === undefined || applied.current) return;
    const seek = () => {
      if (applied.current || video.played.length > 0) return;
      applied.current = true;
      video.currentTime = resumeAt;
    };
    if (video.readyState >= HTMLMediaElement.HAVE_METADATA) seek();
    else video.addEventListener('loadedmetadata', seek, { once: true });
    return () => {
      video.removeEventListener('loadedmetadata', seek);
    };
  }, [resumeAt]);

  const playFrom = (seconds: number) => {
    const video = videoRef.current;
    if (!video) return;
    applied.current = true;
    video.currentTime = seconds;
    void video.play().catch(() => undefined);
  };

  return (
    <>
      <video
        ref={videoRef}
        src={link}
        controls
        playsInline
        preload="metadata"
        aria-label={label}
        onPlaying={() => {
          setPlaying(true);
        }}
        className="size-full bg-black"
      >
        {children}
      </video>
      {resumeAt !== undefined && !playing && (
        <div className="absolute inset-x-0 top-0 flex flex-wrap gap-2 bg-gradient-to-b from-black/80 to-transparent p-3">
          <button
            type="button"
            onClick={() => {
              playFrom(resumeAt);
            }}
            className="inline-flex items-center gap-2 rounded-md bg-accent px-3 py-1.5 text-sm font-semibold text-white hover:bg-rose-500"
          >
            <Play aria-hidden="true" className="size-4 fill-current" />
            {`Resume from ${formatPlayTime(resumeAt)}`}
          </button>
          <button
            type="button"
            onClick={() => {
              playFrom(0);
            }}
            className="inline-flex items-center gap-2 rounded-md bg-white/15 px-3 py-1.5 text-sm font-medium text-white hover:bg-white/25"
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Start over
          </button>
        </div>
      )}
    </>
  );
}
