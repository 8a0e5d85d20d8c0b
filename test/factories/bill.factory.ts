import { randomBytes, randomInt } from 'node:crypto';
import type { Test } from 'supertest';
import { AppConfig } from '../../src/platform/config/app-config';
import { AppTarget, appOf, Caller, httpOf } from '../support/app-target';

/** One IngestedBill of a batch, as a biller sends it. */
export type BillInput = Record<string, unknown> & { billReference: string; accountReference: string };

/** The bill detail the inbox answers. */
export type CustomerBillBody = Record<string, unknown> & {
  id: string;
  status: string;
  amountDue: number;
  accountReference: string;
};

/** An 11-digit account reference (the test billers' pattern) the simulator posts to without a scripted fault. */
export function randomAccountReference(): string {
  return `45${String(randomInt(0, 1_000_000)).padStart(6, '0')}234`;
}

export function randomBillReference(prefix = 'BILL'): string {
  return `${prefix}-${randomBytes(5).toString('hex').toUpperCase()}`;
}

/**
 * A valid IngestedBill: 2,500.00 NGN in two line items, billed 2026-11-01 and due 2030-11-30 (never overdue while the specs run), for
 * a fresh account and bill reference unless `overrides` say otherwise.
 */
export function billInput(overrides: Record<string, unknown> = {}): BillInput {
  return {
    billReference: randomBillReference(),
    accountReference: randomAccountReference(),
    amountDue: 250_000,
    currency: 'NGN',
    billDate: '2026-11-01',
    dueDate: '2030-11-30',
    lineItems: [
      { description: 'Energy charge', amount: 240_000 },
      { description: 'Service charge', amount: 10_000 },
    ],
    ...overrides,
  };
}

export function internalKeyHeaders(target: AppTarget): Record<string, string> {
  return { 'X-Internal-Api-Key': appOf(target).get(AppConfig).INTERNAL_API_KEY };
}

/** `POST /internal/bills` with the internal key; answers the response whatever its status. */
export function postBills(target: AppTarget, biller: string, bills: unknown[]): Test {
  return httpOf(target).post('/internal/bills').set(internalKeyHeaders(target)).send({ biller, bills });
}

/** Pushes bills and answers the ingestion report; throws unless 200. */
export async function pushBills(
  target: AppTarget,
  biller: string,
  bills: unknown[],
): Promise<{ items: { billId: string; outcome: string; matched: boolean }[]; counts: Record<string, number> }> {
  const response = await postBills(target, biller, bills);
  if (response.status !== 200) throw new Error(`push bills: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as Awaited<ReturnType<typeof pushBills>>;
}

/**
 * A bill in the customer's inbox: pushed unmatched, then claimed by them through the API (the
 * way any customer gets a bill the biller could not match). Answers the claimed bill's detail.
 */
export async function createClaimedBill(
  target: AppTarget,
  customer: Caller,
  biller: string,
  overrides: Record<string, unknown> = {},
): Promise<CustomerBillBody> {
  const bill = billInput(overrides);
  await pushBills(target, biller, [bill]);
  const claimed = await httpOf(target)
    .post('/api/v1/bills/claims')
    .set(customer.headers)
    .send({ biller, accountReference: bill.accountReference });
  if (claimed.status !== 200) throw new Error(`claim: ${claimed.status} ${JSON.stringify(claimed.body)}`);
  return claimed.body as CustomerBillBody;
}
