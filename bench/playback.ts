/**
 * The `playback` part of `npm run bench` (BENCH_ONLY=playback): library playback (PLAYBACK-1..6
 * in docs/requirements.md) as a viewer meets it, on the real server (built, as `npm run serve`
 * runs it, port 3580, MEDIA_DIR a temporary folder, no web build: the pages are bare ones).
 *
 * It makes three 60 s 1280x720 test-pattern files with ffmpeg (25 fps, a keyframe every 2 s),
 * named the Jellyfin way after starter-catalogue films: Big Buck Bunny, H.264 + AAC MP4 (played
 * as it is: direct); Sintel, the same H.264 with AC-3 5.1 in MKV (remux: the video copied, the
 * audio made AAC); Tears of Steel, HEVC + AAC MKV (transcode: Chromium has no HEVC decoder);
 * and Elephants Dream, that HEVC file looped to 5 minutes (stream copy), for checks 3 and 4.
 * Then:
 * 1. Time to first frame in Chromium (/usr/bin/chromium, tools/chromium.ts's flags): a bare page
 *    on the server's origin times from its playback call (`GET /pigo-stream/sources/media/{id}/
 *    playback?` with tools/test-media.ts's CHROMIUM_CAPABILITIES) to the first frame shown
 *    (`requestVideoFrameCallback`), playing the answer's url in a muted `<video>` (`src` for a
 *    file, hls.js' light build, as the app uses it, for HLS); then, after 1 s of playback, from
 *    setting `currentTime` to 80 % of the file to the first frame shown there. Each run is a
 *    new verified account (so a new HLS plan and session, nothing made before) and a new browser
 *    context (empty cache), the three files in turn; BENCH_PLAYBACK_RUNS runs (default 5),
 *    medians reported, and each median as a ratio to direct play's in the same bench run. Before
 *    the runs each file's playback answer is asked once (the probe and, for the remux, its
 *    keyframes are read then, as the library's background probe and a first viewer would), and
 *    between two plays the part waits until the server runs no ffmpeg (TRANSCODE_MAX may be 1).
 * 2. CPU seconds per minute of video for remux and transcode: a plain HTTP client (a new account)
 *    fetches the playlist, then every segment in order as fast as the server answers; the CPU is
 *    the user + system time of the server's reaped children (`cutime + cstime` of its
 *    /proc/<pid>/stat, read after the playback answer and after its ffmpeg exited), divided by
 *    the video's minutes; also the wall time to the last segment.
 * 3. Memory during the allowed transcodes: TRANSCODE_MAX (the server's default for this
 *    machine, from its config: half the cores, at least 1) clients of as many accounts each
 *    transcode the 5-minute HEVC file and fetch its first minute as fast as they can (ffmpeg
 *    then has 4 minutes left: it is still running when they stop), while the part samples,
 *    every 200 ms, the VmRSS of the server process and the summed VmRSS of its ffmpeg children
 *    (peaks reported); one more account's transcode is asked for meanwhile (its answer: 503).
 * 4. No ffmpeg left behind: 15 s after those clients stop asking, the ffmpeg children of the
 *    server (processes whose PPid is the server's pid and comm `ffmpeg`), and when their count
 *    fell to 0 (the server kills a session's ffmpeg 10 s after its last request); then, with one
 *    more transcode running, the server is sent SIGTERM and the ffmpeg processes reading the
 *    temporary files still alive once it exited are counted.
 * The server's pid is the process listening on its port (/proc/net/tcp). Everything it made
 * (files, server, browser, any ffmpeg left) is removed at the end, failed or not, and on Ctrl-C.
 * The browser and ffmpeg share the machine's cores with the server. Prints, never asserts.
 */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { loadConfig } from '../apps/server/src/config.ts';
import { CHROMIUM_LAUNCH } from '../tools/chromium.ts';
import {
  createVerifiedAccount,
  type RunningServer,
  type VerifiedAccount,
} from '../tools/server-process.ts';
import { CHROMIUM_CAPABILITIES } from '../tools/test-media.ts';
import { record } from './report.ts';
import { buildServer, startAppServer, listeningPid } from './server.ts';

const PORT = 3580;
const RUNS = Math.max(1, Number(process.env.BENCH_PLAYBACK_RUNS ?? 5));
/** Length of the test files, in seconds. */
const SECONDS = 60;
/** Length of the long HEVC file the memory and clean-up checks play, in seconds. */
const LONG_SECONDS = 5 * SECONDS;
/** Seconds of video each client of the memory check fetches before it stops asking. */
const WATCHED_SECONDS = 60;
/** Playback before the seek, in ms (the seek is not made while the start is still loading). */
const BEFORE_SEEK_MS = 1_000;
/** Where the seek lands, as a fraction of the file. */
const SEEK_AT = 0.8;
/** How long after the clients leave the ffmpeg children are counted, in ms. */
const LEAVE_WAIT_MS = 15_000;
/** Longest wait for a first frame, in ms. */
const FRAME_TIMEOUT_MS = 60_000;
/** How often memory is sampled during the transcodes, in ms. */
const SAMPLE_MS = 200;

/** hls.js' light build (no subtitles or alternate audio), the one the web app loads. */
const HLS_SCRIPT = createRequire(import.meta.url).resolve('hls.js/dist/hls.light.min.js');

type Kind = 'direct' | 'remux' | 'transcode';
const KINDS: readonly Kind[] = ['direct', 'remux', 'transcode'];

/** The test files: a starter-catalogue film each, and what it holds. */
const FILES: Record<Kind, { name: string; tmdbId: number; label: string }> = {
  direct: {
    name: 'Big Buck Bunny (2008) [tmdbid-10378].mp4',
    tmdbId: 10378,
    label: 'direct play (H.264 + AAC MP4)',
  },
  remux: {
    name: 'Sintel (2010) [tmdbid-45745].mkv',
    tmdbId: 45745,
    label: 'remux (H.264 + AC-3 5.1 MKV)',
  },
  transcode: {
    name: 'Tears of Steel (2012) [tmdbid-133701].mkv',
    tmdbId: 133701,
    label: 'transcode (HEVC + AAC MKV)',
  },
};

/** The long HEVC file: the transcode's file looped 5 times (stream copy). */
const LONG_FILE = { name: 'Elephants Dream (2006) [tmdbid-9761].mkv', tmdbId: 9761 };

// ---------------------------------------------------------------------------------------------
// The test files.

function ffmpeg(args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      'ffmpeg',
      ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args],
      { cwd, timeout: 300_000 },
      (error, _stdout, stderr) => {
        if (error) reject(new Error(`ffmpeg ${args.join(' ')}: ${stderr || error.message}`));
        else resolve();
      },
    );
  });
}

const PATTERN = ['-f', 'lavfi', '-i', `testsrc2=size=1280x720:rate=25:duration=${String(SECONDS)}`];
const TONE = [
  '-f',
  'lavfi',
  '-i',
  `sine=frequency=440:sample_rate=48000:duration=${String(SECONDS)}`,
];
/** A keyframe every 2 s, none elsewhere. */
const GOP = ['-g', '50', '-keyint_min', '50', '-sc_threshold', '0'];

/** Makes the test files into `dir` (about 40 s on 2 cores). */
async function makeFiles(dir: string): Promise<void> {
  await ffmpeg(
    [
      ...PATTERN,
      ...TONE,
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p', ...GOP],
      ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2', '-movflags', '+faststart'],
      FILES.direct.name,
    ],
    dir,
  );
  await ffmpeg(
    [
      ...['-i', FILES.direct.name, ...TONE],
      ...['-filter_complex', '[1:a]pan=5.1|FL=c0|FR=c0|FC=c0|LFE=c0|BL=c0|BR=c0[surround]'],
      ...['-map', '0:v', '-map', '[surround]', '-c:v', 'copy', '-c:a', 'ac3', '-b:a', '384k'],
      ...['-metadata:s:a:0', 'language=eng'],
      FILES.remux.name,
    ],
    dir,
  );
  await ffmpeg(
    [
      ...PATTERN,
      ...TONE,
      ...['-c:v', 'libx265', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
      ...['-x265-params', 'keyint=50:min-keyint=50:scenecut=0:log-level=error'],
      ...['-c:a', 'aac', '-b:a', '128k', '-ac', '2'],
      FILES.transcode.name,
    ],
    dir,
  );
  const loops = String(LONG_SECONDS / SECONDS - 1);
  await ffmpeg(
    ['-stream_loop', loops, '-i', FILES.transcode.name, '-map', '0', '-c', 'copy', LONG_FILE.name],
    dir,
  );
}

// ---------------------------------------------------------------------------------------------
// Processes, from /proc.

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** One process's /proc/<pid>/stat: name, parent and CPU ticks (its own, and reaped children's). */
interface ProcStat {
  pid: number;
  comm: string;
  ppid: number;
  ticks: number;
  childTicks: number;
}

function procStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${String(pid)}/stat`, 'utf8');
    const comm = text.slice(text.indexOf('(') + 1, text.lastIndexOf(')'));
    // Fields after the name, numbered from 3 (state): ppid 4, utime 14, stime 15, cutime 16,
    // cstime 17.
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const n = (i: number) => Number(f[i - 3] ?? 0);
    return { pid, comm, ppid: n(4), ticks: n(14) + n(15), childTicks: n(16) + n(17) };
  } catch {
    return undefined;
  }
}

/** Every process of the machine (that this user may read). */
function allStats(): ProcStat[] {
  const rows: ProcStat[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const row = procStat(Number(name));
    if (row) rows.push(row);
  }
  return rows;
}

/** The ffmpeg processes whose parent is `serverPid`. */
function ffmpegChildren(serverPid: number): ProcStat[] {
  return allStats().filter((p) => p.ppid === serverPid && p.comm === 'ffmpeg');
}

/** The ffmpeg processes reading a file under `dir` (whatever their parent now). */
function ffmpegReading(dir: string): number[] {
  return allStats()
    .filter((p) => p.comm === 'ffmpeg')
    .filter((p) => {
      try {
        return readFileSync(`/proc/${String(p.pid)}/cmdline`, 'utf8').includes(dir);
      } catch {
        return false;
      }
    })
    .map((p) => p.pid);
}

/** VmRSS of a process in kB, 0 when gone. */
function rssKb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${String(pid)}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

const alive = (pid: number) => procStat(pid) !== undefined;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (kb: number) => Math.round(kb / 102.4) / 10;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};

/** Waits (at most `timeoutMs`) until the server runs no ffmpeg; answers the ms waited. */
async function noFfmpeg(serverPid: number, timeoutMs = 20_000): Promise<number> {
  const started = Date.now();
  while (ffmpegChildren(serverPid).length > 0 && Date.now() - started < timeoutMs) {
    await pause(100);
  }
  return Date.now() - started;
}

// ---------------------------------------------------------------------------------------------
// The server's calls.

interface PlaybackAnswer {
  mode: string;
  url: string | null;
  delivery: 'file' | 'hls' | null;
  duration: number | null;
}

const playbackPath = (mediaId: string) =>
  `/pigo-stream/sources/media/${mediaId}/playback?${CHROMIUM_CAPABILITIES}`;

/** The library file's opaque id of a starter-catalogue film (its 'Local library' server). */
async function mediaIdOf(server: RunningServer, tmdbId: number): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const res = await fetch(
      `${server.baseUrl}/pigo-stream/sources/servers?id=${String(tmdbId)}&type=movie`,
    );
    const servers = (await res.json()) as { server_name: string; server_link: string }[];
    const local = servers.find((s) => s.server_name === 'Local library');
    if (local) return local.server_link.split('/').pop() ?? '';
    await pause(500);
  }
  throw new Error(`the library does not list tmdb ${String(tmdbId)}`);
}

/** The playback answer for `account` (a plain client saying Chromium's capabilities). */
async function askPlayback(
  server: RunningServer,
  account: VerifiedAccount,
  mediaId: string,
): Promise<PlaybackAnswer> {
  const res = await fetch(`${server.baseUrl}${playbackPath(mediaId)}`, {
    headers: { cookie: account.cookie },
  });
  if (!res.ok) throw new Error(`playback answer ${String(res.status)}: ${await res.text()}`);
  return (await res.json()) as PlaybackAnswer;
}

/** The segment URLs of an HLS playlist (absolute). */
async function segmentsOf(
  server: RunningServer,
  account: VerifiedAccount,
  playlist: string,
): Promise<string[]> {
  const url = new URL(playlist, server.baseUrl);
  const res = await fetch(url, { headers: { cookie: account.cookie } });
  if (!res.ok) throw new Error(`playlist ${String(res.status)}: ${await res.text()}`);
  return (await res.text())
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => new URL(line, url).toString());
}

/** Fetches one segment whole; answers its status and bytes. */
async function fetchSegment(
  account: VerifiedAccount,
  url: string,
): Promise<{ status: number; bytes: number }> {
  const res = await fetch(url, { headers: { cookie: account.cookie } });
  const body = await res.arrayBuffer();
  return { status: res.status, bytes: body.byteLength };
}

// ---------------------------------------------------------------------------------------------
// Chromium.

/** The bare page: a muted, autoplaying `<video>` and the two timers. */
const PAGE_HTML =
  '<!doctype html><meta charset="utf-8"><title>playback bench</title>' +
  '<video id="v" muted autoplay playsinline width="640" height="360"></video>';

/**
 * `benchPlay(playbackUrl, timeoutMs)`: asks for playback, plays the url, answers the ms to the
 * answer and to the first frame shown. `benchSeek(seconds, timeoutMs)`: sets `currentTime`,
 * answers the ms to the first frame shown there (within 1 s of it).
 */
const PAGE_SCRIPT = `
window.benchPlay = async (playbackUrl, timeoutMs) => {
  const video = document.getElementById('v');
  const t0 = performance.now();
  const response = await fetch(playbackUrl, { credentials: 'same-origin' });
  const answer = await response.json();
  const answered = performance.now();
  if (!response.ok || !answer.url) {
    throw new Error('playback answer ' + response.status + ': ' + JSON.stringify(answer).slice(0, 300));
  }
  const frame = new Promise((resolve, reject) => {
    window.benchFail = reject;
    video.requestVideoFrameCallback(() => resolve(performance.now()));
    video.addEventListener('error', () => reject(new Error('video error: ' + (video.error && video.error.message))));
    setTimeout(() => reject(new Error('no frame within ' + timeoutMs + ' ms')), timeoutMs);
  });
  if (answer.delivery === 'file') {
    video.src = answer.url;
  } else {
    const hls = new Hls({ enableWorker: false });
    hls.on(Hls.Events.ERROR, (_event, data) => {
      if (data.fatal) window.benchFail(new Error('hls.js: ' + data.details));
    });
    hls.loadSource(answer.url);
    hls.attachMedia(video);
  }
  video.play().catch(() => undefined);
  const shown = await frame;
  return { mode: answer.mode, answerMs: answered - t0, firstFrameMs: shown - t0 };
};
window.benchSeek = (seconds, timeoutMs) =>
  new Promise((resolve, reject) => {
    const video = document.getElementById('v');
    window.benchFail = reject;
    const t0 = performance.now();
    const onFrame = (_now, meta) => {
      if (meta.mediaTime >= seconds - 1) resolve(performance.now() - t0);
      else video.requestVideoFrameCallback(onFrame);
    };
    video.requestVideoFrameCallback(onFrame);
    video.currentTime = seconds;
    setTimeout(
      () => reject(new Error('no frame at ' + seconds + ' s within ' + timeoutMs + ' ms (at ' + video.currentTime + ')')),
      timeoutMs,
    );
  });
`;

interface PlayResult {
  mode: string;
  answerMs: number;
  firstFrameMs: number;
  seekFrameMs: number;
}

/** Plays `mediaId` in a new context of `browser` signed in as `account`, then seeks to 80 %. */
async function playInChromium(
  browser: Browser,
  server: RunningServer,
  account: VerifiedAccount,
  mediaId: string,
): Promise<PlayResult> {
  const context = await browser.newContext({ viewport: { width: 800, height: 500 } });
  try {
    await context.addCookies(
      account.cookie.split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.baseUrl };
      }),
    );
    const page = await context.newPage();
    const pageUrl = `${server.baseUrl}/bench-playback.html`;
    await page.route(pageUrl, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: PAGE_HTML }),
    );
    await page.goto(pageUrl);
    await page.addScriptTag({ path: HLS_SCRIPT });
    await page.addScriptTag({ content: PAGE_SCRIPT });
    const played = await page.evaluate<Omit<PlayResult, 'seekFrameMs'>>(
      `benchPlay(${JSON.stringify(playbackPath(mediaId))}, ${String(FRAME_TIMEOUT_MS)})`,
    );
    await page.waitForTimeout(BEFORE_SEEK_MS);
    const seekFrameMs = await page.evaluate<number>(
      `benchSeek(${String(SECONDS * SEEK_AT)}, ${String(FRAME_TIMEOUT_MS)})`,
    );
    return { ...played, seekFrameMs };
  } finally {
    await context.close();
  }
}

// ---------------------------------------------------------------------------------------------
// The part.

/** What the part started, for the clean-up (also on Ctrl-C). */
interface Started {
  dirs: string[];
  server?: RunningServer;
  browser?: Browser;
}

async function cleanUp(started: Started): Promise<void> {
  const { browser, server } = started;
  started.browser = undefined;
  started.server = undefined;
  await browser?.close().catch(() => undefined);
  await server?.stop().catch(() => undefined);
  // ffmpeg of the server's that outlived it (none expected), by pid.
  for (const dir of started.dirs) {
    for (const pid of ffmpegReading(dir)) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
  }
  for (const dir of started.dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

const round = (ms: number) => Math.round(ms);
const ratio = (value: number, base: number) => (value / base).toFixed(1);

/** 1: time to first frame, from the start and after a seek to 80 %, in Chromium. */
async function benchFirstFrames(
  started: Started,
  server: RunningServer,
  serverPid: number,
  ids: Record<Kind, string>,
  newAccount: () => Promise<VerifiedAccount>,
): Promise<void> {
  console.log(`Time to first frame in Chromium (${String(RUNS)} runs, a new account each)`);
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  started.browser = browser;
  const results: Record<Kind, PlayResult[]> = { direct: [], remux: [], transcode: [] };
  for (let run = 1; run <= RUNS; run++) {
    const account = await newAccount();
    for (const kind of KINDS) {
      await noFfmpeg(serverPid);
      try {
        const result = await playInChromium(browser, server, account, ids[kind]);
        results[kind].push(result);
        console.log(
          `  run ${String(run)} ${kind.padEnd(9)} (${result.mode}): answer ${String(round(result.answerMs))} ms, ` +
            `first frame ${String(round(result.firstFrameMs))} ms, after the seek ${String(round(result.seekFrameMs))} ms`,
        );
      } catch (error) {
        console.log(`  run ${String(run)} ${kind}: failed: ${(error as Error).message}`);
      }
    }
  }
  await browser.close();
  started.browser = undefined;

  const medianOf = (kind: Kind, key: keyof Omit<PlayResult, 'mode'>) =>
    results[kind].length > 0 ? median(results[kind].map((r) => r[key])) : NaN;
  const direct = medianOf('direct', 'firstFrameMs');
  const directSeek = medianOf('direct', 'seekFrameMs');
  for (const kind of KINDS) {
    const n = results[kind].length;
    const modes = [...new Set(results[kind].map((r) => r.mode))].join(', ');
    record({
      name: `playback first frame, ${FILES[kind].label} [${modes}], median of ${String(n)}`,
      value: round(medianOf(kind, 'firstFrameMs')),
      unit: 'ms',
    });
    if (kind !== 'direct') {
      record({
        name: `playback first frame, ${kind} / direct play`,
        value: ratio(medianOf(kind, 'firstFrameMs'), direct),
        unit: 'x',
      });
    }
  }
  for (const kind of KINDS) {
    record({
      name: `playback first frame after a seek to 80 %, ${kind}, median of ${String(results[kind].length)}`,
      value: round(medianOf(kind, 'seekFrameMs')),
      unit: 'ms',
    });
    if (kind !== 'direct') {
      record({
        name: `playback first frame after a seek to 80 %, ${kind} / direct play`,
        value: ratio(medianOf(kind, 'seekFrameMs'), directSeek),
        unit: 'x',
      });
    }
  }
  record({
    name: 'playback answer (GET .../playback), direct / remux / transcode, medians',
    value: KINDS.map((kind) => round(medianOf(kind, 'answerMs'))).join(' / '),
    unit: 'ms',
  });
}

/** 2: CPU seconds per minute of video to make every segment, fetched as fast as possible. */
async function benchCpu(
  server: RunningServer,
  serverPid: number,
  ids: Record<Kind, string>,
  newAccount: () => Promise<VerifiedAccount>,
): Promise<void> {
  console.log('CPU of a whole file, every segment fetched in order as fast as the server answers');
  for (const kind of ['remux', 'transcode'] as const) {
    await noFfmpeg(serverPid);
    const account = await newAccount();
    const answer = await askPlayback(server, account, ids[kind]);
    if (!answer.url || answer.delivery !== 'hls') {
      console.log(`  ${kind}: the server answered ${answer.mode}, no HLS; skipped`);
      continue;
    }
    const duration = answer.duration ?? SECONDS;
    const before = procStat(serverPid)?.childTicks ?? 0;
    const seen = new Map<number, number>();
    const sampler = setInterval(() => {
      for (const p of ffmpegChildren(serverPid)) seen.set(p.pid, p.ticks);
    }, SAMPLE_MS);
    const started = performance.now();
    let bytes = 0;
    let failed = 0;
    try {
      const segments = await segmentsOf(server, account, answer.url);
      for (const url of segments) {
        const got = await fetchSegment(account, url);
        bytes += got.bytes;
        if (got.status !== 200) failed += 1;
      }
    } finally {
      clearInterval(sampler);
    }
    const wallS = (performance.now() - started) / 1000;
    await noFfmpeg(serverPid, 30_000);
    const cpuS = ((procStat(serverPid)?.childTicks ?? 0) - before) / CLOCK_TICKS;
    const sampledS = [...seen.values()].reduce((sum, t) => sum + t, 0) / CLOCK_TICKS;
    console.log(
      `  ${kind}: ${String(round(bytes / 1024))} kB of segments (${String(failed)} not 200) in ${wallS.toFixed(1)} s; ` +
        `ffmpeg CPU ${cpuS.toFixed(1)} s (sampled while running: ${sampledS.toFixed(1)} s, ${String(seen.size)} process)`,
    );
    record({
      name: `playback CPU per minute of video, ${FILES[kind].label}`,
      value: (cpuS / (duration / 60)).toFixed(1),
      unit: 'CPU s/min',
    });
    record({
      name: `playback whole ${String(round(duration))} s file made, ${kind} (speed)`,
      value: `${wallS.toFixed(1)} s (${(duration / wallS).toFixed(1)}x)`,
      unit: '',
    });
  }
}

/**
 * 3 and 4: memory during TRANSCODE_MAX transcodes, one more refused, and the ffmpeg left 15 s
 * after the clients stop asking.
 */
async function benchTranscodes(
  server: RunningServer,
  serverPid: number,
  longId: string,
  newAccount: () => Promise<VerifiedAccount>,
): Promise<void> {
  const max = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    TRANSCODE_MAX: process.env.TRANSCODE_MAX,
  }).playback.maxProcesses;
  console.log(
    `${String(max)} transcode(s) at once (TRANSCODE_MAX) of the ${String(LONG_SECONDS)} s HEVC file, ` +
      `its first ${String(WATCHED_SECONDS)} s fetched each`,
  );
  record({ name: 'playback TRANSCODE_MAX (default for this machine)', value: max, unit: '' });
  await noFfmpeg(serverPid);
  const viewers = [];
  for (let i = 0; i < max; i++) viewers.push(await newAccount());
  const extra = await newAccount();
  const serverBeforeKb = rssKb(serverPid);
  let serverPeakKb = serverBeforeKb;
  let ffmpegPeakKb = 0;
  let ffmpegPeakCount = 0;
  const sampler = setInterval(() => {
    serverPeakKb = Math.max(serverPeakKb, rssKb(serverPid));
    const children = ffmpegChildren(serverPid);
    ffmpegPeakCount = Math.max(ffmpegPeakCount, children.length);
    ffmpegPeakKb = Math.max(
      ffmpegPeakKb,
      children.reduce((sum, p) => sum + rssKb(p.pid), 0),
    );
  }, SAMPLE_MS);
  let outcome: { extraStatus: number; leftAt: number; runningAtLeave: number };
  try {
    const plans = await Promise.all(
      viewers.map(async (account) => {
        const answer = await askPlayback(server, account, longId);
        const segments = await segmentsOf(server, account, answer.url ?? '');
        const watched = WATCHED_SECONDS / (answer.duration ?? LONG_SECONDS);
        return { account, segments: segments.slice(0, Math.round(segments.length * watched)) };
      }),
    );
    // Each viewer's first segment (its ffmpeg started), then one more transcode is asked for.
    const firsts = await Promise.all(
      plans.map(({ account, segments }) => fetchSegment(account, segments[0] ?? '')),
    );
    const extraAnswer = await askPlayback(server, extra, longId);
    const extraSegments = await segmentsOf(server, extra, extraAnswer.url ?? '');
    const extraStatus = (await fetchSegment(extra, extraSegments[0] ?? '')).status;
    const statuses = await Promise.all(
      plans.map(async ({ account, segments }) => {
        const got = [];
        for (const url of segments.slice(1)) {
          got.push((await fetchSegment(account, url)).status);
        }
        return got;
      }),
    );
    outcome = { extraStatus, leftAt: Date.now(), runningAtLeave: ffmpegChildren(serverPid).length };
    console.log(
      `  first segments ${firsts.map((f) => f.status).join(', ')}; then ${statuses.flat().join(', ')}; ` +
        `one more transcode's first segment: ${String(extraStatus)}`,
    );
  } finally {
    clearInterval(sampler);
  }
  const { extraStatus, leftAt, runningAtLeave } = outcome;
  record({
    name: `playback server RSS during ${String(max)} transcode(s): before / peak`,
    value: `${String(mb(serverBeforeKb))} / ${String(mb(serverPeakKb))}`,
    unit: 'MB',
  });
  record({
    name: `playback ffmpeg RSS during ${String(max)} transcode(s): peak, all ffmpeg (${String(ffmpegPeakCount)})`,
    value: mb(ffmpegPeakKb),
    unit: 'MB',
  });
  record({
    name: `playback one transcode more than TRANSCODE_MAX: answer`,
    value: extraStatus,
    unit: '',
    target: '503',
  });

  // 4: the clients have stopped asking.
  record({
    name: 'playback ffmpeg running when the clients stopped',
    value: runningAtLeave,
    unit: '',
  });
  let goneAfterMs: number | undefined;
  while (Date.now() - leftAt < LEAVE_WAIT_MS) {
    if (goneAfterMs === undefined && ffmpegChildren(serverPid).length === 0) {
      goneAfterMs = Date.now() - leftAt;
    }
    await pause(100);
  }
  record({
    name: 'playback ffmpeg left 15 s after the clients stopped',
    value: ffmpegChildren(serverPid).length,
    unit: '',
    target: '0',
  });
  record({
    name: 'playback ffmpeg gone after the clients stopped (idle kill: 10 s)',
    value: goneAfterMs === undefined ? 'not within 15 s' : (goneAfterMs / 1000).toFixed(1),
    unit: goneAfterMs === undefined ? '' : 's',
  });
}

/** 4, end: ffmpeg left once the server stopped on SIGTERM while one ran. */
async function benchServerStop(
  started: Started,
  server: RunningServer,
  serverPid: number,
  longId: string,
  mediaDir: string,
  newAccount: () => Promise<VerifiedAccount>,
): Promise<void> {
  await noFfmpeg(serverPid);
  const account = await newAccount();
  const answer = await askPlayback(server, account, longId);
  const segments = await segmentsOf(server, account, answer.url ?? '');
  await fetchSegment(account, segments[0] ?? '');
  const running = ffmpegChildren(serverPid).length;
  process.kill(serverPid, 'SIGTERM');
  const deadline = Date.now() + 20_000;
  while (alive(serverPid) && Date.now() < deadline) await pause(50);
  const left = ffmpegReading(mediaDir).length;
  record({
    name: `playback ffmpeg left after the server stopped (SIGTERM, ${String(running)} running)`,
    value: alive(serverPid) ? 'server still running after 20 s' : left,
    unit: '',
    target: '0',
  });
  await server.stop();
  started.server = undefined;
}

/** The `playback` part: see the top of this file. */
export async function benchPlayback(): Promise<void> {
  const started: Started = { dirs: [] };
  const onSigint = () => {
    void cleanUp(started).finally(() => process.exit(130));
  };
  process.once('SIGINT', onSigint);
  try {
    const mediaDir = mkdtempSync(path.join(tmpdir(), 'pigo-bench-media-'));
    const webDist = mkdtempSync(path.join(tmpdir(), 'pigo-bench-noweb-'));
    started.dirs.push(mediaDir, webDist);
    console.log(
      `Library playback: making three ${String(SECONDS)} s 1280x720 files in ${mediaDir}`,
    );
    let t = performance.now();
    await makeFiles(mediaDir);
    console.log(`  made in ${((performance.now() - t) / 1000).toFixed(0)} s; building the server`);
    await buildServer();
    const server = await startAppServer(
      PORT,
      webDist,
      undefined,
      { MEDIA_DIR: mediaDir },
      { built: true },
    );
    started.server = server;
    const serverPid = listeningPid(PORT);
    if (serverPid === undefined) throw new Error(`no process listens on port ${String(PORT)}`);
    let accounts = 0;
    const newAccount = async () => {
      accounts += 1;
      // Sign-ups are limited to 20 a minute from one address.
      if (accounts % 18 === 0) await pause(60_000);
      return createVerifiedAccount(server);
    };

    const ids = {} as Record<Kind, string>;
    for (const kind of KINDS) ids[kind] = await mediaIdOf(server, FILES[kind].tmdbId);
    const longId = await mediaIdOf(server, LONG_FILE.tmdbId);
    // Each file's first answer: the probe (if the background probe has not made it) and the
    // remux's keyframes, read once per file.
    const warm = await newAccount();
    for (const kind of KINDS) {
      t = performance.now();
      const answer = await askPlayback(server, warm, ids[kind]);
      console.log(
        `  ${kind}: first playback answer ${answer.mode} in ${String(round(performance.now() - t))} ms`,
      );
    }

    await benchFirstFrames(started, server, serverPid, ids, newAccount);
    await benchCpu(server, serverPid, ids, newAccount);
    await benchTranscodes(server, serverPid, longId, newAccount);
    await benchServerStop(started, server, serverPid, longId, mediaDir, newAccount);
  } finally {
    process.off('SIGINT', onSigint);
    await cleanUp(started);
  }
}
