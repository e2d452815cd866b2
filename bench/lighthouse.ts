/**
 * Lighthouse (QUAL-2 in docs/requirements.md): the `lighthouse` package driving /usr/bin/chromium
 * (chrome-launcher, headless) with its default mobile settings (emulated phone, simulated slow 4G
 * and CPU slowdown) on `/` signed out, and on `/index` and the play pages of a movie and a show
 * signed in (the session cookie sent as a header). QUAL-2: each page is audited
 * BENCH_LIGHTHOUSE_RUNS times (default 3) and the median of each figure is recorded: performance,
 * accessibility and best practices (0-100), largest contentful paint and total blocking time (ms,
 * Lighthouse's simulation). Prints, never asserts. BENCH_LIGHTHOUSE_REPORTS=<folder> also writes
 * each run's full report there as JSON (open it in the Lighthouse viewer to see the largest paint
 * and the long tasks).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { record } from './report.ts';
import type { RunningServer, VerifiedAccount } from '../tools/server-process.ts';
import { BENCH_PAGES } from './web.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;

/** Audits per page (BENCH_LIGHTHOUSE_RUNS, default 3). */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));

/** One run on one page: scores 0-100 by category, LCP and TBT in ms, failed audits. */
interface PageScores {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcpMs: number;
  tbtMs: number;
  failing: string[];
}

/** The median of `values` (the middle one of an odd count; the mean of the middle two). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
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

/** Runs Lighthouse once on `url` in the Chromium listening on `port`; `run` names its report. */
async function audit(
  port: number,
  url: string,
  cookie: string | null,
  run: number,
): Promise<PageScores> {
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
    const { pathname, search } = new URL(url);
    const name = (pathname + search).replace(/\W+/g, '_') || 'root';
    writeFileSync(path.join(reports, `${name}-${String(run)}.json`), JSON.stringify(lhr));
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
  const lcpMs = Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0);
  const tbtMs = Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0);
  return { scores, lcpMs, tbtMs, failing };
}

/** Lighthouse's errors about its own trace, not the page: the run is tried again. */
const TRACE_ERRORS = /NO_NAVSTART|NO_FCP_TRACE|NO_TRACING_STARTED/;

/**
 * {@link audit}, tried up to three times when Lighthouse fails to record the trace (it does so
 * now and then on this machine, whatever the page); other errors are thrown at once.
 */
async function auditRetrying(
  port: number,
  url: string,
  cookie: string | null,
  run: number,
): Promise<PageScores> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(port, url, cookie, run);
    } catch (error) {
      if (attempt >= 3 || !(error instanceof Error) || !TRACE_ERRORS.test(error.message)) {
        throw error;
      }
      console.log(`  (Lighthouse lost the trace of ${url}; running it again)`);
    }
  }
}

/** Audits `/`, `/index` and the play pages {@link RUNS} times each and records the medians. */
export async function benchLighthouse(
  server: RunningServer,
  account: VerifiedAccount,
): Promise<void> {
  console.log(`Lighthouse (mobile, simulated throttling; median of ${String(RUNS)} runs)`);
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    for (const { path: route, name, signedIn } of BENCH_PAGES) {
      const runs: PageScores[] = [];
      for (let run = 1; run <= RUNS; run++) {
        runs.push(
          await auditRetrying(
            chrome.port,
            `${server.baseUrl}${route}`,
            signedIn ? account.cookie : null,
            run,
          ),
        );
      }
      const figures = [
        ...CATEGORIES.map((what) => ({
          what,
          of: (r: PageScores) => r.scores[what],
          unit: '',
          target: '>= 95',
        })),
        {
          what: 'largest contentful paint',
          of: (r: PageScores) => r.lcpMs,
          unit: 'ms',
          target: '< 2500 ms',
        },
        {
          what: 'total blocking time',
          of: (r: PageScores) => r.tbtMs,
          unit: 'ms',
          target: '< 200 ms',
        },
      ];
      for (const { what, of, unit, target } of figures) {
        const values = runs.map(of);
        record({
          name: `lighthouse ${name}: ${what} (runs ${values.join(', ')})`,
          value: median(values),
          unit,
          target,
        });
      }
      for (const f of new Set(runs.flatMap((r) => r.failing))) console.log(`    below 90: ${f}`);
    }
  } finally {
    chrome.kill();
  }
}
