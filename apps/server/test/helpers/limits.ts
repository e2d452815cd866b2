/**
 * Checks of the identity attempt limits (SEC-2 in docs/requirements.md) over a socket: the 429
 * answer, the refused path answer, spellings of an address, and {@link exhaust}, which spends a
 * call's allowance through every spelling of the call.
 */
import { expect } from 'vitest';
import type { RawResponse, SocketClient } from './raw-http.ts';
import { identitySpellings, reaching, refused, type Spelling } from './spellings.ts';

export const RATE_LIMITED = {
  code: 'RATE_LIMITED',
  message: 'Too many attempts. Please wait a minute and try again.',
};

/** Spellings of `address` that name the same mailbox: case, and spaces around it. */
export function addressSpellings(address: string): string[] {
  const [local = '', domain = ''] = address.split('@');
  return [
    address,
    address.toUpperCase(),
    `${local[0]?.toUpperCase() ?? ''}${local.slice(1)}@${domain.toUpperCase()}`,
    ` ${address} `,
  ];
}

/** A new browser (`fresh()`, its own address) carrying the session cookies of `client`. */
export function sameSessionElsewhere(
  client: SocketClient,
  fresh: () => SocketClient,
): SocketClient {
  const other = fresh();
  for (const [name, value] of client.cookies) other.cookies.set(name, value);
  return other;
}

/** The answer is the limit's 429, with a Retry-After of at most the one-minute window. */
export function expectRateLimited(res: RawResponse, where: string): void {
  expect(res.status, `${where}: ${res.body}`).toBe(429);
  expect(res.json(), where).toEqual(RATE_LIMITED);
  expect(Number(res.headers['retry-after']), where).toBeGreaterThan(0);
  expect(Number(res.headers['retry-after']), where).toBeLessThanOrEqual(60);
  expect(res.setCookies, where).toEqual([]);
}

/** The answer is the 400 for a refused path spelling, with no cookie. */
export function expectRefusedPath(res: RawResponse, spelling: Spelling): void {
  expect(res.status, `${spelling.label}, ${spelling.path}: ${res.body}`).toBe(400);
  expect(res.json(), spelling.path).toEqual(spelling.refusal);
  expect(res.setCookies, spelling.path).toEqual([]);
}

/**
 * Spends the allowance of identity call `call`: `allowed` attempts through the spellings that
 * reach the call (cycling through them), with every refused spelling sent in between (each must
 * answer 400 and must not count), then one more attempt through each reaching spelling. The
 * first `allowed` must not be limited, every later one must be. `attempt(spelling, i)` sends
 * attempt `i` (from a fresh address, so only the per-subject counter can stop them); `check`
 * inspects each answer let through.
 * @returns the answers let through.
 */
export async function exhaust(
  call: string,
  allowed: number,
  attempt: (spelling: Spelling, i: number) => Promise<RawResponse>,
  check: (res: RawResponse, where: string) => void = () => undefined,
): Promise<RawResponse[]> {
  const spellings = identitySpellings(call);
  const reach = reaching(spellings);
  const refuse = refused(spellings);
  const answers: RawResponse[] = [];
  for (let i = 0; i < allowed; i++) {
    const spelling = reach[i % reach.length] as Spelling;
    const res = await attempt(spelling, i);
    const where = `${call} attempt ${i + 1} (${spelling.label}, ${spelling.path})`;
    expect(res.status, `${where}: ${res.body}`).not.toBe(429);
    check(res, where);
    answers.push(res);
    for (const dotted of refuse.filter((_, k) => k % allowed === i)) {
      expectRefusedPath(await attempt(dotted, i), dotted);
    }
  }
  for (const [n, spelling] of reach.entries()) {
    expectRateLimited(
      await attempt(spelling, allowed + n),
      `${call} attempt ${allowed + n + 1} (${spelling.label}, ${spelling.path})`,
    );
  }
  return answers;
}
