/**
 * Loading of lazy script chunks (ROUTE-4 in docs/requirements.md: "additional script chunks are
 * loaded from the site root with a 120-second timeout"; ERR-14: a failure is a ChunkLoadError).
 */

/** How long a lazy chunk may take to load, in ms (LIMIT-6). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A lazy script chunk that failed or timed out; the route error screen offers a reload. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/**
 * Resolves with the module `load` imports, or rejects with a {@link ChunkLoadError} when the
 * import fails (network, a deploy replaced the hashed file) or takes over `timeoutMs` ms.
 */
export function loadChunk<T>(
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new ChunkLoadError(`Loading a part of the app took over ${timeoutMs / 1000} s.`));
    }, timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('A part of the app failed to load.', { cause }));
      },
    );
  });
}
