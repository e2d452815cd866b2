/**
 * The first screen's data inside the page (issue 19): for a visitor with a session cookie, the
 * app shell of a guarded route carries the answers of the screen's first calls (the sign-in
 * check, Home's trending rows and providers, the play page's media-info) in a JSON data block,
 * so the largest paint does not wait on those round trips. Each answer is what the API itself
 * sends, byte for byte: it is asked of the app through `inject`, with the visitor's cookie, and
 * only 200 JSON answers are kept. The block is `<script type="application/json">`, which the
 * browser never runs, so the Content-Security-Policy still allows no inline script.
 */
import { FIRST_ANSWERS_ID } from '@pigostream/contracts/constants';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How long the page waits for the screen's answers, in ms; a later one is left to the app. */
export const FIRST_ANSWERS_DEADLINE_MS = 300;

/** Answers by path under the API prefix (`/auth/me`), as the JSON text the API sent. */
export type FirstAnswers = Map<string, string>;

/**
 * Asks the app for `apiPrefix + path` with the cookie and address of `req`; the answer's text
 * when it is a 200 JSON answer, else undefined.
 */
async function answerOf(
  app: FastifyInstance,
  req: FastifyRequest,
  apiPrefix: string,
  path: string,
): Promise<string | undefined> {
  const res = await app.inject({
    method: 'GET',
    url: apiPrefix + path,
    remoteAddress: req.ip,
    headers: {
      accept: 'application/json',
      ...(req.headers.cookie ? { cookie: req.headers.cookie } : {}),
      ...(req.headers.host ? { host: req.headers.host } : {}),
    },
  });
  const json = /^application\/json\b/i.test(String(res.headers['content-type'] ?? ''));
  return res.statusCode === 200 && json ? res.body : undefined;
}

/**
 * The answers of `mePath` (the sign-in check) and, when it names a user, of `screenPaths`, for
 * the visitor of `req`. The sign-in check is always waited for; screen answers only until
 * {@link FIRST_ANSWERS_DEADLINE_MS} ms, and failed or late ones are left out (the app then asks
 * for them itself). A signed-out visitor's page carries only the check's `null`.
 */
export async function collectFirstAnswers(
  app: FastifyInstance,
  req: FastifyRequest,
  apiPrefix: string,
  mePath: string,
  screenPaths: readonly string[],
): Promise<FirstAnswers> {
  const answers: FirstAnswers = new Map();
  const me = await answerOf(app, req, apiPrefix, mePath).catch(() => undefined);
  if (me === undefined) return answers;
  answers.set(mePath, me);
  if (me === 'null' || screenPaths.length === 0) return answers;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, FIRST_ANSWERS_DEADLINE_MS);
  });
  await Promise.race([
    Promise.all(
      screenPaths.map(async (path) => {
        const answer = await answerOf(app, req, apiPrefix, path).catch(() => undefined);
        if (answer !== undefined) answers.set(path, answer);
      }),
    ),
    deadline,
  ]);
  clearTimeout(timer);
  // In the order of the calls; answers that arrive after the deadline change nothing sent.
  return new Map(
    [mePath, ...screenPaths].flatMap((path) => {
      const answer = answers.get(path);
      return answer === undefined ? [] : [[path, answer] as const];
    }),
  );
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
