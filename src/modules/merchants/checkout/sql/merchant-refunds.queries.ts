/** Types generated for queries found in "src/modules/merchants/checkout/sql/merchant-refunds.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'InsertMerchantRefund' parameters type */
export interface InsertMerchantRefundParams {
  amount: NumberOrString;
  createdByApiKeyId?: string | null | void;
  currency: string;
  fromAvailable: NumberOrString;
  fromPending: NumberOrString;
  id: string;
  idempotencyKey: string;
  ledgerEntryId: string;
  livemode: boolean;
  merchantId: string;
  note?: string | null | void;
  paymentId: string;
  reason: string;
  requestFingerprint: string;
}

/** 'InsertMerchantRefund' return type */
export interface InsertMerchantRefundResult {
  created_at: Date;
  updated_at: Date;
}

/** 'InsertMerchantRefund' query type */
export interface InsertMerchantRefundQuery {
  params: InsertMerchantRefundParams;
  result: InsertMerchantRefundResult;
}

const insertMerchantRefundIR: any = {"usedParamSet":{"id":true,"merchantId":true,"livemode":true,"paymentId":true,"amount":true,"currency":true,"reason":true,"note":true,"idempotencyKey":true,"requestFingerprint":true,"createdByApiKeyId":true,"ledgerEntryId":true,"fromAvailable":true,"fromPending":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":407,"b":410}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":413,"b":424}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":427,"b":436}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":439,"b":449}]},{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":452,"b":459}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":462,"b":471}]},{"name":"reason","required":true,"transform":{"type":"scalar"},"locs":[{"a":474,"b":481}]},{"name":"note","required":false,"transform":{"type":"scalar"},"locs":[{"a":484,"b":488}]},{"name":"idempotencyKey","required":true,"transform":{"type":"scalar"},"locs":[{"a":491,"b":506}]},{"name":"requestFingerprint","required":true,"transform":{"type":"scalar"},"locs":[{"a":517,"b":536}]},{"name":"createdByApiKeyId","required":false,"transform":{"type":"scalar"},"locs":[{"a":539,"b":556}]},{"name":"ledgerEntryId","required":true,"transform":{"type":"scalar"},"locs":[{"a":559,"b":573}]},{"name":"fromAvailable","required":true,"transform":{"type":"scalar"},"locs":[{"a":576,"b":590}]},{"name":"fromPending","required":true,"transform":{"type":"scalar"},"locs":[{"a":593,"b":605}]}],"statement":"-- A refund accepted (PENDING), in the transaction that books it; a second one of the merchant's key meets\n-- merchant_refunds_idempotency_key and rolls the transaction back.\nINSERT INTO merchant_refunds\n       (id, merchant_id, livemode, payment_id, amount, currency, reason, note, idempotency_key, request_fingerprint,\n        created_by_api_key_id, ledger_entry_id, from_available, from_pending)\nVALUES (:id!, :merchantId!, :livemode!, :paymentId!, :amount!, :currency!, :reason!, :note, :idempotencyKey!,\n        :requestFingerprint!, :createdByApiKeyId, :ledgerEntryId!, :fromAvailable!, :fromPending!)\nRETURNING created_at, updated_at"};

/**
 * Query generated from SQL:
 * ```
 * -- A refund accepted (PENDING), in the transaction that books it; a second one of the merchant's key meets
 * -- merchant_refunds_idempotency_key and rolls the transaction back.
 * INSERT INTO merchant_refunds
 *        (id, merchant_id, livemode, payment_id, amount, currency, reason, note, idempotency_key, request_fingerprint,
 *         created_by_api_key_id, ledger_entry_id, from_available, from_pending)
 * VALUES (:id!, :merchantId!, :livemode!, :paymentId!, :amount!, :currency!, :reason!, :note, :idempotencyKey!,
 *         :requestFingerprint!, :createdByApiKeyId, :ledgerEntryId!, :fromAvailable!, :fromPending!)
 * RETURNING created_at, updated_at
 * ```
 */
export const insertMerchantRefund = new PreparedQuery<InsertMerchantRefundParams,InsertMerchantRefundResult>(insertMerchantRefundIR);


/** 'MerchantRefundByKey' parameters type */
export interface MerchantRefundByKeyParams {
  idempotencyKey: string;
  livemode: boolean;
  merchantId: string;
}

/** 'MerchantRefundByKey' return type */
export interface MerchantRefundByKeyResult {
  amount: string;
  created_at: Date;
  created_by_api_key_id: string | null;
  currency: string;
  failed_at: Date | null;
  failure_reason: string | null;
  from_available: string;
  from_pending: string;
  id: string;
  idempotency_key: string;
  ledger_entry_id: string;
  livemode: boolean;
  merchant_id: string;
  note: string | null;
  payment_id: string;
  rail_reference: string | null;
  reason: string;
  refunded_at: Date | null;
  request_fingerprint: string;
  reversal_entry_id: string | null;
  status: string;
  updated_at: Date;
}

/** 'MerchantRefundByKey' query type */
export interface MerchantRefundByKeyQuery {
  params: MerchantRefundByKeyParams;
  result: MerchantRefundByKeyResult;
}

const merchantRefundByKeyIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"idempotencyKey":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":529,"b":540}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":557,"b":566}]},{"name":"idempotencyKey","required":true,"transform":{"type":"scalar"},"locs":[{"a":590,"b":605}]}],"statement":"-- The refund an Idempotency-Key of this merchant and mode made (merchant_refunds_idempotency_key).\nSELECT id, merchant_id, livemode, payment_id, amount::text AS \"amount!\", currency, reason, note, status, failure_reason,\n       idempotency_key, request_fingerprint, created_by_api_key_id, ledger_entry_id,\n       from_available::text AS \"from_available!\", from_pending::text AS \"from_pending!\", reversal_entry_id,\n       rail_reference, created_at, updated_at, refunded_at, failed_at\n  FROM merchant_refunds\n WHERE merchant_id = :merchantId! AND livemode = :livemode! AND idempotency_key = :idempotencyKey!"};

/**
 * Query generated from SQL:
 * ```
 * -- The refund an Idempotency-Key of this merchant and mode made (merchant_refunds_idempotency_key).
 * SELECT id, merchant_id, livemode, payment_id, amount::text AS "amount!", currency, reason, note, status, failure_reason,
 *        idempotency_key, request_fingerprint, created_by_api_key_id, ledger_entry_id,
 *        from_available::text AS "from_available!", from_pending::text AS "from_pending!", reversal_entry_id,
 *        rail_reference, created_at, updated_at, refunded_at, failed_at
 *   FROM merchant_refunds
 *  WHERE merchant_id = :merchantId! AND livemode = :livemode! AND idempotency_key = :idempotencyKey!
 * ```
 */
export const merchantRefundByKey = new PreparedQuery<MerchantRefundByKeyParams,MerchantRefundByKeyResult>(merchantRefundByKeyIR);


/** 'MerchantRefundOf' parameters type */
export interface MerchantRefundOfParams {
  id: string;
  livemode: boolean;
  merchantId: string;
}

/** 'MerchantRefundOf' return type */
export interface MerchantRefundOfResult {
  amount: string;
  created_at: Date;
  created_by_api_key_id: string | null;
  currency: string;
  failed_at: Date | null;
  failure_reason: string | null;
  from_available: string;
  from_pending: string;
  id: string;
  idempotency_key: string;
  ledger_entry_id: string;
  livemode: boolean;
  merchant_id: string;
  note: string | null;
  payment_id: string;
  rail_reference: string | null;
  reason: string;
  refunded_at: Date | null;
  request_fingerprint: string;
  reversal_entry_id: string | null;
  status: string;
  updated_at: Date;
}

/** 'MerchantRefundOf' query type */
export interface MerchantRefundOfQuery {
  params: MerchantRefundOfParams;
  result: MerchantRefundOfResult;
}

const merchantRefundOfIR: any = {"usedParamSet":{"id":true,"merchantId":true,"livemode":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":509,"b":512}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":532,"b":543}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":560,"b":569}]}],"statement":"-- A refund of this merchant and mode; another merchant's or the other mode's is no row.\nSELECT id, merchant_id, livemode, payment_id, amount::text AS \"amount!\", currency, reason, note, status, failure_reason,\n       idempotency_key, request_fingerprint, created_by_api_key_id, ledger_entry_id,\n       from_available::text AS \"from_available!\", from_pending::text AS \"from_pending!\", reversal_entry_id,\n       rail_reference, created_at, updated_at, refunded_at, failed_at\n  FROM merchant_refunds\n WHERE id = :id! AND merchant_id = :merchantId! AND livemode = :livemode!"};

/**
 * Query generated from SQL:
 * ```
 * -- A refund of this merchant and mode; another merchant's or the other mode's is no row.
 * SELECT id, merchant_id, livemode, payment_id, amount::text AS "amount!", currency, reason, note, status, failure_reason,
 *        idempotency_key, request_fingerprint, created_by_api_key_id, ledger_entry_id,
 *        from_available::text AS "from_available!", from_pending::text AS "from_pending!", reversal_entry_id,
 *        rail_reference, created_at, updated_at, refunded_at, failed_at
 *   FROM merchant_refunds
 *  WHERE id = :id! AND merchant_id = :merchantId! AND livemode = :livemode!
 * ```
 */
export const merchantRefundOf = new PreparedQuery<MerchantRefundOfParams,MerchantRefundOfResult>(merchantRefundOfIR);


/** 'LockMerchantRefund' parameters type */
export interface LockMerchantRefundParams {
  id: string;
}

/** 'LockMerchantRefund' return type */
export interface LockMerchantRefundResult {
  amount: string;
  created_at: Date;
  created_by_api_key_id: string | null;
  currency: string;
  failed_at: Date | null;
  failure_reason: string | null;
  from_available: string;
  from_pending: string;
  id: string;
  idempotency_key: string;
  ledger_entry_id: string;
  livemode: boolean;
  merchant_id: string;
  note: string | null;
  payment_id: string;
  rail_reference: string | null;
  reason: string;
  refunded_at: Date | null;
  request_fingerprint: string;
  reversal_entry_id: string | null;
  status: string;
  updated_at: Date;
}

/** 'LockMerchantRefund' query type */
export interface LockMerchantRefundQuery {
  params: LockMerchantRefundParams;
  result: LockMerchantRefundResult;
}

const lockMerchantRefundIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":504,"b":507}]}],"statement":"-- A refund, locked to settle it with its rail reversal (the worker's transaction).\nSELECT id, merchant_id, livemode, payment_id, amount::text AS \"amount!\", currency, reason, note, status, failure_reason,\n       idempotency_key, request_fingerprint, created_by_api_key_id, ledger_entry_id,\n       from_available::text AS \"from_available!\", from_pending::text AS \"from_pending!\", reversal_entry_id,\n       rail_reference, created_at, updated_at, refunded_at, failed_at\n  FROM merchant_refunds\n WHERE id = :id!\n   FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * -- A refund, locked to settle it with its rail reversal (the worker's transaction).
 * SELECT id, merchant_id, livemode, payment_id, amount::text AS "amount!", currency, reason, note, status, failure_reason,
 *        idempotency_key, request_fingerprint, created_by_api_key_id, ledger_entry_id,
 *        from_available::text AS "from_available!", from_pending::text AS "from_pending!", reversal_entry_id,
 *        rail_reference, created_at, updated_at, refunded_at, failed_at
 *   FROM merchant_refunds
 *  WHERE id = :id!
 *    FOR UPDATE
 * ```
 */
export const lockMerchantRefund = new PreparedQuery<LockMerchantRefundParams,LockMerchantRefundResult>(lockMerchantRefundIR);


/** 'MerchantRefundPage' parameters type */
export interface MerchantRefundPageParams {
  limit: NumberOrString;
  livemode: boolean;
  merchantId: string;
  offset: NumberOrString;
  paymentId?: string | null | void;
}

/** 'MerchantRefundPage' return type */
export interface MerchantRefundPageResult {
  amount: string;
  created_at: Date;
  created_by_api_key_id: string | null;
  currency: string;
  failed_at: Date | null;
  failure_reason: string | null;
  from_available: string;
  from_pending: string;
  id: string;
  idempotency_key: string;
  ledger_entry_id: string;
  livemode: boolean;
  merchant_id: string;
  note: string | null;
  payment_id: string;
  rail_reference: string | null;
  reason: string;
  refunded_at: Date | null;
  request_fingerprint: string;
  reversal_entry_id: string | null;
  status: string;
  total: string;
  updated_at: Date;
}

/** 'MerchantRefundPage' query type */
export interface MerchantRefundPageQuery {
  params: MerchantRefundPageParams;
  result: MerchantRefundPageResult;
}

const merchantRefundPageIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"paymentId":true,"limit":true,"offset":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":572,"b":583}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":600,"b":609}]},{"name":"paymentId","required":false,"transform":{"type":"scalar"},"locs":[{"a":619,"b":628},{"a":660,"b":669}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":720,"b":726}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":735,"b":742}]}],"statement":"-- One page of the merchant's refunds in a mode, newest first, optionally of one payment, with the count of all.\nSELECT id, merchant_id, livemode, payment_id, amount::text AS \"amount!\", currency, reason, note, status, failure_reason,\n       idempotency_key, request_fingerprint, created_by_api_key_id, ledger_entry_id,\n       from_available::text AS \"from_available!\", from_pending::text AS \"from_pending!\", reversal_entry_id,\n       rail_reference, created_at, updated_at, refunded_at, failed_at, count(*) OVER () AS \"total!\"\n  FROM merchant_refunds\n WHERE merchant_id = :merchantId! AND livemode = :livemode!\n   AND (:paymentId::uuid IS NULL OR payment_id = :paymentId::uuid)\n ORDER BY created_at DESC, id DESC\n LIMIT :limit! OFFSET :offset!"};

/**
 * Query generated from SQL:
 * ```
 * -- One page of the merchant's refunds in a mode, newest first, optionally of one payment, with the count of all.
 * SELECT id, merchant_id, livemode, payment_id, amount::text AS "amount!", currency, reason, note, status, failure_reason,
 *        idempotency_key, request_fingerprint, created_by_api_key_id, ledger_entry_id,
 *        from_available::text AS "from_available!", from_pending::text AS "from_pending!", reversal_entry_id,
 *        rail_reference, created_at, updated_at, refunded_at, failed_at, count(*) OVER () AS "total!"
 *   FROM merchant_refunds
 *  WHERE merchant_id = :merchantId! AND livemode = :livemode!
 *    AND (:paymentId::uuid IS NULL OR payment_id = :paymentId::uuid)
 *  ORDER BY created_at DESC, id DESC
 *  LIMIT :limit! OFFSET :offset!
 * ```
 */
export const merchantRefundPage = new PreparedQuery<MerchantRefundPageParams,MerchantRefundPageResult>(merchantRefundPageIR);


/** 'MarkMerchantRefundSucceeded' parameters type */
export interface MarkMerchantRefundSucceededParams {
  at: DateOrString;
  id: string;
  railReference: string;
}

/** 'MarkMerchantRefundSucceeded' return type */
export interface MarkMerchantRefundSucceededResult {
  id: string;
}

/** 'MarkMerchantRefundSucceeded' query type */
export interface MarkMerchantRefundSucceededQuery {
  params: MarkMerchantRefundSucceededParams;
  result: MarkMerchantRefundSucceededResult;
}

const markMerchantRefundSucceededIR: any = {"usedParamSet":{"railReference":true,"at":true,"id":true},"params":[{"name":"railReference","required":true,"transform":{"type":"scalar"},"locs":[{"a":131,"b":145}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":162,"b":165},{"a":181,"b":184}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":198,"b":201}]}],"statement":"-- The rail returned the refund: PENDING -> SUCCEEDED, once.\nUPDATE merchant_refunds\n   SET status = 'SUCCEEDED', rail_reference = :railReference!, refunded_at = :at!, updated_at = :at!\n WHERE id = :id! AND status = 'PENDING'\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * -- The rail returned the refund: PENDING -> SUCCEEDED, once.
 * UPDATE merchant_refunds
 *    SET status = 'SUCCEEDED', rail_reference = :railReference!, refunded_at = :at!, updated_at = :at!
 *  WHERE id = :id! AND status = 'PENDING'
 * RETURNING id
 * ```
 */
export const markMerchantRefundSucceeded = new PreparedQuery<MarkMerchantRefundSucceededParams,MarkMerchantRefundSucceededResult>(markMerchantRefundSucceededIR);


/** 'MarkMerchantRefundFailed' parameters type */
export interface MarkMerchantRefundFailedParams {
  at: DateOrString;
  failureReason: string;
  id: string;
  reversalEntryId: string;
}

/** 'MarkMerchantRefundFailed' return type */
export interface MarkMerchantRefundFailedResult {
  id: string;
}

/** 'MarkMerchantRefundFailed' query type */
export interface MarkMerchantRefundFailedQuery {
  params: MarkMerchantRefundFailedParams;
  result: MarkMerchantRefundFailedResult;
}

const markMerchantRefundFailedIR: any = {"usedParamSet":{"failureReason":true,"reversalEntryId":true,"at":true,"id":true},"params":[{"name":"failureReason","required":true,"transform":{"type":"scalar"},"locs":[{"a":176,"b":190}]},{"name":"reversalEntryId","required":true,"transform":{"type":"scalar"},"locs":[{"a":213,"b":229}]},{"name":"at","required":true,"transform":{"type":"scalar"},"locs":[{"a":244,"b":247},{"a":270,"b":273}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":287,"b":290}]}],"statement":"-- The rail refused the refund for good: PENDING -> FAILED, once, with the entry that gave the balance back.\nUPDATE merchant_refunds\n   SET status = 'FAILED', failure_reason = :failureReason!, reversal_entry_id = :reversalEntryId!, failed_at = :at!,\n       updated_at = :at!\n WHERE id = :id! AND status = 'PENDING'\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * -- The rail refused the refund for good: PENDING -> FAILED, once, with the entry that gave the balance back.
 * UPDATE merchant_refunds
 *    SET status = 'FAILED', failure_reason = :failureReason!, reversal_entry_id = :reversalEntryId!, failed_at = :at!,
 *        updated_at = :at!
 *  WHERE id = :id! AND status = 'PENDING'
 * RETURNING id
 * ```
 */
export const markMerchantRefundFailed = new PreparedQuery<MarkMerchantRefundFailedParams,MarkMerchantRefundFailedResult>(markMerchantRefundFailedIR);


/** 'CountMerchantRefunds' parameters type */
export interface CountMerchantRefundsParams {
  livemode: boolean;
  merchantId: string;
  paymentId?: string | null | void;
}

/** 'CountMerchantRefunds' return type */
export interface CountMerchantRefundsResult {
  total: number;
}

/** 'CountMerchantRefunds' query type */
export interface CountMerchantRefundsQuery {
  params: CountMerchantRefundsParams;
  result: CountMerchantRefundsResult;
}

const countMerchantRefundsIR: any = {"usedParamSet":{"merchantId":true,"livemode":true,"paymentId":true},"params":[{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":169,"b":180}]},{"name":"livemode","required":true,"transform":{"type":"scalar"},"locs":[{"a":197,"b":206}]},{"name":"paymentId","required":false,"transform":{"type":"scalar"},"locs":[{"a":216,"b":225},{"a":257,"b":266}]}],"statement":"-- How many refunds the list has (for a page past its end, which answers no row to count).\nSELECT count(*)::int AS \"total!\"\n  FROM merchant_refunds\n WHERE merchant_id = :merchantId! AND livemode = :livemode!\n   AND (:paymentId::uuid IS NULL OR payment_id = :paymentId::uuid)"};

/**
 * Query generated from SQL:
 * ```
 * -- How many refunds the list has (for a page past its end, which answers no row to count).
 * SELECT count(*)::int AS "total!"
 *   FROM merchant_refunds
 *  WHERE merchant_id = :merchantId! AND livemode = :livemode!
 *    AND (:paymentId::uuid IS NULL OR payment_id = :paymentId::uuid)
 * ```
 */
export const countMerchantRefunds = new PreparedQuery<CountMerchantRefundsParams,CountMerchantRefundsResult>(countMerchantRefundsIR);


