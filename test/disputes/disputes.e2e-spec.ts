import { DisputesService } from '../../src/modules/disputes';
import { NotificationDeliveryService } from '../../src/modules/notifications/notification-delivery.service';
import { newId } from '../../src/platform/database/new-id';
import { createCustomer, SignedInUser } from '../factories/customer.factory';
import { createDispute, DisputeBody, patchDispute, postDispute } from '../factories/dispute.factory';
import { outboxEventJob, outboxEventsOf } from '../factories/outbox-event.factory';
import { createStaffUser } from '../factories/staff-user.factory';
import { expectApiError, expectCataloguedApiError, expectLedgerBalanced } from '../support/assertions';
import { createDisputesApp, DisputesApp } from './support/disputes-kit';

describe('disputes', () => {
  let kit: DisputesApp;

  beforeAll(async () => {
    kit = await createDisputesApp();
  }, 60_000);

  afterAll(() => kit?.close());

  const paymentRow = async (id: string) =>
    (
      await kit.db.query(
        `SELECT status, journal_entry_id, reversal_entry_id, rail_reversal_reference, amount::text,
                refunded_amount::text
           FROM payments WHERE id = $1`,
        [id],
      )
    )[0] as {
      status: string;
      journal_entry_id: string | null;
      reversal_entry_id: string | null;
      amount: string;
      refunded_amount: string;
    };
  const paymentBalance = async (id: string) =>
    (
      await kit.db.query(
        `SELECT coalesce(sum(l.amount), 0)::text AS sum, count(DISTINCT e.id)::int AS entries
           FROM journal_lines l JOIN journal_entries e ON e.id = l.entry_id WHERE e.reference_id = $1`,
        [id],
      )
    )[0] as { sum: string; entries: number };
  const eventsOf = async (disputeId: string): Promise<(Record<string, unknown> & { type: string })[]> =>
    (
      await kit.db.query(
        `SELECT event_type, payload FROM outbox_events WHERE aggregate_id = $1 ORDER BY created_at, id`,
        [disputeId],
      )
    ).map((row: { event_type: string; payload: Record<string, unknown> }) => ({
      type: row.event_type,
      ...row.payload,
    }));
  const detail = (caller: SignedInUser, id: string) => kit.http.get(`/api/v1/disputes/${id}`).set(caller.headers);
  const takeForReview = (dispute: DisputeBody, staff = kit.support) =>
    patchDispute(kit, staff, dispute.id, { assigneeId: staff.userId }).expect(200);

  describe('opening', () => {
    it('opens a dispute of a succeeded payment with its SLA deadline, timeline and event', async () => {
      const customer = await kit.newCustomer();
      const payment = await kit.paid(customer);
      const response = await postDispute(kit, customer, payment.id, { reason: 'WRONG_AMOUNT' }).expect(201);
      const dispute = response.body as DisputeBody;
      expect(dispute).toEqual({
        id: expect.any(String),
        paymentId: payment.id,
        reason: 'WRONG_AMOUNT',
        description: 'Paid on Monday but the biller still shows the bill as unpaid.',
        status: 'OPEN',
        assigneeId: null,
        resolutionNote: null,
        dueBy: expect.any(String),
        breached: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
        closedAt: null,
      });
      // WRONG_AMOUNT: 5 business days, counted in the business time zone.
      const expected = kit.app.get(DisputesService).dueBy('WRONG_AMOUNT', new Date(dispute.createdAt));
      expect(dispute.dueBy).toBe(expected.toISOString());
      const days = (Date.parse(dispute.dueBy) - Date.parse(dispute.createdAt)) / 86_400_000;
      expect(days).toBeGreaterThan(5);
      expect(days).toBeLessThanOrEqual(9);

      const shown = await detail(customer, dispute.id).expect(200);
      expect(shown.body.timeline).toEqual([
        expect.objectContaining({ kind: 'STATUS', actor: 'CUSTOMER', fromStatus: null, toStatus: 'OPEN' }),
      ]);
      expect(await eventsOf(dispute.id)).toEqual([
        expect.objectContaining({
          type: 'dispute.opened',
          customerId: customer.userId,
          paymentId: payment.id,
          status: 'OPEN',
          amount: 100_000,
          currency: 'NGN',
        }),
      ]);
      const list = await kit.http.get('/api/v1/disputes').set(customer.headers).expect(200);
      expect(list.body).toMatchObject({ items: [{ id: dispute.id }], totalItems: 1, page: 0 });
      // A page past the end still counts the whole list.
      const pastTheEnd = await kit.http.get('/api/v1/disputes?page=3').set(customer.headers).expect(200);
      expect(pastTheEnd.body).toMatchObject({ items: [], totalItems: 1, page: 3 });
    });

    it('keeps one open dispute per payment, and refuses payments that cannot be disputed', async () => {
      const customer = await kit.newCustomer();
      const payment = await kit.paid(customer);
      const first = await createDispute(kit, customer, payment.id);
      const again = await postDispute(kit, customer, payment.id, { reason: 'OTHER' }).expect(409);
      expectCataloguedApiError(again.body, 'DISPUTE_ALREADY_OPEN');
      expect(again.body.details).toContainEqual({ field: 'disputeId', message: first.id });

      const pending = await kit.paid(customer, { amount: 120_000 }, false);
      const refused = await postDispute(kit, customer, pending.id).expect(422);
      expectCataloguedApiError(refused.body, 'PAYMENT_NOT_DISPUTABLE');

      const other = await kit.newCustomer();
      expectApiError((await postDispute(kit, other, payment.id).expect(404)).body, 'NOT_FOUND');
      expectApiError((await postDispute(kit, customer, newId()).expect(404)).body, 'NOT_FOUND');
      expect(await kit.db.query(`SELECT id FROM disputes WHERE payment_id = $1`, [pending.id])).toEqual([]);
    });

    it('validates the request', async () => {
      const customer = await kit.newCustomer();
      const payment = await kit.paid(customer);
      for (const bad of [
        { reason: 'CHANGED_MY_MIND' },
        { description: 'short' },
        { description: '            ' },
        { paymentId: 'not-a-uuid' },
        { description: 'x'.repeat(2001) },
      ]) {
        const response = await postDispute(kit, customer, payment.id, bad).expect(400);
        expectApiError(response.body, 'VALIDATION_FAILED');
      }
      await kit.http.post('/api/v1/disputes').send({ paymentId: payment.id }).expect(401);
      expect(await kit.db.query(`SELECT id FROM disputes WHERE payment_id = $1`, [payment.id])).toEqual([]);
    });
  });

  describe('handling', () => {
    it('refunds a payment through a resolution for the customer: reversing entry, rail refund, REFUNDED', async () => {
      const customer = await kit.newCustomer();
      const payment = await kit.paid(customer);
      const dispute = await createDispute(kit, customer, payment.id);

      const customerPatch = await patchDispute(kit, customer, dispute.id, { status: 'RESOLVED_CUSTOMER' }).expect(403);
      expectApiError(customerPatch.body, 'FORBIDDEN');
      const skipped = await patchDispute(kit, kit.support, dispute.id, { status: 'RESOLVED_CUSTOMER' }).expect(409);
      expectCataloguedApiError(skipped.body, 'INVALID_DISPUTE_TRANSITION');

      const taken = await takeForReview(dispute);
      expect(taken.body).toMatchObject({ status: 'UNDER_REVIEW', assigneeId: kit.support.userId });
      const resolved = await patchDispute(kit, kit.support, dispute.id, {
        status: 'RESOLVED_CUSTOMER',
        resolutionNote: 'The biller confirmed the account was not credited.',
      }).expect(200);
      expect(resolved.body).toMatchObject({ status: 'RESOLVED_CUSTOMER', closedAt: expect.any(String) });

      const row = await paymentRow(payment.id);
      expect(row).toMatchObject({ status: 'REFUNDED', reversal_entry_id: expect.any(String) });
      // A payment refunded for a dispute has returned its whole amount.
      expect(row.refunded_amount).toBe(row.amount);
      expect(await paymentBalance(payment.id)).toEqual({ sum: '0', entries: 2 });
      const [reversal] = await kit.db.query(`SELECT kind, reverses_entry_id FROM journal_entries WHERE id = $1`, [
        row.reversal_entry_id,
      ]);
      expect(reversal).toEqual({ kind: 'BILL_PAYMENT_REFUND', reverses_entry_id: row.journal_entry_id });
      const [owed] = await kit.db.query(`SELECT action, amount::int FROM rail_reversals WHERE payment_id = $1`, [
        payment.id,
      ]);
      expect(owed).toEqual({ action: 'REFUND', amount: 100_000 + (payment.fee as number) });
      await expectLedgerBalanced(kit);

      const seen = await kit.http.get(`/api/v1/payments/${payment.id}`).set(customer.headers).expect(200);
      expect(seen.body.status).toBe('REFUNDED');
      expect((await eventsOf(dispute.id)).map((event) => [event.type, event.status])).toEqual([
        ['dispute.opened', 'OPEN'],
        ['dispute.status_changed', 'UNDER_REVIEW'],
        ['dispute.status_changed', 'RESOLVED_CUSTOMER'],
      ]);
      const audit = await kit.db.query(`SELECT action, actor_user_id FROM admin_audit_log WHERE entity_id = $1`, [
        dispute.id,
      ]);
      expect(audit).toHaveLength(2);

      // Closed: nothing moves it again, and the refunded payment cannot be disputed anew.
      const again = await patchDispute(kit, kit.support, dispute.id, {
        status: 'RESOLVED_REJECTED',
        resolutionNote: 'no',
      }).expect(409);
      expectCataloguedApiError(again.body, 'INVALID_DISPUTE_TRANSITION');
      await kit.http.post(`/api/v1/disputes/${dispute.id}/withdraw`).set(customer.headers).expect(409);
      expectCataloguedApiError(
        (await postDispute(kit, customer, payment.id).expect(422)).body,
        'PAYMENT_NOT_DISPUTABLE',
      );
    });

    it('refunds a failed payment whose funds were taken without reversing it twice', async () => {
      const customer = await kit.newCustomer();
      // The simulator refuses payments to references ending 422: the capture is reversed, a rail refund owed.
      const payment = await kit.paid(customer, { accountReference: '45010001422', amount: 140_000 });
      expect((await paymentRow(payment.id)).status).toBe('FAILED');
      const before = await paymentRow(payment.id);
      const dispute = await createDispute(kit, customer, payment.id);
      await takeForReview(dispute, kit.admin);
      await patchDispute(kit, kit.admin, dispute.id, { status: 'RESOLVED_CUSTOMER' }).expect(200);
      const after = await paymentRow(payment.id);
      expect(after).toMatchObject({ status: 'REFUNDED', reversal_entry_id: before.reversal_entry_id });
      expect(await paymentBalance(payment.id)).toEqual({ sum: '0', entries: 2 });
      const owed = await kit.db.query(`SELECT action FROM rail_reversals WHERE payment_id = $1`, [payment.id]);
      expect(owed).toEqual([{ action: 'REFUND' }]);
    });

    it('rejects with a note the customer reads, and checks assignees and requests', async () => {
      const customer = await kit.newCustomer();
      const payment = await kit.paid(customer);
      const dispute = await createDispute(kit, customer, payment.id);

      const notStaff = await patchDispute(kit, kit.support, dispute.id, { assigneeId: customer.userId }).expect(422);
      expectCataloguedApiError(notStaff.body, 'ASSIGNEE_NOT_ELIGIBLE');
      const compliance = await createStaffUser(kit, 'COMPLIANCE');
      await patchDispute(kit, kit.support, dispute.id, { assigneeId: compliance.userId }).expect(422);
      await patchDispute(kit, compliance, dispute.id, { assigneeId: kit.support.userId }).expect(403);
      expectApiError((await patchDispute(kit, kit.support, dispute.id, {}).expect(400)).body, 'VALIDATION_FAILED');
      await patchDispute(kit, kit.support, dispute.id, { status: 'WITHDRAWN' }).expect(400);
      await patchDispute(kit, kit.support, newId(), { assigneeId: kit.support.userId }).expect(404);

      // status UNDER_REVIEW alone takes the dispute for the caller; an ADMIN may reassign it.
      const taken = await patchDispute(kit, kit.admin, dispute.id, { status: 'UNDER_REVIEW' }).expect(200);
      expect(taken.body.assigneeId).toBe(kit.admin.userId);
      const reassigned = await patchDispute(kit, kit.admin, dispute.id, { assigneeId: kit.support.userId }).expect(200);
      expect(reassigned.body).toMatchObject({ status: 'UNDER_REVIEW', assigneeId: kit.support.userId });

      const noNote = await patchDispute(kit, kit.support, dispute.id, { status: 'RESOLVED_REJECTED' }).expect(400);
      expect(noNote.body.details).toContainEqual(expect.objectContaining({ field: 'resolutionNote' }));
      const note = 'The biller confirmed the payment was credited on 20 November (reference BLR-99812).';
      await patchDispute(kit, kit.support, dispute.id, { status: 'RESOLVED_REJECTED', resolutionNote: note }).expect(
        200,
      );

      const shown = await detail(customer, dispute.id).expect(200);
      expect(shown.body).toMatchObject({ status: 'RESOLVED_REJECTED', resolutionNote: note });
      expect(
        shown.body.timeline.map((entry: { kind: string; toStatus: string | null }) => [entry.kind, entry.toStatus]),
      ).toEqual([
        ['STATUS', 'OPEN'],
        ['ASSIGNMENT', null],
        ['STATUS', 'UNDER_REVIEW'],
        ['ASSIGNMENT', null],
        ['STATUS', 'RESOLVED_REJECTED'],
      ]);
      expect((await paymentRow(payment.id)).status).toBe('SUCCEEDED');
      // A new dispute of the same payment may be opened once the first is closed.
      await postDispute(kit, customer, payment.id, { reason: 'OTHER' }).expect(201);
    });
  });

  describe('comments and withdrawal', () => {
    it('keeps internal comments from the customer and disputes from other customers', async () => {
      const customer = await kit.newCustomer();
      const payment = await kit.paid(customer);
      const dispute = await createDispute(kit, customer, payment.id);
      const comment = (caller: SignedInUser, body: Record<string, unknown>) =>
        kit.http.post(`/api/v1/disputes/${dispute.id}/comments`).set(caller.headers).send(body);

      const mine = await comment(customer, { body: 'Here is my bank statement.' }).expect(201);
      expect(mine.body).toEqual({
        id: expect.any(String),
        disputeId: dispute.id,
        actor: 'CUSTOMER',
        body: 'Here is my bank statement.',
        internal: false,
        createdAt: expect.any(String),
      });
      expectApiError((await comment(customer, { body: 'sneaky', internal: true }).expect(403)).body, 'FORBIDDEN');
      await comment(kit.support, { body: 'Biller says credited; checking.', internal: true }).expect(201);
      await comment(kit.support, { body: 'We are checking with the biller.' }).expect(201);
      await comment(customer, { body: '   ' }).expect(400);

      const other = await kit.newCustomer();
      expectApiError((await comment(other, { body: 'hello there' }).expect(404)).body, 'NOT_FOUND');
      expectApiError((await detail(other, dispute.id).expect(404)).body, 'NOT_FOUND');
      await kit.http.post(`/api/v1/disputes/${dispute.id}/withdraw`).set(other.headers).expect(404);
      expect((await kit.http.get('/api/v1/disputes').set(other.headers).expect(200)).body.items).toEqual([]);

      const bodies = (timeline: { kind: string; body: string | null }[]) =>
        timeline.filter((entry) => entry.kind === 'COMMENT').map((entry) => entry.body);
      expect(bodies((await detail(customer, dispute.id).expect(200)).body.timeline)).toEqual([
        'Here is my bank statement.',
        'We are checking with the biller.',
      ]);
      expect(bodies((await detail(kit.support, dispute.id).expect(200)).body.timeline)).toEqual([
        'Here is my bank statement.',
        'Biller says credited; checking.',
        'We are checking with the biller.',
      ]);
    });

    it('lets the customer withdraw while open, once', async () => {
      const customer = await kit.newCustomer();
      const payment = await kit.paid(customer);
      const dispute = await createDispute(kit, customer, payment.id);
      await takeForReview(dispute);
      const withdrawn = await kit.http
        .post(`/api/v1/disputes/${dispute.id}/withdraw`)
        .set(customer.headers)
        .expect(200);
      expect(withdrawn.body).toMatchObject({ status: 'WITHDRAWN', closedAt: expect.any(String) });
      const again = await kit.http.post(`/api/v1/disputes/${dispute.id}/withdraw`).set(customer.headers).expect(409);
      expectCataloguedApiError(again.body, 'INVALID_DISPUTE_TRANSITION');
      await patchDispute(kit, kit.support, dispute.id, { status: 'RESOLVED_CUSTOMER' }).expect(409);
      // Staff cannot withdraw for the customer: the route is the customer's own.
      await kit.http.post(`/api/v1/disputes/${dispute.id}/withdraw`).set(kit.support.headers).expect(404);
      expect((await paymentRow(payment.id)).status).toBe('SUCCEEDED');
    });
  });

  describe('the staff queue and the SLA', () => {
    it('filters by status, assignee, reason and breach, for SUPPORT and ADMIN only', async () => {
      const customer = await kit.newCustomer();
      const late = await createDispute(kit, customer, (await kit.paid(customer, { amount: 110_000 })).id, {
        reason: 'DUPLICATE_PAYMENT',
      });
      const taken = await createDispute(kit, customer, (await kit.paid(customer, { amount: 111_000 })).id, {
        reason: 'SERVICE_NOT_RENDERED',
      });
      const assignee = await createStaffUser(kit, 'SUPPORT');
      await takeForReview(taken, assignee);
      await kit.db.query(`UPDATE disputes SET due_by = now() - interval '1 hour' WHERE id = $1`, [late.id]);

      const queue = (query: Record<string, unknown>, caller: SignedInUser = kit.support) =>
        kit.http
          .get('/api/v1/admin/disputes')
          .set(caller.headers)
          .query({ size: 100, ...query });
      const ids = (body: { items: { id: string }[] }) => body.items.map((item) => item.id);

      const byAssignee = await queue({ assigneeId: assignee.userId }).expect(200);
      expect(byAssignee.body).toMatchObject({ totalItems: 1, items: [{ id: taken.id, status: 'UNDER_REVIEW' }] });
      const pastTheEnd = await queue({ assigneeId: assignee.userId, page: 2 }).expect(200);
      expect(pastTheEnd.body).toMatchObject({ totalItems: 1, items: [], page: 2 });
      const breached = await queue({ breached: true }).expect(200);
      expect(ids(breached.body)).toContain(late.id);
      expect(ids(breached.body)).not.toContain(taken.id);
      expect(breached.body.items.find((item: DisputeBody) => item.id === late.id).breached).toBe(true);
      expect(ids((await queue({ breached: false }).expect(200)).body)).not.toContain(late.id);
      expect(ids((await queue({ reason: 'DUPLICATE_PAYMENT', status: 'OPEN' }).expect(200)).body)).toContain(late.id);
      expect(
        ids((await queue({ reason: 'DUPLICATE_PAYMENT', status: 'UNDER_REVIEW' }).expect(200)).body),
      ).not.toContain(late.id);
      expect(ids((await queue({}, kit.admin).expect(200)).body)).toEqual(expect.arrayContaining([late.id, taken.id]));

      await queue({ breached: 'yes' }).expect(400);
      await queue({ status: 'LOST' }).expect(400);
      expectApiError((await queue({}, customer).expect(403)).body, 'FORBIDDEN');
      await queue({}, await createStaffUser(kit, 'AGENT')).expect(403);
      await kit.http.get('/api/v1/admin/disputes').expect(401);
    });

    it('raises one escalation per breached dispute', async () => {
      const customer = await kit.newCustomer();
      const dispute = await createDispute(kit, customer, (await kit.paid(customer, { amount: 120_500 })).id);
      const disputes = kit.app.get(DisputesService);
      await disputes.escalateBreached();
      expect((await eventsOf(dispute.id)).map((event) => event.type)).toEqual(['dispute.opened']);

      await kit.db.query(`UPDATE disputes SET due_by = now() - interval '1 minute' WHERE id = $1`, [dispute.id]);
      expect(await disputes.escalateBreached()).toBeGreaterThanOrEqual(1);
      await disputes.escalateBreached();
      const events = await eventsOf(dispute.id);
      expect(events.map((event) => event.type)).toEqual(['dispute.opened', 'dispute.sla_breached']);
      expect(events[1]).toMatchObject({ disputeId: dispute.id, status: 'OPEN' });
      const [row] = await kit.db.query(`SELECT escalated_at FROM disputes WHERE id = $1`, [dispute.id]);
      expect(row.escalated_at).toBeInstanceOf(Date);
    });
  });

  describe('notifications', () => {
    it('tells the customer of every change through the outbox, as their payment preferences allow', async () => {
      const customer = await createCustomer(kit);
      const payment = await kit.paid(customer);
      const dispute = await createDispute(kit, customer, payment.id);
      await takeForReview(dispute);
      const delivery = kit.app.get(NotificationDeliveryService);
      const [opened, reviewing] = await outboxEventsOf(kit, dispute.id);
      expect(await delivery.deliverEvent(outboxEventJob(opened))).toMatchObject({ result: 'DELIVERED' });
      const notices = await kit.http.get('/api/v1/notifications').set(customer.headers).expect(200);
      expect(notices.body.items).toEqual([
        expect.objectContaining({
          category: 'PAYMENTS',
          type: 'DISPUTE_OPENED',
          title: 'Dispute received',
          data: expect.objectContaining({ disputeId: dispute.id, paymentId: payment.id }),
        }),
      ]);

      await kit.http
        .patch('/api/v1/notifications/preferences')
        .set(customer.headers)
        .send({ preferences: [{ category: 'PAYMENTS', channel: 'IN_APP', enabled: false }] })
        .expect(204);
      await delivery.deliverEvent(outboxEventJob(reviewing));
      const after = await kit.http.get('/api/v1/notifications').set(customer.headers).expect(200);
      expect(after.body.items.map((notice: { type: string }) => notice.type)).toEqual(['DISPUTE_OPENED']);
    });
  });
});
