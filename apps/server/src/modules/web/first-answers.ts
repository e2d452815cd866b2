/**
 * The first screen's data inside the page (PERF-1 in docs/requirements.md): for a visitor with a
 * session cookie, the app shell of a guarded route carries the answers of the screen's first calls
 * (the sign-in check, Home's trending rows and providers, the play page's media-info and anime
 * lookup) in a JSON data block, so the largest paint does not wait on those round trips. Each
 * answer is what the API itself sends, byte for byte: it is asked of the app through `inject`, with
 * the visitor's cookie, and only 200 JSON answers are kept. The block is
 * `<script type="application/json">`, which the browser never runs, so the Content-Security-Policy
 * still allows no inline script.
 */
import { FIRST_ANSWERS_ID, firstAnswerKey } from '@pigostream/contracts/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How long the page waits for the screen's answers, in ms; a later one is left to the app. */
export const FIRST_ANSWERS_DEADLINE_MS = 300;

/**
 * Answers by name (contracts' `firstAnswerKey`: the path under the API prefix, `/auth/me`, for a
 * GET), as the JSON text the API sent.
 */
export type FirstAnswers = Map<string, string>;

/** A read the page may carry the answer of: a GET of `path`, or a POST of `body` to it. */
export interface FirstCall {
  /** Under the API prefix, exactly as the app builds it. */
  path: string;
  /** The JSON body of a read sent as a POST (the anime lookup); none for a GET. */
  body?: unknown;
}

/**
 * The calls the app makes once the answer `answer` (JSON text) of `path` is in, given the
 * `answers` so far, which the page may carry too (the play page's anime lookup needs its title,
 * Home's hero its most-watched title, PERF-1); [] for none.
 */
export type FollowUps = (path: string, answer: string, answers: FirstAnswers) => FirstCall[];

/**
 * Asks the app for `call` (under `apiPrefix`) with the cookie and address of `req`; the
 * answer's text when it is a 200 JSON answer, else undefined.
 */
async function answerOf(
  app: FastifyInstance,
  req: FastifyRequest,
  apiPrefix: string,
  call: FirstCall,
): Promise<string | undefined> {
  const post = call.body !== undefined;
  const res = await app.inject({
    method: post ? 'POST' : 'GET',
    url: apiPrefix + call.path,
    remoteAddress: req.ip,
    ...(post ? { payload: JSON.stringify(call.body) } : {}),
    headers: {
      accept: 'application/json',
      // The page's own call, asked by the server for the page it serves: same origin.
      ...(post ? { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' } : {}),
      ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}),
      ...(req.headers.host ? { host: req.headers.host } : {}),
    },
  });
  const json = /^application\/json\b/i.test(String(res.headers['content-type'] ?? ''));
  return res.statusCode === 200 && json ? res.body : undefined;
}

/**
 * The answers of `mePath` (the sign-in check) and, when it names a user, of `screenPaths` and
 * the calls `followUps` names for their answers, for the visitor of `req`, by
 * `firstAnswerKey`. The sign-in check is always waited for; the others only until
 * {@link FIRST_ANSWERS_DEADLINE_MS} ms in all, and failed or late ones are left out (the app
 * then asks for them itself). A signed-out visitor's page carries only the check's `null`.
 */
export async function collectFirstAnswers(
  app: FastifyInstance,
  req: FastifyRequest,
  apiPrefix: string,
  mePath: string,
  screenPaths: readonly string[],
  followUps: FollowUps = () => [],
): Promise<FirstAnswers> {
  const answers: FirstAnswers = new Map();
  const me = await answerOf(app, req, apiPrefix, { path: mePath }).catch(() => undefined);
  if (me === undefined) return answers;
  answers.set(mePath, me);
  if (me === 'null' || screenPaths.length === 0) return answers;
  // Every call asked, in the order it was asked; answers that arrive after the deadline change
  // nothing sent.
  const asked: string[] = [mePath];
  let late = false;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      late = true;
      resolve();
    }, FIRST_ANSWERS_DEADLINE_MS);
  });
  const ask = async (call: FirstCall): Promise<void> => {
    const key = firstAnswerKey(call.path, call.body);
    asked.push(key);
    const answer = await answerOf(app, req, apiPrefix, call).catch(() => undefined);
    // Past the deadline the page has gone: nothing more is asked for it.
    if (answer === undefined || late) return;
    answers.set(key, answer);
    await Promise.all(followUps(call.path, answer, answers).map(ask));
  };
  await Promise.race([Promise.all(screenPaths.map((path) => ask({ path }))), deadline]);
  late = true;
  clearTimeout(timer);
  const sent: FirstAnswers = new Map();
  for (const key of asked) {
    const answer = answers.get(key);
    if (answer !== undefined) sent.set(key, answer);
  }
  return sent;
}

/**
 * The data block for `answers`: `{"<path>":<answer>,...}` inside
 * `<script type="application/json" id="pigo-first-answers">`, each answer's JSON text as sent.
 * Every `<` is written `\u003c` (the same JSON), so no answer can end the element. '' when there
 * are no answers.
 */
export function firstAnswersBlock(answers: FirstAnswers): string {
  if (answers.size === 0) return '';
  const json = `{${[...answers].map(([path, body]) => `${JSON.stringify(path)}:${body}`).join(',')}}`;
  return `    <script type="application/json" id="${FIRST_ANSWERS_ID}">${json.replaceAll('<', '\\u003c')}</script>\n`;
}
