import { INestApplicationContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { LedgerCheckService } from '../../src/modules/ledger/ledger-check.service';
import { LedgerModule } from '../../src/modules/ledger/ledger.module';
import { AccountRef, LedgerService, UnbalancedPostingError } from '../../src/modules/ledger/ledger.service';
import { AppConfig } from '../../src/platform/config/app-config';
import { loadConfig } from '../../src/platform/config/configuration';
import { AppConfigModule } from '../../src/configuration';
import { PlatformModule } from '../../src/platform/platform.module';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';

const clearing: AccountRef = { code: 'rail_clearing:CARD:NGN', type: 'ASSET', currency: 'NGN' };
const payable: AccountRef = { code: 'biller_payable:ikeja-electric:NGN', type: 'LIABILITY', currency: 'NGN' };
const fees: AccountRef = { code: 'fee_revenue:NGN', type: 'REVENUE', currency: 'NGN' };
const usdClearing: AccountRef = { code: 'rail_clearing:CARD:USD', type: 'ASSET', currency: 'USD' };

describe('ledger', () => {
  let database: IsolatedDatabase;
  let context: INestApplicationContext;
  let ledger: LedgerService;
  let checker: LedgerCheckService;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    const moduleRef = await Test.createTestingModule({ imports: [AppConfigModule, PlatformModule, LedgerModule] })
      .overrideProvider(AppConfig)
      .useValue(loadConfig({ ...process.env, DATABASE_URL: database.url }))
      .compile();
    context = await moduleRef.init();
    ledger = context.get(LedgerService);
    checker = context.get(LedgerCheckService);
    dataSource = context.get(DataSource);
  });

  afterAll(async () => {
    await context.close();
    await database.drop();
  });

  function capture(amount: bigint, fee: bigint) {
    return {
      kind: 'PAYMENT_CAPTURE',
      referenceType: 'payment',
      referenceId: randomUUID(),
      currency: 'NGN',
      lines: [
        { account: clearing, amount: amount + fee },
        { account: payable, amount: -amount },
        { account: fees, amount: -fee },
      ],
    };
  }

  it('posts a balanced entry and derives balances from its lines', async () => {
    const before = await ledger.balance(payable.code);
    const entryId = await dataSource.transaction((manager) => ledger.post(manager, capture(10_000n, 150n)));
    expect(await ledger.balance(payable.code)).toBe(before - 10_000n);
    const lines = await dataSource.query(`SELECT amount FROM journal_lines WHERE entry_id = $1 ORDER BY id`, [entryId]);
    expect(lines.map((line: { amount: string }) => line.amount)).toEqual(['10150', '-10000', '-150']);
    expect((await checker.check()).balanced).toBe(true);
  });

  it('refuses unbalanced, single-line, zero and mixed-currency postings before writing', async () => {
    const broken = capture(100n, 1n);
    broken.lines[2].amount = -2n;
    await expect(dataSource.transaction((manager) => ledger.post(manager, broken))).rejects.toThrow(
      UnbalancedPostingError,
    );
    const single = { ...capture(1n, 0n), lines: [{ account: clearing, amount: 1n }] };
    await expect(dataSource.transaction((manager) => ledger.post(manager, single))).rejects.toThrow(/two lines/);
    const zero = capture(5n, 0n);
    await expect(dataSource.transaction((manager) => ledger.post(manager, zero))).rejects.toThrow(/zero/);
    const mixed = {
      ...capture(5n, 1n),
      lines: [{ account: usdClearing, amount: 6n }, ...capture(5n, 1n).lines.slice(1)],
    };
    await expect(dataSource.transaction((manager) => ledger.post(manager, mixed))).rejects.toThrow(/not in NGN/);
  });

  it('refuses, at commit, lines written around the service that do not balance', async () => {
    await expect(
      dataSource.transaction(async (manager) => {
        const [account] = await manager.query(`SELECT id FROM ledger_accounts WHERE code = $1`, [clearing.code]);
        const id = randomUUID();
        await manager.query(
          `INSERT INTO journal_entries (id, kind, reference_type, reference_id, currency) VALUES ($1, 'X', 'test', $2, 'NGN')`,
          [id, randomUUID()],
        );
        await manager.query(
          `INSERT INTO journal_lines (entry_id, account_id, amount, currency) VALUES ($1, $2, 5, 'NGN')`,
          [id, account.id],
        );
      }),
    ).rejects.toThrow(/does not balance/);
  });

  it('is append-only: lines and entries cannot be updated or deleted', async () => {
    await dataSource.transaction((manager) => ledger.post(manager, capture(700n, 7n)));
    await expect(dataSource.query(`UPDATE journal_lines SET amount = amount * 2`)).rejects.toThrow(/append-only/);
    await expect(dataSource.query(`DELETE FROM journal_entries`)).rejects.toThrow(/append-only/);
  });

  it('reverses an entry exactly once', async () => {
    const before = await ledger.balance(payable.code);
    const entryId = await dataSource.transaction((manager) => ledger.post(manager, capture(2_500n, 25n)));
    const reversalId = await dataSource.transaction((manager) =>
      ledger.reverse(manager, entryId, 'PAYMENT_REVERSAL', 'biller rejected'),
    );
    expect(await ledger.balance(payable.code)).toBe(before);
    const [reversal] = await dataSource.query(`SELECT reverses_entry_id, kind FROM journal_entries WHERE id = $1`, [
      reversalId,
    ]);
    expect(reversal).toEqual({ reverses_entry_id: entryId, kind: 'PAYMENT_REVERSAL' });
    await expect(
      dataSource.transaction((manager) => ledger.reverse(manager, entryId, 'PAYMENT_REVERSAL')),
    ).rejects.toThrow();
  });

  it('keeps every entry balanced over random sequences of captures, reversals and rollbacks', async () => {
    const posted: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({
              op: fc.constant('capture' as const),
              amount: fc.bigInt(1n, 10_000_000n),
              fee: fc.bigInt(0n, 5_000n),
            }),
            fc.record({ op: fc.constant('reverse' as const), pick: fc.nat() }),
            fc.record({ op: fc.constant('rollback' as const), amount: fc.bigInt(1n, 1_000n) }),
          ),
          { minLength: 1, maxLength: 8 },
        ),
        async (steps) => {
          for (const step of steps) {
            if (step.op === 'capture') {
              const posting = capture(step.amount, step.fee);
              if (step.fee === 0n) posting.lines = posting.lines.slice(0, 2);
              posted.push(await dataSource.transaction((manager) => ledger.post(manager, posting)));
            } else if (step.op === 'reverse' && posted.length > 0) {
              const [entryId] = posted.splice(step.pick % posted.length, 1);
              await dataSource.transaction((manager) => ledger.reverse(manager, entryId, 'PAYMENT_REVERSAL'));
            } else if (step.op === 'rollback') {
              await dataSource
                .transaction(async (manager) => {
                  await ledger.post(manager, capture(step.amount, 0n));
                  throw new Error('rolled back');
                })
                .catch(() => undefined);
            }
            const report = await checker.check();
            expect(report.unbalancedEntries).toEqual([]);
            expect(report.trialBalance.every((row) => row.sum === '0')).toBe(true);
          }
        },
      ),
      { numRuns: 15, seed: Number(process.env.PROPERTY_SEED ?? 4242) },
    );
  });

  it('reports an entry that was made to not balance', async () => {
    const entryId = await dataSource.transaction((manager) => ledger.post(manager, capture(300n, 3n)));
    await dataSource.transaction(async (manager) => {
      await manager.query(`SET LOCAL session_replication_role = replica`);
      await manager.query(
        `UPDATE journal_lines SET amount = amount + 1 WHERE id = (SELECT min(id) FROM journal_lines WHERE entry_id = $1)`,
        [entryId],
      );
    });
    const report = await checker.check();
    expect(report.balanced).toBe(false);
    expect(report.unbalancedEntries).toEqual([{ entryId, sum: '1', lines: 3 }]);
    expect(report.trialBalance).toEqual([{ currency: 'NGN', sum: '1' }]);
  });
});
