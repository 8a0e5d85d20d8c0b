import { randomBytes } from 'node:crypto';
import type { Response, Test } from 'supertest';
import { PostingService } from '../../src/modules/payments/posting/posting.service';
import { newId } from '../../src/platform/database/new-id';
import { AppTarget, appOf, Caller, dbOf, httpOf } from '../support/app-target';

/** A reference the simulator answers as a valid account that confirms at once. */
export const GOOD_REFERENCE = '45010001234';

/** A card the sandbox rail captures. */
export const GOOD_CARD = '4242424242424242';

export type PaymentBody = Record<string, unknown> & { id: string; status: string };

export function newIdempotencyKey(): string {
  return `key-${randomBytes(6).toString('hex')}`;
}

/** A valid PaymentRequest: 1,000.00 NGN by card to a good account; `overrides` name the biller and change any field. */
export function paymentRequest(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    accountReference: GOOD_REFERENCE,
    amount: 100_000,
    currency: 'NGN',
    rail: 'CARD',
    fundingAccount: GOOD_CARD,
    ...overrides,
  };
}

/**
 * `POST /payments` as the payer, through the real API, with a fresh Idempotency-Key unless one
 * is given; answers the response whatever its status, for specs that assert on refusals.
 */
export function postPayment(
  target: AppTarget,
  payer: Caller,
  overrides: Record<string, unknown>,
  key = newIdempotencyKey(),
): Test {
  return httpOf(target)
    .post('/api/v1/payments')
    .set(payer.headers)
    .set('Idempotency-Key', key)
    .send(paymentRequest(overrides));
}

/**
 * A payment made through the real API (`overrides.biller` names the biller): captured, so
 * PENDING, or SUCCEEDED with `posted` (posted to the biller and confirmed, as the worker would).
 */
export async function createPayment(
  target: AppTarget,
  payer: Caller,
  overrides: Record<string, unknown> & { biller: string },
  options: { posted?: boolean } = {},
): Promise<PaymentBody> {
  const response: Response = await postPayment(target, payer, overrides);
  if (response.status !== 200) throw new Error(`payment: ${response.status} ${JSON.stringify(response.body)}`);
  const payment = response.body as PaymentBody;
  if (options.posted) await appOf(target).get(PostingService).start(payment.id);
  return payment;
}

export interface InsertedPaymentFields {
  customerId: string;
  biller: { id: string; name: string; slug: string };
  status: string;
  /** Null for none; by default `RAIL-7F3K2`. */
  railReference?: string | null;
  /** Null for none; by default a token for a SUCCEEDED payment, none otherwise. */
  billerReference?: string | null;
}

/**
 * A payment row written straight to the database, for read-only specs (receipts) that need a
 * payment in a given state without the rail, the ledger or the biller: 12,500.00 NGN plus a
 * 100.00 fee by card (`Visa ****4242`) to account 45010001234, created 2025-11-23 09:40:02 UTC
 * and, when SUCCEEDED, completed ten seconds later. Never for a spec that checks the ledger:
 * the row has no journal entry.
 */
export async function insertPayment(target: AppTarget, fields: InsertedPaymentFields): Promise<string> {
  const id = newId();
  const succeeded = fields.status === 'SUCCEEDED';
  await dbOf(target).query(
    `INSERT INTO payments (id, customer_id, payer_id, idempotency_key, request_hash, biller_id, biller_name, biller_slug,
                           account_reference, amount, fee, currency, rail, funding_account_masked, rail_reference,
                           status, biller_reference, created_at, completed_at)
     VALUES ($1, $2, $2, $3, $4, $5, $6, $7, '45010001234', 1250000, 10000, 'NGN', 'CARD', 'Visa ****4242', $8,
             $9, $10, '2025-11-23T09:40:02Z', $11)`,
    [
      id,
      fields.customerId,
      `key-${id}`,
      'a'.repeat(64),
      fields.biller.id,
      fields.biller.name,
      fields.biller.slug,
      fields.railReference === undefined ? 'RAIL-7F3K2' : fields.railReference,
      fields.status,
      fields.billerReference === undefined ? (succeeded ? 'TOKEN-1234-5678-9012' : null) : fields.billerReference,
      succeeded ? '2025-11-23T09:40:12Z' : null,
    ],
  );
  return id;
}
