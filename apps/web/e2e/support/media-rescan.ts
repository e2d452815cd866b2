/**
 * A file a test has just put into a server's MEDIA_DIR, made visible: the test asks the server to
 * rescan (SRC-3 in docs/requirements.md) until the title lists the 'Local library' server.
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { TEST_RESCAN_MS } from './app-server.ts';

/**
 * Rescans MEDIA_DIR through `request` (a client of the server to ask, `headers` sent with the
 * rescan, such as its trusted `origin`) until the title `{ id, type }` (a show's episode with
 * `season` and `episode`) lists the 'Local library' server. A rescan walks the folder at most
 * once per MEDIA_RESCAN_MS (the servers under test: {@link TEST_RESCAN_MS}), so the asks are that
 * far apart.
 * @throws when a rescan is refused, or the title is not listed within 20 s.
 */
export async function rescanUntilListed(
  request: APIRequestContext,
  title: { id: number; type: 'movie' | 'tv'; season?: number; episode?: number },
  headers: Record<string, string> = {},
): Promise<void> {
  await expect
    .poll(
      async () => {
        const rescan = await request.post('/pigo-stream/sources/rescan', { headers });
        expect(rescan.status(), await rescan.text()).toBeLessThan(300);
        const query = new URLSearchParams({ id: String(title.id), type: title.type });
        if (title.season !== undefined) query.set('season', String(title.season));
        if (title.episode !== undefined) query.set('episode', String(title.episode));
        const response = await request.get(`/pigo-stream/sources/servers?${query.toString()}`);
        return ((await response.json()) as { server_name: string }[]).map((s) => s.server_name);
      },
      { timeout: 20_000, intervals: [TEST_RESCAN_MS] },
    )
    .toContain('Local library');
}
