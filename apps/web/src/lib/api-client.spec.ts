/**
 * The API client's network calls and the browser's tasks (PERF-6 in docs/requirements.md): where
 * the browser has `scheduler.yield`, a call is sent only after the task that asked for it has
 * ended, so the calls a screen starts as it mounts are not all sent within that one task.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiCall, apiGet } from './api-client.ts';

const numberAnswer = {
  parse: (value: unknown) => {
    if (typeof (value as { n?: unknown }).n !== 'number') throw new Error('not a number answer');
    return value as { n: number };
  },
};

/** A `fetch` that records each URL it is asked for and answers `{ n: 1 }`. */
function recordingFetch(asked: string[]) {
  return vi.fn((url: string) => {
    asked.push(url);
    return Promise.resolve(
      new Response(JSON.stringify({ n: 1 }), {
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiGet and the browser task that asks', () => {
  it('sends the call only once the browser has run the yield, and answers as before', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', recordingFetch(asked));
    // The browser runs each yield's continuation in a later task: here, when the test says.
    const waiting: (() => void)[] = [];
    const resume = () => waiting.shift()?.();
    const yielded = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          waiting.push(resolve);
        }),
    );
    vi.stubGlobal('scheduler', { yield: yielded });

    const answer = apiGet('/index/trending/movie', numberAnswer);
    const second = apiGet('/providers', numberAnswer);
    // Both calls asked in one task: neither is sent within it.
    await Promise.resolve();
    expect(yielded).toHaveBeenCalledTimes(2);
    expect(asked).toEqual([]);

    resume();
    await expect(answer).resolves.toEqual({ n: 1 });
    resume();
    await expect(second).resolves.toEqual({ n: 1 });
    expect(asked).toEqual(['/pigo-stream/index/trending/movie', '/pigo-stream/providers']);
  });

  it('sends a keepalive save at once, as the page may be going away', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', recordingFetch(asked));
    // A yield that never resumes, as when the page is gone before the next task.
    vi.stubGlobal('scheduler', { yield: () => new Promise<void>(() => undefined) });

    const saved = apiCall('/progress/save-progress', numberAnswer, {
      method: 'POST',
      body: { position: 600 },
      keepalive: true,
    });
    await expect(saved).resolves.toEqual({ n: 1 });
    expect(asked).toEqual(['/pigo-stream/progress/save-progress']);
  });

  it('sends the call at once where there is no scheduler.yield', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', recordingFetch(asked));
    vi.stubGlobal('scheduler', undefined);

    await expect(apiGet('/providers', numberAnswer)).resolves.toEqual({ n: 1 });
    expect(asked).toEqual(['/pigo-stream/providers']);
  });
});
