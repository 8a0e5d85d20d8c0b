/** Types generated for queries found in "src/modules/merchants/ledger/sql/merchant-ledger.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type DateOrStringArray = (DateOrString)[];

export type NumberOrString = number | string;

export type NumberOrStringArray = (NumberOrString)[];

export type stringArray = (string)[];

/** 'PricingVersionAt' parameters type */
export interface PricingVersionAtParams {
  at: DateOrString;
  merchantId: string;
}

/** 'PricingVersionAt' return type */
export interface PricingVersionAtResult {
  fee_bps: number;
  fee_cap: string | null;
  fee_currency: string;
  fee_fixed: string;
  id: string;
  minimum_payout_amount: string;
  payout_delay_days: number;
  payout_interval: string;
  payout_monthly_anchor: number | null;
  payout_weekly_anchor: string | null;
  reserve_bps: number;
  reserve_hold_days: number;
}

/** 'PricingVersionAt' query type */
export interface PricingVersionAtQuery {
  params: PricingVersionAtParams;
  result: PricingVersionAtResult;
}

const pricingVersionAtIR: any = {"usedParamSet":{"merchantId":true,"at":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":363,"b":374}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":396,"b":399}]}],"statement":"-- The version in force at :at: the newest whose effective_at has come (merchant_pricing_versions_merchant_idx).\nSELECT id, fee_bps, fee_fixed, fee_cap, fee_currency, reserve_bps, reserve_hold_days, payout_interval,\n       payout_delay_days, payout_weekly_anchor, payout_monthly_anchor, minimum_payout_amount\n  FROM merchant_pricing_versions\n WHERE merchant_id = :merchantId! AND effective_at <= :at!\n ORDER BY effective_at DESC, id DESC\n LIMIT 1"};

/**
 * Query generated from SQL:
 * ```
 * -- The version in force at :at: the newest whose effective_at has come (merchant_pricing_versions_merchant_idx).
 * SELECT id, fee_bps, fee_fixed, fee_cap, fee_currency, reserve_bps, reserve_hold_days, payout_interval,
 *        payout_delay_days, payout_weekly_anchor, payout_monthly_anchor, minimum_payout_amount
 *   FROM merchant_pricing_versions
 *  WHERE merchant_id = :merchantId! AND effective_at <= :at!
 *  ORDER BY effective_at DESC, id DESC
 *  LIMIT 1
 * ```
 */
export const pricingVersionAt = new PreparedQuery<PricingVersionAtParams,PricingVersionAtResult>(pricingVersionAtIR);


/** 'InsertReleases' parameters type */
export interface InsertReleasesParams {
  amounts: NumberOrStringArray;
  captureEntryId: string;
  createdAt: DateOrString;
  currency: string;
  dueAts: DateOrStringArray;
  ids: stringArray;
  kinds: stringArray;
  livemode: boolean;
  merchantId: string;
  paymentId: string;
}

/** 'InsertReleases' return type */
export type InsertReleasesResult = void;

/** 'InsertReleases' query type */
export interface InsertReleasesQuery {
  params: InsertReleasesParams;
  result: InsertReleasesResult;
}

const insertReleasesIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"currency":true,"paymentId":true,"captureEntryId":true,"createdAt":true,"ids":true,"kinds":true,"amounts":true,"dueAts":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":267,"b":278}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":281,"b":290}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":293,"b":302}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":305,"b":315}]},{"name":"captureEntryId","required":true,"transform":{"type":"scalar"},"locs":[{"a":346,"b":361}]},{"name":"createdAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":364,"b":374}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":390,"b":394}]},{"name":"kinds","required":true,"transform":{"type":"scalar"},"locs":[{"a":405,"b":411}]},{"name":"amounts","required":true,"transform":{"type":"scalar"},"locs":[{"a":425,"b":433}]},{"name":"dueAts","required":true,"transform":{"type":"scalar"},"locs":[{"a":446,"b":453}]}],"statement":"-- A capture's scheduled releases (one or two rows); a second capture of one payment meets the unique key.\nINSERT INTO merchant_balance_releases\n       (id, merchant_id, livemode, currency, payment_id, kind, amount, due_at, capture_entry_id, created_at)\nSELECT r.id, :merchantId!, :livemode!, :currency!, :paymentId!, r.kind, r.amount, r.due_at, :captureEntryId!, :createdAt!\n  FROM unnest(:ids!::uuid[], :kinds!::varchar[], :amounts!::bigint[], :dueAts!::timestamptz[])\n       AS r (id, kind, amount, due_at)"};

/**
 * Query generated from SQL:
 * ```
 * -- A capture's scheduled releases (one or two rows); a second capture of one payment meets the unique key.
 * INSERT INTO merchant_balance_releases
 *        (id, merchant_id, livemode, currency, payment_id, kind, amount, due_at, capture_entry_id, created_at)
 * SELECT r.id, :merchantId!, :livemode!, :currency!, :paymentId!, r.kind, r.amount, r.due_at, :captureEntryId!, :createdAt!
 *   FROM unnest(:ids!::uuid[], :kinds!::varchar[], :amounts!::bigint[], :dueAts!::timestamptz[])
 *        AS r (id, kind, amount, due_at)
 * ```
 */
export const insertReleases = new PreparedQuery<InsertReleasesParams,InsertReleasesResult>(insertReleasesIR);


