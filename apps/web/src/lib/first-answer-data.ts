/**
 * The page's answers as a query's initial data (PERF-1 in docs/requirements.md), apart from
 * lib/first-answers.ts so that only the screens that use it load it (the entry script stays within
 * `/`'s budget).
 */
import { peekFirstAnswer, takeFirstAnswer } from './first-answers.ts';

/**
 * The page's answer for `key` (a path, or contracts' `firstAnswerKey` of a read sent as a POST)
 * checked by `schema` at once, for a query's `initialData`: the first screen then renders with
 * its data in its first pass instead of a loading state first. Taken only when it parses and
 * `accept` takes it; otherwise it stays for the call itself (lib/first-answers.ts
 * `takeFirstAnswer`), which then reports a bad answer as usual. Undefined when the page has
 * none or it is refused.
 */
export function firstAnswerData<T>(
  key: string,
  schema: { parse(data: unknown): T },
  accept: (data: T) => boolean = () => true,
): T | undefined {
  const first = peekFirstAnswer(key);
  if (!first) return undefined;
  let data: T;
  try {
    data = schema.parse(first.answer);
  } catch {
    return undefined;
  }
  if (!accept(data)) return undefined;
  takeFirstAnswer(key);
  return data;
}
