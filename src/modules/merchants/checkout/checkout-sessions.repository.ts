import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { jsonObject, oneOf } from '../../../platform/database/column-values';
import { toMinorUnits } from '../../../platform/database/minor-units.transformer';
import { sqlStatements } from '../../../platform/database/sql-query';
import { executorOn, one, run } from '../../../platform/database/statement-executor';
import type { PricingVersionRow } from '../ledger/merchant-pricing';
import {
  CHECKOUT_SESSION_SOURCES,
  CHECKOUT_SESSION_STATUSES,
  MerchantCheckoutSession,
} from './checkout-session.entity';
import * as checkoutSessions from './sql/checkout-sessions.queries';

const SQL = sqlStatements('merchants', checkoutSessions);

/**
 * The pricing terms a checkout payment's capture needs, as in force when the payment was admitted
 * (kept on the session with the payment paying it).
 */
export interface AdmissionTerms {
  reserveBps: number;
  reserveHoldDays: number;
  payoutDelayDays: number;
}

/** A session completed by its payment, and the terms its admission kept (null for one admitted before they were kept). */
export interface CompletedCheckoutSession {
  session: MerchantCheckoutSession;
  terms: AdmissionTerms | null;
}

/** A session locked for a payment's admission, the transaction's time, and the pricing version in force then. */
export interface LockedForPayment {
  session: MerchantCheckoutSession;
  transactionNow: Date;
  /** The merchant's pricing version in force at `transactionNow`; null when it has none (the default terms). */
  pricingVersion: PricingVersionRow | null;
}

/**
 * Named statements on checkout sessions (`sql/checkout-sessions.sql`, pgtyped), rows mapped to
 * `MerchantCheckoutSession` explicitly; and the merchant's origins and settlement currencies the
 * session rules and the hosted page read.
 */
@Injectable()
export class CheckoutSessionsRepository {
  /** The session of this merchant in this mode; another merchant's or the other mode's is null. */
  async findOf(
    manager: EntityManager,
    merchantId: string,
    livemode: boolean,
    id: string,
  ): Promise<MerchantCheckoutSession | null> {
    const row = await one(executorOn(manager), SQL.checkoutSessionOf, { id, merchantId, livemode });
    return row === null ? null : toSession(row);
  }

  async findById(manager: EntityManager, id: string): Promise<MerchantCheckoutSession | null> {
    const row = await one(executorOn(manager), SQL.checkoutSessionById, { id });
    return row === null ? null : toSession(row);
  }

  async findByIdempotencyKey(
    manager: EntityManager,
    merchantId: string,
    livemode: boolean,
    idempotencyKey: string,
  ): Promise<MerchantCheckoutSession | null> {
    const row = await one(executorOn(manager), SQL.checkoutSessionByIdempotencyKey, {
      merchantId,
      livemode,
      idempotencyKey,
    });
    return row === null ? null : toSession(row);
  }

  async insert(manager: EntityManager, session: MerchantCheckoutSession): Promise<void> {
    await run(executorOn(manager), SQL.insertCheckoutSession, {
      id: session.id,
      merchantId: session.merchantId,
      livemode: session.livemode,
      status: session.status,
      source: session.source,
      paymentLinkId: session.paymentLinkId,
      amount: session.amount,
      currency: session.currency,
      merchantReference: session.merchantReference,
      title: session.title,
      successUrl: session.successUrl,
      cancelUrl: session.cancelUrl,
      customerEmail: session.customerEmail,
      metadata: JSON.stringify(session.metadata),
      paymentId: session.paymentId,
      idempotencyKey: session.idempotencyKey,
      requestFingerprint: session.requestFingerprint,
      createdByApiKeyId: session.createdByApiKeyId,
      expiresAt: session.expiresAt,
      completedAt: session.completedAt,
      expiredAt: session.expiredAt,
      createdAt: session.createdAt,
    });
  }

  /**
   * OPEN sessions due before `dueBefore` and not being paid, oldest due first, at most `limit`
   * (the open-expiry index): what the sweep expires when their delayed jobs were lost.
   */
  async overdueOpen(manager: EntityManager, dueBefore: Date, limit: number): Promise<MerchantCheckoutSession[]> {
    const rows = await run(executorOn(manager), SQL.checkoutSessionsOverdueOpen, { dueBefore, limit });
    return rows.map(toSession);
  }

  /**
   * OPEN and due to EXPIRED, once: true when this call moved it. A session a payment is paying
   * (`payment_id` set while OPEN) does not expire: the payer was admitted before `expiresAt`, and
   * the payment either completes it or, failing, frees it (and expires it when due).
   */
  async expireIfDue(manager: EntityManager, id: string, now: Date): Promise<boolean> {
    return (await run(executorOn(manager), SQL.expireCheckoutSessionIfDue, { id, now })).length > 0;
  }

  /**
   * The session, locked for the payment core's admission transaction, with the transaction's
   * `now()` (the `created_at` the payment inserted in it gets) and the merchant's pricing version
   * in force at that time, read in the same statement (null when the session is unknown).
   */
  async lockForPayment(manager: EntityManager, id: string): Promise<LockedForPayment | null> {
    const row = await one(executorOn(manager), SQL.lockCheckoutSessionForPayment, { id });
    if (row === null) return null;
    return { session: toSession(row), transactionNow: row.transaction_now, pricingVersion: pricingVersionOf(row) };
  }

  /**
   * Records the payment paying an OPEN, unpaid session, with the terms its capture will need (as
   * in force at this admission): true when this call did.
   */
  async markPaying(manager: EntityManager, id: string, paymentId: string, terms: AdmissionTerms): Promise<boolean> {
    const rows = await run(executorOn(manager), SQL.markCheckoutSessionPaying, {
      id,
      paymentId,
      reserveBps: terms.reserveBps,
      reserveHoldDays: terms.reserveHoldDays,
      payoutDelayDays: terms.payoutDelayDays,
    });
    return rows.length > 0;
  }

  /**
   * OPEN -> COMPLETE by the payment paying it, once: the session as completed and the terms its
   * admission kept, or null when this call did not complete it.
   */
  async complete(
    manager: EntityManager,
    id: string,
    paymentId: string,
    completedAt: Date,
  ): Promise<CompletedCheckoutSession | null> {
    const row = await one(executorOn(manager), SQL.completeCheckoutSession, { id, paymentId, completedAt });
    if (row === null) return null;
    const terms =
      row.admission_reserve_bps === null ||
      row.admission_reserve_hold_days === null ||
      row.admission_payout_delay_days === null
        ? null
        : {
            reserveBps: row.admission_reserve_bps,
            reserveHoldDays: row.admission_reserve_hold_days,
            payoutDelayDays: row.admission_payout_delay_days,
          };
    return { session: toSession(row), terms };
  }

  /** Frees an OPEN session of a payment that failed, for the payer's next try: true when it did. */
  async releasePayment(manager: EntityManager, id: string, paymentId: string): Promise<boolean> {
    return (await run(executorOn(manager), SQL.releaseCheckoutSessionPayment, { id, paymentId })).length > 0;
  }

  /** The merchant's VERIFIED origins (canonical form) a live redirect may go to: not the test-mode localhost ones. */
  async liveOrigins(manager: EntityManager, merchantId: string): Promise<Set<string>> {
    const rows = await run(executorOn(manager), SQL.checkoutLiveOrigins, { merchantId });
    return new Set(rows.map((row) => row.origin));
  }

  /**
   * The VERIFIED origins that may frame a hosted page of this mode: live, those proven (not the
   * test-mode localhost ones); test, every VERIFIED origin.
   */
  async frameOrigins(manager: EntityManager, merchantId: string, livemode: boolean): Promise<string[]> {
    const rows = await run(executorOn(manager), SQL.checkoutFrameOrigins, { merchantId, livemode });
    return rows.map((row) => row.origin).sort();
  }

  /** The currencies of the merchant's current settlement accounts (empty when none is set up). */
  async settlementCurrencies(manager: EntityManager, merchantId: string): Promise<string[]> {
    const rows = await run(executorOn(manager), SQL.checkoutSettlementCurrencies, { merchantId });
    return rows.map((row) => row.currency).sort();
  }
}

function toSession(row: checkoutSessions.CheckoutSessionByIdResult): MerchantCheckoutSession {
  return {
    id: row.id,
    merchantId: row.merchant_id,
    livemode: row.livemode,
    status: oneOf(CHECKOUT_SESSION_STATUSES, row.status, 'merchant_checkout_sessions.status'),
    source: oneOf(CHECKOUT_SESSION_SOURCES, row.source, 'merchant_checkout_sessions.source'),
    paymentLinkId: row.payment_link_id,
    amount: toMinorUnits(row.amount),
    currency: row.currency,
    merchantReference: row.merchant_reference,
    title: row.title,
    successUrl: row.success_url,
    cancelUrl: row.cancel_url,
    customerEmail: row.customer_email,
    metadata: stringValues(row.metadata),
    paymentId: row.payment_id,
    idempotencyKey: row.idempotency_key,
    requestFingerprint: row.request_fingerprint,
    createdByApiKeyId: row.created_by_api_key_id,
    expiresAt: row.expires_at,
    completedAt: row.completed_at,
    expiredAt: row.expired_at,
    createdAt: row.created_at,
  } satisfies MerchantCheckoutSession;
}

/** The pricing version the admission's lock read beside the session, or null (no version in force). */
function pricingVersionOf(row: checkoutSessions.LockCheckoutSessionForPaymentResult): PricingVersionRow | null {
  const {
    pricing_version_id: id,
    pricing_fee_bps: feeBps,
    pricing_fee_fixed: feeFixed,
    pricing_fee_currency: feeCurrency,
    pricing_reserve_bps: reserveBps,
    pricing_reserve_hold_days: reserveHoldDays,
    pricing_payout_interval: payoutInterval,
    pricing_payout_delay_days: payoutDelayDays,
    pricing_minimum_payout_amount: minimumPayoutAmount,
  } = row;
  if (id === null) return null;
  if (
    feeBps === null ||
    feeFixed === null ||
    feeCurrency === null ||
    reserveBps === null ||
    reserveHoldDays === null ||
    payoutInterval === null ||
    payoutDelayDays === null ||
    minimumPayoutAmount === null
  ) {
    throw new Error(`merchant_pricing_versions ${id}: a NOT NULL column read as null`);
  }
  return {
    id,
    fee_bps: feeBps,
    fee_fixed: feeFixed,
    fee_cap: row.pricing_fee_cap,
    fee_currency: feeCurrency,
    reserve_bps: reserveBps,
    reserve_hold_days: reserveHoldDays,
    payout_interval: payoutInterval,
    payout_delay_days: payoutDelayDays,
    payout_weekly_anchor: row.pricing_payout_weekly_anchor,
    payout_monthly_anchor: row.pricing_payout_monthly_anchor,
    minimum_payout_amount: minimumPayoutAmount,
  } satisfies PricingVersionRow;
}

/** A session's `metadata`: an object of strings (the request's rules, `dto/checkout-metadata.ts`). */
function stringValues(value: unknown): Record<string, string> {
  const object = jsonObject(value, 'merchant_checkout_sessions.metadata');
  for (const [key, entry] of Object.entries(object)) {
    if (typeof entry !== 'string') throw new Error(`merchant_checkout_sessions.metadata: ${key} is not a string`);
  }
  return object as Record<string, string>;
}
