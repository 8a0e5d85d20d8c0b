import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, run } from '../../../platform/database/statement-executor';
import type { VelocityScope, VelocityWindow } from '../onboarding/merchant-terms.entities';
import { MerchantRiskError } from './merchant-risk.errors';
import * as velocity from './sql/velocity.queries';
import { firstBreach, minuteOf, VelocityCapRule, windowStart, WindowUse } from './velocity-rules';

const SQL = sqlStatements('merchants', velocity);

/** One payment as the velocity caps count it. */
export interface VelocityAdmission {
  merchantId: string;
  /** The payment's mode: test payments count against test buckets only, live against live. */
  livemode: boolean;
  /**
   * Who pays, as the channel identifies a customer (1-200 characters, stable for one customer, never
   * a raw card or account number), or null: the CUSTOMER caps do not apply to a payment without one.
   */
  customerKey: string | null;
  /** Minor units, more than zero. */
  amount: bigint;
  /** ISO 4217; caps are per currency. */
  currency: string;
  /** When the payment was admitted (the Clock's now): its minute is the bucket it counts in. */
  at: Date;
}

const CUSTOMER_KEY_MAX_LENGTH = 200;

/**
 * Merchants' velocity caps, enforced inside the payment's own transaction (the payment core calls
 * `admit` in the transaction that creates the payment, and `release` when the payment is declined).
 *
 * Every admitted payment is counted in per-minute buckets (`merchant_velocity_buckets`: the
 * merchant's, and the customer's when the payment names one), which also feed the risk routes'
 * headroom and daily figures. When the merchant has caps in the payment's currency, admission
 * first takes a transaction-scoped advisory lock per merchant (`pg_advisory_xact_lock`: released
 * by the commit or rollback, so it is safe under PgBouncer's transaction pooling), then sums the
 * buckets of each cap's trailing window: of N concurrent payments at a cap's edge, exactly those
 * that fit pass, as each sees the buckets the previous one committed. Without caps there is no
 * lock and no sum, only the bucket upsert.
 */
@Injectable()
export class MerchantVelocity {
  /**
   * Admits one payment or refuses it with 422 `LIMIT_EXCEEDED` (details: the cap and its
   * remaining count/amount). Runs on `manager`, which must be the payment's transaction: the
   * lock and the bucket rows are held until it ends, and a rollback takes the count back.
   */
  async admit(manager: EntityManager, admission: VelocityAdmission): Promise<void> {
    checkAdmission(admission);
    if (manager.queryRunner?.isTransactionActive !== true) {
      throw new Error('MerchantVelocity.admit runs inside the payment transaction');
    }
    const executor = executorOn(manager);
    const { merchantId, livemode, currency, customerKey, amount, at } = admission;
    const caps = (await run(executor, SQL.capsInCurrency, { merchantId, currency })).map((row): VelocityCapRule => ({
      scope: row.scope as VelocityScope,
      window: row.window_unit as VelocityWindow,
      currency,
      maxCount: row.max_count,
      maxAmount: row.max_amount === null ? null : BigInt(row.max_amount),
    }));
    if (caps.length > 0) {
      await run(executor, SQL.lockMerchantVelocity, { merchantId });
      const rows = await run(executor, SQL.windowUsage, {
        merchantId,
        livemode,
        currency,
        customerKey,
        hourFrom: windowStart(at, 'HOUR'),
        dayFrom: windowStart(at, 'DAY'),
      });
      const none = { hour_count: 0, hour_amount: '0', day_count: 0, day_amount: '0' };
      const byScope = (scope: VelocityScope) => rows.find((row) => row.scope === scope) ?? none;
      const breach = firstBreach(caps, amount, (cap): WindowUse | null => {
        if (cap.scope === 'CUSTOMER' && customerKey === null) return null;
        const row = byScope(cap.scope);
        return cap.window === 'HOUR'
          ? { count: row.hour_count, amount: BigInt(row.hour_amount) }
          : { count: row.day_count, amount: BigInt(row.day_amount) };
      });
      if (breach) throw MerchantRiskError.velocityCapExceeded(breach, amount);
    }
    await run(executor, SQL.countAdmission, {
      merchantId,
      livemode,
      currency,
      customerKey,
      minute: minuteOf(at),
      amount: amount.toString(),
    });
  }

  /**
   * Takes back an admission (a declined payment does not use the cap): the buckets of the minute
   * it was admitted in lose one payment and its amount. `admission` is what `admit` was given,
   * `at` included. Needs no lock (it only gives headroom back); the merchant's bucket first, then
   * the customer's, as `admit` writes them.
   */
  async release(manager: EntityManager, admission: VelocityAdmission): Promise<void> {
    checkAdmission(admission);
    const executor = executorOn(manager);
    const { merchantId, livemode, currency, customerKey, amount, at } = admission;
    const minute = minuteOf(at);
    const bucket = { merchantId, livemode, currency, minute, amount: amount.toString() };
    await run(executor, SQL.uncountAdmission, { ...bucket, scope: 'MERCHANT', customerKey: '' });
    if (customerKey !== null) {
      await run(executor, SQL.uncountAdmission, { ...bucket, scope: 'CUSTOMER', customerKey });
    }
  }
}

/** A programming error of the caller, never a client's: the payment core validated the request. */
function checkAdmission(admission: VelocityAdmission): void {
  if (typeof admission.amount !== 'bigint' || admission.amount <= 0n) {
    throw new Error(`velocity admission: amount ${String(admission.amount)} must be a bigint above zero`);
  }
  const key = admission.customerKey;
  if (key !== null && (key.length === 0 || key.length > CUSTOMER_KEY_MAX_LENGTH)) {
    throw new Error(`velocity admission: customerKey must be 1-${CUSTOMER_KEY_MAX_LENGTH} characters or null`);
  }
  if (!/^[A-Z]{3}$/.test(admission.currency)) {
    throw new Error(`velocity admission: currency ${admission.currency} is not an ISO 4217 code`);
  }
}
