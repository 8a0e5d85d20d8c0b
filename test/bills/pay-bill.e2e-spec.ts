import { BillSettlementService } from '../../src/modules/bills/bill-settlement.service';
import { BillsService } from '../../src/modules/bills';
import { SignedInUser } from '../factories/customer.factory';
import { billInput, createClaimedBill, pushBills, randomAccountReference } from '../factories/bill.factory';
import { createPayment, GOOD_CARD } from '../factories/payment.factory';
import { expectCataloguedApiError, expectLedgerBalanced } from '../support/assertions';
import { BillsApp, createBillsApp } from './support/bills-kit';

describe('paying a bill: POST /bills/{billId}/pay, the schedules port, payments made another way', () => {
  let kit: BillsApp;

  beforeAll(async () => {
    kit = await createBillsApp();
  });

  afterAll(async () => {
    await kit?.close();
  });

  async function billRow(id: string) {
    const [row] = await kit.db.query(
      `SELECT status, payment_id, customer_id, paid_at IS NOT NULL AS paid, payment_attempt FROM bills WHERE id = $1`,
      [id],
    );
    return row as {
      status: string;
      payment_id: string | null;
      customer_id: string | null;
      paid: boolean;
      payment_attempt: number;
    };
  }

  async function eventsOf(billId: string) {
    return kit.db.query(
      `SELECT event_type, payload FROM outbox_events WHERE aggregate_id = $1 ORDER BY created_at, id`,
      [billId],
    ) as Promise<{ event_type: string; payload: Record<string, unknown> }[]>;
  }

  it('pays the amount due once through the payment core and marks the bill PAID', async () => {
    const customer = await kit.newCustomer();
    const bill = await createClaimedBill(kit, customer, kit.biller.slug);
    const paid = await kit.payBill(customer, bill.id).expect(200);
    expect(paid.body).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        status: 'PENDING',
        channel: 'BILL',
        billerId: kit.biller.id,
        accountReference: bill.accountReference,
        amount: 250_000,
        currency: 'NGN',
        fundingAccount: '************4242',
      }),
    );
    expect(await billRow(bill.id)).toEqual(
      expect.objectContaining({ status: 'PAID', payment_id: paid.body.id, customer_id: customer.userId, paid: true }),
    );
    const [payment] = await kit.db.query(`SELECT idempotency_key, customer_id FROM payments WHERE id = $1`, [
      paid.body.id,
    ]);
    expect(payment).toEqual({ idempotency_key: `bill:${bill.id}`, customer_id: customer.userId });
    expect(await eventsOf(bill.id)).toEqual([
      {
        event_type: 'bill.paid',
        payload: expect.objectContaining({
          billId: bill.id,
          customerId: customer.userId,
          paymentId: paid.body.id,
          amountPaid: 250_000,
          amountDue: 250_000,
          viaBillPay: true,
        }),
      },
    ]);
    const detail = await kit.http.get(`/api/v1/bills/${bill.id}`).set(customer.headers).expect(200);
    expect(detail.body).toEqual(
      expect.objectContaining({ status: 'PAID', paymentId: paid.body.id, paidAt: expect.any(String) }),
    );

    const again = await kit.payBill(customer, bill.id).expect(409);
    expectCataloguedApiError(again.body, 'BILL_ALREADY_PAID');
    expect(again.body.details).toEqual([{ field: 'paymentId', message: paid.body.id }]);
    // The refusal carries the payer's payment as it stands.
    expect(again.body.payment).toEqual(paid.body);
    expect(again.body.payment).toMatchObject({ id: paid.body.id, status: 'PENDING', amount: 250_000 });
    await expectLedgerBalanced(kit);
  });

  it('a double tap without a key creates exactly one payment', async () => {
    const customer = await kit.newCustomer();
    const bill = await createClaimedBill(kit, customer, kit.biller.slug);
    const taps = await Promise.all([
      kit.payBill(customer, bill.id),
      kit.payBill(customer, bill.id),
      kit.payBill(customer, bill.id),
    ]);
    const statuses = taps.map((tap) => tap.status).sort();
    expect(statuses).toEqual([200, 409, 409]);
    for (const refused of taps.filter((tap) => tap.status === 409)) {
      expect(['BILL_ALREADY_PAID', 'DUPLICATE_PAYMENT']).toContain(refused.body.code);
    }
    const payments = await kit.db.query(`SELECT id FROM payments WHERE customer_id = $1`, [customer.userId]);
    expect(payments).toHaveLength(1);
    expect((await billRow(bill.id)).payment_id).toBe(payments[0].id);
  });

  it('uses an Idempotency-Key as the payment key; a malformed key is 400, a replay after paying BILL_ALREADY_PAID', async () => {
    const customer = await kit.newCustomer();
    const bill = await createClaimedBill(kit, customer, kit.biller.slug);
    const malformed = await kit.payBill(customer, bill.id, {}, '\u00e9t\u00e9').expect(400);
    expectCataloguedApiError(malformed.body, 'VALIDATION_FAILED');
    const first = await kit.payBill(customer, bill.id, { amount: 250_000 }, 'my-key-1').expect(200);
    const [payment] = await kit.db.query(`SELECT idempotency_key FROM payments WHERE id = $1`, [first.body.id]);
    expect(payment.idempotency_key).toBe('my-key-1');
    // The bill is paid now: the bill's own answer comes first.
    const replay = await kit.payBill(customer, bill.id, { amount: 250_000 }, 'my-key-1').expect(409);
    expectCataloguedApiError(replay.body, 'BILL_ALREADY_PAID');
    expect(replay.body.payment).toMatchObject({ id: first.body.id, status: first.body.status, amount: 250_000 });
  });

  it('lets a declined payment be retried without a key', async () => {
    const customer = await kit.newCustomer();
    const bill = await createClaimedBill(kit, customer, kit.biller.slug);
    const declined = await kit.payBill(customer, bill.id, { fundingAccount: '4000000000000002' }).expect(200);
    expect(declined.body.status).toBe('FAILED');
    expect(await billRow(bill.id)).toEqual(
      expect.objectContaining({ status: 'UNVIEWED', payment_id: null, payment_attempt: 1 }),
    );
    const retried = await kit.payBill(customer, bill.id).expect(200);
    expect(retried.body.status).toBe('PENDING');
    const [payment] = await kit.db.query(`SELECT idempotency_key FROM payments WHERE id = $1`, [retried.body.id]);
    expect(payment.idempotency_key).toBe(`bill:${bill.id}:1`);
  });

  describe('one bill, one live payment, whatever the keys and flags', () => {
    /** The customer's payments of the bill's account that have not failed. */
    const livePaymentsOf = async (customer: SignedInUser, accountReference: string) =>
      (await kit.db.query(
        `SELECT id, status, amount::int AS amount FROM payments
          WHERE customer_id = $1 AND account_reference = $2 AND status <> 'FAILED'`,
        [customer.userId, accountReference],
      )) as { id: string; status: string; amount: number }[];

    /** Every refusal names the bill paid (or being paid): never a second payment, never a 5xx. */
    const expectOnePaymentAmong = (answers: { status: number; body: Record<string, unknown> }[]) => {
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      expect(statuses.filter((status) => status === 409)).toHaveLength(answers.length - 1);
      for (const refused of answers.filter((answer) => answer.status === 409)) {
        expectCataloguedApiError(refused.body, 'BILL_ALREADY_PAID');
      }
      return answers.find((answer) => answer.status === 200)?.body as { id: string; status: string; amount: number };
    };

    it('ten concurrent taps, each with its own key and confirmDuplicate, make one payment; the others 409', async () => {
      const customer = await kit.newCustomer();
      const bill = await createClaimedBill(kit, customer, kit.biller.slug);
      const taps = await Promise.all(
        Array.from({ length: 10 }, (_, tap) =>
          kit.payBill(customer, bill.id, { confirmDuplicate: true }, `tap-${tap}-${bill.id}`),
        ),
      );
      const paid = expectOnePaymentAmong(taps);
      expect(await livePaymentsOf(customer, bill.accountReference)).toEqual([
        { id: paid.id, status: 'PENDING', amount: 250_000 },
      ]);
      expect(await billRow(bill.id)).toEqual(expect.objectContaining({ status: 'PAID', payment_id: paid.id }));
      expect(await kit.db.query(`SELECT 1 FROM bill_payment_leases WHERE bill_id = $1`, [bill.id])).toEqual([]);
      await expectLedgerBalanced(kit);
    });

    it('five taps of slightly different amounts make one payment', async () => {
      const customer = await kit.newCustomer();
      const bill = await createClaimedBill(kit, customer, kit.biller.slug);
      const amounts = [250_000, 250_001, 249_999, 250_100, 249_900];
      const taps = await Promise.all(
        amounts.map((amount) => kit.payBill(customer, bill.id, { amount, confirmDuplicate: true }, `amount-${amount}`)),
      );
      const paid = expectOnePaymentAmong(taps);
      expect(await livePaymentsOf(customer, bill.accountReference)).toEqual([
        { id: paid.id, status: 'PENDING', amount: paid.amount },
      ]);
      expect((await billRow(bill.id)).payment_id).toBe(paid.id);
    });

    it('a failed payment frees the bill: the next tap with another key pays it', async () => {
      const customer = await kit.newCustomer();
      const bill = await createClaimedBill(kit, customer, kit.biller.slug);
      const declined = await kit
        .payBill(customer, bill.id, { fundingAccount: '4000000000000002', confirmDuplicate: true }, 'declined-key')
        .expect(200);
      expect(declined.body.status).toBe('FAILED');
      expect(await kit.db.query(`SELECT 1 FROM bill_payment_leases WHERE bill_id = $1`, [bill.id])).toEqual([]);
      const retried = await kit.payBill(customer, bill.id, { confirmDuplicate: true }, 'retry-key').expect(200);
      expect(retried.body.status).toBe('PENDING');
      expect(await livePaymentsOf(customer, bill.accountReference)).toEqual([
        { id: retried.body.id, status: 'PENDING', amount: 250_000 },
      ]);
      const another = await kit.payBill(customer, bill.id, { confirmDuplicate: true }, 'third-key').expect(409);
      expectCataloguedApiError(another.body, 'BILL_ALREADY_PAID');
    });
  });

  it('a tap after a request that died mid-payment records that request’s payment instead of paying again', async () => {
    const customer = await kit.newCustomer();
    const bill = await createClaimedBill(kit, customer, kit.biller.slug);
    const paid = await kit.payBill(customer, bill.id, {}, 'died-key').expect(200);
    // As if the request had died after its payment was made, before recording it: the bill still
    // open and the request's lease left behind, expired.
    await kit.db.query(`UPDATE bills SET status = 'VIEWED', payment_id = NULL, paid_at = NULL WHERE id = $1`, [
      bill.id,
    ]);
    await kit.db.query(
      `INSERT INTO bill_payment_leases (bill_id, customer_id, token, idempotency_key, expires_at)
       VALUES ($1, $2, gen_random_uuid(), 'died-key', now() - interval '1 second')`,
      [bill.id, customer.userId],
    );
    const tap = await kit.payBill(customer, bill.id, { confirmDuplicate: true }, 'next-key').expect(409);
    expectCataloguedApiError(tap.body, 'BILL_ALREADY_PAID');
    expect(tap.body.details).toEqual([{ field: 'paymentId', message: paid.body.id }]);
    expect(tap.body.payment).toMatchObject({ id: paid.body.id, status: 'PENDING', amount: 250_000 });
    expect(await billRow(bill.id)).toEqual(expect.objectContaining({ status: 'PAID', payment_id: paid.body.id }));
    const payments = await kit.db.query(`SELECT id FROM payments WHERE customer_id = $1`, [customer.userId]);
    expect(payments).toEqual([{ id: paid.body.id }]);
    expect(await kit.db.query(`SELECT 1 FROM bill_payment_leases WHERE bill_id = $1`, [bill.id])).toEqual([]);
  });

  it('refuses: 404 for another customer’s bill, 409 CLAIM_REQUIRED, BILL_UNRESOLVABLE, and the amount rule', async () => {
    const owner = await kit.newCustomer();
    const stranger = await kit.newCustomer();
    const bill = await createClaimedBill(kit, owner, kit.biller.slug);
    const notYours = await kit.payBill(stranger, bill.id).expect(404);
    expectCataloguedApiError(notYours.body, 'NOT_FOUND');
    await kit.payBill(stranger, '0193f5c2-7d1e-7c4a-9b2f-5e6d7c8b9b99').expect(404);
    await kit.payBill(stranger, 'nope').expect(400);

    const [unmatched] = (await pushBills(kit, kit.biller.slug, [billInput()])).items;
    const claimFirst = await kit.payBill(stranger, unmatched.billId).expect(409);
    expectCataloguedApiError(claimFirst.body, 'CLAIM_REQUIRED');

    const withdrawnInput = billInput();
    const withdrawn = await createClaimedBill(kit, owner, kit.biller.slug, withdrawnInput);
    await pushBills(kit, kit.biller.slug, [{ ...withdrawnInput, withdrawn: true }]);
    const gone = await kit.payBill(owner, withdrawn.id).expect(409);
    expectCataloguedApiError(gone.body, 'BILL_UNRESOLVABLE');

    const exact = await kit.newBiller({ amountRule: 'EXACT' });
    const exactBill = await createClaimedBill(kit, owner, exact.slug);
    const short = await kit.payBill(owner, exactBill.id, { amount: 100_000 }).expect(422);
    expectCataloguedApiError(short.body, 'AMOUNT_NOT_ALLOWED');
    const atLeast = await kit.newBiller({ amountRule: 'AT_LEAST' });
    const atLeastBill = await createClaimedBill(kit, owner, atLeast.slug);
    await kit.payBill(owner, atLeastBill.id, { amount: 100_000 }).expect(422);
    await kit.payBill(owner, atLeastBill.id, { amount: 300_000 }).expect(200);

    for (const body of [
      { rail: 'card' },
      { fundingAccount: '1' },
      { fundingAccount: 'null' },
      { fundingAccount: '0000000000000000' },
      { rail: 'BANK_TRANSFER', fundingAccount: GOOD_CARD },
      { amount: 0 },
      { amount: 1.5 },
      { tip: 1 },
    ]) {
      const refused = await kit.payBill(owner, bill.id, body).expect(400);
      expectCataloguedApiError(refused.body, 'VALIDATION_FAILED');
    }
    expect((await billRow(bill.id)).status).toBe('UNVIEWED');
    await kit.http.post(`/api/v1/bills/${bill.id}/pay`).send({ rail: 'CARD', fundingAccount: GOOD_CARD }).expect(401);
  });

  it('serves the schedules port: open bills of an account, and payBill with the route’s checks', async () => {
    const customer = await kit.newCustomer();
    const bill = await createClaimedBill(kit, customer, kit.biller.slug);
    const bills = kit.app.get(BillsService);
    const open = await bills.openBillsFor(customer.userId, kit.biller.id, bill.accountReference);
    expect(open).toEqual([
      expect.objectContaining({
        id: bill.id,
        amountDue: 250_000,
        currency: 'NGN',
        dueDate: '2030-11-30',
        overdue: false,
      }),
    ]);
    const result = await bills.payBill(customer.userId, bill.id, {
      rail: 'CARD',
      fundingAccount: GOOD_CARD,
      idempotencyKey: `schedule:test:${bill.id}`,
      channel: 'SCHEDULE',
    });
    expect(result).toEqual({ paymentId: expect.any(String), status: 'PENDING' });
    const [payment] = await kit.db.query(`SELECT channel FROM payments WHERE id = $1`, [result.paymentId]);
    expect(payment.channel).toBe('SCHEDULE');
    expect(await bills.openBillsFor(customer.userId, kit.biller.id, bill.accountReference)).toEqual([]);
    await expect(
      bills.payBill(customer.userId, bill.id, {
        rail: 'CARD',
        fundingAccount: GOOD_CARD,
        idempotencyKey: 'k',
        channel: 'SCHEDULE',
      }),
    ).rejects.toMatchObject({ code: 'BILL_ALREADY_PAID' });
  });

  describe('payments made another way', () => {
    async function succeededEvent(paymentId: string) {
      const [event] = await kit.db.query(
        `SELECT payload FROM outbox_events WHERE aggregate_id = $1 AND event_type = 'payment.succeeded'`,
        [paymentId],
      );
      return event.payload;
    }

    it('a plain payment of the same biller, account and amount settles the oldest open bill, once', async () => {
      const customer: SignedInUser = await kit.newCustomer();
      const older = await createClaimedBill(kit, customer, kit.biller.slug, {
        billDate: '2026-10-01',
        dueDate: '2030-10-31',
      });
      const newer = billInput({ accountReference: older.accountReference, dueDate: '2030-12-31' });
      await pushBills(kit, kit.biller.slug, [newer]);
      const payment = await createPayment(
        kit,
        customer,
        { biller: kit.biller.slug, accountReference: older.accountReference, amount: 250_000 },
        { posted: true },
      );
      const settlement = kit.app.get(BillSettlementService);
      const payload = await succeededEvent(payment.id);
      expect(await settlement.onPaymentEvent('payment.succeeded', payload)).toBe('SETTLED');
      expect(await settlement.onPaymentEvent('payment.succeeded', payload)).toBe('NOTHING_TO_DO');
      expect(await billRow(older.id)).toEqual(expect.objectContaining({ status: 'PAID', payment_id: payment.id }));
      const [newerRow] = await kit.db.query(`SELECT status FROM bills WHERE bill_reference = $1`, [
        newer.billReference,
      ]);
      expect(newerRow.status).toBe('UNVIEWED');
      expect(await eventsOf(older.id)).toEqual([
        {
          event_type: 'bill.paid',
          payload: expect.objectContaining({ paymentId: payment.id, viaBillPay: false, amountPaid: 250_000 }),
        },
      ]);

      // The payment failed after all (refused by the biller, refunded): the bill reopens, once.
      expect(await settlement.onPaymentEvent('payment.refunded', payload)).toBe('REOPENED');
      expect(await settlement.onPaymentEvent('payment.refunded', payload)).toBe('NOTHING_TO_DO');
      expect(await billRow(older.id)).toEqual(expect.objectContaining({ status: 'VIEWED', payment_id: null }));

      // A late redelivery of payment.succeeded after the refund settles nothing.
      await kit.db.query(`UPDATE payments SET status = 'REFUNDED' WHERE id = $1`, [payment.id]);
      expect(await settlement.onPaymentEvent('payment.succeeded', payload)).toBe('NOTHING_TO_DO');
      expect(await billRow(older.id)).toEqual(expect.objectContaining({ status: 'VIEWED', payment_id: null }));
    });

    it('settles an unmatched bill of the account for the payer, and leaves other amounts and accounts alone', async () => {
      const customer = await kit.newCustomer();
      const account = randomAccountReference();
      const [unmatched, otherAmount] = (
        await pushBills(kit, kit.biller.slug, [
          billInput({ accountReference: account, amountDue: 180_000 }),
          billInput({ accountReference: account, amountDue: 190_000 }),
        ])
      ).items;
      const payment = await createPayment(
        kit,
        customer,
        { biller: kit.biller.slug, accountReference: account, amount: 180_000 },
        { posted: true },
      );
      const settlement = kit.app.get(BillSettlementService);
      expect(await settlement.onPaymentEvent('payment.succeeded', await succeededEvent(payment.id))).toBe('SETTLED');
      expect(await billRow(unmatched.billId)).toEqual(
        expect.objectContaining({ status: 'PAID', payment_id: payment.id, customer_id: customer.userId }),
      );
      expect(await billRow(otherAmount.billId)).toEqual(
        expect.objectContaining({ status: 'UNVIEWED', customer_id: null }),
      );
      const unrelated = await createPayment(
        kit,
        customer,
        { biller: kit.biller.slug, accountReference: randomAccountReference(), amount: 180_000 },
        { posted: true },
      );
      expect(await settlement.onPaymentEvent('payment.succeeded', await succeededEvent(unrelated.id))).toBe(
        'NOTHING_TO_DO',
      );
    });

    it('ignores the success of a payment made from the inbox: the bill already names it', async () => {
      const customer = await kit.newCustomer();
      const bill = await createClaimedBill(kit, customer, kit.biller.slug);
      const paid = await kit.payBill(customer, bill.id).expect(200);
      const settlement = kit.app.get(BillSettlementService);
      const payload = { ...(await eventsOf(bill.id))[0].payload };
      const event = {
        paymentId: paid.body.id,
        customerId: customer.userId,
        billerId: kit.biller.id,
        billerName: String(kit.biller.name),
        accountReference: bill.accountReference,
        amount: 250_000,
        fee: 0,
        currency: 'NGN',
        status: 'SUCCEEDED' as const,
        rail: 'CARD',
        fundsCaptured: true,
      };
      expect(payload.paymentId).toBe(paid.body.id);
      expect(await settlement.onPaymentEvent('payment.succeeded', event)).toBe('NOTHING_TO_DO');
      expect((await eventsOf(bill.id)).map((row) => row.event_type)).toEqual(['bill.paid']);
    });
  });
});
