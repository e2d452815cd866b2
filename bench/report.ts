/**
 * The benchmarks' figures: {@link record} prints one as a table line and keeps it for
 * bench/results.json. Figures are printed, never asserted.
 */

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
    `  ${f.name.padEnd(44)} ${String(f.value).padStart(10)} ${f.unit}${f.target ? `  (target ${f.target})` : ''}`,
  );
};

/** The `p`-th percentile (0 to 100) of ascending `sorted` values; 0 when empty. */
export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}
