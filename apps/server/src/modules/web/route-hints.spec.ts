/**
 * The server's resource hints that depend on the page's answers (PERF-1 in docs/requirements.md).
 */
import { imageSrcSet } from '@pigostream/contracts/images';
import { describe, expect, it } from 'vitest';
import { largestImagePreload } from './route-hints.ts';

describe('largestImagePreload', () => {
  const trending = JSON.stringify({
    page: 1,
    results: [{ id: 603, poster_path: '/f89U3ADr1oiB1s9GkdPOEpXUk5H.jpg' }],
  });

  it("preloads Home's first poster with the card's own srcset and sizes", () => {
    const link = largestImagePreload('/index', new Map([['/index/trending/movie', trending]]));
    expect(link).toContain('rel="preload" as="image" fetchpriority="high"');
    expect(link).toContain('href="/pigo-stream/images/w500/f89U3ADr1oiB1s9GkdPOEpXUk5H.jpg"');
    expect(link).toContain(
      `imagesrcset="${imageSrcSet('/f89U3ADr1oiB1s9GkdPOEpXUk5H.jpg', 'poster') ?? ''}" imagesizes="160px"`,
    );
  });

  it("preloads the play page's poster from its media-info answer", () => {
    const link = largestImagePreload(
      '/play',
      new Map([
        ['/auth/me', '{"uid":"u1"}'],
        ['/playground/media-info?id=603&type=movie', '{"id":603,"poster_path":"/x.jpg"}'],
      ]),
    );
    expect(link).toContain('href="/pigo-stream/images/w500/x.jpg"');
  });

  it('writes a hostile path as attribute text, never as markup', () => {
    const answer = JSON.stringify({ results: [{ poster_path: '/a"><script>x</script>.jpg' }] });
    const link = largestImagePreload('/index', new Map([['/index/trending/movie', answer]]));
    expect(link).not.toContain('"><script>');
    expect(link).toContain('&quot;&gt;&lt;script&gt;');
  });

  it.each([
    ['/index', new Map([['/index/trending/movie', '{"results":[]}']])],
    ['/index', new Map([['/index/trending/movie', '{"results":[{"poster_path":""}]}']])],
    ['/index', new Map<string, string>()],
    ['/my-list', new Map([['/index/trending/movie', trending]])],
    ['/index', new Map([['/index/trending/movie', 'null']])],
    [
      '/index',
      new Map([
        ['/index/trending/movie', '{"results":[{"poster_path":"/art/poster/m.svg?t=A+B"}]}'],
      ]),
    ],
  ] as const)(
    'is empty for %s without a poster file to show (none, or drawn art)',
    (route, answers) => {
      expect(largestImagePreload(route, answers)).toBe('');
    },
  );
});
