/** The library player's audio and subtitle pickers (PLAYBACK-3 in docs/requirements.md). */
import type { AudioTrack, SubtitleTrack } from '@pigostream/contracts';
import { AudioLines, Captions, LoaderCircle } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { subtitleOptions, type SubtitleChoice } from '../playback-rules.ts';

/** A labelled `<select>` of the pickers' row: `icon`, then `label` named for screen readers. */
function Picker({
  icon,
  label,
  value,
  options,
  onChange,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 items-center gap-2">
      {icon}
      <label htmlFor={id} className="text-neutral-300">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          onChange(event.currentTarget.value);
        }}
        className="max-w-[13rem] min-w-0 truncate rounded-md border border-white/15 bg-neutral-900 px-2 py-1.5 text-neutral-100 hover:border-white/30"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The row under the player: 'Audio', a `<select>` of `audioTracks` by label (only with two or
 * more), and 'Subtitles', a `<select>` of 'Off' and each of `subtitles` (image ones '… (burnt
 * in)'; only when there are any). `audioTrack` and `subtitle` are the chosen values; `busy` shows
 * a spinner while a new choice's playback is asked for. Nothing when there is nothing to choose.
 */
export function PlaybackPickers({
  audioTracks,
  audioTrack,
  onAudioTrack,
  subtitles,
  subtitle,
  onSubtitle,
  busy,
}: {
  audioTracks: readonly AudioTrack[];
  audioTrack: number | null;
  onAudioTrack: (index: number) => void;
  subtitles: readonly SubtitleTrack[];
  subtitle: SubtitleChoice;
  onSubtitle: (choice: SubtitleChoice) => void;
  busy: boolean;
}) {
  if (audioTracks.length < 2 && subtitles.length === 0) return null;
  const iconClass = 'size-4 shrink-0 text-neutral-400';
  return (
    <div className="flex flex-wrap items-center gap-x-6 gap-y-2 px-1 text-sm">
      {audioTracks.length >= 2 && (
        <Picker
          icon={<AudioLines aria-hidden="true" className={iconClass} />}
          label="Audio"
          value={String(audioTrack ?? '')}
          options={audioTracks.map((track) => ({ value: String(track.index), label: track.label }))}
          onChange={(value) => {
            onAudioTrack(Number(value));
          }}
        />
      )}
      {subtitles.length > 0 && (
        <Picker
          icon={<Captions aria-hidden="true" className={iconClass} />}
          label="Subtitles"
          value={subtitle}
          options={subtitleOptions(subtitles)}
          onChange={onSubtitle}
        />
      )}
      {busy && (
        <span role="status" className="inline-flex items-center">
          <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-accent-soft" />
          <span className="sr-only">Switching tracks…</span>
        </span>
      )}
    </div>
  );
}
