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


/** 'ClaimDueReleases' parameters type */
export interface ClaimDueReleasesParams {
  limit: NumberOrString;
  now: DateOrString;
}

/** 'ClaimDueReleases' return type */
export interface ClaimDueReleasesResult {
  amount: string;
  currency: string;
  id: string;
  kind: string;
  livemode: boolean;
  merchant_id: string;
  payment_id: string;
}

/** 'ClaimDueReleases' query type */
export interface ClaimDueReleasesQuery {
  params: ClaimDueReleasesParams;
  result: ClaimDueReleasesResult;
}

const claimDueReleasesIR: any = {"usedParamSet":{"now":true,"limit":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":270,"b":274}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":304,"b":310}]}],"statement":"-- A batch of releases due by :now for this worker; rows another worker holds are skipped (merchant_balance_releases_due_idx).\nSELECT id, merchant_id, livemode, currency, payment_id, kind, amount\n  FROM merchant_balance_releases\n WHERE released_at IS NULL AND due_at <= :now!\n ORDER BY due_at, id\n LIMIT :limit!\n   FOR UPDATE SKIP LOCKED"};

/**
 * Query generated from SQL:
 * ```
 * -- A batch of releases due by :now for this worker; rows another worker holds are skipped (merchant_balance_releases_due_idx).
 * SELECT id, merchant_id, livemode, currency, payment_id, kind, amount
 *   FROM merchant_balance_releases
 *  WHERE released_at IS NULL AND due_at <= :now!
 *  ORDER BY due_at, id
 *  LIMIT :limit!
 *    FOR UPDATE SKIP LOCKED
 * ```
 */
export const claimDueReleases = new PreparedQuery<ClaimDueReleasesParams,ClaimDueReleasesResult>(claimDueReleasesIR);


/** 'MarkReleased' parameters type */
export interface MarkReleasedParams {
  id: string;
  releasedAt: DateOrString;
  releaseEntryId?: string | null | void;
}

/** 'MarkReleased' return type */
export type MarkReleasedResult = void;

/** 'MarkReleased' query type */
export interface MarkReleasedQuery {
  params: MarkReleasedParams;
  result: MarkReleasedResult;
}

const markReleasedIR: any = {"usedParamSet":{"releasedAt":true,"releaseEntryId":true,"id":true},"params":[{"name":"releasedAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":54,"b":65}]},{"name":"releaseEntryId","required":false,"transform":{"type":"scalar"},"locs":[{"a":87,"b":101}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":115,"b":118}]}],"statement":"UPDATE merchant_balance_releases\n   SET released_at = :releasedAt!, release_entry_id = :releaseEntryId\n WHERE id = :id! AND released_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE merchant_balance_releases
 *    SET released_at = :releasedAt!, release_entry_id = :releaseEntryId
 *  WHERE id = :id! AND released_at IS NULL
 * ```
 */
export const markReleased = new PreparedQuery<MarkReleasedParams,MarkReleasedResult>(markReleasedIR);


/** 'LockBalance' parameters type */
export interface LockBalanceParams {
  key: string;
}

/** 'LockBalance' return type */
export interface LockBalanceResult {
  locked: string | null;
}

/** 'LockBalance' query type */
export interface LockBalanceQuery {
  params: LockBalanceParams;
  result: LockBalanceResult;
}

const lockBalanceIR: any = {"usedParamSet":{"key":true},"params":[{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":144,"b":148}]}],"statement":"-- Serialises the refunds of one merchant balance (merchant, mode, currency) for the transaction.\nSELECT pg_advisory_xact_lock(hashtextextended(:key!, 0))::text AS \"locked\""};

/**
 * Query generated from SQL:
 * ```
 * -- Serialises the refunds of one merchant balance (merchant, mode, currency) for the transaction.
 * SELECT pg_advisory_xact_lock(hashtextextended(:key!, 0))::text AS "locked"
 * ```
 */
export const lockBalance = new PreparedQuery<LockBalanceParams,LockBalanceResult>(lockBalanceIR);


/** 'LockUnreleasedPending' parameters type */
export interface LockUnreleasedPendingParams {
  currency: string;
  livemode: boolean;
  merchantId: string;
  paymentId: string;
}

/** 'LockUnreleasedPending' return type */
export interface LockUnreleasedPendingResult {
  amount: string;
  id: string;
  payment_id: string;
}

/** 'LockUnreleasedPending' query type */
export interface LockUnreleasedPendingQuery {
  params: LockUnreleasedPendingParams;
  result: LockUnreleasedPendingResult;
}

const lockUnreleasedPendingIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"currency":true,"paymentId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":289,"b":300}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":317,"b":326}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":343,"b":352}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":439,"b":449}]}],"statement":"-- A balance's pending releases not yet made, the refunded payment's first, then the furthest due; locked so the\n-- release job (SKIP LOCKED) leaves them while a refund decides how much pending it spends.\nSELECT id, payment_id, amount\n  FROM merchant_balance_releases\n WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!\n   AND kind = 'PENDING_TO_AVAILABLE' AND released_at IS NULL\n ORDER BY (payment_id = :paymentId!) DESC, due_at DESC, id DESC\n   FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * -- A balance's pending releases not yet made, the refunded payment's first, then the furthest due; locked so the
 * -- release job (SKIP LOCKED) leaves them while a refund decides how much pending it spends.
 * SELECT id, payment_id, amount
 *   FROM merchant_balance_releases
 *  WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!
 *    AND kind = 'PENDING_TO_AVAILABLE' AND released_at IS NULL
 *  ORDER BY (payment_id = :paymentId!) DESC, due_at DESC, id DESC
 *    FOR UPDATE
 * ```
 */
export const lockUnreleasedPending = new PreparedQuery<LockUnreleasedPendingParams,LockUnreleasedPendingResult>(lockUnreleasedPendingIR);


/** 'ReduceRelease' parameters type */
export interface ReduceReleaseParams {
  by: NumberOrString;
  id: string;
}

/** 'ReduceRelease' return type */
export type ReduceReleaseResult = void;

/** 'ReduceRelease' query type */
export interface ReduceReleaseQuery {
  params: ReduceReleaseParams;
  result: ReduceReleaseResult;
}

const reduceReleaseIR: any = {"usedParamSet":{"by":true,"id":true},"params":[{"name":"by","required":true,"transform":{"type":"scalar"},"locs":[{"a":55,"b":58}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":80,"b":83}]}],"statement":"UPDATE merchant_balance_releases SET amount = amount - :by!::bigint\n WHERE id = :id! AND released_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE merchant_balance_releases SET amount = amount - :by!::bigint
 *  WHERE id = :id! AND released_at IS NULL
 * ```
 */
export const reduceRelease = new PreparedQuery<ReduceReleaseParams,ReduceReleaseResult>(reduceReleaseIR);


/** 'RestorePendingRelease' parameters type */
export interface RestorePendingReleaseParams {
  by: NumberOrString;
  paymentId: string;
}

/** 'RestorePendingRelease' return type */
export interface RestorePendingReleaseResult {
  id: string;
}

/** 'RestorePendingRelease' query type */
export interface RestorePendingReleaseQuery {
  params: RestorePendingReleaseParams;
  result: RestorePendingReleaseResult;
}

const restorePendingReleaseIR: any = {"usedParamSet":{"by":true,"paymentId":true},"params":[{"name":"by","required":true,"transform":{"type":"scalar"},"locs":[{"a":159,"b":162}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":192,"b":202}]}],"statement":"-- A refund the rail refused gives its pending part back to the payment's own release, if not made yet.\nUPDATE merchant_balance_releases SET amount = amount + :by!::bigint\n WHERE payment_id = :paymentId! AND kind = 'PENDING_TO_AVAILABLE' AND released_at IS NULL\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * -- A refund the rail refused gives its pending part back to the payment's own release, if not made yet.
 * UPDATE merchant_balance_releases SET amount = amount + :by!::bigint
 *  WHERE payment_id = :paymentId! AND kind = 'PENDING_TO_AVAILABLE' AND released_at IS NULL
 * RETURNING id
 * ```
 */
export const restorePendingRelease = new PreparedQuery<RestorePendingReleaseParams,RestorePendingReleaseResult>(restorePendingReleaseIR);


/** 'ReleasesDueBy' parameters type */
export interface ReleasesDueByParams {
  by: DateOrString;
  currency: string;
  livemode: boolean;
  merchantId: string;
}

/** 'ReleasesDueBy' return type */
export interface ReleasesDueByResult {
  amount: string;
}

/** 'ReleasesDueBy' query type */
export interface ReleasesDueByQuery {
  params: ReleasesDueByParams;
  result: ReleasesDueByResult;
}

const releasesDueByIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"currency":true,"by":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":190,"b":201}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":218,"b":227}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":244,"b":253}]},{"name":"by","required":true,"transform":{"type":"scalar"},"locs":[{"a":296,"b":299}]}],"statement":"-- What becomes available by :by from the balance's scheduled releases (both kinds).\nSELECT coalesce(sum(amount), 0)::text AS \"amount!\"\n  FROM merchant_balance_releases\n WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!\n   AND released_at IS NULL AND due_at <= :by!"};

/**
 * Query generated from SQL:
 * ```
 * -- What becomes available by :by from the balance's scheduled releases (both kinds).
 * SELECT coalesce(sum(amount), 0)::text AS "amount!"
 *   FROM merchant_balance_releases
 *  WHERE merchant_id = :merchantId! AND livemode = :livemode! AND currency = :currency!
 *    AND released_at IS NULL AND due_at <= :by!
 * ```
 */
export const releasesDueBy = new PreparedQuery<ReleasesDueByParams,ReleasesDueByResult>(releasesDueByIR);


/** 'CurrentSettlementAccount' parameters type */
export interface CurrentSettlementAccountParams {
  merchantId: string;
}

/** 'CurrentSettlementAccount' return type */
export interface CurrentSettlementAccountResult {
  currency: string;
  payouts_held_until: Date;
  status: string;
}

/** 'CurrentSettlementAccount' query type */
export interface CurrentSettlementAccountQuery {
  params: CurrentSettlementAccountParams;
  result: CurrentSettlementAccountResult;
}

const currentSettlementAccountIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":101,"b":112}]}],"statement":"SELECT currency, status, payouts_held_until\n  FROM merchant_settlement_accounts\n WHERE merchant_id = :merchantId! AND replaced_at IS NULL"};

/**
 * Query generated from SQL:
 * ```
 * SELECT currency, status, payouts_held_until
 *   FROM merchant_settlement_accounts
 *  WHERE merchant_id = :merchantId! AND replaced_at IS NULL
 * ```
 */
export const currentSettlementAccount = new PreparedQuery<CurrentSettlementAccountParams,CurrentSettlementAccountResult>(currentSettlementAccountIR);


/** 'MerchantKybStatus' parameters type */
export interface MerchantKybStatusParams {
  merchantId: string;
}

/** 'MerchantKybStatus' return type */
export interface MerchantKybStatusResult {
  kyb_status: string;
}

/** 'MerchantKybStatus' query type */
export interface MerchantKybStatusQuery {
  params: MerchantKybStatusParams;
  result: MerchantKybStatusResult;
}

const merchantKybStatusIR: any = {"usedParamSet":{"merchantId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":44,"b":55}]}],"statement":"SELECT kyb_status FROM merchants WHERE id = :merchantId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT kyb_status FROM merchants WHERE id = :merchantId!
 * ```
 */
export const merchantKybStatus = new PreparedQuery<MerchantKybStatusParams,MerchantKybStatusResult>(merchantKybStatusIR);


/** 'ClaimDueReleasesOfPayment' parameters type */
export interface ClaimDueReleasesOfPaymentParams {
  now: DateOrString;
  paymentId: string;
}

/** 'ClaimDueReleasesOfPayment' return type */
export interface ClaimDueReleasesOfPaymentResult {
  amount: string;
  currency: string;
  id: string;
  kind: string;
  livemode: boolean;
  merchant_id: string;
  payment_id: string;
}

/** 'ClaimDueReleasesOfPayment' query type */
export interface ClaimDueReleasesOfPaymentQuery {
  params: ClaimDueReleasesOfPaymentParams;
  result: ClaimDueReleasesOfPaymentResult;
}

const claimDueReleasesOfPaymentIR: any = {"usedParamSet":{"paymentId":true,"now":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":220,"b":230}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":270,"b":274}]}],"statement":"-- One payment's releases due by :now (the test clock runs them at once); locked for the posting.\nSELECT id, merchant_id, livemode, currency, payment_id, kind, amount\n  FROM merchant_balance_releases\n WHERE payment_id = :paymentId! AND released_at IS NULL AND due_at <= :now!\n ORDER BY due_at, id\n   FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * -- One payment's releases due by :now (the test clock runs them at once); locked for the posting.
 * SELECT id, merchant_id, livemode, currency, payment_id, kind, amount
 *   FROM merchant_balance_releases
 *  WHERE payment_id = :paymentId! AND released_at IS NULL AND due_at <= :now!
 *  ORDER BY due_at, id
 *    FOR UPDATE
 * ```
 */
export const claimDueReleasesOfPayment = new PreparedQuery<ClaimDueReleasesOfPaymentParams,ClaimDueReleasesOfPaymentResult>(claimDueReleasesOfPaymentIR);


