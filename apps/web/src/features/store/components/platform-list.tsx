/**
 * The five platforms of /pigostore with the detected one marked (STORE-1, STORE-3 in
 * docs/requirements.md).
 */
import { CircleCheck, CircleX } from 'lucide-react';
import type { DetectedPlatform } from '../../../lib/platform.ts';
import { PLATFORM_LABELS, platformMark, STORE_PLATFORMS } from '../store-rules.ts';

/**
 * A list 'Platforms' of windows, macos, linux, android and ios. The `detected` one reads
 * 'Your device' with a mark in words and shape, not colour only: a check and 'Supported' for
 * windows and android, a cross and 'Not supported' for the others. Unknown marks none.
 */
export function PlatformList({ detected }: { detected: DetectedPlatform }) {
  return (
    <section aria-labelledby="store-platforms" className="flex flex-col gap-3">
      <h2 id="store-platforms" className="text-lg font-semibold tracking-tight">
        Platforms
      </h2>
      <ul className="flex flex-col divide-y divide-white/5 rounded-xl border border-white/10 bg-neutral-900/60">
        {STORE_PLATFORMS.map((platform) => {
          const isDetected = platform === detected;
          const success = platformMark(platform) === 'success';
          const Mark = success ? CircleCheck : CircleX;
          return (
            <li
              key={platform}
              aria-current={isDetected ? 'true' : undefined}
              className={`flex items-center justify-between gap-3 px-4 py-3 ${
                isDetected ? 'bg-white/5' : ''
              }`}
            >
              <span className="font-medium">{PLATFORM_LABELS[platform]}</span>
              {isDetected && (
                <span className="flex items-center gap-2 text-sm">
                  <span className="rounded-full bg-white/10 px-2 py-0.5 text-neutral-200">
                    Your device
                  </span>
                  <span
                    data-mark={success ? 'success' : 'failure'}
                    className={`flex items-center gap-1 font-medium ${
                      success ? 'text-emerald-300' : 'text-rose-300'
                    }`}
                  >
                    <Mark aria-hidden="true" className="size-5" />
                    {success ? 'Supported' : 'Not supported'}
                  </span>
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
