/**
 * Single flight for the answer caches (lib/response-cache.ts, SCALE-8 in docs/requirements.md).
 */
import type { FastifyRequest } from 'fastify';

/**
 * Answers being made, by key, so that requests for a key that arrive meanwhile wait for its bytes
 * instead of each computing them (single flight: when an answer expires under load, every request
 * in flight for it would otherwise miss at once and run the same query; SCALE-8 in
 * docs/requirements.md). `start` registers the request as the one making the key's answer, or
 * answers the promise of the one already making it; `settle` gives the waiters its bytes, or
 * undefined when its answer is not kept (an error, a refusal), and those requests then answer
 * alone.
 */
export function singleFlight() {
  const pending = new Map<string, Promise<Buffer | undefined>>();
  const settlers = new WeakMap<FastifyRequest, (bytes: Buffer | undefined) => void>();
  return {
    /** The answer already being made for `key`, or undefined (then `req` makes it). */
    start(req: FastifyRequest, key: string): Promise<Buffer | undefined> | undefined {
      const inFlight = pending.get(key);
      if (inFlight) return inFlight;
      let resolve: (bytes: Buffer | undefined) => void = () => undefined;
      const answer = new Promise<Buffer | undefined>((r) => (resolve = r));
      pending.set(key, answer);
      settlers.set(req, (bytes) => {
        if (pending.get(key) === answer) pending.delete(key);
        resolve(bytes);
      });
      return undefined;
    },
    /** Ends `req`'s part: its waiters get `bytes` (undefined: they answer alone). */
    settle(req: FastifyRequest, bytes: Buffer | undefined): void {
      settlers.get(req)?.(bytes);
      settlers.delete(req);
    },
    /** Forgets every answer being made (after a write: later requests must not wait on them). */
    forget(): void {
      pending.clear();
    },
  };
}
