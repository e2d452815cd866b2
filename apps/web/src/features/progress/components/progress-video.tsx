/**
 * The play page's `<video>` for a media file, with its watch progress (PROG-1 in
 * docs/requirements.md): it is saved as the video plays (hooks/use-video-progress.ts), and a movie
 * or episode left part-way opens at the saved position, with 'Resume from 42:10' and 'Start over'
 * until it plays.
 */
import { WATCHED_FRACTION } from '@pigostream/contracts';
import { useQuery } from '@tanstack/react-query';
import { RotateCcw, Play } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
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
 * A `<video controls>` of `link` named `label`, saving the progress of `target` for user `uid`
 * and opening at the saved position. The resume choice sits at the top, away from the video's
 * controls, and goes once the video plays.
 */
export function ProgressVideo({
  link,
  label,
  uid,
  target,
}: {
  link: string;
  label: string;
  uid: string | undefined;
  target: ProgressTarget;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(false);
  const resumeAt = useResumePosition(uid, target);
  const applied = useRef(false);
  useVideoProgress(videoRef, uid, target);

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
      />
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
