import { describe, expect, it } from 'vitest';
import {
  DISK_FULL_MESSAGE,
  isConnectionError,
  READ_UNAVAILABLE_MESSAGE,
  rootCauseOf,
  unavailableAnswer,
  WRITE_UNAVAILABLE_MESSAGE,
} from './database-unavailable.ts';

/** An error as a driver raises it: a message and, maybe, a code. */
function driverError(message: string, code?: string): Error {
  return Object.assign(new Error(message), code === undefined ? {} : { code });
}

/** As drizzle wraps a driver's error: the query in the message, the driver's error as cause. */
function wrapped(cause: unknown): Error {
  return new Error('Failed query: insert into my_list ...\nparams: x,movie,603', { cause });
}

describe('connection errors (ROB-4)', () => {
  const lost: [string, unknown][] = [
    ['refused', driverError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    [
      'refused on every address of a name',
      Object.assign(
        new AggregateError([driverError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')]),
        {
          code: 'ECONNREFUSED',
        },
      ),
    ],
    ['reset', driverError('read ECONNRESET', 'ECONNRESET')],
    ['timed out', driverError('connect ETIMEDOUT 10.0.0.9:5432', 'ETIMEDOUT')],
    ['a name that does not resolve', driverError('getaddrinfo ENOTFOUND db', 'ENOTFOUND')],
    ['the server gone mid-query', driverError('Connection terminated unexpectedly')],
    [
      'no connection within the connect timeout',
      driverError('Connection terminated due to connection timeout'),
    ],
    ['the pool exhausted', driverError('timeout exceeded when trying to connect')],
    [
      'a client broken before',
      driverError('Client has encountered a connection error and is not queryable'),
    ],
    ['shutting down', driverError('terminating connection due to administrator command', '57P01')],
    [
      'the database system is shutting down',
      driverError('the database system is shutting down', '57P03'),
    ],
    ['starting up', driverError('the database system is starting up', '57P03')],
    ['a connection failure', driverError('connection failure', '08006')],
    ['too many connections', driverError('sorry, too many clients already', '53300')],
    ['the embedded database closed', driverError('PGlite is closed')],
  ];

  it.each(lost)('counts %s, bare or wrapped by drizzle', (_label, error) => {
    expect(isConnectionError(error)).toBe(true);
    expect(isConnectionError(wrapped(error))).toBe(true);
    expect(unavailableAnswer(wrapped(error), 'POST')).toEqual({
      cause: 'connection',
      body: { error: WRITE_UNAVAILABLE_MESSAGE },
    });
    expect(unavailableAnswer(error, 'GET')).toEqual({
      cause: 'connection',
      body: { error: READ_UNAVAILABLE_MESSAGE },
    });
  });

  const others: [string, unknown][] = [
    ['a unique violation', driverError('duplicate key value', '23505')],
    ['bad input syntax', driverError('invalid input syntax for type integer', '22P02')],
    ['an integer out of range', driverError('value "2147483648" is out of range', '22003')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a bad time', new RangeError('Invalid time value')],
    ['not an error', 'connection'],
    ['nothing', undefined],
  ];

  it.each(others)('does not count %s (a 500 or a 4xx, not a 503)', (_label, error) => {
    expect(isConnectionError(error)).toBe(false);
    expect(unavailableAnswer(wrapped(error), 'POST')).toBeUndefined();
  });

  it('answers a full disk, a lack of resources and a read-only database 503 too', () => {
    expect(
      unavailableAnswer(wrapped(driverError('could not extend file', '53100')), 'POST'),
    ).toEqual({
      cause: 'resources',
      body: { error: DISK_FULL_MESSAGE },
    });
    expect(
      unavailableAnswer(driverError('no space left on device', 'ENOSPC'), 'POST')?.body,
    ).toEqual({
      error: DISK_FULL_MESSAGE,
    });
    expect(unavailableAnswer(driverError('out of memory', '53200'), 'DELETE')).toEqual({
      cause: 'resources',
      body: { error: WRITE_UNAVAILABLE_MESSAGE },
    });
    expect(
      unavailableAnswer(
        driverError('cannot execute INSERT in a read-only transaction', '25006'),
        'POST',
      ),
    ).toEqual({ cause: 'resources', body: { error: WRITE_UNAVAILABLE_MESSAGE } });
  });

  it("names the driver's own words in a log line, not drizzle's query", () => {
    expect(
      rootCauseOf(wrapped(driverError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'))),
    ).toBe('connect ECONNREFUSED 127.0.0.1:5432');
    expect(rootCauseOf(new Error('one\ntwo'))).toBe('one');
  });
});
