import { describe, expect, it } from 'vitest';
import { StartupError } from './data-dir.ts';
import { DataDirInUseError } from './data-dir-lock.ts';
import { startupFailureLine } from './startup-failure.ts';

describe('startupFailureLine', () => {
  it('passes a StartupError through as one line', () => {
    expect(startupFailureLine(new StartupError('DATA_DIR /x is\nread-only.'))).toBe(
      'DATA_DIR /x is read-only.',
    );
    const inUse = new DataDirInUseError('/srv/data', {
      pid: 42,
      hostname: 'elsewhere',
      command: 'server',
      since: '2026-01-01T00:00:00.000Z',
    });
    expect(startupFailureLine(inUse)).toBe(
      'DATA_DIR /srv/data is in use by PigoStream server (pid 42 on elsewhere). Stop that process first, or set DATABASE_URL to run several servers on one PostgreSQL database.',
    );
  });

  it('names an unreachable PostgreSQL server through drizzle\'s "Failed query" wrapper', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5999'), {
      code: 'ECONNREFUSED',
      address: '127.0.0.1',
    });
    const wrapped = new Error('Failed query: CREATE SCHEMA IF NOT EXISTS "drizzle"\nparams: ', {
      cause: refused,
    });
    expect(startupFailureLine(wrapped)).toBe(
      'cannot reach the PostgreSQL server of DATABASE_URL (ECONNREFUSED 127.0.0.1): start it or correct DATABASE_URL.',
    );
  });

  it('says which port is taken', () => {
    const taken = Object.assign(new Error('listen EADDRINUSE'), { code: 'EADDRINUSE', port: 3000 });
    expect(startupFailureLine(taken)).toBe(
      'port 3000 is already in use: stop the process listening there or set PORT.',
    );
  });

  it('keeps anything else to one line and points at LOG_LEVEL=debug', () => {
    expect(startupFailureLine(new Error('PGlite failed\n  to initialize'))).toBe(
      'could not start: PGlite failed to initialize (set LOG_LEVEL=debug for the stack trace)',
    );
  });
});
