/**
 * The ffmpeg command of a remux or transcode run (PLAYBACK-4 in docs/requirements.md): which
 * streams it maps, how it encodes or copies them, and where the segment muxer cuts.
 */
import path from 'node:path';
import type { HlsPlan } from './hls-plan.ts';
import { fileInput, type MediaProbe } from './media-probe.ts';

/** What a run is made from: the plan, the file, its probe and the segment boundaries. */
export interface SegmentingInput {
  plan: HlsPlan;
  /** The file's resolved absolute path. */
  file: string;
  probe: MediaProbe;
  /** Segment starts in seconds (hls-plan.ts's `segmentStarts`) and the end. */
  starts: number[];
  end: number;
}

/**
 * ffmpeg's arguments for a run of `source`'s plan from segment `index` into `dir`, with `threads`
 * threads (PLAYBACK-4): fixed arguments, no shell, the input as `file:<absolute path>`. Copied
 * video is cut at the plan's keyframes; a transcode is H.264 (High, CRF 23, at most 1920 px wide,
 * a keyframe at every segment start) with AAC stereo at 192 kbit/s; an image subtitle chosen is
 * burnt in. Segments are MPEG-TS named `seg{n}.ts`, numbered from `index`.
 */
export function segmentingArgs(
  source: SegmentingInput,
  index: number,
  dir: string,
  threads: number,
): string[] {
  const { plan, probe, starts } = source;
  const start = starts[index] ?? 0;
  const args = ['-nostdin', '-hide_banner', '-loglevel', 'error'];
  // `-ss` counts from the file's start time. Copied video starts exactly at the keyframe
  // `start` is (1 ms over it, against rounding: the seek lands on the keyframe before).
  const seek = Math.max(0, start - probe.startTime + (plan.videoCopy ? 0.001 : 0));
  if (index > 0) args.push('-ss', seek.toFixed(3));
  args.push('-copyts', '-i', fileInput(source.file));
  // Copied audio is not cut by the seek: drop its packets before the segment (half a second
  // early for copied video, whose first keyframe may be decoded a few frames before it shows).
  // The output `-ss` shifts timestamps back by as much: `-output_ts_offset` undoes it.
  if (index > 0 && plan.audioCopy) {
    const from = Math.max(0, start - (plan.videoCopy ? 0.5 : 0)).toFixed(3);
    args.push('-ss', from, '-output_ts_offset', from);
  }
  const fps = probe.video?.fps ?? 25;
  if (plan.burn !== null && !plan.videoCopy) {
    args.push(
      '-filter_complex',
      `[0:v:0][0:s:${String(plan.burn)}]overlay=eof_action=pass,` +
        "scale='trunc(min(iw,1920)/2)*2':-2,format=yuv420p[v]",
      '-map',
      '[v]',
    );
  } else {
    args.push('-map', '0:v:0?');
  }
  if (plan.audio !== null) args.push('-map', `0:a:${String(plan.audio)}`);
  if (plan.videoCopy) args.push('-c:v', 'copy');
  else {
    if (plan.burn === null) {
      args.push('-vf', "scale='trunc(min(iw,1920)/2)*2':-2,format=yuv420p");
    }
    const target = (starts[1] ?? source.end) - (starts[0] ?? 0);
    args.push(
      '-c:v',
      'libx264',
      '-preset',
      'veryfast',
      '-crf',
      '23',
      '-profile:v',
      'high',
      '-sc_threshold',
      '0',
      '-force_key_frames',
      `expr:gte(t,n_forced*${target.toFixed(3)})`,
    );
  }
  if (plan.audio !== null) {
    if (plan.audioCopy) args.push('-c:a', 'copy');
    else args.push('-c:a', 'aac', '-b:a', '192k', '-ac', '2');
  }
  const cuts = starts.slice(index + 1).map((t) => (t - 0.001).toFixed(3));
  args.push(
    '-threads',
    String(threads),
    '-max_muxing_queue_size',
    '2048',
    '-sn',
    '-dn',
    '-f',
    'segment',
    '-segment_format',
    'mpegts',
    '-segment_start_number',
    String(index),
    '-segment_time_delta',
    Math.min(0.05, 0.5 / fps).toFixed(3),
  );
  if (cuts.length > 0) args.push('-segment_times', cuts.join(','));
  else args.push('-segment_time', '100000');
  args.push(path.join(dir, 'seg%d.ts'));
  return args;
}
