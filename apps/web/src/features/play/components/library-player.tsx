/**
 * The player of a library file (PLAYBACK-2, PLAYBACK-3 in docs/requirements.md): the page asks
 * the server how this browser plays the file (api/get-playback.ts), plays the link it answers (a
 * file, or HLS natively or through hls.js: media-source.ts) in the progress video (PROG-1,
 * PLAYBACK-6: saved and resumed the same way), and offers the file's audio tracks and subtitles under it. Each
 * profile's last audio language and subtitle language (or off) are remembered (DATA-16, PROFILE-4)
 * and opened with on the next title. A chunk of its own (player-area.tsx).
 */
import type { Playback, SubtitleTrack } from '@pigostream/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { aString, useRemembered } from '../../../lib/local-store.ts';
import { useActiveProfileId } from '../../profiles/index.ts';
import { ProgressVideo, type AttachSource, type ProgressTarget } from '../../progress/index.ts';
import { playbackQueryOptions } from '../api/get-playback.ts';
import { attachHls, attachNativeHls, attachSrc } from '../media-source.ts';
import { browserCapabilities } from '../playback-capabilities.ts';
import {
  defaultSubtitle,
  languageKey,
  preferredAudioTrack,
  SUBTITLES_OFF,
  type SubtitleChoice,
} from '../playback-rules.ts';
import { PlaybackPickers } from './playback-pickers.tsx';
import { PlayerFrame, PlayerNote } from './player-frame.tsx';

/**
 * The remembered-state key of profile `profileId`'s last `what` (DATA-16, PROFILE-4): a language
 * code, or `off`. The default profile's id is the user id, so what it remembered before profiles
 * stays its own.
 */
function preferenceKey(profileId: string | undefined, what: 'audio' | 'subtitles'): string {
  return `playback:${profileId ?? ''}:${what}-language`;
}

/**
 * The active profile's remembered audio language and subtitle language (or
 * {@link SUBTITLES_OFF}), and their setters (which remember nothing without a user): each profile
 * has its own (PROFILE-4).
 */
function usePlaybackPreferences() {
  const profileId = useActiveProfileId();
  const [audio, setAudio] = useRemembered(preferenceKey(profileId, 'audio'), aString, '');
  const [subtitles, setSubtitles] = useRemembered(
    preferenceKey(profileId, 'subtitles'),
    aString,
    '',
  );
  return {
    audio: audio || undefined,
    subtitles: subtitles || undefined,
    rememberAudio: (language: string) => {
      if (profileId) setAudio(language);
    },
    rememberSubtitles: (language: string) => {
      if (profileId) setSubtitles(language);
    },
  };
}

/** The language of the audio track `playback` plays, or undefined. */
function audioLanguage(playback: Playback): string | null | undefined {
  return playback.audio_tracks.find((track) => track.index === playback.audio_track)?.language;
}

/**
 * Text subtitle `subtitle` as the video's `<track>`, its mode `showing` when chosen and
 * `disabled` otherwise (set again when the video's `source` changes). Its WebVTT is fetched
 * once it is first chosen, when its `src` is set: a subtitle inside a file is extracted by
 * ffmpeg on the server, which reads the whole file.
 */
function SubtitleTrackElement({
  subtitle,
  showing,
  source,
}: {
  subtitle: SubtitleTrack;
  showing: boolean;
  source: AttachSource | undefined;
}) {
  const ref = useRef<HTMLTrackElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const { track } = element;
    // A mode set to the one it has changes nothing, and the browser then still counts the
    // track as unconfigured: Chromium turns such a track on by itself once another shows
    // (its automatic track selection). Passing through 'hidden' marks it set by the page.
    if (!showing && track.mode === 'disabled') track.mode = 'hidden';
    track.mode = showing ? 'showing' : 'disabled';
    // The link after the mode: a track loads when its `src` is set while it is shown.
    if (showing && subtitle.url && !element.hasAttribute('src')) element.src = subtitle.url;
  }, [showing, source, subtitle.url]);
  return (
    <track
      ref={ref}
      kind="subtitles"
      srcLang={languageKey(subtitle.language)}
      label={subtitle.label}
    />
  );
}

/**
 * The playback of library file `mediaId` for the tracks chosen: first asked with the file's
 * defaults (which lists its tracks), then, when the user's remembered audio language
 * (`preferredAudio`) is another track's, asked again for that track before anything plays.
 * `audioChoice` and `subtitleChoice` are the user's picks on this page (an image subtitle
 * chosen is asked burnt in).
 */
function usePlayback(
  mediaId: string,
  preferredAudio: string | undefined,
  audioChoice: number | undefined,
  subtitleChoice: SubtitleChoice | undefined,
) {
  const first = useQuery(playbackQueryOptions(mediaId, { audioTrack: undefined, burn: undefined }));
  const preferred = first.data
    ? preferredAudioTrack(first.data.audio_tracks, preferredAudio)
    : undefined;
  const audioTrack = audioChoice ?? (preferred !== first.data?.audio_track ? preferred : undefined);
  const burn = first.data?.subtitles.some((s) => s.kind === 'image' && s.id === subtitleChoice)
    ? subtitleChoice
    : undefined;
  const current = useQuery({
    ...playbackQueryOptions(mediaId, { audioTrack, burn }),
    enabled: first.isSuccess,
  });
  return { first, current };
}

/**
 * The library player of file `mediaId` (its plain link `link`, played as it is when the playback
 * call fails), named `label`, saving the progress of `target` for user `uid`. Shows the server's
 * `message` when the file cannot play in this browser. Changing the audio track plays the new
 * link from the same position, playing on if it was; choosing an image subtitle asks for a
 * transcode with it burnt in; a text subtitle is the video's `<track>`, shown alone. In a room
 * (TOGETHER-10) `onVideo` takes the video element.
 */
export function LibraryPlayer({
  mediaId,
  link,
  label,
  uid,
  target,
  onVideo,
}: {
  mediaId: string;
  link: string;
  label: string;
  uid: string | undefined;
  target: ProgressTarget;
  /** In a room (TOGETHER-10): takes the video element, which follows the room. */
  onVideo?: ((video: HTMLVideoElement | null) => void) | undefined;
}) {
  const preferences = usePlaybackPreferences();
  const [audioChoice, setAudioChoice] = useState<number>();
  const [subtitleChoice, setSubtitleChoice] = useState<SubtitleChoice>();
  const [failed, setFailed] = useState<{ url: string; message: string }>();

  const { first, current } = usePlayback(mediaId, preferences.audio, audioChoice, subtitleChoice);
  // What the pickers show: the answer for the choice, else (it failed) the file's defaults.
  const playback = current.data ?? (current.isError ? first.data : undefined);

  const url = (current.isError ? undefined : playback?.url) ?? undefined;
  const hls = playback?.delivery === 'hls';
  const attach = useMemo<AttachSource | undefined>(() => {
    if (first.isError) return attachSrc(link);
    if (!url) return undefined;
    if (!hls) return attachSrc(url);
    const onFail = (message: string) => {
      setFailed({ url, message });
    };
    return browserCapabilities().hls === 'native'
      ? attachNativeHls(url, onFail)
      : attachHls(url, onFail);
  }, [first.isError, link, url, hls]);

  const subtitle =
    subtitleChoice ??
    (playback
      ? (playback.burnt ??
        defaultSubtitle(playback.subtitles, audioLanguage(playback), preferences.subtitles))
      : SUBTITLES_OFF);
  if (!playback && !first.isError) {
    return (
      <PlayerFrame>
        <PlayerNote loading text="Preparing the video…" />
      </PlayerFrame>
    );
  }

  const textSubtitles = playback?.subtitles.filter((s) => s.kind === 'text' && s.url) ?? [];
  const pickers = playback && (
    <PlaybackPickers
      audioTracks={playback.audio_tracks}
      audioTrack={audioChoice ?? playback.audio_track}
      onAudioTrack={(index) => {
        setAudioChoice(index);
        const language = languageKey(
          playback.audio_tracks.find((track) => track.index === index)?.language,
        );
        if (language) preferences.rememberAudio(language);
      }}
      subtitles={playback.subtitles}
      subtitle={subtitle}
      onSubtitle={(choice) => {
        setSubtitleChoice(choice);
        const chosen = playback.subtitles.find((s) => s.id === choice);
        // A forced subtitle comes by itself with its language's audio: choosing one asks for
        // no full subtitles next time.
        const language = chosen && !chosen.forced ? languageKey(chosen.language) : SUBTITLES_OFF;
        if (language) preferences.rememberSubtitles(language);
      }}
      busy={current.isFetching && current.isPlaceholderData}
    />
  );
  const failure = current.isError
    ? current.error.message
    : playback?.mode === 'unplayable'
      ? (playback.message ?? 'This file cannot be played in this browser.')
      : failed && failed.url === url
        ? failed.message
        : undefined;

  return (
    <PlayerFrame below={pickers}>
      {failure ? (
        <PlayerNote text={failure} />
      ) : (
        <ProgressVideo attach={attach} label={label} uid={uid} target={target} onVideo={onVideo}>
          {textSubtitles.map((s) => (
            <SubtitleTrackElement
              key={s.id}
              subtitle={s}
              showing={s.id === subtitle}
              source={attach}
            />
          ))}
        </ProgressVideo>
      )}
    </PlayerFrame>
  );
}
