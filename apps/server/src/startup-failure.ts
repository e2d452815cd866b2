/**
 * One line for an error that stopped the server or the CLI from starting (OPS-2 in
 * docs/requirements.md): what is wrong and what to do, without a stack trace.
 */
import { StartupError } from './data-dir.ts';

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ECONNRESET',
]);

type CodedError = Error & { code?: string; port?: number; address?: string };

/**
 * The error that says what happened: drizzle wraps a driver's error ("Failed query: ...")
 * in `cause`, and so may a migration.
 */
export function rootCause(error: unknown): CodedError | undefined {
  let current = error as CodedError | undefined;
  for (let depth = 0; depth < 5 && current?.cause instanceof Error; depth++) {
    current = current.cause;
  }
  return current;
}

/** Folds a message onto one line. */
function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/**
 * The operator's one-line explanation of `error`.
 * @param error anything thrown while starting: a StartupError, a configuration error, a
 *   listen error, a PostgreSQL connection error, or an error of the embedded database.
 */
export function startupFailureLine(error: unknown): string {
  if (error instanceof StartupError) return oneLine(error.message);
  const err = rootCause(error);
  const message = oneLine(err?.message ?? String(error));
  if (message.startsWith('Invalid configuration')) return message;
  if (err?.code === 'EADDRINUSE') {
    return `port ${String(err.port ?? '')} is already in use: stop the process listening there or set PORT.`;
  }
  if (err?.code === 'EACCES' && err.port !== undefined) {
    return `port ${String(err.port)} needs privileges this user lacks: set PORT above 1023.`;
  }
  if (err?.code && CONNECTION_CODES.has(err.code)) {
    return `cannot reach the PostgreSQL server of DATABASE_URL (${err.code}${err.address ? ` ${err.address}` : ''}): start it or correct DATABASE_URL.`;
  }
  if (err?.code && /^(28|3D|42501)/.test(err.code)) {
    return `PostgreSQL refused DATABASE_URL: ${message}`;
  }
  return `could not start: ${message} (set LOG_LEVEL=debug for the stack trace)`;
}
