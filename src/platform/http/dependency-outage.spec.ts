import { MaxRetriesPerRequestError } from 'ioredis/built/errors';
import { DatabaseError } from 'pg';
import {
  QueryFailedError,
  QueryRunnerAlreadyReleasedError,
  QueryRunnerProviderAlreadyReleasedError,
  TypeORMError,
} from 'typeorm';
import {
  CONCURRENT_TRANSACTION_MESSAGE,
  DEPENDENCY_RETRY_AFTER_SECONDS,
  dependencyOutageOf,
  dependencyUnavailable,
} from './dependency-outage';

function databaseError(code: string, message = 'server says no'): DatabaseError {
  const error = new DatabaseError(message, message.length, 'error');
  error.code = code;
  error.severity = 'FATAL';
  return error;
}

function socketError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: 'connect' });
}

/** An error as ioredis raises it: its stack runs through the client's own code. */
function redisClientError(message: string): Error {
  const error = new Error(message);
  error.stack = `Error: ${message}\n    at Redis.sendCommand (/srv/app/node_modules/ioredis/built/Redis.js:376:33)`;
  return error;
}

const wrapped = (driverError: Error) => new QueryFailedError('SELECT 1', [], driverError);

describe('dependencyOutageOf', () => {
  it.each([
    ['a refused connection', socketError('ECONNREFUSED')],
    ['a reset connection', socketError('ECONNRESET')],
    ['a connect that timed out at the socket', socketError('ETIMEDOUT')],
    [
      'a server that does not accept the connection in time',
      new Error('Connection terminated due to connection timeout'),
    ],
    ['a full pool', new Error('timeout exceeded when trying to connect')],
    ['a connection lost mid-query', wrapped(new Error('Connection terminated unexpectedly'))],
    ['a server that stopped answering', wrapped(new Error('Query read timeout'))],
    [
      'an administrator shutdown',
      wrapped(databaseError('57P01', 'terminating connection due to administrator command')),
    ],
    ['a crash shutdown', wrapped(databaseError('57P02'))],
    ['a server starting up (raw from connect)', databaseError('57P03', 'the database system is starting up')],
    ['too many connections', databaseError('53300', 'sorry, too many clients already')],
    ['a connection exception', wrapped(databaseError('08006'))],
    ['a statement cancelled by statement_timeout', wrapped(databaseError('57014'))],
    [
      'a write reaching a standby after a failover',
      wrapped(databaseError('25006', 'cannot execute INSERT in a read-only transaction')),
    ],
    // The connection died between a transaction's statements: TypeORM released its query runner.
    ['a query on a released query runner', new QueryRunnerAlreadyReleasedError()],
    ['a statement on a released query runner provider', new QueryRunnerProviderAlreadyReleasedError()],
    [
      'a lost connection wrapped by TypeORM as a cause',
      Object.assign(new TypeORMError('Transaction failed'), { cause: new Error('Connection terminated unexpectedly') }),
    ],
  ])('counts %s as the database being unavailable', (_, error) => {
    expect(dependencyOutageOf(error)).toEqual({ dependency: 'database', reason: expect.any(String) });
  });

  it.each([
    [
      'a command sent while disconnected',
      redisClientError("Stream isn't writeable and enableOfflineQueue options is false"),
    ],
    ['a command cut by a disconnect', new MaxRetriesPerRequestError(1)],
    ['a closed client', redisClientError('Connection is closed.')],
    ['a command that timed out', redisClientError('Command timed out')],
    ['a server still loading its data', redisClientError('LOADING Redis is loading the dataset in memory')],
  ])('counts %s as Redis being unavailable', (_, error) => {
    expect(dependencyOutageOf(error)).toEqual({ dependency: 'redis', reason: expect.any(String) });
  });

  it.each([
    ['a serialization failure', wrapped(databaseError('40001', 'could not serialize access due to concurrent update'))],
    ['a deadlock', wrapped(databaseError('40P01', 'deadlock detected'))],
  ])('answers %s as a coded 503 to send again, never a 500', (_, error) => {
    expect(dependencyOutageOf(error)).toEqual({
      dependency: 'database',
      reason: 'gave way to a concurrent request',
      message: CONCURRENT_TRANSACTION_MESSAGE,
    });
  });

  it.each([
    ['a unique violation', wrapped(databaseError('23505'))],
    ['a syntax error', wrapped(databaseError('42601'))],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['a lookalike message from elsewhere', new Error('Connection is closed.')],
    ['something that is not an error', 'ECONNREFUSED'],
  ])('leaves %s alone', (_, error) => {
    expect(dependencyOutageOf(error)).toBeNull();
  });
});

describe('dependencyUnavailable', () => {
  it('answers 503 naming the dependency, with Retry-After', () => {
    const error = dependencyUnavailable('redis', 'is not connected');
    expect(error).toMatchObject({
      status: 503,
      code: 'SERVICE_UNAVAILABLE',
      details: [{ field: 'redis', message: 'is not connected' }],
      headers: { 'Retry-After': String(DEPENDENCY_RETRY_AFTER_SECONDS) },
    });
  });
});
