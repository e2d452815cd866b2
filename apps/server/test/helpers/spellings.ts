/**
 * The ways a client can spell one API path (SEC-1 in docs/requirements.md): the plain path, a
 * trailing slash and mixed case (identity calls are matched case-insensitively), and the spellings
 * that only mean the same path once a URL parser resolves them (`./`, `x/../`, `%2e/`, `%2E%2e`
 * mixes, `//`, encoded slashes and backslashes). The server must refuse the latter with 400 before
 * any rule or route acts on them, so a rule can never be skipped by spelling the path differently.
 * Send them over a socket (raw-http.ts): `app.inject` would resolve them first.
 */
export const API = '/pigo-stream';
export const IDENTITY = `${API}/identity`;

/** The answer to a refused path under `/pigo-stream/identity/`. */
export const INVALID_IDENTITY_PATH = { code: 'INVALID_PATH', message: 'Invalid request path.' };
/** The answer to a refused path elsewhere under `/pigo-stream`. */
export const INVALID_API_PATH = { error: 'Invalid request path.' };

export interface Spelling {
  /** A short description for test names and failure messages. */
  label: string;
  /** The raw path, sent as is. */
  path: string;
  /** The 400 body the server answers, or undefined when the spelling reaches the call. */
  refusal: typeof INVALID_IDENTITY_PATH | typeof INVALID_API_PATH | undefined;
}

/** `sign-up/email` -> `Sign-Up/Email`. */
export function titleCase(call: string): string {
  return call.replace(/(^|[-/])([a-z])/g, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

/** `sign-up/email` -> `sIgN-Up/eMaIl`: every other letter upper case. */
export function alternatingCase(call: string): string {
  let upper = false;
  return call.replace(/[a-z]/g, (ch) => {
    upper = !upper;
    return upper ? ch : ch.toUpperCase();
  });
}

function refusalFor(path: string) {
  return path.startsWith(`${IDENTITY}/`) ? INVALID_IDENTITY_PATH : INVALID_API_PATH;
}

/**
 * Spellings of `path` (absolute, under /pigo-stream, no query) that resolve to it but must be
 * refused: dot segments (literal and percent-encoded, in any case mix) before the last segment
 * and inside the prefix, doubled slashes, encoded slashes and backslashes.
 */
export function refusedSpellings(path: string): Spelling[] {
  const cut = path.lastIndexOf('/');
  const [head, last] = [path.slice(0, cut), path.slice(cut + 1)];
  const afterApi = path.slice(API.length + 1);
  const paths: [string, string][] = [
    ['./ before the last segment', `${head}/./${last}`],
    ['x/../ before the last segment', `${head}/x/../${last}`],
    ['%2e/ before the last segment', `${head}/%2e/${last}`],
    ['%2E/ before the last segment', `${head}/%2E/${last}`],
    ['x/%2E%2e/ before the last segment', `${head}/x/%2E%2e/${last}`],
    ['x/.%2E/ before the last segment', `${head}/x/.%2E/${last}`],
    ['x/%2e./ before the last segment', `${head}/x/%2e./${last}`],
    ['a trailing /. after the path', `${path}/.`],
    ['a trailing /x/.. after the path', `${path}/x/..`],
    ['// before the last segment', `${head}//${last}`],
    ['// after /pigo-stream', `${API}//${afterApi}`],
    ['x/../ after /pigo-stream', `${API}/x/../${afterApi}`],
    [
      '%2e%2E/ after /pigo-stream, the prefix repeated',
      `${API}/${afterApi.split('/')[0] ?? ''}/%2e%2E/${afterApi}`,
    ],
    ['x%2f..%2f before the last segment', `${head}/x%2f..%2f${last}`],
    ['x%5c..%5c before the last segment', `${head}/x%5c..%5c${last}`],
    ['a backslash before the last segment', `${head}\\${last}`],
  ];
  return paths.map(([label, raw]) => ({ label, path: raw, refusal: refusalFor(raw) }));
}

/**
 * Every spelling of an identity call (`sign-in/email`): the ones that reach the call (plain,
 * trailing slash, Title-Case, UPPER and aLtErNaTiNg case) and the refused ones.
 */
export function identitySpellings(call: string): Spelling[] {
  const reached: [string, string][] = [
    ['plain', call],
    ['a trailing slash', `${call}/`],
    ['Title-Case', titleCase(call)],
    ['UPPER CASE', call.toUpperCase()],
    ['aLtErNaTiNg case', alternatingCase(call)],
  ];
  return [
    ...reached.map(([label, c]) => ({ label, path: `${IDENTITY}/${c}`, refusal: undefined })),
    ...refusedSpellings(`${IDENTITY}/${call}`),
  ];
}

/** Every spelling of a product path (`/pigo-stream/my-list/save-my-list`): plain, refused ones. */
export function apiSpellings(path: string): Spelling[] {
  return [{ label: 'plain', path, refusal: undefined }, ...refusedSpellings(path)];
}

/** Only the spellings that reach the call. */
export function reaching(spellings: Spelling[]): Spelling[] {
  return spellings.filter((s) => s.refusal === undefined);
}

/** Only the spellings the server must refuse with 400. */
export function refused(spellings: Spelling[]): Spelling[] {
  return spellings.filter((s) => s.refusal !== undefined);
}
