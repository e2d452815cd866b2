/**
 * Lighthouse (issue 9): the `lighthouse` package driving /usr/bin/chromium (chrome-launcher,
 * headless) with its default mobile settings (emulated phone, simulated slow 4G and CPU
 * slowdown) on `/` signed out, and on `/index` and the play page signed in (the session cookie
 * sent as a header). Performance, accessibility and best practices, 0-100. Prints, never
 * asserts.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { record } from './report.ts';
import type { BenchAccount, BenchServer } from './server.ts';
import { PLAY_PATH } from './web.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

/** Scores of one page, 0-100, by category; and the failed audits worth reading. */
interface PageScores {
  scores: Record<(typeof CATEGORIES)[number], number>;
  failing: string[];
}

/** The first items of an audit's details (console messages, failing nodes), for the log. */
function detailsOf(audit: unknown): string {
  const items = (audit as { details?: { items?: Record<string, unknown>[] } }).details?.items ?? [];
  return items
    .slice(0, 3)
    .map((item) => {
      const node = item.node as { snippet?: string } | undefined;
      const text = item.description ?? node?.snippet ?? item.url ?? item.source ?? '';
      return `\n      - ${typeof text === 'string' ? text.slice(0, 160) : JSON.stringify(text).slice(0, 160)}`;
    })
    .join('');
}

/** Runs Lighthouse once on `url` in the Chromium listening on `port`. */
async function audit(port: number, url: string, cookie: string | null): Promise<PageScores> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: [...CATEGORIES],
    ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as PageScores['scores'];
  const failing = CATEGORIES.flatMap((c) =>
    (lhr.categories[c]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0)
      .map((ref) => lhr.audits[ref.id])
      .filter((a) => a !== undefined && a.score !== null && a.score < 0.9)
      .map(
        (a) => `${c}: ${a?.id ?? ''} (${String(Math.round((a?.score ?? 0) * 100))})${detailsOf(a)}`,
      ),
  );
  return { scores, failing };
}

/** Audits `/`, `/index` and the play page and records their scores. */
export async function benchLighthouse(server: BenchServer, account: BenchAccount): Promise<void> {
  console.log('Lighthouse (mobile, simulated throttling)');
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    for (const [route, signedIn] of [
      ['/', false],
      ['/index', true],
      [PLAY_PATH, true],
    ] as const) {
      const { scores, failing } = await audit(
        chrome.port,
        `${server.baseUrl}${route}`,
        signedIn ? account.cookie : null,
      );
      const name = route.startsWith('/play') ? '/play' : route;
      for (const category of CATEGORIES) {
        record({
          name: `lighthouse ${name}: ${category}`,
          value: scores[category],
          unit: '',
          target: '>= 95',
        });
      }
      for (const f of failing) console.log(`    below 90: ${f}`);
    }
  } finally {
    chrome.kill();
  }
}
