import type { TestingModuleBuilder } from '@nestjs/testing';
import { randomBytes } from 'node:crypto';
import { LedgerCheckService } from '../../../src/modules/ledger/ledger-check.service';
import { PostingService } from '../../../src/modules/payments/posting.service';
import {
  BillersApp,
  createBiller,
  createBillersApp,
  createCategory,
  ensureStandardRails,
} from '../../billers/support/billers-kit';
import { signInCustomer, SignedInUser } from '../../factories/user-tokens.factory';

export interface PaymentsApp extends BillersApp {
  posting: PostingService;
  /** A biller on the simulator taking CARD and BANK_TRANSFER, 100 flat fee + 1% (bps 100), any amount. */
  biller: { id: string; slug: string };
  newCustomer(): Promise<SignedInUser>;
  pay(customer: SignedInUser, body: Record<string, unknown>, key?: string): Promise<import('supertest').Response>;
  /** Imbalances the ledger check finds (none expected). */
  ledgerProblems(): Promise<unknown[]>;
}

/** A reference the simulator answers as a valid account that confirms at once. */
export const GOOD_REFERENCE = '45010001234';

export async function createPaymentsApp(
  options: {
    config?: Record<string, string>;
    slowResponseMs?: number;
    confirmAfterMs?: number;
    override?: (builder: TestingModuleBuilder) => TestingModuleBuilder;
  } = {},
): Promise<PaymentsApp> {
  const kit = await createBillersApp({
    config: {
      POSTING_BACKOFF_BASE_MS: '0',
      PAYMENT_DUPLICATE_WINDOW_SECONDS: '600',
      ...options.config,
    },
    slowResponseMs: options.slowResponseMs,
    confirmAfterMs: options.confirmAfterMs,
    override: options.override,
  });
  await ensureStandardRails(kit);
  const category = await createCategory(kit, { slug: `${kit.prefix}-pay` });
  const biller = await createBiller(kit, category.id, `${kit.prefix}-power`, {
    acceptedRails: ['CARD', 'BANK_TRANSFER'],
    feeFlat: 100,
    feePercentBps: 100,
    minAmount: 100,
    maxAmount: 50_000_000,
    connectorTimeoutMs: 300,
  });
  return {
    ...kit,
    posting: kit.app.get(PostingService),
    biller,
    newCustomer: () => signInCustomer(kit.app),
    pay: (customer, body, key = `key-${randomBytes(6).toString('hex')}`) =>
      kit.http
        .post('/api/v1/payments')
        .set(customer.headers)
        .set('Idempotency-Key', key)
        .send({
          biller: biller.slug,
          accountReference: GOOD_REFERENCE,
          amount: 100_000,
          currency: 'NGN',
          rail: 'CARD',
          fundingAccount: '4242424242424242',
          ...body,
        }),
    ledgerProblems: async () => {
      const report = await kit.app.get(LedgerCheckService).check();
      return report.balanced ? [] : [...report.unbalancedEntries, ...report.currencyMismatches, ...report.trialBalance];
    },
  };
}
