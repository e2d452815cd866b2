/**
 * Lighthouse (issue 9): the `lighthouse` package driving /usr/bin/chromium (chrome-launcher,
 * headless) with its default mobile settings (emulated phone, simulated slow 4G and CPU
 * slowdown) on `/` signed out, and on `/index` and the play page signed in (the session cookie
 * sent as a header). Performance, accessibility and best practices, 0-100. Prints, never
 * asserts. BENCH_LIGHTHOUSE_REPORTS=<folder> also writes each page's full report there as JSON
 * (open it in the Lighthouse viewer to see the largest paint and the long tasks).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { record } from './report.ts';
import type { BenchAccount, BenchServer } from './server.ts';
import { BENCH_PAGES } from './web.ts';

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
  const reports = process.env.BENCH_LIGHTHOUSE_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '_') || 'root';
    writeFileSync(path.join(reports, `${name}.json`), JSON.stringify(lhr));
  }
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
    for (const { path: route, name, signedIn } of BENCH_PAGES) {
      const { scores, failing } = await audit(
        chrome.port,
        `${server.baseUrl}${route}`,
        signedIn ? account.cookie : null,
      );
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
