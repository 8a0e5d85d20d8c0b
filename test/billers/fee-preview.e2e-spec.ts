import { createBiller, createBillerCategory } from '../factories/biller.factory';
import { GOOD_REFERENCE } from '../factories/payment.factory';
import { createPaymentsApp, PaymentsApp } from '../payments/support/payments-kit';
import { expectApiError, expectLedgerBalanced } from '../support/assertions';

interface RailFee {
  rail: string;
  feeFlat: number;
  feePercentBps: number;
  minAmount: number;
  maxAmount: number;
}

/** What a client does with a rule it was shown: flat + amount x bps / 10,000, rounded half up. */
function previewFee(rule: RailFee, amount: number): number {
  return Number(BigInt(rule.feeFlat) + (BigInt(amount) * BigInt(rule.feePercentBps) + 5_000n) / 10_000n);
}

describe('the fee a biller detail shows is the fee a payment is charged (GET /billers/{id}, POST /payments)', () => {
  let kit: PaymentsApp;
  let biller: { id: string; slug: string };
  let narrow: string;
  let flat: string;

  beforeAll(async () => {
    kit = await createPaymentsApp({ config: { SWAGGER_ENABLED: 'true' } });
    // Two rails of this spec's own, so no other spec's rail settings change what is charged.
    const code = (name: string) => `${kit.prefix.toUpperCase()}_${name}`;
    narrow = code('NARROW');
    flat = code('FLAT');
    const rails = [
      { code: narrow, name: 'Narrow card', feeFlat: 0, feePercentBps: 50, minAmount: 50_000, maxAmount: 400_000 },
      { code: flat, name: 'Flat transfer', feeFlat: 5_000, feePercentBps: 0, minAmount: 100, maxAmount: 60_000_000 },
    ];
    for (const rail of rails) {
      await kit.http.post('/api/v1/admin/payment-rails').set(kit.admin.headers).send(rail).expect(201);
    }
    const category = await createBillerCategory(kit, { slug: `${kit.prefix}-fees` });
    biller = await createBiller(kit, {
      categoryId: category.id,
      slug: `${kit.prefix}-fees-power`,
      acceptedRails: [narrow, flat],
      feeFlat: 100,
      feePercentBps: 50,
      minAmount: 1_000,
      maxAmount: 50_000_000,
    });
  }, 60_000);

  afterAll(async () => {
    await kit?.close();
  });

  afterEach(async () => {
    await expectLedgerBalanced(kit);
  });

  const pay = (customer: Awaited<ReturnType<PaymentsApp['newCustomer']>>, rail: string, amount: number) =>
    kit.pay(customer, { biller: biller.slug, accountReference: GOOD_REFERENCE, rail, amount });

  it('shows each accepted rail’s combined fee rule and bounds, as integers', async () => {
    const detail = await kit.http.get(`/api/v1/billers/${biller.slug}`).expect(200);
    expect(detail.body.acceptedRails.map((rail: { code: string }) => rail.code)).toEqual([flat, narrow].sort());
    const byRail = Object.fromEntries((detail.body.railFees as RailFee[]).map((rule) => [rule.rail, rule]));
    expect(byRail).toEqual({
      // The biller's 100 + 0.5% plus the rail's 0.5%; the rail's bounds are the tighter ones.
      [narrow]: { rail: narrow, feeFlat: 100, feePercentBps: 100, minAmount: 50_000, maxAmount: 400_000 },
      // The biller's 100 + 0.5% plus the rail's 5,000 flat; the biller's bounds are the tighter ones.
      [flat]: { rail: flat, feeFlat: 5_100, feePercentBps: 50, minAmount: 1_000, maxAmount: 50_000_000 },
    });
    expect((detail.body.railFees as RailFee[]).map((rule) => rule.rail)).toEqual(
      detail.body.acceptedRails.map((rail: { code: string }) => rail.code),
    );
    // The biller's own settings stay as they were.
    expect(detail.body).toMatchObject({ feeFlat: 100, feePercentBps: 50, minAmount: 1_000, maxAmount: 50_000_000 });
  });

  it('charges, by either rail, exactly the fee computed from the shown rule', async () => {
    const detail = await kit.http.get(`/api/v1/billers/${biller.id}`).expect(200);
    const rules = detail.body.railFees as RailFee[];
    const customer = await kit.newCustomer();
    // 100,100 x 1% = 1,001 exactly, where the biller's and the rail's halves rounded one by one
    // would each be 500.5 -> 501; 123,457 x 0.5% = 617.285 -> 617.
    const amounts: Record<string, number> = { [narrow]: 100_100, [flat]: 123_457 };
    const charged: Record<string, unknown>[] = [];
    for (const rule of rules) {
      const amount = amounts[rule.rail];
      const preview = previewFee(rule, amount);
      const response = await pay(customer, rule.rail, amount);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ rail: rule.rail, amount, status: 'PENDING' });
      charged.push({ rail: rule.rail, preview, fee: response.body.fee, totalAmount: response.body.totalAmount });
    }
    expect(charged.sort((a, b) => String(a.rail).localeCompare(String(b.rail)))).toEqual(
      [
        { rail: narrow, preview: 100 + 1_001, fee: 100 + 1_001, totalAmount: 100_100 + 1_101 },
        { rail: flat, preview: 5_100 + 617, fee: 5_100 + 617, totalAmount: 123_457 + 5_717 },
      ].sort((a, b) => a.rail.localeCompare(b.rail)),
    );
  });

  it('takes exactly the amounts the shown bounds allow', async () => {
    const detail = await kit.http.get(`/api/v1/billers/${biller.slug}`).expect(200);
    const rule = (detail.body.railFees as RailFee[]).find((candidate) => candidate.rail === narrow)!;
    const customer = await kit.newCustomer();
    for (const amount of [rule.minAmount - 1, rule.maxAmount + 1]) {
      const refused = await pay(customer, narrow, amount);
      expect(refused.status).toBe(422);
      expectApiError(refused.body, 'AMOUNT_NOT_ALLOWED');
    }
    for (const amount of [rule.minAmount, rule.maxAmount]) {
      const paid = await pay(customer, narrow, amount);
      expect(paid.status).toBe(200);
      expect(paid.body.fee).toBe(previewFee(rule, amount));
    }
  });

  it('documents the rules in the OpenAPI document: integers, with examples', async () => {
    const document = (await kit.http.get('/api/v1/openapi.json').expect(200)).body;
    const schemas = document.components.schemas;
    expect(schemas.BillerDetail.properties.railFees).toMatchObject({
      type: 'array',
      items: { $ref: '#/components/schemas/BillerRailFee' },
      example: expect.arrayContaining([expect.objectContaining({ rail: 'CARD', feePercentBps: 150 })]),
    });
    expect(schemas.BillerDetail.required).toContain('railFees');
    for (const field of ['feeFlat', 'feePercentBps', 'minAmount', 'maxAmount']) {
      expect(schemas.BillerRailFee.properties[field]).toMatchObject({ type: 'integer', example: expect.any(Number) });
    }
    expect(schemas.BillerRailFee.properties.rail).toMatchObject({ type: 'string', example: 'CARD' });
    expect(schemas.BillerRailFee.required.sort()).toEqual(
      ['feeFlat', 'feePercentBps', 'maxAmount', 'minAmount', 'rail'].sort(),
    );
  });
});
