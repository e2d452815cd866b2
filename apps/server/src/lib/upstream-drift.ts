/**
 * Drift in upstream answers (TMDB, AniList): fields that could not be read and were dropped, and
 * list items that were skipped. Each answer's problems are logged once per field, with the
 * field's path (array positions written `[]`), how many times it occurred and one full path,
 * so a change on the upstream side shows in the log without breaking a page.
 */

/** One unreadable field or skipped item: where it is in the answer, and what was wrong. */
export interface DriftProblem {
  /** Path in the answer, e.g. `['credits', 'cast', 17, 'order']`. */
  path: readonly PropertyKey[];
  /** What was wrong, e.g. 'expected number, received string'. */
  problem: string;
}

/** Where drift is written: a pino-style `warn(details, message)`. */
export type DriftLog = (details: Record<string, unknown>, message: string) => void;

/** `credits.cast[].order` for `['credits', 'cast', 17, 'order']`: one name per field. */
export function fieldName(path: readonly PropertyKey[]): string {
  let name = '';
  for (const key of path) {
    if (typeof key === 'number') name += '[]';
    else name += name ? `.${String(key)}` : String(key);
  }
  return name || '(answer)';
}

/** `credits.cast.17.order`: one occurrence, as written in logs. */
export function pathText(path: readonly PropertyKey[]): string {
  return path.map(String).join('.') || '(answer)';
}

/**
 * Logs `problems` of one upstream call (`source`: 'tmdb' | 'anilist'; `call`: the upstream
 * path or operation) as one warning per field: `{ source, call, field, count, example,
 * problem }`, message 'upstream answer drifted: field dropped'. Nothing is logged for none.
 */
export function reportDrift(
  log: DriftLog,
  source: string,
  call: string,
  problems: readonly DriftProblem[],
): void {
  const byField = new Map<string, { count: number; example: DriftProblem }>();
  for (const p of problems) {
    const field = fieldName(p.path);
    const seen = byField.get(field);
    if (seen) seen.count += 1;
    else byField.set(field, { count: 1, example: p });
  }
  for (const [field, { count, example }] of byField) {
    log(
      { source, call, field, count, example: pathText(example.path), problem: example.problem },
      'upstream answer drifted: field dropped',
    );
  }
}
