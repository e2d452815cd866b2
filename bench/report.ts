/**
 * The benchmarks' figures: {@link record} prints one as a table line and keeps it for
 * bench/results.json; {@link printTable} prints them all as one table at the end. Figures are
 * printed, never asserted.
 */
import { execFileSync } from 'node:child_process';
import os from 'node:os';

/** One measured figure; `target` is what the spec or the issue asks for, when it asks. */
export interface Figure {
  name: string;
  value: number | string;
  unit: string;
  target?: string;
}

/** Every figure recorded in this run, in order. */
export const figures: Figure[] = [];

/** Prints a figure as a table line (`name  value unit  (target ...)`) and keeps it. */
export const record = (f: Figure): void => {
  figures.push(f);
  console.log(
    `  ${f.name.padEnd(64)} ${String(f.value).padStart(10)} ${f.unit}${f.target ? `  (target ${f.target})` : ''}`,
  );
};

/** The `p`-th percentile (0 to 100) of ascending `sorted` values; 0 when empty. */
export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/** Prints every recorded figure as one Markdown table (also what docs/benchmarks.md shows). */
export function printTable(): void {
  console.log('\n| figure | value | target |\n| --- | ---: | --- |');
  for (const f of figures) {
    console.log(
      `| ${f.name} | ${String(f.value)}${f.unit ? ` ${f.unit}` : ''} | ${f.target ?? ''} |`,
    );
  }
}

/** The machine the figures come from: cores, memory, Node.js and Chromium versions. */
export function machine() {
  let chromium = 'unknown';
  try {
    chromium = execFileSync('/usr/bin/chromium', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    // Not installed: the web figures fail on their own.
  }
  return {
    cpu: os.cpus()[0]?.model ?? 'unknown',
    cores: os.cpus().length,
    memoryGB: Math.round(os.totalmem() / 1024 ** 3),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    chromium,
  };
}
