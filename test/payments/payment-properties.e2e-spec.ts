import fc from 'fast-check';
import { createPaymentsApp, PaymentsApp } from './support/payments-kit';

/**
 * Random sequences of payments (good, declined at the rail, refused by the biller), posting
 * runs, retries and replays against the real database. After every step: every journal entry
 * sums to zero, every account's balance equals its lines, each payment is in exactly one state
 * consistent with its ledger, and no key made two payments.
 */
type Step =
  | { kind: 'pay'; outcome: 'GOOD' | 'DECLINED' | 'REFUSED'; amount: number }
  | { kind: 'replay' }
  | { kind: 'post' }
  | { kind: 'sweep' };

const SEED = Number(process.env.PROPERTY_SEED ?? Date.now() % 2 ** 31);

describe(`payment invariants under random sequences (seed ${SEED}; replay with PROPERTY_SEED=${SEED})`, () => {
  let kit: PaymentsApp;

  beforeAll(async () => {
    kit = await createPaymentsApp({ config: { PAYMENT_DUPLICATE_WINDOW_SECONDS: '0' } });
  }, 60_000);

  afterAll(async () => {
    await kit?.close();
  });

  async function checkInvariants(customerId: string): Promise<void> {
    expect(await kit.ledgerProblems()).toEqual([]);
    const payments = await kit.db.query<
      {
        id: string;
        status: string;
        journal_entry_id: string | null;
        reversal_entry_id: string | null;
        entry_sum: string;
        entries: number;
      }[]
    >(
      `SELECT p.id, p.status, p.journal_entry_id, p.reversal_entry_id,
              coalesce((SELECT sum(l.amount) FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id
                         JOIN ledger_accounts a ON a.id = l.account_id
                        WHERE e.reference_id = p.id AND a.code LIKE 'rail:%'), 0)::text AS entry_sum,
              (SELECT count(*)::int FROM journal_entries e WHERE e.reference_id = p.id) AS entries
         FROM payments p WHERE p.customer_id = $1`,
      [customerId],
    );
    for (const payment of payments) {
      expect(['PENDING', 'PROCESSING', 'SUCCEEDED', 'FAILED']).toContain(payment.status);
      if (payment.status === 'FAILED') {
        // Either never captured (no entry) or captured and reversed (two entries netting to zero).
        expect(payment.entries === 0 || (payment.entries === 2 && payment.reversal_entry_id !== null)).toBe(true);
        expect(payment.entry_sum).toBe('0');
      } else {
        expect(payment.entries).toBe(1);
        expect(payment.journal_entry_id).not.toBeNull();
        expect(BigInt(payment.entry_sum) > 0n).toBe(true);
      }
    }
    const [keys] = await kit.db.query(
      `SELECT count(*)::int AS payments, count(DISTINCT idempotency_key)::int AS keys FROM payments WHERE customer_id = $1`,
      [customerId],
    );
    expect(keys.payments).toBe(keys.keys);
  }

  it('keeps the ledger balanced and every payment in one consistent state', async () => {
    const step: fc.Arbitrary<Step> = fc.oneof(
      fc.record({
        kind: fc.constant('pay' as const),
        outcome: fc.constantFrom('GOOD' as const, 'GOOD' as const, 'DECLINED' as const, 'REFUSED' as const),
        amount: fc.integer({ min: 100, max: 50_000 }),
      }),
      fc.constant({ kind: 'replay' as const }),
      fc.constant({ kind: 'post' as const }),
      fc.constant({ kind: 'sweep' as const }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const customer = await kit.newCustomer();
        const made: { id: string; key: string; body: Record<string, unknown> }[] = [];
        for (const current of steps) {
          if (current.kind === 'pay') {
            const body = {
              amount: current.amount,
              accountReference: current.outcome === 'REFUSED' ? '45010001422' : '45010001234',
              fundingAccount: current.outcome === 'DECLINED' ? '4000000000000002' : '4242424242424242',
            };
            const key = `prop-${made.length}`;
            const response = await kit.pay(customer, body, key);
            expect(response.status).toBe(200);
            made.push({ id: response.body.id, key, body });
          } else if (current.kind === 'replay' && made.length > 0) {
            const last = made[made.length - 1];
            const response = await kit.pay(customer, last.body, last.key);
            expect(response.status).toBe(409);
            expect(response.body.code).toBe('DUPLICATE_PAYMENT');
          } else if (current.kind === 'post') {
            for (const payment of made) await kit.posting.start(payment.id);
          } else if (current.kind === 'sweep') {
            await kit.posting.sweep();
          }
          await checkInvariants(customer.userId);
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 12), seed: SEED },
    );
  }, 120_000);
});
