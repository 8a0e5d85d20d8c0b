import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Response } from 'supertest';
import { AgentFloatSeeder, DEMO_FLOAT } from '../../src/modules/agents/agent-float.seeder';
import { createDispute, patchDispute } from '../factories/dispute.factory';
import { postFloatTopUp } from '../factories/agent.factory';
import { createPayment } from '../factories/payment.factory';
import { createStaffUser } from '../factories/staff-user.factory';
import type { SignedInUser } from '../factories/customer.factory';
import { expectApiError, expectCataloguedApiError, expectLedgerBalanced } from '../support/assertions';
import { CLI_RUN_TIMEOUT_MS, compiledCli } from '../support/compiled-cli';
import { AgentsApp, createAgentsApp } from './support/agents-kit';

/** 1,000.00 paid: fee 100 + 1% = 1,100; the agent's commission 500 + 0.5% = 1,000. */
const AMOUNT = 100_000;
const FEE = 1_100;
const COMMISSION = 1_000;

describe('agents', () => {
  let kit: AgentsApp;

  beforeAll(async () => {
    kit = await createAgentsApp();
  }, 60_000);

  afterAll(() => kit?.close());

  const status = (response: Response, code: number): Response => {
    if (response.status !== code)
      throw new Error(`expected ${code}, got ${response.status} ${JSON.stringify(response.body)}`);
    return response;
  };
  const accountBalance = async (code: string): Promise<number> => {
    const [row] = await kit.db.query(
      `SELECT coalesce(sum(l.amount), 0)::text AS sum FROM ledger_accounts a
         LEFT JOIN journal_lines l ON l.account_id = a.id WHERE a.code = $1`,
      [code],
    );
    return Number(row?.sum ?? 0);
  };
  /** What the float holds (a liability: its lines sum negative). */
  const floatOf = async (agent: SignedInUser) => 0 - (await accountBalance(`agent:${agent.userId}:float:NGN`));
  const commissionOf = async (agent: SignedInUser) =>
    0 - (await accountBalance(`agent:${agent.userId}:commission:NGN`));
  const position = async (agent: SignedInUser) =>
    (await kit.http.get('/api/v1/agent/cash-position').set(agent.headers).expect(200)).body;
  const paymentRow = async (id: string) =>
    (
      await kit.db.query(
        `SELECT channel, payer_type, payer_id, customer_id, status, rail, funding_account_masked, amount::int, fee::int
           FROM payments WHERE id = $1`,
        [id],
      )
    )[0];

  describe('roles', () => {
    it('lets only agents use the agent routes, and only admins top up', async () => {
      const customer = await kit.newCustomer();
      const support = await createStaffUser(kit, 'SUPPORT');
      const agent = await kit.newAgent();
      for (const caller of [customer, support, kit.admin]) {
        expectApiError(
          (await kit.http.get('/api/v1/agent/cash-position').set(caller.headers).expect(403)).body,
          'FORBIDDEN',
        );
        await kit.http.get('/api/v1/agent/transactions').set(caller.headers).expect(403);
        await kit.pay(caller).expect(403);
      }
      await kit.http.get('/api/v1/agent/cash-position').expect(401);
      await kit.http.post('/api/v1/agent/payments').send({}).expect(401);
      expectApiError(status(await postFloatTopUp(kit, agent.userId, { amount: 1000 }, agent), 403).body, 'FORBIDDEN');
      status(await postFloatTopUp(kit, agent.userId, { amount: 1000 }, customer), 403);
      expect(await kit.db.query(`SELECT id FROM payments WHERE payer_id = $1`, [agent.userId])).toEqual([]);
    });
  });

  describe('float top-ups', () => {
    it('credits the float once per reference, within the float limit, with a journal entry and an audit record', async () => {
      const agent = await kit.newAgent();
      const first = status(await postFloatTopUp(kit, agent.userId, { amount: 5_000_000, reference: 'DEP-1' }), 201);
      expect(first.body).toEqual({
        id: expect.any(String),
        agentId: agent.userId,
        reference: 'DEP-1',
        amount: 5_000_000,
        currency: 'NGN',
        journalEntryId: expect.any(String),
        floatBalance: 5_000_000,
        createdAt: expect.any(String),
      });
      const again = status(await postFloatTopUp(kit, agent.userId, { amount: 5_000_000, reference: 'DEP-1' }), 200);
      expect(again.body.id).toBe(first.body.id);
      const reused = status(await postFloatTopUp(kit, agent.userId, { amount: 6_000_000, reference: 'DEP-1' }), 409);
      expectCataloguedApiError(reused.body, 'TOP_UP_REFERENCE_REUSED');
      expect(await floatOf(agent)).toBe(5_000_000);

      // AGENT_FLOAT_LIMIT is 20,000,000 in this app.
      const over = status(await postFloatTopUp(kit, agent.userId, { amount: 15_000_001 }), 422);
      expectCataloguedApiError(over.body, 'FLOAT_LIMIT_EXCEEDED');
      expect(over.body.details).toEqual(
        expect.arrayContaining([
          { field: 'floatBalance', message: '5000000' },
          { field: 'floatLimit', message: '20000000' },
          { field: 'headroom', message: '15000000' },
        ]),
      );
      status(await postFloatTopUp(kit, agent.userId, { amount: 15_000_000 }), 201);
      expect(await floatOf(agent)).toBe(20_000_000);

      const customer = await kit.newCustomer();
      expectApiError(status(await postFloatTopUp(kit, customer.userId, { amount: 1000 }), 404).body, 'NOT_FOUND');
      status(await postFloatTopUp(kit, agent.userId, { amount: 1000, currency: 'GHS' }), 400);
      status(await postFloatTopUp(kit, agent.userId, { amount: 0 }), 400);
      status(await postFloatTopUp(kit, agent.userId, { amount: 1000, reference: 'has spaces' }), 400);
      const audit = await kit.db.query(`SELECT action FROM admin_audit_log WHERE entity_id = $1`, [first.body.id]);
      expect(audit).toEqual([{ action: 'agent_float.topped_up' }]);
      await expectLedgerBalanced(kit);
    });
  });

  describe('the seed and the command-line top-up', () => {
    it('seeds a float once, as a top-up would', async () => {
      const agent = await kit.newAgent();
      const seeder = new AgentFloatSeeder(agent.phone, 'NGN');
      expect(await kit.db.transaction((manager) => seeder.run(manager))).toEqual({ created: 1, existing: 0 });
      expect(await kit.db.transaction((manager) => seeder.run(manager))).toEqual({ created: 0, existing: 1 });
      expect(await floatOf(agent)).toBe(DEMO_FLOAT.amount);
      expect((await position(agent)).floatBalance).toBe(DEMO_FLOAT.amount);
      const nobody = new AgentFloatSeeder('+2348169999998', 'NGN');
      expect(await kit.db.transaction((manager) => nobody.run(manager))).toEqual({ created: 0, existing: 0 });
      await expectLedgerBalanced(kit);
    });

    it(
      'tops up from the command line once per reference',
      async () => {
        const agent = await kit.newAgent();
        const cli = compiledCli('admin');
        const topUp = (args: string[]) =>
          promisify(execFile)(cli.command, [...cli.args, 'top-up', '--phone', agent.phone, ...args], {
            cwd: cli.cwd,
            env: { ...process.env, REDIS_KEY_PREFIX: kit.config.REDIS_KEY_PREFIX },
            timeout: CLI_RUN_TIMEOUT_MS,
          });
        const first = await topUp(['--amount', '250000', '--reference', 'CLI-1']);
        expect(first.stdout).toContain(`float topped up: 250000 NGN to ${agent.phone}`);
        const again = await topUp(['--amount', '250000', '--reference', 'CLI-1']);
        expect(again.stdout).toContain('already credited');
        expect(await floatOf(agent)).toBe(250_000);
        await expect(topUp(['--amount', 'lots', '--reference', 'CLI-2'])).rejects.toMatchObject({ code: 2 });
        expect(await floatOf(agent)).toBe(250_000);
      },
      3 * CLI_RUN_TIMEOUT_MS + 30_000,
    );
  });

  describe('assisted payments', () => {
    it('pays from the float for a registered customer, credits commission, and shows in both histories', async () => {
      const agent = await kit.newAgent(1_000_000);
      const customer = await kit.newCustomer();
      const paid = await kit.pay(agent, { customerPhone: customer.phone }).expect(200);
      expect(paid.body).toMatchObject({
        status: 'PENDING',
        channel: 'AGENT',
        amount: AMOUNT,
        fee: FEE,
        rail: 'AGENT_CASH',
      });
      expect(await paymentRow(paid.body.id)).toMatchObject({
        channel: 'AGENT',
        payer_type: 'AGENT',
        payer_id: agent.userId,
        customer_id: customer.userId,
        funding_account_masked: 'Agent float',
      });
      expect(await floatOf(agent)).toBe(1_000_000 - AMOUNT - FEE);
      expect(await commissionOf(agent)).toBe(COMMISSION);

      await kit.posting.start(paid.body.id);
      expect((await paymentRow(paid.body.id)).status).toBe('SUCCEEDED');
      const mine = await kit.http.get('/api/v1/payments').set(customer.headers).expect(200);
      expect(mine.body.items.map((item: { id: string }) => item.id)).toEqual([paid.body.id]);
      const history = await kit.http.get('/api/v1/agent/transactions').set(agent.headers).expect(200);
      expect(history.body).toMatchObject({ totalItems: 1, items: [{ id: paid.body.id, status: 'SUCCEEDED' }] });
      const pastTheEnd = await kit.http.get('/api/v1/agent/transactions?page=4&size=1').set(agent.headers).expect(200);
      expect(pastTheEnd.body).toEqual({ items: [], page: 4, size: 1, totalItems: 1, totalPages: 1 });

      expect(await position(agent)).toEqual({
        currency: 'NGN',
        floatBalance: 1_000_000 - AMOUNT - FEE,
        floatLimit: 20_000_000,
        perPaymentLimit: 1_500_000,
        dailyLimit: 3_000_000,
        dailyLimitUsed: AMOUNT,
        cashCollectedToday: AMOUNT + FEE,
        paymentsToday: 1,
        commissionToday: COMMISSION,
        commissionThisMonth: COMMISSION,
        commissionBalance: COMMISSION,
        asOf: expect.any(String),
      });
      const outbox = await kit.db.query(
        `SELECT event_type, payload->>'customerId' AS customer FROM outbox_events WHERE aggregate_id = $1 ORDER BY created_at`,
        [paid.body.id],
      );
      expect(outbox[0]).toEqual({ event_type: 'payment.captured', customer: customer.userId });
      await expectLedgerBalanced(kit);
    });

    it('records a walk-in without a registered phone against the agent', async () => {
      const agent = await kit.newAgent(500_000);
      const anonymous = await kit.pay(agent).expect(200);
      expect(await paymentRow(anonymous.body.id)).toMatchObject({ customer_id: agent.userId });
      const unknownPhone = await kit.pay(agent, { customerPhone: '+2348169999999', amount: 100_500 }).expect(200);
      expect(await paymentRow(unknownPhone.body.id)).toMatchObject({ customer_id: agent.userId });
    });

    it('keeps idempotency exactly as POST /payments, scoped to the agent', async () => {
      const agent = await kit.newAgent(1_000_000);
      const customer = await kit.newCustomer();
      // The customer's own key does not meet the agent's.
      const own = await createPayment(kit, customer, { biller: kit.biller.slug, amount: 150_000 });
      const key = 'shared-key-1';
      await kit.http
        .post('/api/v1/payments')
        .set(customer.headers)
        .set('Idempotency-Key', key)
        .send({
          biller: kit.biller.slug,
          accountReference: '45010001234',
          amount: 120_000,
          currency: 'NGN',
          rail: 'CARD',
          fundingAccount: '4242424242424242',
        })
        .expect(200);
      const first = await kit.pay(agent, { customerPhone: customer.phone }, key).expect(200);
      const replay = await kit.pay(agent, { customerPhone: customer.phone }, key).expect(409);
      expectCataloguedApiError(replay.body, 'DUPLICATE_PAYMENT');
      expect(replay.body.details).toContainEqual(expect.objectContaining({ message: first.body.id }));
      const reused = await kit.pay(agent, { customerPhone: customer.phone, amount: 100_100 }, key).expect(409);
      expectCataloguedApiError(reused.body, 'IDEMPOTENCY_KEY_REUSED');
      expectCataloguedApiError((await kit.pay(agent, {}, null).expect(409)).body, 'IDEMPOTENCY_KEY_REQUIRED');
      expect(await floatOf(agent)).toBe(1_000_000 - AMOUNT - FEE);
      expect(own.status).toBe('PENDING');
    });

    it('refuses what the float, the limits or the request do not allow, changing nothing', async () => {
      const agent = await kit.newAgent(1_000_000);
      const short = await kit.pay(agent, { amount: 999_000 }).expect(422);
      expectCataloguedApiError(short.body, 'INSUFFICIENT_FLOAT');
      expect(short.body.details).toEqual([
        { field: 'floatBalance', message: '1000000' },
        { field: 'required', message: String(999_000 + 100 + 9_990) },
        { field: 'headroom', message: '1000000' },
      ]);
      const perPayment = await kit.pay(agent, { amount: 1_500_001 }).expect(422);
      expectCataloguedApiError(perPayment.body, 'LIMIT_EXCEEDED');
      expectCataloguedApiError((await kit.pay(agent, { currency: 'GHS' }).expect(422)).body, 'LIMIT_NOT_CONFIGURED');
      for (const bad of [
        { amount: -5 },
        { amount: 1.5 },
        { customerPhone: '12345' },
        { biller: '' },
        { currency: 'naira' },
      ]) {
        expectApiError((await kit.pay(agent, bad).expect(400)).body, 'VALIDATION_FAILED');
      }
      await kit.pay(agent, { biller: 'no-such-biller' }).expect(404);
      expect(await floatOf(agent)).toBe(1_000_000);
      expect(await kit.db.query(`SELECT id FROM payments WHERE payer_id = $1`, [agent.userId])).toEqual([]);
    });

    it("applies the agent's rolling daily limit", async () => {
      const agent = await kit.newAgent(5_000_000);
      await kit.pay(agent, { amount: 1_400_000 }).expect(200);
      await kit.pay(agent, { amount: 1_400_001 }).expect(200);
      const over = await kit.pay(agent, { amount: 200_000 }).expect(422);
      expectCataloguedApiError(over.body, 'LIMIT_EXCEEDED');
      expect(over.body.details).toContainEqual({ field: 'used', message: '2800001' });
      expect((await position(agent)).dailyLimitUsed).toBe(2_800_001);
    });

    it('gives the float and commission back when the biller refuses, with no rail refund', async () => {
      const agent = await kit.newAgent(1_000_000);
      const paid = await kit.pay(agent, { accountReference: '45010001422' }).expect(200);
      await kit.posting.start(paid.body.id);
      expect((await paymentRow(paid.body.id)).status).toBe('FAILED');
      expect(await floatOf(agent)).toBe(1_000_000);
      expect(await commissionOf(agent)).toBe(0);
      expect(await kit.db.query(`SELECT id FROM rail_reversals WHERE payment_id = $1`, [paid.body.id])).toEqual([]);
      const shown = await position(agent);
      expect(shown).toMatchObject({ paymentsToday: 0, cashCollectedToday: 0, commissionToday: 0 });
      await expectLedgerBalanced(kit);
    });

    it("refunds an agent's payment through a dispute back to the float", async () => {
      const agent = await kit.newAgent(1_000_000);
      const customer = await kit.newCustomer();
      const paid = await kit.pay(agent, { customerPhone: customer.phone }).expect(200);
      await kit.posting.start(paid.body.id);
      const dispute = await createDispute(kit, customer, paid.body.id);
      const support = await createStaffUser(kit, 'SUPPORT');
      await patchDispute(kit, support, dispute.id, { assigneeId: support.userId }).expect(200);
      await patchDispute(kit, support, dispute.id, { status: 'RESOLVED_CUSTOMER' }).expect(200);
      expect((await paymentRow(paid.body.id)).status).toBe('REFUNDED');
      expect(await floatOf(agent)).toBe(1_000_000);
      expect(await kit.db.query(`SELECT id FROM rail_reversals WHERE payment_id = $1`, [paid.body.id])).toEqual([]);
      await expectLedgerBalanced(kit);
    });
  });

  it('takes exactly the payments the float covers when 20 arrive at once, never going below zero', async () => {
    const agent = await kit.newAgent(10 * (AMOUNT + FEE));
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, index) => kit.pay(agent, { accountReference: `450100${String(10000 + index)}` })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 422)).toHaveLength(10);
    for (const refused of responses.filter((response) => response.status === 422)) {
      expectCataloguedApiError(refused.body, 'INSUFFICIENT_FLOAT');
    }
    expect(await floatOf(agent)).toBe(0);
    // Never negative at any point: the float's running balance, entry by entry, stays at or above zero.
    const running = await kit.db.query(
      `SELECT -sum(l.amount) OVER (ORDER BY e.created_at, e.id) AS held
         FROM ledger_accounts a JOIN journal_lines l ON l.account_id = a.id JOIN journal_entries e ON e.id = l.entry_id
        WHERE a.code = $1`,
      [`agent:${agent.userId}:float:NGN`],
    );
    expect(running.every((row: { held: string }) => Number(row.held) >= 0)).toBe(true);
    expect(await kit.db.query(`SELECT count(*)::int AS n FROM payments WHERE payer_id = $1`, [agent.userId])).toEqual([
      { n: 10 },
    ]);
    await expectLedgerBalanced(kit);
  });
});
