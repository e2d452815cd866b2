/** The Stremio addon screen's rules (STREMIO-1 in docs/requirements.md). */
import { STREMIO_TOKEN_NOT_FOUND, TOO_MANY_STREMIO_TOKENS } from '@pigostream/contracts';
import { describe, expect, it } from 'vitest';
import { API_MESSAGES, ApiError } from '../../lib/api-client.ts';
import { formatWhen, needsHttps, revokeQuestion, stremioErrorMessage } from './stremio-rules.ts';

describe('Stremio addon rules (STREMIO-1)', () => {
  it('reads a time as a day and a time of day', () => {
    expect(formatWhen('2026-11-29T16:05:00.000Z', 'UTC')).toBe('29 Nov 2026, 16:05');
    expect(formatWhen('2026-11-29T16:05:00.000Z', 'Europe/Berlin')).toBe('29 Nov 2026, 17:05');
    expect(formatWhen('not a time')).toBe('not a time');
    expect(revokeQuestion('2026-11-29T16:05:00.000Z', 'UTC')).toBe(
      'Revoke the addon link made 29 Nov 2026, 16:05? Stremio can no longer reach PigoStream through it.',
    );
  });

  it('knows which addresses Stremio installs: https anywhere, plain http at 127.0.0.1 only', () => {
    expect(needsHttps('https://tv.example.org/pigo-stream/stremio/t/manifest.json')).toBe(false);
    expect(needsHttps('http://127.0.0.1:3000/pigo-stream/stremio/t/manifest.json')).toBe(false);
    expect(needsHttps('http://192.168.1.10:3000/pigo-stream/stremio/t/manifest.json')).toBe(true);
    expect(needsHttps('http://nas.local:3000/pigo-stream/stremio/t/manifest.json')).toBe(true);
    expect(needsHttps('not a url')).toBe(false);
  });

  it("shows the server's own text for what it refused, else the app's message", () => {
    expect(
      stremioErrorMessage(
        new ApiError(API_MESSAGES.notOk, { status: 409, detail: TOO_MANY_STREMIO_TOKENS }),
      ),
    ).toBe(TOO_MANY_STREMIO_TOKENS);
    expect(
      stremioErrorMessage(
        new ApiError(API_MESSAGES.notOk, { status: 404, detail: STREMIO_TOKEN_NOT_FOUND }),
      ),
    ).toBe(STREMIO_TOKEN_NOT_FOUND);
    expect(
      stremioErrorMessage(new ApiError(API_MESSAGES.notOk, { status: 500, detail: 'boom' })),
    ).toBe(API_MESSAGES.notOk);
    expect(stremioErrorMessage(new ApiError(API_MESSAGES.noResponse))).toBe(
      API_MESSAGES.noResponse,
    );
    expect(stremioErrorMessage(new Error('x'))).toBe('x');
  });
});
