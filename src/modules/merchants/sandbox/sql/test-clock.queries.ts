/** Types generated for queries found in "src/modules/merchants/sandbox/sql/test-clock.sql" */
import { PreparedQuery } from '../../../../platform/database/sql-query';

/** 'LockTestCheckoutSession' parameters type */
export interface LockTestCheckoutSessionParams {
  id: string;
  merchantId: string;
}

/** 'LockTestCheckoutSession' return type */
export interface LockTestCheckoutSessionResult {
  id: string;
}

/** 'LockTestCheckoutSession' query type */
export interface LockTestCheckoutSessionQuery {
  params: LockTestCheckoutSessionParams;
  result: LockTestCheckoutSessionResult;
}

const lockTestCheckoutSessionIR: any = {"usedParamSet":{"id":true,"merchantId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":157,"b":160}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":180,"b":191}]}],"statement":"-- A test session of the merchant, locked for the test clock (another merchant's or a live one: none).\nSELECT id FROM merchant_checkout_sessions\n WHERE id = :id! AND merchant_id = :merchantId! AND livemode = false\n   FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * -- A test session of the merchant, locked for the test clock (another merchant's or a live one: none).
 * SELECT id FROM merchant_checkout_sessions
 *  WHERE id = :id! AND merchant_id = :merchantId! AND livemode = false
 *    FOR UPDATE
 * ```
 */
export const lockTestCheckoutSession = new PreparedQuery<LockTestCheckoutSessionParams,LockTestCheckoutSessionResult>(lockTestCheckoutSessionIR);


/** 'ShiftTestCheckoutSession' parameters type */
export interface ShiftTestCheckoutSessionParams {
  id: string;
  seconds: number;
}

/** 'ShiftTestCheckoutSession' return type */
export interface ShiftTestCheckoutSessionResult {
  expires_at: Date;
}

/** 'ShiftTestCheckoutSession' query type */
export interface ShiftTestCheckoutSessionQuery {
  params: ShiftTestCheckoutSessionParams;
  result: ShiftTestCheckoutSessionResult;
}

const shiftTestCheckoutSessionIR: any = {"usedParamSet":{"seconds":true,"id":true},"params":[{"name":"seconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":183,"b":191},{"a":255,"b":263}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":283,"b":286}]}],"statement":"-- The test clock: an OPEN test session's times come :seconds earlier (its expiry with them).\nUPDATE merchant_checkout_sessions\n   SET created_at = created_at - make_interval(secs => :seconds!::int),\n       expires_at = expires_at - make_interval(secs => :seconds!::int)\n WHERE id = :id! AND status = 'OPEN'\nRETURNING expires_at"};

/**
 * Query generated from SQL:
 * ```
 * -- The test clock: an OPEN test session's times come :seconds earlier (its expiry with them).
 * UPDATE merchant_checkout_sessions
 *    SET created_at = created_at - make_interval(secs => :seconds!::int),
 *        expires_at = expires_at - make_interval(secs => :seconds!::int)
 *  WHERE id = :id! AND status = 'OPEN'
 * RETURNING expires_at
 * ```
 */
export const shiftTestCheckoutSession = new PreparedQuery<ShiftTestCheckoutSessionParams,ShiftTestCheckoutSessionResult>(shiftTestCheckoutSessionIR);


/** 'TestSessionPaidBy' parameters type */
export interface TestSessionPaidByParams {
  merchantId: string;
  paymentId: string;
}

/** 'TestSessionPaidBy' return type */
export interface TestSessionPaidByResult {
  currency: string;
  id: string;
}

/** 'TestSessionPaidBy' query type */
export interface TestSessionPaidByQuery {
  params: TestSessionPaidByParams;
  result: TestSessionPaidByResult;
}

const testSessionPaidByIR: any = {"usedParamSet":{"paymentId":true,"merchantId":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":182,"b":192}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":212,"b":223}]}],"statement":"-- The test session a payment paid (or is paying), the merchant's: how the test clock knows a payment is its.\nSELECT id, currency FROM merchant_checkout_sessions\n WHERE payment_id = :paymentId! AND merchant_id = :merchantId! AND livemode = false"};

/**
 * Query generated from SQL:
 * ```
 * -- The test session a payment paid (or is paying), the merchant's: how the test clock knows a payment is its.
 * SELECT id, currency FROM merchant_checkout_sessions
 *  WHERE payment_id = :paymentId! AND merchant_id = :merchantId! AND livemode = false
 * ```
 */
export const testSessionPaidBy = new PreparedQuery<TestSessionPaidByParams,TestSessionPaidByResult>(testSessionPaidByIR);


/** 'TestReleasesOfPayment' parameters type */
export interface TestReleasesOfPaymentParams {
  merchantId: string;
  paymentId: string;
}

/** 'TestReleasesOfPayment' return type */
export interface TestReleasesOfPaymentResult {
  amount: string;
  due_at: Date;
  kind: string;
  released_at: Date | null;
}

/** 'TestReleasesOfPayment' query type */
export interface TestReleasesOfPaymentQuery {
  params: TestReleasesOfPaymentParams;
  result: TestReleasesOfPaymentResult;
}

const testReleasesOfPaymentIR: any = {"usedParamSet":{"paymentId":true,"merchantId":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":113,"b":123}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":143,"b":154}]}],"statement":"SELECT kind, amount::text AS \"amount!\", due_at, released_at\n  FROM merchant_balance_releases\n WHERE payment_id = :paymentId! AND merchant_id = :merchantId! AND livemode = false\n ORDER BY kind"};

/**
 * Query generated from SQL:
 * ```
 * SELECT kind, amount::text AS "amount!", due_at, released_at
 *   FROM merchant_balance_releases
 *  WHERE payment_id = :paymentId! AND merchant_id = :merchantId! AND livemode = false
 *  ORDER BY kind
 * ```
 */
export const testReleasesOfPayment = new PreparedQuery<TestReleasesOfPaymentParams,TestReleasesOfPaymentResult>(testReleasesOfPaymentIR);


/** 'ShiftTestReleasesOfPayment' parameters type */
export interface ShiftTestReleasesOfPaymentParams {
  merchantId: string;
  paymentId: string;
  seconds: number;
}

/** 'ShiftTestReleasesOfPayment' return type */
export interface ShiftTestReleasesOfPaymentResult {
  id: string;
}

/** 'ShiftTestReleasesOfPayment' query type */
export interface ShiftTestReleasesOfPaymentQuery {
  params: ShiftTestReleasesOfPaymentParams;
  result: ShiftTestReleasesOfPaymentResult;
}

const shiftTestReleasesOfPaymentIR: any = {"usedParamSet":{"seconds":true,"paymentId":true,"merchantId":true},"params":[{"name":"seconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":156,"b":164}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":192,"b":202}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":222,"b":233}]}],"statement":"-- The test clock: a test payment's unreleased releases come :seconds earlier.\nUPDATE merchant_balance_releases SET due_at = due_at - make_interval(secs => :seconds!::int)\n WHERE payment_id = :paymentId! AND merchant_id = :merchantId! AND livemode = false AND released_at IS NULL\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * -- The test clock: a test payment's unreleased releases come :seconds earlier.
 * UPDATE merchant_balance_releases SET due_at = due_at - make_interval(secs => :seconds!::int)
 *  WHERE payment_id = :paymentId! AND merchant_id = :merchantId! AND livemode = false AND released_at IS NULL
 * RETURNING id
 * ```
 */
export const shiftTestReleasesOfPayment = new PreparedQuery<ShiftTestReleasesOfPaymentParams,ShiftTestReleasesOfPaymentResult>(shiftTestReleasesOfPaymentIR);


/** 'ShiftTestDeliveriesOf' parameters type */
export interface ShiftTestDeliveriesOfParams {
  merchantId: string;
  objectId: string;
  seconds: number;
}

/** 'ShiftTestDeliveriesOf' return type */
export interface ShiftTestDeliveriesOfResult {
  id: string;
  next_attempt_at: Date;
}

/** 'ShiftTestDeliveriesOf' query type */
export interface ShiftTestDeliveriesOfQuery {
  params: ShiftTestDeliveriesOfParams;
  result: ShiftTestDeliveriesOfResult;
}

const shiftTestDeliveriesOfIR: any = {"usedParamSet":{"seconds":true,"merchantId":true,"objectId":true},"params":[{"name":"seconds","required":true,"transform":{"type":"scalar"},"locs":[{"a":322,"b":330}]},{"name":"merchantId","required":true,"transform":{"type":"scalar"},"locs":[{"a":416,"b":427}]},{"name":"objectId","required":true,"transform":{"type":"scalar"},"locs":[{"a":561,"b":570},{"a":621,"b":630}]}],"statement":"-- The test clock: the next attempt of the PENDING deliveries of a test object's events (the event's object, or\n-- the payment it names) comes :seconds earlier. Reads the merchant's test events only (30 days at most).\nUPDATE merchant_webhook_deliveries d\n   SET next_attempt_at = d.next_attempt_at - make_interval(secs => :seconds!::int)\n  FROM merchant_webhook_events e\n WHERE d.event_id = e.id AND e.merchant_id = :merchantId! AND e.livemode = false\n   AND d.status = 'PENDING' AND d.next_attempt_at IS NOT NULL\n   AND (e.body::jsonb #>> '{data,object,id}' = :objectId! OR e.body::jsonb #>> '{data,object,paymentId}' = :objectId!)\nRETURNING d.id, d.next_attempt_at AS \"next_attempt_at!\""};

/**
 * Query generated from SQL:
 * ```
 * -- The test clock: the next attempt of the PENDING deliveries of a test object's events (the event's object, or
 * -- the payment it names) comes :seconds earlier. Reads the merchant's test events only (30 days at most).
 * UPDATE merchant_webhook_deliveries d
 *    SET next_attempt_at = d.next_attempt_at - make_interval(secs => :seconds!::int)
 *   FROM merchant_webhook_events e
 *  WHERE d.event_id = e.id AND e.merchant_id = :merchantId! AND e.livemode = false
 *    AND d.status = 'PENDING' AND d.next_attempt_at IS NOT NULL
 *    AND (e.body::jsonb #>> '{data,object,id}' = :objectId! OR e.body::jsonb #>> '{data,object,paymentId}' = :objectId!)
 * RETURNING d.id, d.next_attempt_at AS "next_attempt_at!"
 * ```
 */
export const shiftTestDeliveriesOf = new PreparedQuery<ShiftTestDeliveriesOfParams,ShiftTestDeliveriesOfResult>(shiftTestDeliveriesOfIR);


