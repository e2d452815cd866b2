/**
 * Gives memory the process has freed back to the operating system (LEAN-4 in docs/requirements.md:
 * a lean server).
 *
 * glibc's malloc keeps what is freed in the middle of its heap (V8's compiler zones, the
 * embedded database's WASM compilation, request buffers) for reuse, and returns only the top of
 * the heap by itself, so an idle embedded-database server holds tens of MB of such free memory
 * (docs/benchmarks.md). This calls glibc's `malloc_trim(0)` through koffi (a maintained FFI library
 * shipped with prebuilt binaries) once the server is quiet: {@link QUIET_MS} after the last
 * request, and once after start. Where glibc is not the C library (musl, macOS, Windows), it does
 * nothing.
 *
 * When Node runs with `--expose-gc` (as `npm start` does), a full garbage collection comes
 * first: what a burst of requests left in V8's heap is collected and its pages given back at
 * once, not whenever V8's own memory reducer gets to it (what the server holds after a burst would
 * otherwise depend on when that runs). It runs once per quiet spell and holds the event loop about
 * 35 ms (a 47 MB heap, `--trace-gc`): a request arriving at that moment waits that long.
 */
import { createRequire } from 'node:module';

/** How long without a request before freed memory is given back, in ms. */
export const QUIET_MS = 5_000;

/** Calls glibc's malloc_trim(0); undefined where it cannot be loaded. */
function loadMallocTrim(): (() => number) | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    const require = createRequire(import.meta.url);
    const koffi = require('koffi') as typeof import('koffi');
    const trim = koffi.load('libc.so.6').func('int malloc_trim(size_t pad)');
    return () => trim(0) as number;
  } catch {
    return undefined; // Not glibc, or no prebuilt binary for this platform.
  }
}

/** The running releaser: tell it about requests, stop it on shutdown. */
export interface MemoryReleaser {
  /** Whether this platform's C library can give memory back (glibc). */
  readonly available: boolean;
  /** Marks activity: memory is given back once {@link QUIET_MS} pass without another. */
  touch(): void;
  /** Stops the timer. */
  stop(): void;
}

/**
 * Starts giving freed memory back {@link QUIET_MS} ms after start and after each burst of
 * activity ({@link MemoryReleaser.touch}). The timer does not keep the process alive.
 * @param options.quietMs the quiet time in ms (tests shorten it).
 */
export function startMemoryReleaser(options: { quietMs?: number } = {}): MemoryReleaser {
  const quietMs = options.quietMs ?? QUIET_MS;
  const trim = loadMallocTrim();
  const gc = (globalThis as { gc?: () => void }).gc;
  const release = () => {
    gc?.();
    trim?.();
  };
  let timer: NodeJS.Timeout | undefined;
  let lastTouch = 0;
  const schedule = (delayMs: number) => {
    timer = setTimeout(() => {
      const idleFor = performance.now() - lastTouch;
      if (idleFor < quietMs) {
        schedule(quietMs - idleFor);
        return;
      }
      timer = undefined;
      release();
    }, delayMs);
    timer.unref();
  };
  if (trim) schedule(quietMs);
  return {
    available: trim !== undefined,
    touch() {
      if (!trim) return;
      lastTouch = performance.now();
      if (!timer) schedule(quietMs);
    },
    stop() {
      if (timer) clearTimeout(timer);
      timer = undefined;
    },
  };
}
