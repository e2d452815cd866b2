/**
 * What a profile played through the addon (STREMIO-9 in docs/requirements.md; DEC-32 in
 * docs/decisions.md). Stremio tells an addon nothing of playback, so the server records what it
 * sees of the media file's requests: the first fetch of a title's file adds the title to the
 * profile's Watch History (once per {@link HISTORY_KEPT_MS}); its watch progress is where the
 * bytes handed to Stremio have reached, as a share of the file's size times its length (from the
 * probe): a request's starting offset, then, while its answer streams, the offset plus the bytes
 * sent, saved at most every {@link SAVE_EVERY_MS}. Players read a file's index at its end before
 * playing: a request starting in the last 5 % is left out unless the profile was past 80 % of
 * that file already, and positions in the first 1 % save nothing (a header, not a start). Through
 * the file's HLS stream, each segment answered stands for playing from its start.
 */
import { stat } from 'node:fs/promises';
import type { FastifyBaseLogger } from 'fastify';
import { LRUCache } from 'lru-cache';
import type { ClusterBus } from '../../lib/cluster-bus.ts';
import { DomainError } from '../../lib/domain-error.ts';
import { profileAnswersKey } from '../identity/index.ts';
import type { LibraryService } from '../library/index.ts';
import type { ProgressService } from '../progress/index.ts';
import { titleOfKey, type MediaFile, type MediaStreams } from '../sources/index.ts';
import type { AddonProfile } from './stremio.tokens.ts';

/** Shortest time between two progress saves of one profile and file, in ms. */
export const SAVE_EVERY_MS = 10_000;
/** How long a title counts as added to a profile's Watch History by the addon, in ms. */
const HISTORY_KEPT_MS = 6 * 60 * 60_000;
/** Profile and file pairs remembered at most (each a few dozen bytes). */
const PAIRS_KEPT = 20_000;
/** A request starting past this share of the file reads its index, not the film. */
const TAIL_SHARE = 0.95;
/** ... unless the profile had reached this share of the file already. */
const NEAR_END_SHARE = 0.8;
/** Positions before this share of the file save nothing. */
const HEADER_SHARE = 0.01;

/** The piece of a `Range: bytes=start-[end]` header the recorder reads: its start, else 0. */
export function rangeStart(range: string | undefined): number {
  const match = /^bytes=(\d{1,15})-/.exec(range ?? '');
  return match?.[1] ? Number(match[1]) : 0;
}

/** One media file's answer, as it streams. */
export interface ServedFile {
  /** Notes that the answer has reached byte `offset` of the file. */
  reached(offset: number): void;
}

interface Saved {
  at: number;
  share: number;
}

/** Records the Watch History and watch progress of files played through the addon. */
export class AddonProgress {
  private readonly historyAdded = new LRUCache<string, true>({
    max: PAIRS_KEPT,
    ttl: HISTORY_KEPT_MS,
  });
  private readonly saved = new LRUCache<string, Saved>({ max: PAIRS_KEPT, ttl: HISTORY_KEPT_MS });

  constructor(
    private readonly deps: {
      media: MediaStreams;
      lists: LibraryService;
      progress: ProgressService;
      bus: ClusterBus;
      log: FastifyBaseLogger;
    },
  ) {}

  /** Runs a background save, logging what fails other than a title the profile may not see. */
  private run(task: () => Promise<void>): void {
    task().catch((err: unknown) => {
      // A title the catalogue does not know, or one the profile may not see: nothing to save.
      if (err instanceof DomainError) return;
      this.deps.log.warn({ err }, 'progress through the addon could not be saved');
    });
  }

  /** Adds the file's title to the profile's Watch History, once per {@link HISTORY_KEPT_MS}. */
  private addToHistory(profile: AddonProfile, file: MediaFile): void {
    const title = titleOfKey(file.key);
    if (!title) return;
    this.run(async () => {
      const history = `${profile.profileId}|${title.type}:${String(title.id)}`;
      if (this.historyAdded.has(history)) return;
      this.historyAdded.set(history, true);
      await this.deps.lists.save(
        'watch_history',
        profile.profileId,
        title.type,
        title.id,
        profile.ceiling,
      );
      await this.deps.bus.bumpUser(profileAnswersKey(profile.profileId, profile.ceiling));
    });
  }

  /**
   * Saves `share` (0..1) of the file as the profile's position in its title, at most every
   * {@link SAVE_EVERY_MS} per profile and file; `length` the file's length in s, once known.
   */
  private savePosition(
    profile: AddonProfile,
    file: MediaFile,
    share: number,
    length: Promise<number>,
  ): void {
    const title = titleOfKey(file.key);
    if (!title) return;
    const pair = `${profile.profileId}|${file.id}`;
    this.run(async () => {
      const last = this.saved.get(pair);
      const now = Date.now();
      if ((last && now - last.at < SAVE_EVERY_MS) || share < HEADER_SHARE) return;
      const seconds = await length;
      if (seconds <= 0) return;
      this.saved.set(pair, { at: now, share });
      const [season, episode] = file.key.split(':').slice(2).map(Number);
      await this.deps.progress.save(
        profile.profileId,
        {
          type: title.type,
          id: title.id,
          ...(title.type === 'tv' ? { season, episode } : {}),
          position: share * seconds,
          duration: seconds,
        },
        profile.ceiling,
      );
      await this.deps.bus.bumpUser(profileAnswersKey(profile.profileId, profile.ceiling));
    });
  }

  /**
   * Starts recording one answer of `file` (real path `real`) to `profile`, whose request began
   * at byte `start`; the Watch History and the first position are written in the background.
   * @returns where to report how far the answer got; it saves nothing for a request at the tail.
   */
  served(profile: AddonProfile, file: MediaFile, real: string, start: number): ServedFile {
    if (!titleOfKey(file.key)) return { reached: () => undefined };
    const pair = `${profile.profileId}|${file.id}`;
    // The file's size, and whether this request reads its index at the tail rather than play.
    const sized = stat(real).then(
      (info) => {
        const share = info.size > 0 ? start / info.size : 0;
        const tail = share >= TAIL_SHARE && (this.saved.get(pair)?.share ?? 0) < NEAR_END_SHARE;
        return { bytes: info.size, tail };
      },
      () => ({ bytes: 0, tail: true }),
    );
    const duration = this.deps.media.probeOf(file).then((probe) => probe?.duration ?? 0);
    const record = (offset: number) => {
      this.run(async () => {
        const { bytes, tail } = await sized;
        if (bytes <= 0 || tail) return;
        this.savePosition(profile, file, Math.min(offset / bytes, 1), duration);
      });
    };
    this.run(async () => {
      if (!(await sized).tail) this.addToHistory(profile, file);
    });
    record(start);
    return { reached: record };
  }

  /**
   * Records a segment of the file's HLS stream answered to `profile` (STREMIO-9): the title
   * joins its Watch History, and the segment's start, `start` of `length` seconds, is its
   * position (players fetch a few segments ahead of the picture).
   */
  segmentServed(profile: AddonProfile, file: MediaFile, start: number, length: number): void {
    if (length <= 0) return;
    this.addToHistory(profile, file);
    this.savePosition(profile, file, Math.min(start / length, 1), Promise.resolve(length));
  }
}
