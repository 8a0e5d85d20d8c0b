import { randomUUID } from 'node:crypto';
import { CheckoutPayments } from '../../src/modules/merchants/checkout/checkout-payments';
import { RailReversalService } from '../../src/modules/payments';
import { amlFlagsOf, heldPaymentOf, reviewAml } from '../factories/aml-flag.factory';
import { approvedMerchant } from '../factories/merchant.factory';
import { createApiKey } from '../factories/merchant-api-key.factory';
import { merchantOwnerOf } from '../factories/merchant-user.factory';
import { expectApiError, expectLedgerBalanced } from '../support/assertions';
import { ComplianceApp, createComplianceApp } from './support/compliance-kit';

interface SessionBody {
  id: string;
  status: 'OPEN' | 'COMPLETE' | 'EXPIRED';
  paymentId: string | null;
}

const SESSIONS = '/api/v1/merchant/checkout-sessions';
const CARD = '4242424242424242';
/** Above the kit's single threshold (300 000): SINGLE_AMOUNT, HIGH, holds the payment. */
const HELD_AMOUNT = 300_001;

/** A checkout payment held by a HIGH AML flag, released (CLEAR) or rejected (REPORT) through the review route. */
describe('AML review of held checkout payments', () => {
  let kit: ComplianceApp;
  let merchantId: string;
  let secret: string;

  beforeAll(async () => {
    kit = await createComplianceApp();
    const { merchant } = await approvedMerchant(kit);
    merchantId = merchant.id;
    const owner = await merchantOwnerOf(kit, merchant);
    secret = (await createApiKey(kit, owner, false)).secret;
  }, 90_000);

  afterAll(() => kit?.close());

  const bearer = () => ({ Authorization: `Bearer ${secret}` });

  async function openSession(amount = HELD_AMOUNT): Promise<SessionBody> {
    const response = await kit.http
      .post(SESSIONS)
      .set(bearer())
      .set('Idempotency-Key', randomUUID())
      .send({
        amount,
        currency: 'NGN',
        merchantReference: `order-${randomUUID().slice(0, 8)}`,
        successUrl: 'https://shop.example/paid',
        cancelUrl: 'https://shop.example/cart',
      })
      .expect(201);
    return response.body as SessionBody;
  }

  const readSession = async (id: string) =>
    (await kit.http.get(`${SESSIONS}/${id}`).set(bearer()).expect(200)).body as SessionBody;

  const pay = (sessionId: string) =>
    kit.app.get(CheckoutPayments).pay({ sessionId, rail: 'CARD', fundingAccount: CARD, idempotencyKey: randomUUID() });

  const paymentRow = (id: string) => heldPaymentOf(kit, id);

  const eventTypes = async (...ids: string[]) =>
    (
      (await kit.db.query(
        `SELECT event_type FROM outbox_events WHERE aggregate_id = ANY ($1::text[]) ORDER BY created_at, id`,
        [ids],
      )) as { event_type: string }[]
    ).map((row) => row.event_type);

  /** Every line the payment's entries put on accounts, summed per account code. */
  const netsOf = async (paymentId: string) =>
    Object.fromEntries(
      (
        (await kit.db.query(
          `SELECT a.code, sum(l.amount)::text AS net
             FROM journal_entries e JOIN journal_lines l ON l.entry_id = e.id JOIN ledger_accounts a ON a.id = l.account_id
            WHERE e.reference_type = 'payment' AND e.reference_id = $1
            GROUP BY a.code`,
          [paymentId],
        )) as { code: string; net: string }[]
      ).map((row) => [row.code, row.net]),
    ) as Record<string, string>;

  const merchantNet = (nets: Record<string, string>) =>
    Object.entries(nets)
      .filter(([code]) => code.startsWith(`merchant:${merchantId}:test:`))
      .reduce((sum, [, net]) => sum + BigInt(net), 0n);

  const velocityUsed = async () =>
    (
      (await kit.db.query(
        `SELECT coalesce(sum(count), 0)::int AS n FROM merchant_velocity_buckets WHERE merchant_id = $1 AND scope = 'MERCHANT'`,
        [merchantId],
      )) as { n: number }[]
    )[0]?.n ?? 0;

  /** A session paid by a HIGH-flagged payment: captured, held, the session waiting with it. */
  async function heldCheckout(): Promise<{ session: SessionBody; paymentId: string }> {
    const session = await openSession();
    const outcome = await pay(session.id);
    expect(outcome.outcome).toBe('PROCESSING');
    expect((await amlFlagsOf(kit, outcome.paymentId)).map((flag) => [flag.rule, flag.severity])).toContainEqual([
      'SINGLE_AMOUNT',
      'HIGH',
    ]);
    return { session, paymentId: outcome.paymentId };
  }

  it('holds the captured payment: the session stays OPEN with it, the payer funds booked to the hold, the merchant not credited', async () => {
    const { session, paymentId } = await heldCheckout();
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'PENDING', held_for_review: true });
    expect(await readSession(session.id)).toMatchObject({ status: 'OPEN', paymentId });
    const nets = await netsOf(paymentId);
    expect(nets).toEqual({
      'sandbox:rail:CARD:clearing:NGN': String(HELD_AMOUNT),
      'sandbox:merchant-payments:held-for-review:NGN': String(-HELD_AMOUNT),
    });
    expect(merchantNet(nets)).toBe(0n);
    expect(await eventTypes(session.id, paymentId)).not.toContain('merchant.payment.succeeded');
    expect((await eventTypes(paymentId)).filter((type) => type.startsWith('payment.'))).toEqual([]);
    await expectLedgerBalanced(kit);
  });

  it('CLEAR completes it as an unheld capture: SUCCEEDED, session COMPLETE, the merchant credited from the hold, its events', async () => {
    const { session, paymentId } = await heldCheckout();
    const usedBefore = await velocityUsed();

    await reviewAml(kit, kit.compliance, paymentId, { decision: 'CLEAR', note: 'Known merchant.' }).expect(204);

    expect(await paymentRow(paymentId)).toMatchObject({ status: 'SUCCEEDED', held_for_review: false });
    expect(await readSession(session.id)).toMatchObject({ status: 'COMPLETE', paymentId });
    const nets = await netsOf(paymentId);
    // The hold is emptied into the merchant's balances and the fee revenue: the same as a capture never held.
    expect(nets['sandbox:merchant-payments:held-for-review:NGN']).toBe('0');
    expect(nets['sandbox:rail:CARD:clearing:NGN']).toBe(String(HELD_AMOUNT));
    const fee = BigInt(
      (
        (await kit.db.query(`SELECT merchant_fee::text AS fee FROM payments WHERE id = $1`, [paymentId])) as {
          fee: string;
        }[]
      )[0].fee,
    );
    expect(merchantNet(nets)).toBe(-(BigInt(HELD_AMOUNT) - fee));
    expect(BigInt(nets['sandbox:revenue:merchant-fees:NGN'] ?? '0')).toBe(-fee);
    expect(
      await kit.db.query(`SELECT kind FROM merchant_balance_releases WHERE payment_id = $1 ORDER BY kind`, [paymentId]),
    ).not.toEqual([]);
    const events = await eventTypes(session.id, paymentId);
    expect(events).toEqual(
      expect.arrayContaining(['merchant.checkout_session.completed', 'merchant.payment.succeeded']),
    );
    expect(events.filter((type) => type.startsWith('payment.'))).toEqual([]);
    // The velocity admission is kept: the payment counts as any paid one does.
    expect(await velocityUsed()).toBe(usedBefore);
    expect((await amlFlagsOf(kit, paymentId)).every((flag) => flag.status === 'CLEARED')).toBe(true);
    const audit = (await kit.db.query(
      `SELECT after FROM admin_audit_log WHERE entity_id = $1 AND action = 'aml_flag.reviewed'`,
      [paymentId],
    )) as { after: { payment: string } }[];
    expect(audit.map((row) => row.after.payment)).toEqual(['SUCCEEDED']);
    await expectLedgerBalanced(kit);

    // Reviewed once: a second decision finds the flags closed, and the session stays paid.
    const again = await reviewAml(kit, kit.compliance, paymentId, { decision: 'REPORT', note: 'Second thoughts.' });
    expect(again.status).toBe(409);
    expectApiError(again.body, 'AML_FLAG_CLOSED');
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'SUCCEEDED' });
  });

  it('REPORT fails it: the hold reversed, a rail REFUND owed, the session payable again, no payment.* event', async () => {
    const { session, paymentId } = await heldCheckout();
    const usedHeld = await velocityUsed();

    await reviewAml(kit, kit.admin, paymentId, { decision: 'REPORT', note: 'Filed with the FIU.' }).expect(204);

    const row = await paymentRow(paymentId);
    expect(row).toMatchObject({ status: 'FAILED', held_for_review: false, failure_code: 'COMPLIANCE_REJECTED' });
    expect(row.reversal_entry_id).not.toBeNull();
    // The held entry and its reversal cancel out line for line: nothing is left with the merchant or the hold.
    for (const net of Object.values(await netsOf(paymentId))) expect(net).toBe('0');
    expect(
      await kit.db.query(`SELECT action, amount::text, status FROM rail_reversals WHERE payment_id = $1`, [paymentId]),
    ).toEqual([{ action: 'REFUND', amount: String(HELD_AMOUNT), status: 'PENDING' }]);
    expect(await readSession(session.id)).toMatchObject({ status: 'OPEN', paymentId: null });
    expect(await velocityUsed()).toBeLessThan(usedHeld);
    expect(await eventTypes(paymentId)).toEqual(['merchant.payment.failed']);
    expect(await kit.db.query(`SELECT count(*)::int AS n FROM aml_reports WHERE payment_id = $1`, [paymentId])).toEqual(
      [{ n: 1 }],
    );
    await expectLedgerBalanced(kit);

    // The rail returns the payer's funds; the settlement writes no `payment.refunded` either.
    await kit.app.get(RailReversalService).reverse(paymentId);
    expect(await kit.db.query(`SELECT status FROM rail_reversals WHERE payment_id = $1`, [paymentId])).toEqual([
      { status: 'COMPLETED' },
    ]);
    expect(await eventTypes(paymentId)).toEqual(['merchant.payment.failed']);

    // The payer may pay the session again (held again: the same amount trips the same rule).
    const retried = await kit.app
      .get(CheckoutPayments)
      .pay({ sessionId: session.id, rail: 'CARD', fundingAccount: CARD, idempotencyKey: randomUUID() });
    expect(retried.outcome).toBe('PROCESSING');
    const second = await reviewAml(kit, kit.compliance, paymentId, { decision: 'CLEAR', note: 'x' });
    expect(second.status).toBe(409);
    expectApiError(second.body, 'AML_FLAG_CLOSED');
  });

  it('REPORT of a session past due expires it at once', async () => {
    const { session, paymentId } = await heldCheckout();
    await kit.db.query(
      `UPDATE merchant_checkout_sessions SET created_at = created_at - interval '2 hours', expires_at = now() - interval '1 minute' WHERE id = $1`,
      [session.id],
    );
    await reviewAml(kit, kit.compliance, paymentId, { decision: 'REPORT', note: 'Filed.' }).expect(204);
    expect(await readSession(session.id)).toMatchObject({ status: 'EXPIRED', paymentId: null });
    expect(await eventTypes(session.id)).toContain('merchant.checkout_session.expired');
    await expectLedgerBalanced(kit);
  });

  it('ESCALATE keeps it held; an unknown transaction is 404', async () => {
    const { session, paymentId } = await heldCheckout();
    await reviewAml(kit, kit.compliance, paymentId, { decision: 'ESCALATE', note: 'Senior review.' }).expect(204);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'PENDING', held_for_review: true });
    expect(await readSession(session.id)).toMatchObject({ status: 'OPEN', paymentId });
    await reviewAml(kit, kit.admin, paymentId, { decision: 'CLEAR', note: 'Cleared by a senior.' }).expect(204);
    expect(await readSession(session.id)).toMatchObject({ status: 'COMPLETE', paymentId });

    const unknown = await reviewAml(kit, kit.compliance, randomUUID(), { decision: 'CLEAR', note: 'x' });
    expect(unknown.status).toBe(404);
    expectApiError(unknown.body, 'NOT_FOUND');
    await expectLedgerBalanced(kit);
  });
});
