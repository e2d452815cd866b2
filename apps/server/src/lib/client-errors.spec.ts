import { describe, expect, it } from 'vitest';
import { requestLineOf, type ClientError } from './client-errors.ts';

/** A parser error over `raw`, failing at `at` (the whole chunk when undefined). */
function parserError(raw: string, at?: number): ClientError {
  return Object.assign(new Error('Parse Error'), {
    code: 'HPE_INVALID_URL',
    rawPacket: Buffer.from(raw, 'latin1'),
    ...(at === undefined ? {} : { bytesParsed: at }),
  });
}

describe('the request line of a refused request (ROB-3)', () => {
  it('reads the method and path at the start of the chunk', () => {
    expect(
      requestLineOf(parserError('HEAD /pigo-stream/\u0001 HTTP/1.1\r\nHost: x\r\n\r\n', 18)),
    ).toEqual({
      method: 'HEAD',
      path: '/pigo-stream/\u0001',
    });
  });

  it('reads the refused request, not an earlier one sharing the chunk', () => {
    const first = 'GET /pigo-stream/health HTTP/1.1\r\nHost: x\r\n\r\n';
    const raw = `${first}HEAD /pigo-stream/identity/\u0001 HTTP/1.1\r\n\r\n`;
    expect(requestLineOf(parserError(raw, first.length + 30))).toEqual({
      method: 'HEAD',
      path: '/pigo-stream/identity/\u0001',
    });
  });

  it('knows nothing when the chunk does not hold the request start or is not bytes', () => {
    expect(requestLineOf(parserError('aaaaaaaaaaaaaaaaaaaa'))).toEqual({});
    expect(
      requestLineOf(Object.assign(new Error('x'), { rawPacket: { type: 'Buffer', data: [] } })),
    ).toEqual({});
    expect(requestLineOf(new Error('x'))).toEqual({});
  });
});
