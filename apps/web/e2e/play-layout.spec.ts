/**
 * The play page's layout (UI-2 in docs/requirements.md): on a laptop the whole player sits above
 * the floating Back/Play bar when the page opens, and the bar takes clicks only on its own panel,
 * not on the full-width strip around it.
 */
import { expect, test } from './support/fixtures.ts';
import { openPlay, player } from './support/play-page.ts';

/** Big Buck Bunny, an open movie of the starter catalogue. */
const BIG_BUCK_BUNNY = { id: 10378, type: 'movie', title: 'Big Buck Bunny' } as const;

for (const viewport of [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`at ${String(viewport.width)}x${String(viewport.height)} nothing of the player is under the bar, which takes clicks only on its panel`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await openPlay(page, BIG_BUCK_BUNNY);
    const box = await player(page).boundingBox();
    const play = page.getByRole('button', { name: 'Play', exact: true });
    const panel = page.locator('div', { has: play }).filter({ hasText: 'Back' }).last();
    const bar = await panel.boundingBox();
    if (!box || !bar) throw new Error('no player or bar');
    expect(box.y + box.height).toBeLessThanOrEqual(bar.y);
    expect(box.width).toBeGreaterThan(viewport.width / 2);
    // Beside the panel, in the bar's strip, a click reaches the page, not the bar.
    if (bar.x > 24) {
      const hit = await page.evaluate(
        ([x, y]) =>
          document.elementFromPoint(x ?? 0, y ?? 0)?.closest('button, a')?.textContent ?? null,
        [bar.x - 12, bar.y + bar.height / 2],
      );
      expect(hit ?? '').not.toMatch(/Back|Play/);
      const strip = await page.evaluate(
        ([x, y]) =>
          getComputedStyle(document.elementFromPoint(x ?? 0, y ?? 0) ?? document.body)
            .pointerEvents,
        [bar.x - 12, bar.y + bar.height / 2],
      );
      expect(strip).not.toBe('none');
    }
  });
}
