/**
 * Reading upstream answers (TMDB) leniently: a field the product does not need is optional; a
 * number may come as a numeric string; `null`, a missing field, an empty or blank string and an
 * empty list all mean "unknown"; unknown fields are ignored. {@link readLeniently} drops what
 * cannot be read (a field, or the list item a required field belongs to), keeps the rest of the
 * answer and says what it dropped, so the mapper after it can be strict.
 */
import { z } from 'zod';
import type { DriftProblem } from './upstream-drift.ts';

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** `null`, `''` and blank strings as `undefined` (unknown); anything else unchanged. */
function unknownIfBlank(value: unknown): unknown {
  if (value === null) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  return value;
}

/** A numeric string as its number (`'7.5'` → 7.5); anything else unchanged. */
function numberIfNumeric(value: unknown): unknown {
  return typeof value === 'string' && NUMERIC.test(value.trim()) ? Number(value) : value;
}

/** An optional text: blank or null is unknown; a number is taken as its decimal text. */
export const optionalText = z.preprocess((value) => {
  const known = unknownIfBlank(value);
  return typeof known === 'number' ? String(known) : known;
}, z.string().optional());

/** An optional number (zod 4's numbers are finite); a numeric string is read as its number. */
export const optionalNumber = z.preprocess(
  (value) => numberIfNumeric(unknownIfBlank(value)),
  z.number().optional(),
);

/** A required integer (an id, a season or episode number); a numeric string is accepted. */
export const requiredInt = z.preprocess(numberIfNumeric, z.number().int());

/** An optional boolean; `'true'`/`'false'` are accepted. */
export const optionalBoolean = z.preprocess((value) => {
  const known = unknownIfBlank(value);
  if (known === 'true') return true;
  if (known === 'false') return false;
  return known;
}, z.boolean().optional());

/** An optional calendar date `YYYY-MM-DD` (or `YYYY`, `YYYY-MM`); anything else is unreadable. */
export const optionalDate = z.preprocess(
  unknownIfBlank,
  z
    .string()
    .regex(/^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/, 'expected a date YYYY-MM-DD')
    .optional(),
);

/** An optional list; `null` and `[]` are unknown. Unreadable items are dropped one by one. */
export function optionalList<T extends z.ZodType>(item: T) {
  return z.preprocess((value) => {
    const known = unknownIfBlank(value);
    return Array.isArray(known) && known.length === 0 ? undefined : known;
  }, z.array(item).optional());
}

/** An optional nested object; `null` is unknown. */
export function optionalObject<T extends z.ZodRawShape>(shape: T) {
  return z.preprocess(unknownIfBlank, z.object(shape).optional());
}

/** Raised when the answer itself cannot be used: a required field of the top level is unreadable. */
export class UnreadableAnswerError extends Error {
  override readonly name = 'UnreadableAnswerError';
  constructor(readonly problem: DriftProblem) {
    super(`unreadable answer at ${problem.path.map(String).join('.') || '(answer)'}`);
  }
}

/** Rounds of dropping before giving up; each round goes at least one level deeper or up. */
const MAX_ROUNDS = 8;

function childOf(container: unknown, key: PropertyKey): unknown {
  if (container === null || typeof container !== 'object') return undefined;
  return (container as Record<PropertyKey, unknown>)[key];
}

function at(root: unknown, path: readonly PropertyKey[]): unknown {
  let here = root;
  for (const key of path) here = childOf(here, key);
  return here;
}

/**
 * Parses `input` with `schema`; while it fails, each issue drops what it points at and the
 * parse runs again:
 * - an unreadable value that is there: the field is deleted (or the list item removed when the
 *   value is a list item itself); the schema then reads the field as unknown if it is optional;
 * - a required field that is missing (or was just deleted): the nearest enclosing list item is
 *   removed (a cast member without a name, a season without a season_number);
 * - a required field outside any list item: the answer cannot be used.
 * `input` is not changed (a copy is made when something must be dropped).
 * @returns the parsed value and one problem per dropped field or item (path and what was wrong).
 * @throws UnreadableAnswerError when a required field of the answer itself cannot be read.
 */
export function readLeniently<T>(
  schema: z.ZodType<T>,
  input: unknown,
): { value: T; problems: DriftProblem[] } {
  const problems = new Map<string, DriftProblem>();
  let value = input;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const parsed = schema.safeParse(value);
    if (parsed.success) return { value: parsed.data, problems: [...problems.values()] };
    if (round === 0) value = structuredClone(input);
    const removals = new Map<unknown[], Set<number>>();
    for (const issue of parsed.error.issues) {
      const path = issue.path;
      const key = path.at(-1);
      const parent = at(value, path.slice(0, -1));
      const id = path.map(String).join('.');
      const present = key !== undefined && childOf(parent, key) !== undefined;
      if (present && !Array.isArray(parent)) {
        Reflect.deleteProperty(parent as object, key);
        problems.set(id, { path, problem: issue.message });
        continue;
      }
      // A list item, or a required field that is missing: drop the nearest list item.
      const itemAt = path.findLastIndex((k) => typeof k === 'number');
      if (itemAt < 0) {
        throw new UnreadableAnswerError({ path, problem: issue.message });
      }
      const list = at(value, path.slice(0, itemAt)) as unknown[];
      const indexes = removals.get(list) ?? new Set<number>();
      indexes.add(path[itemAt] as number);
      removals.set(list, indexes);
      const before = problems.get(id)?.problem ?? issue.message;
      problems.set(id, { path, problem: `${before}; item skipped` });
    }
    for (const [list, indexes] of removals) {
      for (const index of [...indexes].sort((a, b) => b - a)) list.splice(index, 1);
    }
  }
  throw new UnreadableAnswerError({ path: [], problem: 'too many unreadable fields' });
}
