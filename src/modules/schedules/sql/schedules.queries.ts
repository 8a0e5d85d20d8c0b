/** Types generated for queries found in "src/modules/schedules/sql/schedules.sql" */
import { PreparedQuery } from '../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type NumberOrString = number | string;

/** 'InsertSchedule' parameters type */
export interface InsertScheduleParams {
  accountReference: string;
  amount?: NumberOrString | null | void;
  billerId: string;
  billerName: string;
  billerSlug: string;
  consentAcceptedAt: DateOrString;
  consentVersion: string;
  currency: string;
  customerId: string;
  dayOfMonth?: number | null | void;
  dayOfWeek?: number | null | void;
  endDate?: DateOrString | null | void;
  frequency: string;
  fundingAccountEncrypted: string;
  fundingAccountMasked: string;
  id: string;
  maximumAmount?: NumberOrString | null | void;
  mode: string;
  nextRunOn?: DateOrString | null | void;
  now: DateOrString;
  rail: string;
  savedAccountId?: string | null | void;
  startDate: DateOrString;
  status: string;
}

/** 'InsertSchedule' return type */
export interface InsertScheduleResult {
  account_reference: string;
  amount: string | null;
  biller_id: string;
  biller_name: string;
  biller_slug: string;
  cancelled_at: Date | null;
  completed_at: Date | null;
  consent_accepted_at: Date;
  consent_version: string;
  created_at: Date;
  currency: string;
  customer_id: string;
  day_of_month: number | null;
  day_of_week: number | null;
  end_date: string | null;
  frequency: string;
  funding_account_encrypted: string;
  funding_account_masked: string;
  id: string;
  maximum_amount: string | null;
  mode: string;
  next_run_on: string | null;
  rail: string;
  saved_account_id: string | null;
  start_date: string;
  status: string;
  updated_at: Date;
}

/** 'InsertSchedule' query type */
export interface InsertScheduleQuery {
  params: InsertScheduleParams;
  result: InsertScheduleResult;
}

const insertScheduleIR: any = {"usedParamSet":{"id":true,"customerId":true,"billerId":true,"billerName":true,"billerSlug":true,"accountReference":true,"savedAccountId":true,"mode":true,"amount":true,"maximumAmount":true,"currency":true,"rail":true,"fundingAccountEncrypted":true,"fundingAccountMasked":true,"frequency":true,"dayOfWeek":true,"dayOfMonth":true,"startDate":true,"endDate":true,"consentVersion":true,"consentAcceptedAt":true,"status":true,"nextRunOn":true,"now":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":373,"b":376}]},{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":379,"b":390}]},{"name":"billerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":393,"b":402}]},{"name":"billerName","required":true,"transform":{"type":"scalar"},"locs":[{"a":405,"b":416}]},{"name":"billerSlug","required":true,"transform":{"type":"scalar"},"locs":[{"a":419,"b":430}]},{"name":"accountReference","required":true,"transform":{"type":"scalar"},"locs":[{"a":433,"b":450}]},{"name":"savedAccountId","required":false,"transform":{"type":"scalar"},"locs":[{"a":453,"b":467}]},{"name":"mode","required":true,"transform":{"type":"scalar"},"locs":[{"a":470,"b":475}]},{"name":"amount","required":false,"transform":{"type":"scalar"},"locs":[{"a":486,"b":492}]},{"name":"maximumAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":495,"b":508}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":511,"b":520}]},{"name":"rail","required":true,"transform":{"type":"scalar"},"locs":[{"a":523,"b":528}]},{"name":"fundingAccountEncrypted","required":true,"transform":{"type":"scalar"},"locs":[{"a":531,"b":555}]},{"name":"fundingAccountMasked","required":true,"transform":{"type":"scalar"},"locs":[{"a":558,"b":579}]},{"name":"frequency","required":true,"transform":{"type":"scalar"},"locs":[{"a":582,"b":592}]},{"name":"dayOfWeek","required":false,"transform":{"type":"scalar"},"locs":[{"a":603,"b":612}]},{"name":"dayOfMonth","required":false,"transform":{"type":"scalar"},"locs":[{"a":615,"b":625}]},{"name":"startDate","required":true,"transform":{"type":"scalar"},"locs":[{"a":628,"b":638}]},{"name":"endDate","required":false,"transform":{"type":"scalar"},"locs":[{"a":641,"b":648}]},{"name":"consentVersion","required":true,"transform":{"type":"scalar"},"locs":[{"a":651,"b":666}]},{"name":"consentAcceptedAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":669,"b":687}]},{"name":"status","required":true,"transform":{"type":"scalar"},"locs":[{"a":690,"b":697}]},{"name":"nextRunOn","required":false,"transform":{"type":"scalar"},"locs":[{"a":700,"b":709}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":720,"b":724},{"a":727,"b":731}]}],"statement":"INSERT INTO schedules AS s (id, customer_id, biller_id, biller_name, biller_slug, account_reference,\n  saved_account_id, mode, amount, maximum_amount, currency, rail, funding_account_encrypted,\n  funding_account_masked, frequency, day_of_week, day_of_month, start_date, end_date, consent_version,\n  consent_accepted_at, status, next_run_on, created_at, updated_at)\nVALUES (:id!, :customerId!, :billerId!, :billerName!, :billerSlug!, :accountReference!, :savedAccountId, :mode!,\n        :amount, :maximumAmount, :currency!, :rail!, :fundingAccountEncrypted!, :fundingAccountMasked!, :frequency!,\n        :dayOfWeek, :dayOfMonth, :startDate!, :endDate, :consentVersion!, :consentAcceptedAt!, :status!, :nextRunOn,\n        :now!, :now!)\nRETURNING s.id, s.customer_id, s.biller_id, s.biller_name, s.biller_slug, s.account_reference,\n  s.saved_account_id, s.mode, s.amount, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted,\n  s.funding_account_masked, s.frequency, s.day_of_week, s.day_of_month, s.start_date::text AS \"start_date!\",\n  s.end_date::text AS end_date, s.consent_version, s.consent_accepted_at, s.status,\n  s.next_run_on::text AS next_run_on, s.created_at, s.updated_at, s.cancelled_at, s.completed_at"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO schedules AS s (id, customer_id, biller_id, biller_name, biller_slug, account_reference,
 *   saved_account_id, mode, amount, maximum_amount, currency, rail, funding_account_encrypted,
 *   funding_account_masked, frequency, day_of_week, day_of_month, start_date, end_date, consent_version,
 *   consent_accepted_at, status, next_run_on, created_at, updated_at)
 * VALUES (:id!, :customerId!, :billerId!, :billerName!, :billerSlug!, :accountReference!, :savedAccountId, :mode!,
 *         :amount, :maximumAmount, :currency!, :rail!, :fundingAccountEncrypted!, :fundingAccountMasked!, :frequency!,
 *         :dayOfWeek, :dayOfMonth, :startDate!, :endDate, :consentVersion!, :consentAcceptedAt!, :status!, :nextRunOn,
 *         :now!, :now!)
 * RETURNING s.id, s.customer_id, s.biller_id, s.biller_name, s.biller_slug, s.account_reference,
 *   s.saved_account_id, s.mode, s.amount, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted,
 *   s.funding_account_masked, s.frequency, s.day_of_week, s.day_of_month, s.start_date::text AS "start_date!",
 *   s.end_date::text AS end_date, s.consent_version, s.consent_accepted_at, s.status,
 *   s.next_run_on::text AS next_run_on, s.created_at, s.updated_at, s.cancelled_at, s.completed_at
 * ```
 */
export const insertSchedule = new PreparedQuery<InsertScheduleParams,InsertScheduleResult>(insertScheduleIR);


/** 'FindOwnedSchedule' parameters type */
export interface FindOwnedScheduleParams {
  customerId: string;
  id: string;
}

/** 'FindOwnedSchedule' return type */
export interface FindOwnedScheduleResult {
  account_reference: string;
  amount: string | null;
  biller_id: string;
  biller_name: string;
  biller_slug: string;
  cancelled_at: Date | null;
  completed_at: Date | null;
  consent_accepted_at: Date;
  consent_version: string;
  created_at: Date;
  currency: string;
  customer_id: string;
  day_of_month: number | null;
  day_of_week: number | null;
  end_date: string | null;
  frequency: string;
  funding_account_encrypted: string;
  funding_account_masked: string;
  id: string;
  maximum_amount: string | null;
  mode: string;
  next_run_on: string | null;
  rail: string;
  saved_account_id: string | null;
  start_date: string;
  status: string;
  updated_at: Date;
}

/** 'FindOwnedSchedule' query type */
export interface FindOwnedScheduleQuery {
  params: FindOwnedScheduleParams;
  result: FindOwnedScheduleResult;
}

const findOwnedScheduleIR: any = {"usedParamSet":{"id":true,"customerId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":522,"b":525}]},{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":547,"b":558}]}],"statement":"SELECT s.id, s.customer_id, s.biller_id, s.biller_name, s.biller_slug, s.account_reference,\n  s.saved_account_id, s.mode, s.amount, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted,\n  s.funding_account_masked, s.frequency, s.day_of_week, s.day_of_month, s.start_date::text AS \"start_date!\",\n  s.end_date::text AS end_date, s.consent_version, s.consent_accepted_at, s.status,\n  s.next_run_on::text AS next_run_on, s.created_at, s.updated_at, s.cancelled_at, s.completed_at\n  FROM schedules s\n WHERE s.id = :id! AND s.customer_id = :customerId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT s.id, s.customer_id, s.biller_id, s.biller_name, s.biller_slug, s.account_reference,
 *   s.saved_account_id, s.mode, s.amount, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted,
 *   s.funding_account_masked, s.frequency, s.day_of_week, s.day_of_month, s.start_date::text AS "start_date!",
 *   s.end_date::text AS end_date, s.consent_version, s.consent_accepted_at, s.status,
 *   s.next_run_on::text AS next_run_on, s.created_at, s.updated_at, s.cancelled_at, s.completed_at
 *   FROM schedules s
 *  WHERE s.id = :id! AND s.customer_id = :customerId!
 * ```
 */
export const findOwnedSchedule = new PreparedQuery<FindOwnedScheduleParams,FindOwnedScheduleResult>(findOwnedScheduleIR);


/** 'LockOwnedSchedule' parameters type */
export interface LockOwnedScheduleParams {
  customerId: string;
  id: string;
}

/** 'LockOwnedSchedule' return type */
export interface LockOwnedScheduleResult {
  account_reference: string;
  amount: string | null;
  biller_id: string;
  biller_name: string;
  biller_slug: string;
  cancelled_at: Date | null;
  completed_at: Date | null;
  consent_accepted_at: Date;
  consent_version: string;
  created_at: Date;
  currency: string;
  customer_id: string;
  day_of_month: number | null;
  day_of_week: number | null;
  end_date: string | null;
  frequency: string;
  funding_account_encrypted: string;
  funding_account_masked: string;
  id: string;
  maximum_amount: string | null;
  mode: string;
  next_run_on: string | null;
  rail: string;
  saved_account_id: string | null;
  start_date: string;
  status: string;
  updated_at: Date;
}

/** 'LockOwnedSchedule' query type */
export interface LockOwnedScheduleQuery {
  params: LockOwnedScheduleParams;
  result: LockOwnedScheduleResult;
}

const lockOwnedScheduleIR: any = {"usedParamSet":{"id":true,"customerId":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":522,"b":525}]},{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":547,"b":558}]}],"statement":"SELECT s.id, s.customer_id, s.biller_id, s.biller_name, s.biller_slug, s.account_reference,\n  s.saved_account_id, s.mode, s.amount, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted,\n  s.funding_account_masked, s.frequency, s.day_of_week, s.day_of_month, s.start_date::text AS \"start_date!\",\n  s.end_date::text AS end_date, s.consent_version, s.consent_accepted_at, s.status,\n  s.next_run_on::text AS next_run_on, s.created_at, s.updated_at, s.cancelled_at, s.completed_at\n  FROM schedules s\n WHERE s.id = :id! AND s.customer_id = :customerId!\n   FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT s.id, s.customer_id, s.biller_id, s.biller_name, s.biller_slug, s.account_reference,
 *   s.saved_account_id, s.mode, s.amount, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted,
 *   s.funding_account_masked, s.frequency, s.day_of_week, s.day_of_month, s.start_date::text AS "start_date!",
 *   s.end_date::text AS end_date, s.consent_version, s.consent_accepted_at, s.status,
 *   s.next_run_on::text AS next_run_on, s.created_at, s.updated_at, s.cancelled_at, s.completed_at
 *   FROM schedules s
 *  WHERE s.id = :id! AND s.customer_id = :customerId!
 *    FOR UPDATE
 * ```
 */
export const lockOwnedSchedule = new PreparedQuery<LockOwnedScheduleParams,LockOwnedScheduleResult>(lockOwnedScheduleIR);


/** 'ListOwnedSchedules' parameters type */
export interface ListOwnedSchedulesParams {
  customerId: string;
}

/** 'ListOwnedSchedules' return type */
export interface ListOwnedSchedulesResult {
  account_reference: string;
  amount: string | null;
  biller_id: string;
  biller_name: string;
  biller_slug: string;
  cancelled_at: Date | null;
  completed_at: Date | null;
  consent_accepted_at: Date;
  consent_version: string;
  created_at: Date;
  currency: string;
  customer_id: string;
  day_of_month: number | null;
  day_of_week: number | null;
  end_date: string | null;
  frequency: string;
  funding_account_encrypted: string;
  funding_account_masked: string;
  id: string;
  maximum_amount: string | null;
  mode: string;
  next_run_on: string | null;
  rail: string;
  saved_account_id: string | null;
  start_date: string;
  status: string;
  updated_at: Date;
}

/** 'ListOwnedSchedules' query type */
export interface ListOwnedSchedulesQuery {
  params: ListOwnedSchedulesParams;
  result: ListOwnedSchedulesResult;
}

const listOwnedSchedulesIR: any = {"usedParamSet":{"customerId":true},"params":[{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":531,"b":542}]}],"statement":"SELECT s.id, s.customer_id, s.biller_id, s.biller_name, s.biller_slug, s.account_reference,\n  s.saved_account_id, s.mode, s.amount, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted,\n  s.funding_account_masked, s.frequency, s.day_of_week, s.day_of_month, s.start_date::text AS \"start_date!\",\n  s.end_date::text AS end_date, s.consent_version, s.consent_accepted_at, s.status,\n  s.next_run_on::text AS next_run_on, s.created_at, s.updated_at, s.cancelled_at, s.completed_at\n  FROM schedules s\n WHERE s.customer_id = :customerId!\n ORDER BY s.created_at DESC, s.id DESC"};

/**
 * Query generated from SQL:
 * ```
 * SELECT s.id, s.customer_id, s.biller_id, s.biller_name, s.biller_slug, s.account_reference,
 *   s.saved_account_id, s.mode, s.amount, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted,
 *   s.funding_account_masked, s.frequency, s.day_of_week, s.day_of_month, s.start_date::text AS "start_date!",
 *   s.end_date::text AS end_date, s.consent_version, s.consent_accepted_at, s.status,
 *   s.next_run_on::text AS next_run_on, s.created_at, s.updated_at, s.cancelled_at, s.completed_at
 *   FROM schedules s
 *  WHERE s.customer_id = :customerId!
 *  ORDER BY s.created_at DESC, s.id DESC
 * ```
 */
export const listOwnedSchedules = new PreparedQuery<ListOwnedSchedulesParams,ListOwnedSchedulesResult>(listOwnedSchedulesIR);


/** 'UpdateSchedule' parameters type */
export interface UpdateScheduleParams {
  amount?: NumberOrString | null | void;
  cancelledAt?: DateOrString | null | void;
  completedAt?: DateOrString | null | void;
  consentAcceptedAt?: DateOrString | null | void;
  consentVersion?: string | null | void;
  dayOfMonth?: number | null | void;
  dayOfWeek?: number | null | void;
  endDate?: DateOrString | null | void;
  frequency?: string | null | void;
  id: string;
  maximumAmount?: NumberOrString | null | void;
  nextRunOn?: DateOrString | null | void;
  now: DateOrString;
  setAmount: boolean;
  setCancelledAt: boolean;
  setCompletedAt: boolean;
  setConsentAcceptedAt: boolean;
  setConsentVersion: boolean;
  setDayOfMonth: boolean;
  setDayOfWeek: boolean;
  setEndDate: boolean;
  setFrequency: boolean;
  setMaximumAmount: boolean;
  setNextRunOn: boolean;
  setStatus: boolean;
  status?: string | null | void;
}

/** 'UpdateSchedule' return type */
export interface UpdateScheduleResult {
  account_reference: string;
  amount: string | null;
  biller_id: string;
  biller_name: string;
  biller_slug: string;
  cancelled_at: Date | null;
  completed_at: Date | null;
  consent_accepted_at: Date;
  consent_version: string;
  created_at: Date;
  currency: string;
  customer_id: string;
  day_of_month: number | null;
  day_of_week: number | null;
  end_date: string | null;
  frequency: string;
  funding_account_encrypted: string;
  funding_account_masked: string;
  id: string;
  maximum_amount: string | null;
  mode: string;
  next_run_on: string | null;
  rail: string;
  saved_account_id: string | null;
  start_date: string;
  status: string;
  updated_at: Date;
}

/** 'UpdateSchedule' query type */
export interface UpdateScheduleQuery {
  params: UpdateScheduleParams;
  result: UpdateScheduleResult;
}

const updateScheduleIR: any = {"usedParamSet":{"setAmount":true,"amount":true,"setMaximumAmount":true,"maximumAmount":true,"setFrequency":true,"frequency":true,"setDayOfWeek":true,"dayOfWeek":true,"setDayOfMonth":true,"dayOfMonth":true,"setEndDate":true,"endDate":true,"setStatus":true,"status":true,"setNextRunOn":true,"nextRunOn":true,"setConsentVersion":true,"consentVersion":true,"setConsentAcceptedAt":true,"consentAcceptedAt":true,"setCancelledAt":true,"cancelledAt":true,"setCompletedAt":true,"completedAt":true,"now":true,"id":true},"params":[{"name":"setAmount","required":true,"transform":{"type":"scalar"},"locs":[{"a":148,"b":158}]},{"name":"amount","required":false,"transform":{"type":"scalar"},"locs":[{"a":165,"b":171}]},{"name":"setMaximumAmount","required":true,"transform":{"type":"scalar"},"locs":[{"a":234,"b":251}]},{"name":"maximumAmount","required":false,"transform":{"type":"scalar"},"locs":[{"a":258,"b":271}]},{"name":"setFrequency","required":true,"transform":{"type":"scalar"},"locs":[{"a":337,"b":350}]},{"name":"frequency","required":false,"transform":{"type":"scalar"},"locs":[{"a":357,"b":366}]},{"name":"setDayOfWeek","required":true,"transform":{"type":"scalar"},"locs":[{"a":430,"b":443}]},{"name":"dayOfWeek","required":false,"transform":{"type":"scalar"},"locs":[{"a":450,"b":459}]},{"name":"setDayOfMonth","required":true,"transform":{"type":"scalar"},"locs":[{"a":527,"b":541}]},{"name":"dayOfMonth","required":false,"transform":{"type":"scalar"},"locs":[{"a":548,"b":558}]},{"name":"setEndDate","required":true,"transform":{"type":"scalar"},"locs":[{"a":623,"b":634}]},{"name":"endDate","required":false,"transform":{"type":"scalar"},"locs":[{"a":641,"b":648}]},{"name":"setStatus","required":true,"transform":{"type":"scalar"},"locs":[{"a":703,"b":713}]},{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":720,"b":726}]},{"name":"setNextRunOn","required":true,"transform":{"type":"scalar"},"locs":[{"a":787,"b":800}]},{"name":"nextRunOn","required":false,"transform":{"type":"scalar"},"locs":[{"a":807,"b":816}]},{"name":"setConsentVersion","required":true,"transform":{"type":"scalar"},"locs":[{"a":883,"b":901}]},{"name":"consentVersion","required":false,"transform":{"type":"scalar"},"locs":[{"a":908,"b":922}]},{"name":"setConsentAcceptedAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":1000,"b":1021}]},{"name":"consentAcceptedAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":1028,"b":1045}]},{"name":"setCancelledAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":1158,"b":1173}]},{"name":"cancelledAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":1180,"b":1191}]},{"name":"setCompletedAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":1263,"b":1278}]},{"name":"completedAt","required":false,"transform":{"type":"scalar"},"locs":[{"a":1285,"b":1296}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":1356,"b":1360}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":1376,"b":1379}]}],"statement":"-- Writes the columns whose set flag is true (a PATCH or a cancellation), the others keep their value.\nUPDATE schedules s\n   SET amount = CASE WHEN :setAmount! THEN :amount::bigint ELSE s.amount END,\n       maximum_amount = CASE WHEN :setMaximumAmount! THEN :maximumAmount::bigint ELSE s.maximum_amount END,\n       frequency = CASE WHEN :setFrequency! THEN :frequency::varchar ELSE s.frequency END,\n       day_of_week = CASE WHEN :setDayOfWeek! THEN :dayOfWeek::smallint ELSE s.day_of_week END,\n       day_of_month = CASE WHEN :setDayOfMonth! THEN :dayOfMonth::smallint ELSE s.day_of_month END,\n       end_date = CASE WHEN :setEndDate! THEN :endDate::date ELSE s.end_date END,\n       status = CASE WHEN :setStatus! THEN :status::varchar ELSE s.status END,\n       next_run_on = CASE WHEN :setNextRunOn! THEN :nextRunOn::date ELSE s.next_run_on END,\n       consent_version = CASE WHEN :setConsentVersion! THEN :consentVersion::varchar ELSE s.consent_version END,\n       consent_accepted_at = CASE WHEN :setConsentAcceptedAt! THEN :consentAcceptedAt::timestamptz\n                                  ELSE s.consent_accepted_at END,\n       cancelled_at = CASE WHEN :setCancelledAt! THEN :cancelledAt::timestamptz ELSE s.cancelled_at END,\n       completed_at = CASE WHEN :setCompletedAt! THEN :completedAt::timestamptz ELSE s.completed_at END,\n       updated_at = :now!\n WHERE s.id = :id!\nRETURNING s.id, s.customer_id, s.biller_id, s.biller_name, s.biller_slug, s.account_reference,\n  s.saved_account_id, s.mode, s.amount, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted,\n  s.funding_account_masked, s.frequency, s.day_of_week, s.day_of_month, s.start_date::text AS \"start_date!\",\n  s.end_date::text AS end_date, s.consent_version, s.consent_accepted_at, s.status,\n  s.next_run_on::text AS next_run_on, s.created_at, s.updated_at, s.cancelled_at, s.completed_at"};

/**
 * Query generated from SQL:
 * ```
 * -- Writes the columns whose set flag is true (a PATCH or a cancellation), the others keep their value.
 * UPDATE schedules s
 *    SET amount = CASE WHEN :setAmount! THEN :amount::bigint ELSE s.amount END,
 *        maximum_amount = CASE WHEN :setMaximumAmount! THEN :maximumAmount::bigint ELSE s.maximum_amount END,
 *        frequency = CASE WHEN :setFrequency! THEN :frequency::varchar ELSE s.frequency END,
 *        day_of_week = CASE WHEN :setDayOfWeek! THEN :dayOfWeek::smallint ELSE s.day_of_week END,
 *        day_of_month = CASE WHEN :setDayOfMonth! THEN :dayOfMonth::smallint ELSE s.day_of_month END,
 *        end_date = CASE WHEN :setEndDate! THEN :endDate::date ELSE s.end_date END,
 *        status = CASE WHEN :setStatus! THEN :status::varchar ELSE s.status END,
 *        next_run_on = CASE WHEN :setNextRunOn! THEN :nextRunOn::date ELSE s.next_run_on END,
 *        consent_version = CASE WHEN :setConsentVersion! THEN :consentVersion::varchar ELSE s.consent_version END,
 *        consent_accepted_at = CASE WHEN :setConsentAcceptedAt! THEN :consentAcceptedAt::timestamptz
 *                                   ELSE s.consent_accepted_at END,
 *        cancelled_at = CASE WHEN :setCancelledAt! THEN :cancelledAt::timestamptz ELSE s.cancelled_at END,
 *        completed_at = CASE WHEN :setCompletedAt! THEN :completedAt::timestamptz ELSE s.completed_at END,
 *        updated_at = :now!
 *  WHERE s.id = :id!
 * RETURNING s.id, s.customer_id, s.biller_id, s.biller_name, s.biller_slug, s.account_reference,
 *   s.saved_account_id, s.mode, s.amount, s.maximum_amount, s.currency, s.rail, s.funding_account_encrypted,
 *   s.funding_account_masked, s.frequency, s.day_of_week, s.day_of_month, s.start_date::text AS "start_date!",
 *   s.end_date::text AS end_date, s.consent_version, s.consent_accepted_at, s.status,
 *   s.next_run_on::text AS next_run_on, s.created_at, s.updated_at, s.cancelled_at, s.completed_at
 * ```
 */
export const updateSchedule = new PreparedQuery<UpdateScheduleParams,UpdateScheduleResult>(updateScheduleIR);


/** 'PauseAllOf' parameters type */
export interface PauseAllOfParams {
  customerId: string;
  now: DateOrString;
}

/** 'PauseAllOf' return type */
export interface PauseAllOfResult {
  id: string;
}

/** 'PauseAllOf' query type */
export interface PauseAllOfQuery {
  params: PauseAllOfParams;
  result: PauseAllOfResult;
}

const pauseAllOfIR: any = {"usedParamSet":{"now":true,"customerId":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":125,"b":129}]},{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":152,"b":163}]}],"statement":"-- Pauses every ACTIVE schedule of a customer (an account deactivated).\nUPDATE schedules SET status = 'PAUSED', updated_at = :now!\n WHERE customer_id = :customerId! AND status = 'ACTIVE'\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * -- Pauses every ACTIVE schedule of a customer (an account deactivated).
 * UPDATE schedules SET status = 'PAUSED', updated_at = :now!
 *  WHERE customer_id = :customerId! AND status = 'ACTIVE'
 * RETURNING id
 * ```
 */
export const pauseAllOf = new PreparedQuery<PauseAllOfParams,PauseAllOfResult>(pauseAllOfIR);


/** 'RunsOfSchedule' parameters type */
export interface RunsOfScheduleParams {
  scheduleId: string;
}

/** 'RunsOfSchedule' return type */
export interface RunsOfScheduleResult {
  amount: string | null;
  attempt: number;
  bill_id: string | null;
  claims: number;
  completed_at: Date | null;
  created_at: Date;
  due_on: string;
  id: string;
  locked_until: Date | null;
  next_attempt_at: Date;
  outcome_code: string | null;
  outcome_message: string | null;
  payment_id: string | null;
  period_ends_at: Date;
  period_key: string;
  period_starts_at: Date;
  schedule_id: string;
  status: string;
  updated_at: Date;
}

/** 'RunsOfSchedule' query type */
export interface RunsOfScheduleQuery {
  params: RunsOfScheduleParams;
  result: RunsOfScheduleResult;
}

const runsOfScheduleIR: any = {"usedParamSet":{"scheduleId":true},"params":[{"name":"scheduleId","required":true,"transform":{"type":"scalar"},"locs":[{"a":338,"b":349}]}],"statement":"SELECT r.id, r.schedule_id, r.period_key, r.due_on::text AS \"due_on!\", r.period_starts_at, r.period_ends_at,\n  r.status, r.amount, r.bill_id, r.attempt, r.claims, r.payment_id, r.next_attempt_at, r.locked_until,\n  r.outcome_code, r.outcome_message, r.created_at, r.updated_at, r.completed_at\n  FROM schedule_runs r\n WHERE r.schedule_id = :scheduleId!\n ORDER BY r.due_on DESC, r.id DESC"};

/**
 * Query generated from SQL:
 * ```
 * SELECT r.id, r.schedule_id, r.period_key, r.due_on::text AS "due_on!", r.period_starts_at, r.period_ends_at,
 *   r.status, r.amount, r.bill_id, r.attempt, r.claims, r.payment_id, r.next_attempt_at, r.locked_until,
 *   r.outcome_code, r.outcome_message, r.created_at, r.updated_at, r.completed_at
 *   FROM schedule_runs r
 *  WHERE r.schedule_id = :scheduleId!
 *  ORDER BY r.due_on DESC, r.id DESC
 * ```
 */
export const runsOfSchedule = new PreparedQuery<RunsOfScheduleParams,RunsOfScheduleResult>(runsOfScheduleIR);


/** 'HasRunFor' parameters type */
export interface HasRunForParams {
  periodKey: string;
  scheduleId: string;
}

/** 'HasRunFor' return type */
export interface HasRunForResult {
  found: number;
}

/** 'HasRunFor' query type */
export interface HasRunForQuery {
  params: HasRunForParams;
  result: HasRunForResult;
}

const hasRunForIR: any = {"usedParamSet":{"scheduleId":true,"periodKey":true},"params":[{"name":"scheduleId","required":true,"transform":{"type":"scalar"},"locs":[{"a":60,"b":71}]},{"name":"periodKey","required":true,"transform":{"type":"scalar"},"locs":[{"a":90,"b":100}]}],"statement":"SELECT 1 AS \"found!\" FROM schedule_runs WHERE schedule_id = :scheduleId! AND period_key = :periodKey!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT 1 AS "found!" FROM schedule_runs WHERE schedule_id = :scheduleId! AND period_key = :periodKey!
 * ```
 */
export const hasRunFor = new PreparedQuery<HasRunForParams,HasRunForResult>(hasRunForIR);


