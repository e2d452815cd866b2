import { describe, expect, it } from 'vitest';
import { isCanonicalPath, MAX_JSON_DEPTH, parseJsonBody } from './request-guards.ts';

describe('isCanonicalPath', () => {
  it.each([
    '/pigo-stream/identity/sign-up/email',
    '/pigo-stream/identity/sign-up/email/',
    '/pigo-stream/images/w500/art/poster/the%20matrix.svg',
    '/pigo-stream/images/w500/abc.jpg',
    '/pigo-stream/.well-known',
    '/pigo-stream/identity/reset-password/AbC123',
  ])('lets %s through', (path) => {
    expect(isCanonicalPath(path)).toBe(true);
  });

  it.each([
    '/pigo-stream/identity/./sign-up/email',
    '/pigo-stream/identity/x/../sign-up/email',
    '/pigo-stream/identity/%2e/sign-up/email',
    '/pigo-stream/identity/%2E%2e/identity/sign-up/email',
    '/pigo-stream/identity/.%2E/identity/sign-up/email',
    '/pigo-stream/identity//sign-up/email',
    '/pigo-stream//identity/sign-up/email',
    '/pigo-stream/identity/sign-up%2femail',
    '/pigo-stream/identity/sign-up%2Femail',
    '/pigo-stream/identity/x%5c..%5csign-up/email',
    '/pigo-stream/identity/x\\..\\sign-up/email',
    '/pigo-stream/identity/sign-up/email%00',
    '/pigo-stream/identity/sign-up/email%0a',
    '/pigo-stream/images/w500/art/poster/%E0%A4.svg',
    '/pigo-stream/images/w500/art/poster/%zz.svg',
  ])('refuses %s', (path) => {
    expect(isCanonicalPath(path)).toBe(false);
  });
});

describe('parseJsonBody', () => {
  it('parses objects, arrays and strings as JSON.parse does', () => {
    expect(parseJsonBody('{"email":"a@gmail.com","n":[1,{"x":null}]}')).toEqual({
      email: 'a@gmail.com',
      n: [1, { x: null }],
    });
    // Duplicate keys: the last one, as JSON.parse (and so what the server acts on).
    expect(parseJsonBody('{"email":"a@gmail.com","email":"b@evil.com"}')).toEqual({
      email: 'b@evil.com',
    });
  });

  it(`refuses nesting deeper than ${String(MAX_JSON_DEPTH)}, NUL, prototype keys and bad JSON with 400`, () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    expect(() => parseJsonBody(deep(MAX_JSON_DEPTH))).not.toThrow();
    for (const text of [
      deep(MAX_JSON_DEPTH + 1),
      deep(10_000),
      '['.repeat(10_000),
      '{"name":"a\\u0000b"}',
      '{"a\\u0000":1}',
      '{"__proto__":{"admin":true}}',
      '{"constructor":{"prototype":{"admin":true}}}',
      '{"a":',
    ]) {
      expect(() => parseJsonBody(text), text.slice(0, 40)).toThrow(
        expect.objectContaining({ statusCode: 400 }) as Error,
      );
    }
  });
});
