import { Controller, Get, INestApplication, Post } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { PoolClient } from 'pg';
import request from 'supertest';
import { DataSource, EntityManager, EntityTarget, ObjectLiteral, QueryFailedError, QueryRunner } from 'typeorm';
import { Biller } from '../../src/modules/billers/catalogue/biller.entity';
import { BillerSnapshot } from '../../src/modules/billers/catalogue/biller-snapshot';
import { BillerRepository } from '../../src/modules/billers/catalogue/biller.repository';
import { User } from '../../src/modules/identity/user.entity';
import { UserRepository } from '../../src/modules/identity/user.repository';
import { Payment } from '../../src/modules/payments/core/payment.entity';
import { PaymentRepository } from '../../src/modules/payments/core/payment.repository';
import { PostingAttempt } from '../../src/modules/payments/posting/posting-attempt.entity';
import { PostingAttemptRepository } from '../../src/modules/payments/posting/posting-attempt.repository';
import { RailReversal } from '../../src/modules/payments/rails/rail-reversal.entity';
import { RailReversalRepository } from '../../src/modules/payments/rails/rail-reversal.repository';
import { Public } from '../../src/platform/auth/auth.decorators';
import { loadConfig } from '../../src/platform/config/configuration';
import { dataSourceOptions } from '../../src/platform/database/data-source-options';
import { defineStatement } from '../../src/platform/database/prepared-statement';
import { executorOn, run } from '../../src/platform/database/statement-executor';
import { dependencyOutageOf } from '../../src/platform/http/dependency-outage';
import { createIsolatedDatabase, IsolatedDatabase } from '../support/isolated-database';
import { createTestApp } from '../support/test-app';

/**
 * Prepared statements (src/platform/database): entities read through them equal TypeORM's own
 * reads, a statement survives a migration that adds a column, and their errors answer as
 * `manager.query`'s do. On a database of its own, since a test here alters the application's
 * tables; the HTTP app uses the run's database, with a table of the spec's own.
 */

const suffix = randomBytes(3).toString('hex');
const PROBE_TABLE = `statement_probe_${suffix}`;

/** A customer with every optional field set, and one with none. */
function users(): User[] {
  const phone = () => `+23480${randomInt(10_000_000, 99_999_999)}`;
  return [
    Object.assign(new User(), {
      id: randomUUID(),
      phone: phone(),
      role: 'AGENT',
      status: 'DEACTIVATED',
      kycTier: 'TIER_1',
      pinHash: '$2b$04$abcdefghijklmnopqrstuuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ01',
      pinSetAt: new Date('2031-05-06T07:08:09.123Z'),
      failedPinAttempts: 3,
      lockedUntil: new Date('2031-05-06T08:00:00.001Z'),
      displayName: 'Adaeze "Ada" O\'Brien',
      email: 'ada@example.com',
      emailVerified: true,
      language: 'yo',
      phoneVerifiedAt: new Date('2031-01-02T03:04:05.006Z'),
      createdAt: new Date('2031-01-02T03:04:05.006Z'),
      updatedAt: new Date('2031-05-06T07:08:09.999Z'),
      deactivatedAt: new Date('2031-05-06T07:08:09.999Z'),
    }),
    Object.assign(new User(), {
      id: randomUUID(),
      phone: phone(),
      role: 'CUSTOMER',
      status: 'ACTIVE',
      kycTier: 'TIER_0',
      pinHash: null,
      pinSetAt: null,
      failedPinAttempts: 0,
      lockedUntil: null,
      displayName: null,
      email: null,
      emailVerified: false,
      language: 'en',
      phoneVerifiedAt: new Date('2030-12-31T23:59:59.999Z'),
      createdAt: new Date('2030-12-31T23:59:59.999Z'),
      updatedAt: new Date('2030-12-31T23:59:59.999Z'),
      deactivatedAt: null,
    }),
  ];
}

function billers(categoryId: string): Biller[] {
  return [
    Object.assign(new Biller(), {
      id: randomUUID(),
      slug: `full-${suffix}`,
      name: 'Ikeja Electric',
      aliases: ['IE', 'Ikeja "Electric", plc', 'NEPA {old}'],
      categoryId,
      logoUrl: 'https://example.com/ie.png',
      country: 'NG',
      currency: 'NGN',
      acceptedRails: ['CARD', 'BANK_TRANSFER'],
      feeFlat: 12_345,
      feePercentBps: 150,
      agentCommissionFlat: 2_500,
      agentCommissionBps: 25,
      minAmount: 1,
      maxAmount: Number.MAX_SAFE_INTEGER,
      accountReferenceLabel: 'Meter number',
      accountReferencePattern: '[0-9]{11}',
      amountRule: 'AT_LEAST',
      validatesDirectly: true,
      connectorBaseUrl: 'https://biller.example.com/api',
      connectorSecretRef: 'simulator',
      connectorTimeoutMs: 2500,
      active: false,
      available: false,
      popularity: 42,
      searchName: 'ikeja electric',
      searchText: 'ikeja electric ie nepa',
      createdAt: new Date('2031-02-03T04:05:06.789Z'),
      updatedAt: new Date('2031-02-03T04:05:06.790Z'),
    }),
    Object.assign(new Biller(), {
      id: randomUUID(),
      slug: `sparse-${suffix}`,
      name: 'Water',
      aliases: [],
      categoryId,
      logoUrl: null,
      country: 'GH',
      currency: 'GHS',
      acceptedRails: [],
      feeFlat: 0,
      feePercentBps: 0,
      agentCommissionFlat: 0,
      agentCommissionBps: 0,
      minAmount: 100,
      maxAmount: 100,
      accountReferenceLabel: 'Account',
      accountReferencePattern: '.+',
      amountRule: 'EXACT',
      validatesDirectly: false,
      connectorBaseUrl: null,
      connectorSecretRef: null,
      connectorTimeoutMs: 100,
      active: true,
      available: true,
      popularity: 0,
      searchName: 'water',
      searchText: 'water',
      createdAt: new Date('2031-02-03T04:05:06.000Z'),
      updatedAt: new Date('2031-02-03T04:05:06.000Z'),
    }),
  ];
}

function payment(customer: User, biller: Biller, fields: Partial<Payment> = {}): Payment {
  return Object.assign(new Payment(), {
    id: randomUUID(),
    customerId: customer.id,
    channel: 'APP',
    payerType: 'CUSTOMER',
    payerId: customer.id,
    idempotencyKey: randomUUID(),
    requestHash: 'a'.repeat(64),
    biller: BillerSnapshot.of(biller),
    accountReference: '04123456789',
    savedAccountId: null,
    amount: 250_000,
    fee: 100,
    currency: 'NGN',
    rail: 'CARD',
    fundingAccountMasked: '**** 4242',
    railReference: null,
    status: 'AUTHORIZING',
    failureCode: null,
    failureMessage: null,
    billerReference: null,
    journalEntryId: null,
    reversalEntryId: null,
    railReversalReference: null,
    refundedAmount: 0,
    checkout: null,
    createdAt: new Date('2031-03-04T05:06:07.891Z'),
    updatedAt: new Date('2031-03-04T05:06:07.891Z'),
    completedAt: null,
    ...fields,
  });
}

function attempt(paymentId: string, fields: Partial<PostingAttempt> = {}): PostingAttempt {
  return Object.assign(new PostingAttempt(), {
    id: randomUUID(),
    paymentId,
    cycle: 1,
    status: 'PENDING',
    tries: 0,
    nextAttemptAt: new Date('2031-03-04T05:06:07.000Z'),
    leaseUntil: null,
    outcomeUnknown: false,
    lastOutcome: null,
    lastError: null,
    billerReference: null,
    requestedBy: null,
    createdAt: new Date('2031-03-04T05:06:07.000Z'),
    updatedAt: new Date('2031-03-04T05:06:07.000Z'),
    completedAt: null,
    ...fields,
  });
}

function reversal(paymentId: string, fields: Partial<RailReversal> = {}): RailReversal {
  return Object.assign(new RailReversal(), {
    id: randomUUID(),
    paymentId,
    action: 'CANCEL',
    refundId: null,
    amount: 250_100,
    currency: 'NGN',
    status: 'PENDING',
    tries: 0,
    nextAttemptAt: new Date('2031-03-04T05:06:07.000Z'),
    leaseUntil: null,
    lastError: null,
    railReference: null,
    createdAt: new Date('2031-03-04T05:06:07.000Z'),
    updatedAt: new Date('2031-03-04T05:06:07.000Z'),
    completedAt: null,
    ...fields,
  });
}

/** What TypeORM reads of a row the spec inserted: the reference the repositories' reads must equal. */
/**
 * The payment as TypeORM reads it, its checkout terms null when TypeORM built them with every column
 * null (a bill payment): the statements answer null there, as the entity declares.
 */
async function typeormPayment(manager: EntityManager, id: string): Promise<Payment | null> {
  const read = await manager.findOneBy(Payment, { id });
  if (read === null || read.checkout === null || read.checkout.sessionId !== null) return read;
  return Object.assign(new Payment(), read, { checkout: null });
}

async function expectReadsAsTypeorm<Entity extends ObjectLiteral & { id: string }>(
  manager: EntityManager,
  target: EntityTarget<Entity>,
  inserted: Entity,
): Promise<Entity> {
  const typeorm = await manager.findOneBy(target, { id: inserted.id } as never);
  expect(typeorm).not.toBeNull();
  expect(typeorm).toEqual(inserted);
  return typeorm!;
}

describe('prepared statements', () => {
  let database: IsolatedDatabase;
  let dataSource: DataSource;

  beforeAll(async () => {
    database = await createIsolatedDatabase();
    dataSource = new DataSource(
      dataSourceOptions(loadConfig({ ...process.env, DATABASE_URL: database.url }), [
        User,
        Biller,
        Payment,
        PostingAttempt,
        RailReversal,
      ]),
    );
    await dataSource.initialize();
  });

  afterAll(async () => {
    await dataSource?.destroy();
    await database?.drop();
  });

  describe('reading entities', () => {
    const categoryId = randomUUID();
    let customers: User[];
    let directory: Biller[];

    beforeAll(async () => {
      customers = users();
      directory = billers(categoryId);
      await dataSource.query(
        `INSERT INTO biller_categories (id, slug, name, icon) VALUES ($1, $2, 'Electricity', 'bolt')`,
        [categoryId, `statements-${suffix}`],
      );
      await dataSource.manager.insert(User, customers);
      await dataSource.manager.insert(Biller, directory);
    });

    it('reads users as TypeORM reads them', async () => {
      const repository = new UserRepository();
      for (const user of customers) {
        const typeorm = await expectReadsAsTypeorm(dataSource.manager, User, user);
        expect(await repository.findById(dataSource.manager, user.id)).toStrictEqual(typeorm);
      }
    });

    it('reads billers as TypeORM reads them', async () => {
      const repository = new BillerRepository();
      for (const biller of directory) {
        const typeorm = await expectReadsAsTypeorm(dataSource.manager, Biller, biller);
        const forPayment = await repository.findForPayment(dataSource.manager, biller.id, true);
        expect(forPayment?.biller).toStrictEqual(typeorm);
        const bySlug = await repository.findForPayment(dataSource.manager, biller.slug, false);
        expect(bySlug?.biller).toStrictEqual(typeorm);
      }
    });

    it('reads payments, posting attempts and rail reversals as TypeORM reads them, in and out of transactions', async () => {
      const [customer] = customers;
      const [biller] = directory;
      const entries = [randomUUID(), randomUUID()];
      for (const id of entries) {
        await dataSource.query(
          `INSERT INTO journal_entries (id, kind, reference_type, reference_id, currency) VALUES ($1, 'TEST', 'test', $1, 'NGN')`,
          [id],
        );
      }
      const full = payment(customer, biller, {
        savedAccountId: randomUUID(),
        amount: Number.MAX_SAFE_INTEGER,
        fee: 0,
        railReference: 'card_cap_0123456789',
        status: 'FAILED',
        failureCode: 'BILLER_REJECTED',
        failureMessage: 'The biller refused the account: "closed"',
        billerReference: 'IE-98765',
        journalEntryId: entries[0],
        reversalEntryId: entries[1],
        railReversalReference: 'card_ref_0123456789',
        refundedAmount: 1_234,
        completedAt: new Date('2031-03-04T05:07:00.001Z'),
      });
      const sparse = payment(customer, biller);
      await dataSource.manager.insert(Payment, [full, sparse]);
      const attempts = [
        attempt(full.id, {
          status: 'FAILED',
          tries: 5,
          leaseUntil: new Date('2031-03-04T05:06:37.000Z'),
          outcomeUnknown: true,
          lastOutcome: 'REJECTED',
          lastError: 'account closed',
          billerReference: 'IE-98765',
          requestedBy: customer.id,
          completedAt: new Date('2031-03-04T05:07:00.000Z'),
        }),
        attempt(sparse.id),
      ];
      await dataSource.manager.insert(PostingAttempt, attempts);
      const reversals = [
        reversal(full.id, {
          action: 'REFUND',
          amount: Number.MAX_SAFE_INTEGER,
          status: 'COMPLETED',
          tries: 2,
          leaseUntil: new Date('2031-03-04T05:08:00.000Z'),
          lastError: 'rail timed out',
          railReference: 'card_ref_0123456789',
          completedAt: new Date('2031-03-04T05:09:00.000Z'),
        }),
        reversal(sparse.id),
      ];
      await dataSource.manager.insert(RailReversal, reversals);

      const payments = new PaymentRepository();
      const postingAttempts = new PostingAttemptRepository();
      for (const manager of [dataSource.manager, null]) {
        const check = async (on: EntityManager) => {
          for (const inserted of [full, sparse]) {
            // TypeORM builds the embedded checkout terms of a bill payment with every column null; the
            // statements answer null (no checkout terms), which is what the entity declares.
            const read = await on.findOneBy(Payment, { id: inserted.id });
            expect(read?.checkout).toEqual({
              merchantId: null,
              livemode: null,
              sessionId: null,
              merchantFee: null,
              merchantPricingVersionId: null,
            });
            const typeorm = Object.assign(new Payment(), read, { checkout: null });
            expect(typeorm).toEqual(inserted);
            expect(typeorm.biller).toBeInstanceOf(BillerSnapshot);
            expect(await payments.findById(on, inserted.id)).toStrictEqual(typeorm);
            expect(await payments.findOwned(on, inserted.id, customer.id)).toStrictEqual(typeorm);
            if (on.queryRunner) expect(await payments.lockById(on, inserted.id)).toStrictEqual(typeorm);
          }
          for (const inserted of attempts) {
            const typeorm = await expectReadsAsTypeorm(on, PostingAttempt, inserted);
            expect(await postingAttempts.findById(on, inserted.id)).toStrictEqual(typeorm);
          }
          for (const inserted of reversals) await expectReadsAsTypeorm(on, RailReversal, inserted);
        };
        if (manager) await check(manager);
        else await dataSource.transaction(check);
      }
    });

    it('answers the rows statements change as TypeORM then reads them', async () => {
      const [, customer] = customers;
      const [, biller] = directory;
      const payments = new PaymentRepository();
      const postingAttempts = new PostingAttemptRepository();
      const reversals = new RailReversalRepository();
      const stuck = payment(customer, biller, { updatedAt: new Date('2020-01-01T00:00:00.000Z') });
      await dataSource.manager.insert(Payment, stuck);

      await dataSource.transaction(async (manager) => {
        const [{ payment: claimed, pastMaxAge }] = await payments.claimStuckAuthorizations(manager, 1000, 1, 3_600_000);
        expect(claimed.id).toBe(stuck.id);
        expect(pastMaxAge).toBe(false);
        expect(claimed).toStrictEqual(await typeormPayment(manager, stuck.id));

        const captured = await payments.transition(
          manager,
          stuck.id,
          'PENDING',
          'captured',
          { railReference: 'card_cap_stuck', firstPostingCycleDueInMs: 60_000 },
          'AUTHORIZING',
        );
        expect(captured).toStrictEqual(await typeormPayment(manager, stuck.id));
        const opened = await manager.findOneByOrFail(PostingAttempt, { paymentId: stuck.id });
        expect(opened).toMatchObject({ cycle: 1, status: 'PENDING', tries: 0, outcomeUnknown: false });
        expect(opened.nextAttemptAt.getTime() - captured!.updatedAt.getTime()).toBe(60_000);

        const processing = await payments.transition(manager, stuck.id, 'PROCESSING', 'posting', {}, 'PENDING');
        expect(processing).toStrictEqual(await typeormPayment(manager, stuck.id));
        const started = await postingAttempts.claimFirstCycle(manager, stuck.id, 30_000);
        const cycle = started?.attempt;
        expect(cycle).toStrictEqual(await manager.findOneBy(PostingAttempt, { paymentId: stuck.id }));
        expect(started?.wasUnknown).toBe(false);

        await postingAttempts.reschedule(manager, cycle!.id, {
          status: 'RETRYING',
          delayMs: -1000,
          outcome: 'TIMEOUT',
          error: null,
          unknown: true,
        });
        const again = await postingAttempts.claim(manager, cycle!.id, 30_000);
        expect(again?.attempt).toStrictEqual(await manager.findOneBy(PostingAttempt, { id: cycle!.id }));
        expect(again?.wasUnknown).toBe(true);
        expect(await postingAttempts.openCycle(manager, stuck.id)).toStrictEqual(again?.attempt);

        await reversals.request(manager, {
          paymentId: stuck.id,
          action: 'REFUND',
          amount: 250_100n,
          currency: 'NGN',
          pickupGraceMs: 60_000,
        });
        const own = await reversals.ownOf(manager, stuck.id);
        const reversed = await reversals.claim(manager, own as string, 30_000, false);
        expect(reversed).toStrictEqual(await manager.findOneBy(RailReversal, { paymentId: stuck.id }));
        expect(reversed?.amount).toBe(250_100);
      });
    });
  });

  describe('unnamed, for a pooler in transaction mode (DATABASE_NAMED_STATEMENTS=false)', () => {
    let unnamed: DataSource;
    let customer: User;

    beforeAll(async () => {
      unnamed = new DataSource(
        dataSourceOptions(
          loadConfig({ ...process.env, DATABASE_URL: database.url, DATABASE_NAMED_STATEMENTS: 'false' }),
          [User],
        ),
      );
      await unnamed.initialize();
      [customer] = users();
      await dataSource.manager.insert(User, customer);
    });

    afterAll(async () => {
      await unnamed?.destroy();
    });

    it('answers the rows the named statements answer, and leaves no statement prepared on the connection', async () => {
      const repository = new UserRepository();
      const named = await repository.findById(dataSource.manager, customer.id);
      expect(named?.id).toBe(customer.id);
      const runner = unnamed.createQueryRunner();
      try {
        expect(await repository.findById(runner.manager, customer.id)).toStrictEqual(named);
        await runner.startTransaction();
        try {
          expect(await repository.findById(runner.manager, customer.id)).toStrictEqual(named);
          expect(await new PaymentRepository().findById(runner.manager, randomUUID())).toBeNull();
        } finally {
          await runner.rollbackTransaction();
        }
        expect(await runner.query(`SELECT name FROM pg_prepared_statements`)).toEqual([]);
      } finally {
        await runner.release();
      }
    });
  });

  describe('after a migration adds a column', () => {
    const PROBE_READ = defineStatement<{ id: number; label: string | null }, [id: number]>(
      'test.probe-read',
      `SELECT id, label FROM ${PROBE_TABLE} WHERE id = $1`,
    );

    beforeAll(async () => {
      await dataSource.query(`CREATE TABLE ${PROBE_TABLE} (id integer PRIMARY KEY, label text)`);
      await dataSource.query(`INSERT INTO ${PROBE_TABLE} (id, label) VALUES (1, 'one')`);
    });

    /** Tables whose rows the application's statements answer whole, each given a column as a migration would. */
    const MIGRATED = ['payments', 'posting_attempts', 'rail_reversals', 'users'];

    /** The application's statements that answer whole rows (they once said `*`), in a transaction rolled back. */
    async function runWholeRowStatements(runner: QueryRunner): Promise<unknown[]> {
      const manager = runner.manager;
      const payments = new PaymentRepository();
      const attempts = new PostingAttemptRepository();
      await runner.startTransaction();
      try {
        return [
          await payments.findById(manager, randomUUID()),
          await payments.claimStuckAuthorizations(manager, 60_000, 1, 3_600_000),
          await payments.transition(manager, randomUUID(), 'FAILED', 'probe', {}, 'AUTHORIZING'),
          await attempts.claimFirstCycle(manager, randomUUID(), 1000),
          await attempts.claim(manager, randomUUID(), 1000),
          await new RailReversalRepository().claim(manager, randomUUID(), 1000, false),
          await new UserRepository().countPinAttempt(manager, '+2348000000000', new Date(), new Date(), 5),
        ];
      } finally {
        await runner.rollbackTransaction();
      }
    }

    it('keeps running the statements a connection prepared before', async () => {
      const runner = dataSource.createQueryRunner();
      try {
        const executor = executorOn(runner.manager);
        expect(await run(executor, PROBE_READ, [1])).toEqual([{ id: 1, label: 'one' }]);
        const before = await runWholeRowStatements(runner);
        const prepared = await runner.query(`SELECT name FROM pg_prepared_statements`);
        expect(prepared).toEqual(
          expect.arrayContaining([
            { name: PROBE_READ.name },
            { name: 'payments.transition-payment' },
            { name: 'payments.claim-posting-attempt' },
          ]),
        );

        // A `*` statement prepared on the same connection is what the named columns avoid.
        const client = (await runner.connect()) as PoolClient;
        await client.query({ name: 'test-star', text: `SELECT * FROM ${PROBE_TABLE} WHERE id = $1`, values: [1] });

        await dataSource.query(`ALTER TABLE ${PROBE_TABLE} ADD COLUMN added integer NOT NULL DEFAULT 7`);
        for (const table of MIGRATED) await dataSource.query(`ALTER TABLE ${table} ADD COLUMN added_by_test text`);

        expect(await run(executor, PROBE_READ, [1])).toEqual([{ id: 1, label: 'one' }]);
        expect(await runWholeRowStatements(runner)).toEqual(before);
        await expect(
          client.query({ name: 'test-star', text: `SELECT * FROM ${PROBE_TABLE} WHERE id = $1`, values: [1] }),
        ).rejects.toMatchObject({ code: '0A000', message: 'cached plan must not change result type' });
      } finally {
        await runner.release();
        for (const table of MIGRATED)
          await dataSource.query(`ALTER TABLE ${table} DROP COLUMN IF EXISTS added_by_test`);
      }
    });
  });

  describe('definitions', () => {
    it('refuses a name defined twice, or too long for PostgreSQL to tell apart', () => {
      defineStatement('test.defined-once', `SELECT 1 AS one`);
      expect(() => defineStatement('test.defined-once', `SELECT 2 AS two`)).toThrow(/defined twice/);
      expect(() => defineStatement(`test.${'x'.repeat(60)}`, `SELECT 1 AS one`)).toThrow(/at most 63/);
      expect(() => defineStatement('Test Name', `SELECT 1 AS one`)).toThrow(/lower-case/);
    });

    it('refuses a result of `*`', () => {
      for (const text of [
        `SELECT * FROM payments`,
        `SELECT p.* FROM payments p`,
        `SELECT id, * FROM payments`,
        `UPDATE payments SET fee = 0 RETURNING *`,
        `WITH moved AS (UPDATE payments SET fee = 0 RETURNING id) SELECT * FROM moved`,
      ]) {
        expect(() => defineStatement(`test.star-${randomBytes(4).toString('hex')}`, text)).toThrow(/selects \*/);
      }
      expect(defineStatement('test.counting', `SELECT count(*) AS n, 2 * 3 AS six FROM payments`).name).toBe(
        'test.counting',
      );
    });
  });

  describe('errors', () => {
    const SLEEP = defineStatement<{ slept: string }, [seconds: number]>(
      'test.sleep',
      `SELECT pg_sleep($1)::text AS slept`,
    );

    it('fails as a QueryFailedError carrying pg error, as manager.query does', async () => {
      const BAD = defineStatement<{ n: number }, [value: string]>('test.bad-integer', `SELECT $1::integer AS n`);
      const error: unknown = await run(executorOn(dataSource.manager), BAD, ['nope']).catch((caught) => caught);
      expect(error).toBeInstanceOf(QueryFailedError);
      expect(error).toMatchObject({ driverError: { code: '22P02' }, code: '22P02' });
      expect(dependencyOutageOf(error)).toBeNull();
    });

    it('reports a statement cut by statement_timeout, or a connection cut under it, as a database outage', async () => {
      await dataSource.transaction(async (manager) => {
        await manager.query(`SET LOCAL statement_timeout = '50ms'`);
        const error = await run(executorOn(manager), SLEEP, [5]).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(QueryFailedError);
        expect(dependencyOutageOf(error)).toEqual({ dependency: 'database', reason: 'did not answer in time' });
      });

      const runner = dataSource.createQueryRunner();
      try {
        const [{ pid }] = await runner.query(`SELECT pg_backend_pid() AS pid`);
        const cut = run(executorOn(runner.manager), SLEEP, [5]).catch((caught: unknown) => caught);
        await database.admin.query(`SELECT pg_terminate_backend($1)`, [pid]);
        const error = await cut;
        expect(error).toBeInstanceOf(QueryFailedError);
        expect(dependencyOutageOf(error)).toMatchObject({ dependency: 'database' });
      } finally {
        await runner.release();
      }
    });

    it('reports a pool with no free connection as a database outage', async () => {
      // pg-pool uses one timeout for opening a connection and for waiting for a free one: it must be long enough
      // for the held connection to open on a loaded CI machine (200 ms was not, once), and it is what the
      // statement below waits before it fails.
      const small = new DataSource({
        ...dataSource.options,
        entities: [],
        extra: { ...(dataSource.options as { extra: object }).extra, max: 1, connectionTimeoutMillis: 2_000 },
      } as typeof dataSource.options);
      await small.initialize();
      const held = small.createQueryRunner();
      try {
        await held.connect();
        const error = await run(executorOn(small.manager), SLEEP, [0]).catch((caught: unknown) => caught);
        expect(dependencyOutageOf(error)).toEqual({ dependency: 'database', reason: 'has no free connection' });
      } finally {
        await held.release();
        await small.destroy();
      }
    });
  });
});

/** Statements the HTTP probe runs, on a table of the run's database that the spec creates. */
const HTTP_TABLE = `statement_http_probe_${suffix}`;
const PROBE_INSERT = defineStatement<{ id: number }, [id: number, amount: number]>(
  'test.http-probe-insert',
  `INSERT INTO ${HTTP_TABLE} (id, amount) VALUES ($1, $2) RETURNING id`,
);
const PROBE_SLEEP = defineStatement<{ slept: string }, []>(
  'test.http-probe-sleep',
  `SELECT pg_sleep(5)::text AS slept`,
);

@Controller('statement-probe')
class StatementProbeController {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  @Post('duplicate')
  @Public()
  async duplicate(): Promise<void> {
    const id = randomInt(1, 2 ** 31 - 1);
    await run(executorOn(this.dataSource.manager), PROBE_INSERT, [id, 1]);
    await this.dataSource.transaction((manager) => run(executorOn(manager), PROBE_INSERT, [id, 1]));
  }

  @Post('check')
  @Public()
  async check(): Promise<void> {
    await run(executorOn(this.dataSource.manager), PROBE_INSERT, [randomInt(1, 2 ** 31 - 1), -1]);
  }

  @Get('slow')
  @Public()
  async slow(): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await manager.query(`SET LOCAL statement_timeout = '50ms'`);
      await run(executorOn(manager), PROBE_SLEEP, []);
    });
  }
}

describe('prepared statements over HTTP', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createTestApp(undefined, { controllers: [StatementProbeController] });
    await app
      .get(DataSource)
      .query(`CREATE TABLE ${HTTP_TABLE} (id integer PRIMARY KEY, amount integer NOT NULL CHECK (amount > 0))`);
  });

  afterAll(async () => {
    await app?.get(DataSource).query(`DROP TABLE IF EXISTS ${HTTP_TABLE}`);
    await app?.close();
  });

  it('answers a unique violation with 409 CONFLICT, without SQL in the body', async () => {
    const response = await request(app.getHttpServer()).post('/api/v1/statement-probe/duplicate').expect(409);
    expect(response.body).toEqual({
      code: 'CONFLICT',
      message: 'A record with the same unique value already exists',
      requestId: expect.any(String),
    });
  });

  it('answers a check violation with 400 VALIDATION_FAILED', async () => {
    const response = await request(app.getHttpServer()).post('/api/v1/statement-probe/check').expect(400);
    expect(response.body).toMatchObject({ code: 'VALIDATION_FAILED', message: 'A value breaks a rule of the record' });
  });

  it('answers a statement the database cut short with 503 and Retry-After', async () => {
    const response = await request(app.getHttpServer()).get('/api/v1/statement-probe/slow').expect(503);
    expect(response.body).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      details: [{ field: 'database', message: 'did not answer in time' }],
    });
    expect(response.headers['retry-after']).toBe('5');
  });
});
