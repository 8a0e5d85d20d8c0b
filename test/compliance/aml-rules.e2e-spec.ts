import { SignedInUser } from '../factories/customer.factory';
import { amlFlagsOf } from '../factories/aml-flag.factory';
import { BillerBody } from '../factories/biller.factory';
import { PaymentBody } from '../factories/payment.factory';
import { ComplianceApp, createComplianceApp } from './support/compliance-kit';

/**
 * Each AML rule fires at its threshold and not below (the kit's small thresholds), records one
 * flag per payment and rule in the payment's admission, and only HIGH flags hold a payment.
 */
describe('AML rules', () => {
  let kit: ComplianceApp;

  beforeAll(async () => {
    kit = await createComplianceApp();
  }, 90_000);

  afterAll(() => kit?.close());

  // A biller of each test's own: the distinct-payers rule counts every customer paying one account.
  let current: BillerBody;
  beforeEach(async () => {
    current = await kit.newBiller();
  });

  const paid = async (customer: SignedInUser, amount: number, biller = current): Promise<PaymentBody> => {
    const response = await kit.pay(customer, amount, biller);
    expect(response.status).toBe(200);
    return response.body as PaymentBody;
  };
  const rulesOf = async (paymentId: string) => (await amlFlagsOf(kit, paymentId)).map((flag) => flag.rule).sort();
  const held = async (paymentId: string) =>
    (
      (await kit.db.query(`SELECT held_for_review FROM payments WHERE id = $1`, [paymentId]))[0] as {
        held_for_review: boolean;
      }
    ).held_for_review;

  it('SINGLE_AMOUNT: HIGH above the threshold (held), nothing at it', async () => {
    const customer = await kit.newCustomer();
    const at = await paid(customer, 300_000);
    expect(await rulesOf(at.id)).not.toContain('SINGLE_AMOUNT');
    expect(await held(at.id)).toBe(false);

    const other = await kit.newCustomer();
    const above = await paid(other, 300_001);
    expect(await amlFlagsOf(kit, above.id)).toContainEqual({
      rule: 'SINGLE_AMOUNT',
      severity: 'HIGH',
      status: 'OPEN',
      reason: expect.stringContaining('3,000.00'),
    });
    expect(await held(above.id)).toBe(true);
    expect(above.status).toBe('PENDING');
  });

  it('VELOCITY by count: MEDIUM on the payment that makes more than the maximum, not before', async () => {
    const customer = await kit.newCustomer();
    const payments: PaymentBody[] = [];
    for (const amount of [1_000, 1_100, 1_200, 1_300, 1_400]) payments.push(await paid(customer, amount));
    for (const payment of payments.slice(0, 4)) expect(await rulesOf(payment.id)).toEqual([]);
    expect(await amlFlagsOf(kit, payments[4].id)).toEqual([
      expect.objectContaining({ rule: 'VELOCITY', severity: 'MEDIUM', status: 'OPEN' }),
    ]);
    // A MEDIUM flag only queues: the payment is not held.
    expect(await held(payments[4].id)).toBe(false);
  });

  it('VELOCITY by amount: MEDIUM once the window sums above the maximum, not at it', async () => {
    const customer = await kit.newCustomer();
    const first = await paid(customer, 200_000);
    const second = await paid(customer, 200_000);
    const third = await paid(customer, 200_000); // 6,000.00: at the maximum
    for (const payment of [first, second, third]) expect(await rulesOf(payment.id)).toEqual([]);
    const fourth = await paid(customer, 100); // 6,001.00
    expect(await rulesOf(fourth.id)).toEqual(['VELOCITY']);
    expect((await amlFlagsOf(kit, fourth.id))[0].reason).toContain('6,001.00');
  });

  it('STRUCTURING: HIGH on the third payment just under the threshold (held), not the second', async () => {
    const customer = await kit.newCustomer();
    const below = await paid(customer, 269_999); // under the band: does not count
    const first = await paid(customer, 270_000);
    const second = await paid(customer, 299_000);
    for (const payment of [below, first, second]) expect(await rulesOf(payment.id)).not.toContain('STRUCTURING');
    expect(await held(second.id)).toBe(false);
    const third = await paid(customer, 285_000);
    expect(await amlFlagsOf(kit, third.id)).toContainEqual(
      expect.objectContaining({ rule: 'STRUCTURING', severity: 'HIGH', status: 'OPEN' }),
    );
    expect(await held(third.id)).toBe(true);
  });

  it('NEW_ACCOUNT: MEDIUM when a new account pays above the amount, not at it; an older account is not flagged', async () => {
    const customer = await kit.newCustomer();
    const at = await paid(customer, 200_000);
    expect(await rulesOf(at.id)).toEqual([]);
    const above = await paid(customer, 200_001);
    expect(await amlFlagsOf(kit, above.id)).toEqual([
      expect.objectContaining({ rule: 'NEW_ACCOUNT', severity: 'MEDIUM' }),
    ]);
    expect(await held(above.id)).toBe(false);

    const older = await kit.newCustomer();
    await kit.db.query(`UPDATE users SET created_at = now() - interval '31 days' WHERE id = $1`, [older.userId]);
    const fromOlder = await paid(older, 200_001);
    expect(await rulesOf(fromOlder.id)).toEqual([]);
  });

  it('DISTINCT_PAYERS: LOW when the maximum number of customers pay one biller account, not before', async () => {
    const biller = await kit.newBiller();
    const payers = [await kit.newCustomer(), await kit.newCustomer(), await kit.newCustomer()];
    const first = await paid(payers[0], 1_000, biller);
    const again = await paid(payers[0], 1_000, biller); // the same payer again: still one
    const second = await paid(payers[1], 1_000, biller);
    for (const payment of [first, again, second]) expect(await rulesOf(payment.id)).toEqual([]);
    const third = await paid(payers[2], 1_000, biller);
    expect(await amlFlagsOf(kit, third.id)).toEqual([
      expect.objectContaining({ rule: 'DISTINCT_PAYERS', severity: 'LOW', status: 'OPEN' }),
    ]);
  });

  it('DISTINCT_PAYERS counts customers of the window whose payments did not fail, however many payments', async () => {
    const biller = await kit.newBiller();
    const [early, failed, busy, second, third] = [
      await kit.newCustomer(),
      await kit.newCustomer(),
      await kit.newCustomer(),
      await kit.newCustomer(),
      await kit.newCustomer(),
    ];
    // Before the window, and a payment that failed: neither counts.
    const before = await paid(early, 1_000, biller);
    await kit.db.query(`UPDATE payments SET created_at = now() - interval '61 minutes' WHERE id = $1`, [before.id]);
    const failing = await paid(failed, 1_000, biller);
    await kit.db.query(`UPDATE payments SET status = 'FAILED' WHERE id = $1`, [failing.id]);
    // One customer paying again and again is one payer, however many of the newest payments are theirs.
    const second1 = await paid(second, 1_000, biller);
    const busyPayments: PaymentBody[] = [];
    for (const amount of [1_000, 1_001, 1_002, 1_003]) busyPayments.push(await paid(busy, amount, biller));
    for (const payment of [second1, ...busyPayments])
      expect(await rulesOf(payment.id)).not.toContain('DISTINCT_PAYERS');
    const atThreshold = await paid(third, 1_000, biller);
    expect(await amlFlagsOf(kit, atThreshold.id)).toContainEqual({
      rule: 'DISTINCT_PAYERS',
      severity: 'LOW',
      status: 'OPEN',
      reason: 'At least 3 different customers paid this biller account in 60 minutes',
    });
  });

  it('writes one flag per payment and rule, and a refused payment leaves none', async () => {
    const customer = await kit.newCustomer();
    // Above the single threshold and the new-account amount: two rules, two flags.
    const payment = await paid(customer, 300_001);
    expect(await rulesOf(payment.id)).toEqual(['NEW_ACCOUNT', 'SINGLE_AMOUNT']);
    // Over the per-payment limit: refused in admission, so nothing is screened or written.
    const refused = await kit.pay(customer, 600_000, current);
    expect(refused.status).toBe(422);
    const rows = await kit.db.query(
      `SELECT count(*)::int AS n FROM aml_flags f JOIN payments p ON p.id = f.payment_id WHERE p.customer_id = $1`,
      [customer.userId],
    );
    expect(rows[0].n).toBe(2);
  });
});
