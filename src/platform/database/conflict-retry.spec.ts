import type { EntityManager } from 'typeorm';
import { QueryFailedError } from 'typeorm';
import { isTransactionConflict, TransactionRunner, transactionRetryingConflicts } from './conflict-retry';

function pgError(code: string): Error {
  return Object.assign(new Error(`pg says ${code}`), { code, severity: 'ERROR' });
}

/** A DataSource whose transactions fail with `failures`, one per run, then succeed. */
function dataSourceFailing(failures: Error[]) {
  let runs = 0;
  const dataSource: TransactionRunner = {
    transaction: async <T>(work: (manager: EntityManager) => Promise<T>): Promise<T> => {
      runs += 1;
      const failure = failures.shift();
      if (failure) throw failure;
      return work({} as EntityManager);
    },
  };
  return { dataSource, runs: () => runs };
}

describe('isTransactionConflict', () => {
  it.each([
    ['a deadlock as pg raises it', pgError('40P01'), true],
    ['a serialization failure wrapped by TypeORM', new QueryFailedError('SELECT 1', [], pgError('40001')), true],
    ['a unique violation', new QueryFailedError('INSERT', [], pgError('23505')), false],
    ['a plain error', new Error('boom'), false],
    ['nothing', null, false],
  ])('%s: %s', (_, error, expected) => {
    expect(isTransactionConflict(error)).toBe(expected);
  });
});

describe('transactionRetryingConflicts', () => {
  it('runs the transaction again after a deadlock or a serialization failure', async () => {
    const { dataSource, runs } = dataSourceFailing([pgError('40P01'), pgError('40001')]);
    await expect(transactionRetryingConflicts(dataSource, async () => 'done')).resolves.toBe('done');
    expect(runs()).toBe(3);
  });

  it('gives up after three runs, answering the last conflict', async () => {
    const last = pgError('40P01');
    const { dataSource, runs } = dataSourceFailing([pgError('40P01'), pgError('40P01'), last, pgError('40P01')]);
    await expect(transactionRetryingConflicts(dataSource, async () => 'done')).rejects.toBe(last);
    expect(runs()).toBe(3);
  });

  it('never runs again after any other failure', async () => {
    const failure = pgError('23505');
    const { dataSource, runs } = dataSourceFailing([failure]);
    await expect(transactionRetryingConflicts(dataSource, async () => 'done')).rejects.toBe(failure);
    expect(runs()).toBe(1);
  });
});
