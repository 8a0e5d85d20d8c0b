import { Client } from 'pg';
import { createCustomer, login } from '../factories/customer.factory';
import * as billers from '../../src/modules/billers/catalogue/sql/billers.queries';
import * as amlFlags from '../../src/modules/compliance/sql/aml-flags.queries';
import * as users from '../../src/modules/identity/sql/users.queries';
import * as journal from '../../src/modules/ledger/sql/journal.queries';
import * as payments from '../../src/modules/payments/core/sql/payments.queries';
import * as postingAttempts from '../../src/modules/payments/posting/sql/posting-attempts.queries';
import * as sandboxOperations from '../../src/modules/payments/rails/sql/sandbox-rail-operations.queries';
import * as outbox from '../../src/platform/outbox/sql/outbox.queries';
import type { Statement } from '../../src/platform/database/prepared-statement';
import { sqlStatements } from '../../src/platform/database/sql-query';
import { createPaymentsApp, PaymentsApp } from './support/payments-kit';
import { DATABASE_VIA_PGBOUNCER } from '../support/test-settings';

/**
 * The statements a payment may run, by their text: behind PgBouncer they run unnamed
 * (`DATABASE_NAMED_STATEMENTS=false`), and the list still names them. The same statement
 * objects as the repositories' (each module's statements are made once).
 */
const NAMES_BY_TEXT = new Map(
  [
    sqlStatements('billers', billers),
    sqlStatements('compliance', amlFlags),
    sqlStatements('identity', users),
    sqlStatements('ledger', journal),
    sqlStatements('payments', payments),
    sqlStatements('payments', postingAttempts),
    sqlStatements('payments', sandboxOperations),
    sqlStatements('outbox', outbox),
  ].flatMap((statements) =>
    Object.values(statements).map((statement: Statement<object, never>) => [statement.text, statement.name]),
  ),
);

/**
 * The round trips an accepted `POST /payments` makes to PostgreSQL, statement by statement: every
 * `query` a `pg` client of the app sends while the request runs (a named statement by its name,
 * anything else by its text). The payment core's cost is its round trips (README "Acceptance
 * against the floor"), so the list is pinned: a statement added to the path, or one merged back
 * apart, fails here. The customer has paid before, so the session is cached and the biller's
 * ledger accounts are open, as for every payment but a process's first.
 */
describe('round trips of an accepted payment', () => {
  /** Whether the app reaches PostgreSQL through the run's PgBouncer (statements unnamed). */
  const viaPgBouncer = process.env.TEST_JEST_PROJECT === 'pgbouncer' || DATABASE_VIA_PGBOUNCER;
  let kit: PaymentsApp;

  beforeAll(async () => {
    // Two AML rules fire on a customer's second payment once another customer paid the account,
    // as in the bench: VELOCITY (more than one payment in the window) and DISTINCT_PAYERS.
    kit = await createPaymentsApp({ config: { AML_VELOCITY_MAX_COUNT: '1', AML_DISTINCT_PAYERS_MAX: '2' } });
  }, 60_000);

  afterAll(async () => {
    await kit?.close();
  });

  /** A statement an app's `pg` client sent: the client, and the statement's name or text. */
  interface SentStatement {
    client: Client;
    name: string | undefined;
    text: string;
  }

  /** What the app's `pg` clients send while `send` runs, in order; `send` must answer 200. */
  async function statementsSentBy(send: () => PromiseLike<{ status: number }>): Promise<SentStatement[]> {
    const sent: SentStatement[] = [];
    const original = Client.prototype.query;
    const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
      const [first] = args;
      const config = typeof first === 'object' && first !== null ? (first as { name?: string; text?: string }) : {};
      sent.push({ client: this, name: config.name, text: typeof first === 'string' ? first : (config.text ?? '') });
      return (original as (...args: unknown[]) => unknown).apply(this, args);
    } as never);
    try {
      const response = await send();
      expect(response.status).toBe(200);
    } finally {
      spy.mockRestore();
    }
    return sent;
  }

  /** What the app's `pg` clients send while `send` runs, in order: a named statement by its name, anything else by its text. */
  async function roundTripsOf(send: () => PromiseLike<{ status: number }>): Promise<string[]> {
    return (await statementsSentBy(send)).map(
      ({ name, text }) => name ?? NAMES_BY_TEXT.get(text) ?? text.replace(/\s+/g, ' ').trim().slice(0, 60),
    );
  }

  it('accepts a payment in two transactions of 10 round trips (12 behind PgBouncer), its AML flags in one statement', async () => {
    const other = await kit.newCustomer();
    expect((await kit.pay(other, { amount: 10_000 })).status).toBe(200);
    const customer = await kit.newCustomer();
    expect((await kit.pay(customer, { amount: 10_000 })).status).toBe(200);

    let paymentId = '';
    const sent = await roundTripsOf(async () => {
      const response = await kit.pay(customer, { amount: 20_000 });
      paymentId = response.body.id;
      return response;
    });

    // Each transaction's BEGIN goes with its first statement where statements are named
    // (deferred-begin-client.ts); behind PgBouncer, unnamed, TypeORM's START TRANSACTION goes alone.
    const begin = viaPgBouncer ? ['START TRANSACTION'] : [];
    expect(sent).toEqual([
      'billers.for-payment-by-slug',
      ...begin,
      // The customer's row lock and tier in one statement, then the admission after it.
      'identity.one-trip-lock-kyc-tier',
      'payments.admit-payment',
      // Both flags in one statement.
      'compliance.one-trip-insert-flags',
      'COMMIT',
      'payments.sandbox-record-capture',
      ...begin,
      'ledger.post-entry',
      // The move to PENDING opens the first posting cycle in the same statement.
      'payments.transition-payment',
      'outbox.insert-events',
      'COMMIT',
    ]);
    const flags = await kit.db.query<{ rule: string }[]>(
      `SELECT rule FROM aml_flags WHERE payment_id = $1 ORDER BY rule`,
      [paymentId],
    );
    expect(flags.map((flag) => flag.rule)).toEqual(['DISTINCT_PAYERS', 'VELOCITY']);
    const cycles = await kit.db.query<{ cycle: number }[]>(`SELECT cycle FROM posting_attempts WHERE payment_id = $1`, [
      paymentId,
    ]);
    expect(cycles).toEqual([{ cycle: 1 }]);
  });

  it("reaches PostgreSQL as its Jest project says: through the run's PgBouncer, unnamed, in `pgbouncer`; directly, named, in `e2e`", async () => {
    const customer = await kit.newCustomer();
    const sent = await statementsSentBy(() => kit.pay(customer, { amount: 10_000 }));
    // The statements made by a config object: the repositories' (TypeORM's START TRANSACTION and
    // COMMIT are plain text, never named).
    const names = sent.filter(({ text }) => !/^(START TRANSACTION|COMMIT|ROLLBACK)/.test(text)).map(({ name }) => name);
    const clients = new Set(sent.map(({ client }) => client));

    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => (viaPgBouncer ? name === undefined : typeof name === 'string'))).toBe(true);
    expect(clients.size).toBeGreaterThan(0);
    for (const client of clients) {
      const socket = (client as unknown as { connection: { stream: { localPort: number; remotePort: number } } })
        .connection.stream;
      // The server's end of the connection that ran the statement: the app's own socket when it
      // talks to PostgreSQL, one of PgBouncer's when it goes through it.
      const [{ port }] = (await client.query<{ port: number }>('SELECT inet_client_port() AS port')).rows;
      if (viaPgBouncer) {
        expect(String(socket.remotePort)).toBe(process.env.TEST_PGBOUNCER_PORT);
        expect(port).not.toBe(socket.localPort);
      } else {
        expect(port).toBe(socket.localPort);
      }
    }
  });

  it("admits a customer's payments while they log in: the row lock they queue on is the login's row", async () => {
    const customer = await createCustomer(kit, { pin: '135790' });
    const payments = Array.from({ length: 8 }, (_, index) => kit.pay(customer, { amount: 30_000 + index }));
    // Each login counts its attempt on the customer's row (identity.count-pin-attempt), which a
    // payment's first transaction holds: they wait for one another, and none fails.
    const logins = Array.from({ length: 3 }, () => login(kit.http, customer.phone));
    const answers = await Promise.all(payments);
    await Promise.all(logins);
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 8 }, () => 200));
  });
});
