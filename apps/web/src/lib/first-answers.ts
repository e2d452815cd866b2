/**
 * The answers the server put into the page for the first screen (PERF-1 in docs/requirements.md;
 * the server's apps/server/src/modules/web/first-answers.ts): the sign-in check and the screen's
 * first calls, as the JSON the API sends, in
 * `<script type="application/json" id="pigo-first-answers">`. {@link takeFirstAnswer} hands each
 * one out once, to the first screen's first calls, which ask as the app starts; every later call
 * goes to the server.
 */
import { FIRST_ANSWERS_ID } from '@pigostream/contracts/constants';

/**
 * The answers in the data block text `text` (`{"<path>":<answer>,...}`) by path (its entries);
 * empty when there is no text or it is not JSON. Paths start with `/`: other JSON (an array, a
 * string) holds none.
 */
export function readFirstAnswers(text: string | null | undefined): Map<string, unknown> {
  try {
    return new Map(Object.entries(JSON.parse(text ?? '') as object));
  } catch {
    return new Map();
  }
}

/** The page's answers, read at the first call. */
let answers: Map<string, unknown> | undefined;

/**
 * Sets the answers the next calls take, in place of a page's: the server's render of the first
 * screen (entry-server.tsx) hands each request's answers in, and an empty map after.
 */
export function provideFirstAnswers(next: Map<string, unknown>): void {
  answers = next;
}

/** The answers in this page's data block; none outside a page (the unit tests' Node.js). */
function pageAnswers(): Map<string, unknown> {
  return readFirstAnswers(
    typeof document === 'undefined'
      ? undefined
      : document.getElementById(FIRST_ANSWERS_ID)?.textContent,
  );
}

/**
 * The page's answer for the call `path` (under the API prefix, exactly as the app builds it),
 * or of the read sent as a POST named by contracts' `firstAnswerKey`, wrapped as `{ answer }`,
 * and forgets it; undefined when the page has none (left), or there is no page.
 */
export function takeFirstAnswer(path: string): { answer: unknown } | undefined {
  answers ??= pageAnswers();
  const answer = answers.get(path);
  return answers.delete(path) ? { answer } : undefined;
}

/**
 * The page's answer for `key` (a path, or contracts' `firstAnswerKey` of a read sent as a POST)
 * wrapped as `{ answer }`, left in place; undefined when the page has none (left).
 */
export function peekFirstAnswer(key: string): { answer: unknown } | undefined {
  answers ??= pageAnswers();
  return answers.has(key) ? { answer: answers.get(key) } : undefined;
}

/** Whether the page still has an answer for `key` (taking nothing). */
export function hasFirstAnswer(key: string): boolean {
  answers ??= pageAnswers();
  return answers.has(key);
}
