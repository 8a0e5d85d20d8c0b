/** Types generated for queries found in "src/modules/bills/sql/bills.sql" */
import { PreparedQuery } from '../../../platform/database/sql-query';

export type DateOrString = Date | string;

export type DateOrStringArray = (DateOrString)[];

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export type JsonArray = (Json)[];

export type NumberOrString = number | string;

export type NumberOrStringArray = (NumberOrString)[];

export type stringArray = (string)[];

/** 'LockKey' parameters type */
export interface LockKeyParams {
  key: string;
}

/** 'LockKey' return type */
export interface LockKeyResult {
  locked: string;
}

/** 'LockKey' query type */
export interface LockKeyQuery {
  params: LockKeyParams;
  result: LockKeyResult;
}

const lockKeyIR: any = {"usedParamSet":{"key":true},"params":[{"name":"key","required":true,"transform":{"type":"scalar"},"locs":[{"a":152,"b":156}]}],"statement":"-- Serialises work on one key (the ingestion of a biller, one biller account) until the transaction ends.\nSELECT pg_advisory_xact_lock(hashtextextended(:key!, 0))::text AS \"locked!\""};

/**
 * Query generated from SQL:
 * ```
 * -- Serialises work on one key (the ingestion of a biller, one biller account) until the transaction ends.
 * SELECT pg_advisory_xact_lock(hashtextextended(:key!, 0))::text AS "locked!"
 * ```
 */
export const lockKey = new PreparedQuery<LockKeyParams,LockKeyResult>(lockKeyIR);


/** 'LockedByReferences' parameters type */
export interface LockedByReferencesParams {
  billerId: string;
  billReferences: stringArray;
}

/** 'LockedByReferences' return type */
export interface LockedByReferencesResult {
  account_reference: string;
  amount_due: string;
  bill_date: string;
  bill_reference: string;
  biller_id: string;
  biller_name: string;
  biller_slug: string;
  created_at: Date;
  currency: string;
  customer_id: string | null;
  due_date: string;
  id: string;
  line_items: Json;
  paid_at: Date | null;
  payment_attempt: number;
  payment_id: string | null;
  status: string;
  updated_at: Date;
  viewed_at: Date | null;
  withdrawn_at: Date | null;
}

/** 'LockedByReferences' query type */
export interface LockedByReferencesQuery {
  params: LockedByReferencesParams;
  result: LockedByReferencesResult;
}

const lockedByReferencesIR: any = {"usedParamSet":{"billerId":true,"billReferences":true},"params":[{"name":"billerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":378,"b":387}]},{"name":"billReferences","required":true,"transform":{"type":"scalar"},"locs":[{"a":417,"b":432}]}],"statement":"SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,\n       b.amount_due, b.currency, b.bill_date::text AS \"bill_date!\", b.due_date::text AS \"due_date!\", b.line_items,\n       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at\n  FROM bills b\n WHERE b.biller_id = :billerId! AND b.bill_reference = ANY (:billReferences!::text[])\n ORDER BY b.id\n   FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
 *        b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
 *        b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at
 *   FROM bills b
 *  WHERE b.biller_id = :billerId! AND b.bill_reference = ANY (:billReferences!::text[])
 *  ORDER BY b.id
 *    FOR UPDATE
 * ```
 */
export const lockedByReferences = new PreparedQuery<LockedByReferencesParams,LockedByReferencesResult>(lockedByReferencesIR);


/** 'InsertBills' parameters type */
export interface InsertBillsParams {
  accountReferences: stringArray;
  amounts: NumberOrStringArray;
  billDates: DateOrStringArray;
  billerId: string;
  billerName: string;
  billerSlug: string;
  billReferences: stringArray;
  currencies: stringArray;
  customerIds: stringArray;
  dueDates: DateOrStringArray;
  ids: stringArray;
  lineItems: JsonArray;
  now: DateOrString;
}

/** 'InsertBills' return type */
export interface InsertBillsResult {
  id: string;
}

/** 'InsertBills' query type */
export interface InsertBillsQuery {
  params: InsertBillsParams;
  result: InsertBillsResult;
}

const insertBillsIR: any = {"usedParamSet":{"billerId":true,"billerName":true,"billerSlug":true,"now":true,"ids":true,"billReferences":true,"accountReferences":true,"customerIds":true,"amounts":true,"currencies":true,"billDates":true,"dueDates":true,"lineItems":true},"params":[{"name":"billerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":329,"b":338}]},{"name":"billerName","required":true,"transform":{"type":"scalar"},"locs":[{"a":341,"b":352}]},{"name":"billerSlug","required":true,"transform":{"type":"scalar"},"locs":[{"a":355,"b":366}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":532,"b":536},{"a":539,"b":543}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":559,"b":563}]},{"name":"billReferences","required":true,"transform":{"type":"scalar"},"locs":[{"a":574,"b":589}]},{"name":"accountReferences","required":true,"transform":{"type":"scalar"},"locs":[{"a":600,"b":618}]},{"name":"customerIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":629,"b":641}]},{"name":"amounts","required":true,"transform":{"type":"scalar"},"locs":[{"a":666,"b":674}]},{"name":"currencies","required":true,"transform":{"type":"scalar"},"locs":[{"a":687,"b":698}]},{"name":"billDates","required":true,"transform":{"type":"scalar"},"locs":[{"a":709,"b":719}]},{"name":"dueDates","required":true,"transform":{"type":"scalar"},"locs":[{"a":730,"b":739}]},{"name":"lineItems","required":true,"transform":{"type":"scalar"},"locs":[{"a":764,"b":774}]}],"statement":"-- customerIds are text, '' for an unmatched bill (pgtyped types the elements of a list as not null).\nINSERT INTO bills (id, biller_id, biller_name, biller_slug, bill_reference, account_reference, customer_id,\n                   amount_due, currency, bill_date, due_date, line_items, status, created_at, updated_at)\nSELECT i.id, :billerId!, :billerName!, :billerSlug!, i.bill_reference, i.account_reference,\n       NULLIF(i.customer_id, '')::uuid, i.amount_due, i.currency, i.bill_date, i.due_date, i.line_items, 'UNVIEWED',\n       :now!, :now!\n  FROM unnest(:ids!::uuid[], :billReferences!::text[], :accountReferences!::text[], :customerIds!::text[],\n              :amounts!::bigint[], :currencies!::text[], :billDates!::date[], :dueDates!::date[],\n              :lineItems!::jsonb[])\n       AS i(id, bill_reference, account_reference, customer_id, amount_due, currency, bill_date, due_date, line_items)\nON CONFLICT (biller_id, bill_reference) DO NOTHING\nRETURNING id"};

/**
 * Query generated from SQL:
 * ```
 * -- customerIds are text, '' for an unmatched bill (pgtyped types the elements of a list as not null).
 * INSERT INTO bills (id, biller_id, biller_name, biller_slug, bill_reference, account_reference, customer_id,
 *                    amount_due, currency, bill_date, due_date, line_items, status, created_at, updated_at)
 * SELECT i.id, :billerId!, :billerName!, :billerSlug!, i.bill_reference, i.account_reference,
 *        NULLIF(i.customer_id, '')::uuid, i.amount_due, i.currency, i.bill_date, i.due_date, i.line_items, 'UNVIEWED',
 *        :now!, :now!
 *   FROM unnest(:ids!::uuid[], :billReferences!::text[], :accountReferences!::text[], :customerIds!::text[],
 *               :amounts!::bigint[], :currencies!::text[], :billDates!::date[], :dueDates!::date[],
 *               :lineItems!::jsonb[])
 *        AS i(id, bill_reference, account_reference, customer_id, amount_due, currency, bill_date, due_date, line_items)
 * ON CONFLICT (biller_id, bill_reference) DO NOTHING
 * RETURNING id
 * ```
 */
export const insertBills = new PreparedQuery<InsertBillsParams,InsertBillsResult>(insertBillsIR);


/** 'UpdateBills' parameters type */
export interface UpdateBillsParams {
  amounts: NumberOrStringArray;
  billDates: DateOrStringArray;
  customerIds: stringArray;
  dueDates: DateOrStringArray;
  ids: stringArray;
  lineItems: JsonArray;
  now: DateOrString;
  statuses: stringArray;
}

/** 'UpdateBills' return type */
export interface UpdateBillsResult {
  id: string;
}

/** 'UpdateBills' query type */
export interface UpdateBillsQuery {
  params: UpdateBillsParams;
  result: UpdateBillsResult;
}

const updateBillsIR: any = {"usedParamSet":{"now":true,"ids":true,"customerIds":true,"amounts":true,"billDates":true,"dueDates":true,"lineItems":true,"statuses":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":333,"b":337},{"a":365,"b":369}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":385,"b":389}]},{"name":"customerIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":400,"b":412}]},{"name":"amounts","required":true,"transform":{"type":"scalar"},"locs":[{"a":423,"b":431}]},{"name":"billDates","required":true,"transform":{"type":"scalar"},"locs":[{"a":444,"b":454}]},{"name":"dueDates","required":true,"transform":{"type":"scalar"},"locs":[{"a":465,"b":474}]},{"name":"lineItems","required":true,"transform":{"type":"scalar"},"locs":[{"a":499,"b":509}]},{"name":"statuses","required":true,"transform":{"type":"scalar"},"locs":[{"a":521,"b":530}]}],"statement":"-- customerIds are text, '' for an unmatched bill.\nUPDATE bills b\n   SET customer_id = NULLIF(u.customer_id, '')::uuid, amount_due = u.amount_due, bill_date = u.bill_date,\n       due_date = u.due_date, line_items = u.line_items, status = u.status,\n       withdrawn_at = CASE WHEN u.status = 'WITHDRAWN' THEN coalesce(b.withdrawn_at, :now!) END,\n       updated_at = :now!\n  FROM unnest(:ids!::uuid[], :customerIds!::text[], :amounts!::bigint[], :billDates!::date[], :dueDates!::date[],\n              :lineItems!::jsonb[], :statuses!::text[])\n       AS u(id, customer_id, amount_due, bill_date, due_date, line_items, status)\n WHERE b.id = u.id AND b.status <> 'PAID'\nRETURNING b.id"};

/**
 * Query generated from SQL:
 * ```
 * -- customerIds are text, '' for an unmatched bill.
 * UPDATE bills b
 *    SET customer_id = NULLIF(u.customer_id, '')::uuid, amount_due = u.amount_due, bill_date = u.bill_date,
 *        due_date = u.due_date, line_items = u.line_items, status = u.status,
 *        withdrawn_at = CASE WHEN u.status = 'WITHDRAWN' THEN coalesce(b.withdrawn_at, :now!) END,
 *        updated_at = :now!
 *   FROM unnest(:ids!::uuid[], :customerIds!::text[], :amounts!::bigint[], :billDates!::date[], :dueDates!::date[],
 *               :lineItems!::jsonb[], :statuses!::text[])
 *        AS u(id, customer_id, amount_due, bill_date, due_date, line_items, status)
 *  WHERE b.id = u.id AND b.status <> 'PAID'
 * RETURNING b.id
 * ```
 */
export const updateBills = new PreparedQuery<UpdateBillsParams,UpdateBillsResult>(updateBillsIR);


/** 'PageOwned' parameters type */
export interface PageOwnedParams {
  customerId: string;
  limit: NumberOrString;
  offset: NumberOrString;
  status?: string | null | void;
  today: DateOrString;
}

/** 'PageOwned' return type */
export interface PageOwnedResult {
  account_reference: string;
  amount_due: string;
  bill_date: string;
  bill_reference: string;
  biller_id: string;
  biller_name: string;
  biller_slug: string;
  created_at: Date;
  currency: string;
  customer_id: string | null;
  due_date: string;
  id: string;
  line_items: Json;
  paid_at: Date | null;
  payment_attempt: number;
  payment_id: string | null;
  status: string;
  updated_at: Date;
  viewed_at: Date | null;
  withdrawn_at: Date | null;
}

/** 'PageOwned' query type */
export interface PageOwnedQuery {
  params: PageOwnedParams;
  result: PageOwnedResult;
}

const pageOwnedIR: any = {"usedParamSet":{"customerId":true,"status":true,"today":true,"limit":true,"offset":true},"params":[{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":380,"b":391}]},{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":398,"b":404},{"a":534,"b":540}]},{"name":"today","required":true,"transform":{"type":"scalar"},"locs":[{"a":485,"b":491}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":595,"b":601}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":610,"b":617}]}],"statement":"SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,\n       b.amount_due, b.currency, b.bill_date::text AS \"bill_date!\", b.due_date::text AS \"due_date!\", b.line_items,\n       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at\n  FROM bills b\n WHERE b.customer_id = :customerId! AND (:status::text IS NULL OR CASE WHEN b.status IN ('UNVIEWED', 'VIEWED') AND b.due_date < :today!::date THEN 'OVERDUE' ELSE b.status END = :status::text)\n ORDER BY b.created_at DESC, b.id DESC\n LIMIT :limit! OFFSET :offset!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
 *        b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
 *        b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at
 *   FROM bills b
 *  WHERE b.customer_id = :customerId! AND (:status::text IS NULL OR CASE WHEN b.status IN ('UNVIEWED', 'VIEWED') AND b.due_date < :today!::date THEN 'OVERDUE' ELSE b.status END = :status::text)
 *  ORDER BY b.created_at DESC, b.id DESC
 *  LIMIT :limit! OFFSET :offset!
 * ```
 */
export const pageOwned = new PreparedQuery<PageOwnedParams,PageOwnedResult>(pageOwnedIR);


/** 'CountOwned' parameters type */
export interface CountOwnedParams {
  customerId: string;
  status?: string | null | void;
  today: DateOrString;
}

/** 'CountOwned' return type */
export interface CountOwnedResult {
  total: string;
}

/** 'CountOwned' query type */
export interface CountOwnedQuery {
  params: CountOwnedParams;
  result: CountOwnedResult;
}

const countOwnedIR: any = {"usedParamSet":{"customerId":true,"status":true,"today":true},"params":[{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":72,"b":83}]},{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":90,"b":96},{"a":226,"b":232}]},{"name":"today","required":true,"transform":{"type":"scalar"},"locs":[{"a":177,"b":183}]}],"statement":"SELECT count(*)::text AS \"total!\"\n  FROM bills b\n WHERE b.customer_id = :customerId! AND (:status::text IS NULL OR CASE WHEN b.status IN ('UNVIEWED', 'VIEWED') AND b.due_date < :today!::date THEN 'OVERDUE' ELSE b.status END = :status::text)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT count(*)::text AS "total!"
 *   FROM bills b
 *  WHERE b.customer_id = :customerId! AND (:status::text IS NULL OR CASE WHEN b.status IN ('UNVIEWED', 'VIEWED') AND b.due_date < :today!::date THEN 'OVERDUE' ELSE b.status END = :status::text)
 * ```
 */
export const countOwned = new PreparedQuery<CountOwnedParams,CountOwnedResult>(countOwnedIR);


/** 'PageVisible' parameters type */
export interface PageVisibleParams {
  customerId: string;
  limit: NumberOrString;
  offset: NumberOrString;
  sharedAccountOwners: stringArray;
  sharedAccountReferences: stringArray;
  sharedBillerIds: stringArray;
  sharedBillIds: stringArray;
  sharedBillOwners: stringArray;
  status?: string | null | void;
  today: DateOrString;
}

/** 'PageVisible' return type */
export interface PageVisibleResult {
  account_reference: string;
  amount_due: string;
  bill_date: string;
  bill_reference: string;
  biller_id: string;
  biller_name: string;
  biller_slug: string;
  created_at: Date;
  currency: string;
  customer_id: string | null;
  due_date: string;
  id: string;
  line_items: Json;
  paid_at: Date | null;
  payment_attempt: number;
  payment_id: string | null;
  status: string;
  updated_at: Date;
  viewed_at: Date | null;
  withdrawn_at: Date | null;
}

/** 'PageVisible' query type */
export interface PageVisibleQuery {
  params: PageVisibleParams;
  result: PageVisibleResult;
}

const pageVisibleIR: any = {"usedParamSet":{"customerId":true,"sharedBillIds":true,"sharedBillOwners":true,"sharedBillerIds":true,"sharedAccountReferences":true,"sharedAccountOwners":true,"status":true,"today":true,"limit":true,"offset":true},"params":[{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":573,"b":584}]},{"name":"sharedBillIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":626,"b":640}]},{"name":"sharedBillOwners","required":true,"transform":{"type":"scalar"},"locs":[{"a":651,"b":668}]},{"name":"sharedBillerIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":818,"b":834}]},{"name":"sharedAccountReferences","required":true,"transform":{"type":"scalar"},"locs":[{"a":845,"b":869}]},{"name":"sharedAccountOwners","required":true,"transform":{"type":"scalar"},"locs":[{"a":920,"b":940}]},{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":1157,"b":1163},{"a":1293,"b":1299}]},{"name":"today","required":true,"transform":{"type":"scalar"},"locs":[{"a":1244,"b":1250}]},{"name":"limit","required":true,"transform":{"type":"scalar"},"locs":[{"a":1354,"b":1360}]},{"name":"offset","required":true,"transform":{"type":"scalar"},"locs":[{"a":1369,"b":1376}]}],"statement":"-- The bills a customer sees: their own, plus bills shared with them through a household, named\n-- by id (bill_shares) or by a shared biller account, each only while the sharer still owns it.\nSELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,\n       b.amount_due, b.currency, b.bill_date::text AS \"bill_date!\", b.due_date::text AS \"due_date!\", b.line_items,\n       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at\n  FROM bills b\n WHERE (b.customer_id = :customerId!\n        OR EXISTS (SELECT 1 FROM unnest(:sharedBillIds!::uuid[], :sharedBillOwners!::uuid[]) AS s(bill_id, owner_id)\n                    WHERE s.bill_id = b.id AND s.owner_id = b.customer_id)\n        OR EXISTS (SELECT 1 FROM unnest(:sharedBillerIds!::uuid[], :sharedAccountReferences!::text[],\n                                        :sharedAccountOwners!::uuid[]) AS a(biller_id, account_reference, owner_id)\n                    WHERE a.biller_id = b.biller_id AND a.account_reference = b.account_reference\n                      AND a.owner_id = b.customer_id))\n   AND (:status::text IS NULL OR CASE WHEN b.status IN ('UNVIEWED', 'VIEWED') AND b.due_date < :today!::date THEN 'OVERDUE' ELSE b.status END = :status::text)\n ORDER BY b.created_at DESC, b.id DESC\n LIMIT :limit! OFFSET :offset!"};

/**
 * Query generated from SQL:
 * ```
 * -- The bills a customer sees: their own, plus bills shared with them through a household, named
 * -- by id (bill_shares) or by a shared biller account, each only while the sharer still owns it.
 * SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
 *        b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
 *        b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at
 *   FROM bills b
 *  WHERE (b.customer_id = :customerId!
 *         OR EXISTS (SELECT 1 FROM unnest(:sharedBillIds!::uuid[], :sharedBillOwners!::uuid[]) AS s(bill_id, owner_id)
 *                     WHERE s.bill_id = b.id AND s.owner_id = b.customer_id)
 *         OR EXISTS (SELECT 1 FROM unnest(:sharedBillerIds!::uuid[], :sharedAccountReferences!::text[],
 *                                         :sharedAccountOwners!::uuid[]) AS a(biller_id, account_reference, owner_id)
 *                     WHERE a.biller_id = b.biller_id AND a.account_reference = b.account_reference
 *                       AND a.owner_id = b.customer_id))
 *    AND (:status::text IS NULL OR CASE WHEN b.status IN ('UNVIEWED', 'VIEWED') AND b.due_date < :today!::date THEN 'OVERDUE' ELSE b.status END = :status::text)
 *  ORDER BY b.created_at DESC, b.id DESC
 *  LIMIT :limit! OFFSET :offset!
 * ```
 */
export const pageVisible = new PreparedQuery<PageVisibleParams,PageVisibleResult>(pageVisibleIR);


/** 'CountVisible' parameters type */
export interface CountVisibleParams {
  customerId: string;
  sharedAccountOwners: stringArray;
  sharedAccountReferences: stringArray;
  sharedBillerIds: stringArray;
  sharedBillIds: stringArray;
  sharedBillOwners: stringArray;
  status?: string | null | void;
  today: DateOrString;
}

/** 'CountVisible' return type */
export interface CountVisibleResult {
  total: string;
}

/** 'CountVisible' query type */
export interface CountVisibleQuery {
  params: CountVisibleParams;
  result: CountVisibleResult;
}

const countVisibleIR: any = {"usedParamSet":{"customerId":true,"sharedBillIds":true,"sharedBillOwners":true,"sharedBillerIds":true,"sharedAccountReferences":true,"sharedAccountOwners":true,"status":true,"today":true},"params":[{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":73,"b":84}]},{"name":"sharedBillIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":126,"b":140}]},{"name":"sharedBillOwners","required":true,"transform":{"type":"scalar"},"locs":[{"a":151,"b":168}]},{"name":"sharedBillerIds","required":true,"transform":{"type":"scalar"},"locs":[{"a":318,"b":334}]},{"name":"sharedAccountReferences","required":true,"transform":{"type":"scalar"},"locs":[{"a":345,"b":369}]},{"name":"sharedAccountOwners","required":true,"transform":{"type":"scalar"},"locs":[{"a":420,"b":440}]},{"name":"status","required":false,"transform":{"type":"scalar"},"locs":[{"a":657,"b":663},{"a":793,"b":799}]},{"name":"today","required":true,"transform":{"type":"scalar"},"locs":[{"a":744,"b":750}]}],"statement":"SELECT count(*)::text AS \"total!\"\n  FROM bills b\n WHERE (b.customer_id = :customerId!\n        OR EXISTS (SELECT 1 FROM unnest(:sharedBillIds!::uuid[], :sharedBillOwners!::uuid[]) AS s(bill_id, owner_id)\n                    WHERE s.bill_id = b.id AND s.owner_id = b.customer_id)\n        OR EXISTS (SELECT 1 FROM unnest(:sharedBillerIds!::uuid[], :sharedAccountReferences!::text[],\n                                        :sharedAccountOwners!::uuid[]) AS a(biller_id, account_reference, owner_id)\n                    WHERE a.biller_id = b.biller_id AND a.account_reference = b.account_reference\n                      AND a.owner_id = b.customer_id))\n   AND (:status::text IS NULL OR CASE WHEN b.status IN ('UNVIEWED', 'VIEWED') AND b.due_date < :today!::date THEN 'OVERDUE' ELSE b.status END = :status::text)"};

/**
 * Query generated from SQL:
 * ```
 * SELECT count(*)::text AS "total!"
 *   FROM bills b
 *  WHERE (b.customer_id = :customerId!
 *         OR EXISTS (SELECT 1 FROM unnest(:sharedBillIds!::uuid[], :sharedBillOwners!::uuid[]) AS s(bill_id, owner_id)
 *                     WHERE s.bill_id = b.id AND s.owner_id = b.customer_id)
 *         OR EXISTS (SELECT 1 FROM unnest(:sharedBillerIds!::uuid[], :sharedAccountReferences!::text[],
 *                                         :sharedAccountOwners!::uuid[]) AS a(biller_id, account_reference, owner_id)
 *                     WHERE a.biller_id = b.biller_id AND a.account_reference = b.account_reference
 *                       AND a.owner_id = b.customer_id))
 *    AND (:status::text IS NULL OR CASE WHEN b.status IN ('UNVIEWED', 'VIEWED') AND b.due_date < :today!::date THEN 'OVERDUE' ELSE b.status END = :status::text)
 * ```
 */
export const countVisible = new PreparedQuery<CountVisibleParams,CountVisibleResult>(countVisibleIR);


/** 'FindBillById' parameters type */
export interface FindBillByIdParams {
  id: string;
}

/** 'FindBillById' return type */
export interface FindBillByIdResult {
  account_reference: string;
  amount_due: string;
  bill_date: string;
  bill_reference: string;
  biller_id: string;
  biller_name: string;
  biller_slug: string;
  created_at: Date;
  currency: string;
  customer_id: string | null;
  due_date: string;
  id: string;
  line_items: Json;
  paid_at: Date | null;
  payment_attempt: number;
  payment_id: string | null;
  status: string;
  updated_at: Date;
  viewed_at: Date | null;
  withdrawn_at: Date | null;
}

/** 'FindBillById' query type */
export interface FindBillByIdQuery {
  params: FindBillByIdParams;
  result: FindBillByIdResult;
}

const findBillByIdIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":371,"b":374}]}],"statement":"SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,\n       b.amount_due, b.currency, b.bill_date::text AS \"bill_date!\", b.due_date::text AS \"due_date!\", b.line_items,\n       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at\n  FROM bills b\n WHERE b.id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
 *        b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
 *        b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at
 *   FROM bills b
 *  WHERE b.id = :id!
 * ```
 */
export const findBillById = new PreparedQuery<FindBillByIdParams,FindBillByIdResult>(findBillByIdIR);


/** 'LockBillById' parameters type */
export interface LockBillByIdParams {
  id: string;
}

/** 'LockBillById' return type */
export interface LockBillByIdResult {
  account_reference: string;
  amount_due: string;
  bill_date: string;
  bill_reference: string;
  biller_id: string;
  biller_name: string;
  biller_slug: string;
  created_at: Date;
  currency: string;
  customer_id: string | null;
  due_date: string;
  id: string;
  line_items: Json;
  paid_at: Date | null;
  payment_attempt: number;
  payment_id: string | null;
  status: string;
  updated_at: Date;
  viewed_at: Date | null;
  withdrawn_at: Date | null;
}

/** 'LockBillById' query type */
export interface LockBillByIdQuery {
  params: LockBillByIdParams;
  result: LockBillByIdResult;
}

const lockBillByIdIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":371,"b":374}]}],"statement":"SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,\n       b.amount_due, b.currency, b.bill_date::text AS \"bill_date!\", b.due_date::text AS \"due_date!\", b.line_items,\n       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at\n  FROM bills b\n WHERE b.id = :id!\n   FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
 *        b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
 *        b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at
 *   FROM bills b
 *  WHERE b.id = :id!
 *    FOR UPDATE
 * ```
 */
export const lockBillById = new PreparedQuery<LockBillByIdParams,LockBillByIdResult>(lockBillByIdIR);


/** 'MarkViewed' parameters type */
export interface MarkViewedParams {
  customerId: string;
  id: string;
  now: DateOrString;
}

/** 'MarkViewed' return type */
export interface MarkViewedResult {
  account_reference: string;
  amount_due: string;
  bill_date: string;
  bill_reference: string;
  biller_id: string;
  biller_name: string;
  biller_slug: string;
  created_at: Date;
  currency: string;
  customer_id: string | null;
  due_date: string;
  id: string;
  line_items: Json;
  paid_at: Date | null;
  payment_attempt: number;
  payment_id: string | null;
  status: string;
  updated_at: Date;
  viewed_at: Date | null;
  withdrawn_at: Date | null;
}

/** 'MarkViewed' query type */
export interface MarkViewedQuery {
  params: MarkViewedParams;
  result: MarkViewedResult;
}

const markViewedIR: any = {"usedParamSet":{"now":true,"id":true,"customerId":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":50,"b":54},{"a":70,"b":74}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":90,"b":93}]},{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":115,"b":126}]}],"statement":"UPDATE bills b SET status = 'VIEWED', viewed_at = :now!, updated_at = :now!\n WHERE b.id = :id! AND b.customer_id = :customerId! AND b.status = 'UNVIEWED'\nRETURNING b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,\n       b.amount_due, b.currency, b.bill_date::text AS \"bill_date!\", b.due_date::text AS \"due_date!\", b.line_items,\n       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE bills b SET status = 'VIEWED', viewed_at = :now!, updated_at = :now!
 *  WHERE b.id = :id! AND b.customer_id = :customerId! AND b.status = 'UNVIEWED'
 * RETURNING b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
 *        b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
 *        b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at
 * ```
 */
export const markViewed = new PreparedQuery<MarkViewedParams,MarkViewedResult>(markViewedIR);


/** 'OpenOfAccount' parameters type */
export interface OpenOfAccountParams {
  accountReference: string;
  billerId: string;
}

/** 'OpenOfAccount' return type */
export interface OpenOfAccountResult {
  account_reference: string;
  amount_due: string;
  bill_date: string;
  bill_reference: string;
  biller_id: string;
  biller_name: string;
  biller_slug: string;
  created_at: Date;
  currency: string;
  customer_id: string | null;
  due_date: string;
  id: string;
  line_items: Json;
  paid_at: Date | null;
  payment_attempt: number;
  payment_id: string | null;
  status: string;
  updated_at: Date;
  viewed_at: Date | null;
  withdrawn_at: Date | null;
}

/** 'OpenOfAccount' query type */
export interface OpenOfAccountQuery {
  params: OpenOfAccountParams;
  result: OpenOfAccountResult;
}

const openOfAccountIR: any = {"usedParamSet":{"billerId":true,"accountReference":true},"params":[{"name":"billerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":378,"b":387}]},{"name":"accountReference","required":true,"transform":{"type":"scalar"},"locs":[{"a":415,"b":432}]}],"statement":"SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,\n       b.amount_due, b.currency, b.bill_date::text AS \"bill_date!\", b.due_date::text AS \"due_date!\", b.line_items,\n       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at\n  FROM bills b\n WHERE b.biller_id = :billerId! AND b.account_reference = :accountReference! AND b.status IN ('UNVIEWED', 'VIEWED')\n ORDER BY b.id\n   FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
 *        b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
 *        b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at
 *   FROM bills b
 *  WHERE b.biller_id = :billerId! AND b.account_reference = :accountReference! AND b.status IN ('UNVIEWED', 'VIEWED')
 *  ORDER BY b.id
 *    FOR UPDATE
 * ```
 */
export const openOfAccount = new PreparedQuery<OpenOfAccountParams,OpenOfAccountResult>(openOfAccountIR);


/** 'AssignBills' parameters type */
export interface AssignBillsParams {
  customerId: string;
  ids: stringArray;
  now: DateOrString;
}

/** 'AssignBills' return type */
export interface AssignBillsResult {
  id: string;
}

/** 'AssignBills' query type */
export interface AssignBillsQuery {
  params: AssignBillsParams;
  result: AssignBillsResult;
}

const assignBillsIR: any = {"usedParamSet":{"customerId":true,"now":true,"ids":true},"params":[{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":33,"b":44}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":60,"b":64}]},{"name":"ids","required":true,"transform":{"type":"scalar"},"locs":[{"a":85,"b":89}]}],"statement":"UPDATE bills b SET customer_id = :customerId!, updated_at = :now!\n WHERE b.id = ANY (:ids!::uuid[]) AND b.customer_id IS NULL AND b.status IN ('UNVIEWED', 'VIEWED')\nRETURNING b.id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE bills b SET customer_id = :customerId!, updated_at = :now!
 *  WHERE b.id = ANY (:ids!::uuid[]) AND b.customer_id IS NULL AND b.status IN ('UNVIEWED', 'VIEWED')
 * RETURNING b.id
 * ```
 */
export const assignBills = new PreparedQuery<AssignBillsParams,AssignBillsResult>(assignBillsIR);


/** 'MarkPaid' parameters type */
export interface MarkPaidParams {
  customerId: string;
  id: string;
  now: DateOrString;
  paymentId: string;
}

/** 'MarkPaid' return type */
export interface MarkPaidResult {
  account_reference: string;
  amount_due: string;
  bill_date: string;
  bill_reference: string;
  biller_id: string;
  biller_name: string;
  biller_slug: string;
  created_at: Date;
  currency: string;
  customer_id: string | null;
  due_date: string;
  id: string;
  line_items: Json;
  paid_at: Date | null;
  payment_attempt: number;
  payment_id: string | null;
  status: string;
  updated_at: Date;
  viewed_at: Date | null;
  withdrawn_at: Date | null;
}

/** 'MarkPaid' query type */
export interface MarkPaidQuery {
  params: MarkPaidParams;
  result: MarkPaidResult;
}

const markPaidIR: any = {"usedParamSet":{"paymentId":true,"customerId":true,"now":true,"id":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":49,"b":59}]},{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":76,"b":87},{"a":237,"b":248}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":100,"b":104},{"a":127,"b":131}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":147,"b":150}]}],"statement":"UPDATE bills b SET status = 'PAID', payment_id = :paymentId!, customer_id = :customerId!, paid_at = :now!,\n       updated_at = :now!\n WHERE b.id = :id! AND b.status IN ('UNVIEWED', 'VIEWED') AND (b.customer_id IS NULL OR b.customer_id = :customerId!)\nRETURNING b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,\n       b.amount_due, b.currency, b.bill_date::text AS \"bill_date!\", b.due_date::text AS \"due_date!\", b.line_items,\n       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE bills b SET status = 'PAID', payment_id = :paymentId!, customer_id = :customerId!, paid_at = :now!,
 *        updated_at = :now!
 *  WHERE b.id = :id! AND b.status IN ('UNVIEWED', 'VIEWED') AND (b.customer_id IS NULL OR b.customer_id = :customerId!)
 * RETURNING b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
 *        b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
 *        b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at
 * ```
 */
export const markPaid = new PreparedQuery<MarkPaidParams,MarkPaidResult>(markPaidIR);


/** 'CountFailedAttempt' parameters type */
export interface CountFailedAttemptParams {
  attempt: number;
  id: string;
  now: DateOrString;
}

/** 'CountFailedAttempt' return type */
export interface CountFailedAttemptResult {
  id: string;
}

/** 'CountFailedAttempt' query type */
export interface CountFailedAttemptQuery {
  params: CountFailedAttemptParams;
  result: CountFailedAttemptResult;
}

const countFailedAttemptIR: any = {"usedParamSet":{"now":true,"id":true,"attempt":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":73,"b":77}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":93,"b":96}]},{"name":"attempt","required":true,"transform":{"type":"scalar"},"locs":[{"a":122,"b":130}]}],"statement":"UPDATE bills b SET payment_attempt = b.payment_attempt + 1, updated_at = :now!\n WHERE b.id = :id! AND b.payment_attempt = :attempt! AND b.status IN ('UNVIEWED', 'VIEWED')\nRETURNING b.id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE bills b SET payment_attempt = b.payment_attempt + 1, updated_at = :now!
 *  WHERE b.id = :id! AND b.payment_attempt = :attempt! AND b.status IN ('UNVIEWED', 'VIEWED')
 * RETURNING b.id
 * ```
 */
export const countFailedAttempt = new PreparedQuery<CountFailedAttemptParams,CountFailedAttemptResult>(countFailedAttemptIR);


/** 'BillByPayment' parameters type */
export interface BillByPaymentParams {
  paymentId: string;
}

/** 'BillByPayment' return type */
export interface BillByPaymentResult {
  account_reference: string;
  amount_due: string;
  bill_date: string;
  bill_reference: string;
  biller_id: string;
  biller_name: string;
  biller_slug: string;
  created_at: Date;
  currency: string;
  customer_id: string | null;
  due_date: string;
  id: string;
  line_items: Json;
  paid_at: Date | null;
  payment_attempt: number;
  payment_id: string | null;
  status: string;
  updated_at: Date;
  viewed_at: Date | null;
  withdrawn_at: Date | null;
}

/** 'BillByPayment' query type */
export interface BillByPaymentQuery {
  params: BillByPaymentParams;
  result: BillByPaymentResult;
}

const billByPaymentIR: any = {"usedParamSet":{"paymentId":true},"params":[{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":379,"b":389}]}],"statement":"SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,\n       b.amount_due, b.currency, b.bill_date::text AS \"bill_date!\", b.due_date::text AS \"due_date!\", b.line_items,\n       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at\n  FROM bills b\n WHERE b.payment_id = :paymentId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
 *        b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
 *        b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at
 *   FROM bills b
 *  WHERE b.payment_id = :paymentId!
 * ```
 */
export const billByPayment = new PreparedQuery<BillByPaymentParams,BillByPaymentResult>(billByPaymentIR);


/** 'BillsSettlementCandidate' parameters type */
export interface BillsSettlementCandidateParams {
  accountReference: string;
  amount: NumberOrString;
  billerId: string;
  currency: string;
  payerId: string;
  paymentId: string;
}

/** 'BillsSettlementCandidate' return type */
export interface BillsSettlementCandidateResult {
  candidate: boolean;
}

/** 'BillsSettlementCandidate' query type */
export interface BillsSettlementCandidateQuery {
  params: BillsSettlementCandidateParams;
  result: BillsSettlementCandidateResult;
}

const billsSettlementCandidateIR: any = {"usedParamSet":{"billerId":true,"accountReference":true,"amount":true,"currency":true,"payerId":true,"paymentId":true},"params":[{"name":"billerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":456,"b":465}]},{"name":"accountReference","required":true,"transform":{"type":"scalar"},"locs":[{"a":493,"b":510}]},{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":531,"b":538}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":577,"b":586}]},{"name":"payerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":660,"b":668}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":763,"b":773}]}],"statement":"-- Whether a payment.succeeded has a bill to settle, read without the account's lock: an open bill\n-- Settleable would take, and no bill settled by the payment already. Most payments have none\n-- and stop here, before the payment's status read, the lock and the transaction\n-- (BillSettlementService.settle); a bill committed after this read is one that arrived after the event.\nSELECT EXISTS (\n         SELECT 1 FROM bills b\n          WHERE b.biller_id = :billerId! AND b.account_reference = :accountReference! AND b.amount_due = :amount!::bigint\n            AND b.currency = :currency! AND b.status IN ('UNVIEWED', 'VIEWED')\n            AND (b.customer_id = :payerId! OR b.customer_id IS NULL))\n       AND NOT EXISTS (SELECT 1 FROM bills b WHERE b.payment_id = :paymentId!) AS \"candidate!\""};

/**
 * Query generated from SQL:
 * ```
 * -- Whether a payment.succeeded has a bill to settle, read without the account's lock: an open bill
 * -- Settleable would take, and no bill settled by the payment already. Most payments have none
 * -- and stop here, before the payment's status read, the lock and the transaction
 * -- (BillSettlementService.settle); a bill committed after this read is one that arrived after the event.
 * SELECT EXISTS (
 *          SELECT 1 FROM bills b
 *           WHERE b.biller_id = :billerId! AND b.account_reference = :accountReference! AND b.amount_due = :amount!::bigint
 *             AND b.currency = :currency! AND b.status IN ('UNVIEWED', 'VIEWED')
 *             AND (b.customer_id = :payerId! OR b.customer_id IS NULL))
 *        AND NOT EXISTS (SELECT 1 FROM bills b WHERE b.payment_id = :paymentId!) AS "candidate!"
 * ```
 */
export const billsSettlementCandidate = new PreparedQuery<BillsSettlementCandidateParams,BillsSettlementCandidateResult>(billsSettlementCandidateIR);


/** 'Settleable' parameters type */
export interface SettleableParams {
  accountReference: string;
  amount: NumberOrString;
  billerId: string;
  currency: string;
  payerId: string;
}

/** 'Settleable' return type */
export interface SettleableResult {
  account_reference: string;
  amount_due: string;
  bill_date: string;
  bill_reference: string;
  biller_id: string;
  biller_name: string;
  biller_slug: string;
  created_at: Date;
  currency: string;
  customer_id: string | null;
  due_date: string;
  id: string;
  line_items: Json;
  paid_at: Date | null;
  payment_attempt: number;
  payment_id: string | null;
  status: string;
  updated_at: Date;
  viewed_at: Date | null;
  withdrawn_at: Date | null;
}

/** 'Settleable' query type */
export interface SettleableQuery {
  params: SettleableParams;
  result: SettleableResult;
}

const settleableIR: any = {"usedParamSet":{"billerId":true,"accountReference":true,"amount":true,"currency":true,"payerId":true},"params":[{"name":"billerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":378,"b":387}]},{"name":"accountReference","required":true,"transform":{"type":"scalar"},"locs":[{"a":415,"b":432}]},{"name":"amount","required":true,"transform":{"type":"scalar"},"locs":[{"a":453,"b":460}]},{"name":"currency","required":true,"transform":{"type":"scalar"},"locs":[{"a":490,"b":499}]},{"name":"payerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":561,"b":569}]}],"statement":"SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,\n       b.amount_due, b.currency, b.bill_date::text AS \"bill_date!\", b.due_date::text AS \"due_date!\", b.line_items,\n       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at\n  FROM bills b\n WHERE b.biller_id = :billerId! AND b.account_reference = :accountReference! AND b.amount_due = :amount!::bigint\n   AND b.currency = :currency! AND b.status IN ('UNVIEWED', 'VIEWED') AND (b.customer_id = :payerId! OR b.customer_id IS NULL)\n ORDER BY (b.customer_id IS NULL), b.due_date, b.created_at, b.id\n LIMIT 1\n   FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
 *        b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
 *        b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at
 *   FROM bills b
 *  WHERE b.biller_id = :billerId! AND b.account_reference = :accountReference! AND b.amount_due = :amount!::bigint
 *    AND b.currency = :currency! AND b.status IN ('UNVIEWED', 'VIEWED') AND (b.customer_id = :payerId! OR b.customer_id IS NULL)
 *  ORDER BY (b.customer_id IS NULL), b.due_date, b.created_at, b.id
 *  LIMIT 1
 *    FOR UPDATE
 * ```
 */
export const settleable = new PreparedQuery<SettleableParams,SettleableResult>(settleableIR);


/** 'ReopenPaidBy' parameters type */
export interface ReopenPaidByParams {
  now: DateOrString;
  paymentId: string;
}

/** 'ReopenPaidBy' return type */
export interface ReopenPaidByResult {
  id: string;
}

/** 'ReopenPaidBy' query type */
export interface ReopenPaidByQuery {
  params: ReopenPaidByParams;
  result: ReopenPaidByResult;
}

const reopenPaidByIR: any = {"usedParamSet":{"now":true,"paymentId":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":107,"b":111},{"a":176,"b":180}]},{"name":"paymentId","required":true,"transform":{"type":"scalar"},"locs":[{"a":204,"b":214}]}],"statement":"UPDATE bills b SET status = 'VIEWED', payment_id = NULL, paid_at = NULL, viewed_at = coalesce(b.viewed_at, :now!),\n       payment_attempt = b.payment_attempt + 1, updated_at = :now!\n WHERE b.payment_id = :paymentId! AND b.status = 'PAID'\nRETURNING b.id"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE bills b SET status = 'VIEWED', payment_id = NULL, paid_at = NULL, viewed_at = coalesce(b.viewed_at, :now!),
 *        payment_attempt = b.payment_attempt + 1, updated_at = :now!
 *  WHERE b.payment_id = :paymentId! AND b.status = 'PAID'
 * RETURNING b.id
 * ```
 */
export const reopenPaidBy = new PreparedQuery<ReopenPaidByParams,ReopenPaidByResult>(reopenPaidByIR);


/** 'OpenOwnedOfAccount' parameters type */
export interface OpenOwnedOfAccountParams {
  accountReference: string;
  billerId: string;
  customerId: string;
}

/** 'OpenOwnedOfAccount' return type */
export interface OpenOwnedOfAccountResult {
  account_reference: string;
  amount_due: string;
  bill_date: string;
  bill_reference: string;
  biller_id: string;
  biller_name: string;
  biller_slug: string;
  created_at: Date;
  currency: string;
  customer_id: string | null;
  due_date: string;
  id: string;
  line_items: Json;
  paid_at: Date | null;
  payment_attempt: number;
  payment_id: string | null;
  status: string;
  updated_at: Date;
  viewed_at: Date | null;
  withdrawn_at: Date | null;
}

/** 'OpenOwnedOfAccount' query type */
export interface OpenOwnedOfAccountQuery {
  params: OpenOwnedOfAccountParams;
  result: OpenOwnedOfAccountResult;
}

const openOwnedOfAccountIR: any = {"usedParamSet":{"customerId":true,"billerId":true,"accountReference":true},"params":[{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":380,"b":391}]},{"name":"billerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":411,"b":420}]},{"name":"accountReference","required":true,"transform":{"type":"scalar"},"locs":[{"a":448,"b":465}]}],"statement":"SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,\n       b.amount_due, b.currency, b.bill_date::text AS \"bill_date!\", b.due_date::text AS \"due_date!\", b.line_items,\n       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at\n  FROM bills b\n WHERE b.customer_id = :customerId! AND b.biller_id = :billerId! AND b.account_reference = :accountReference!\n   AND b.status IN ('UNVIEWED', 'VIEWED')\n ORDER BY b.due_date, b.created_at, b.id"};

/**
 * Query generated from SQL:
 * ```
 * SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
 *        b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
 *        b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at
 *   FROM bills b
 *  WHERE b.customer_id = :customerId! AND b.biller_id = :billerId! AND b.account_reference = :accountReference!
 *    AND b.status IN ('UNVIEWED', 'VIEWED')
 *  ORDER BY b.due_date, b.created_at, b.id
 * ```
 */
export const openOwnedOfAccount = new PreparedQuery<OpenOwnedOfAccountParams,OpenOwnedOfAccountResult>(openOwnedOfAccountIR);


/** 'PaymentLeaseOf' parameters type */
export interface PaymentLeaseOfParams {
  billId: string;
}

/** 'PaymentLeaseOf' return type */
export interface PaymentLeaseOfResult {
  customer_id: string;
  expires_at: Date;
  idempotency_key: string | null;
}

/** 'PaymentLeaseOf' query type */
export interface PaymentLeaseOfQuery {
  params: PaymentLeaseOfParams;
  result: PaymentLeaseOfResult;
}

const paymentLeaseOfIR: any = {"usedParamSet":{"billId":true},"params":[{"name":"billId","required":true,"transform":{"type":"scalar"},"locs":[{"a":219,"b":226}]}],"statement":"-- The payment lease of the bill as it stands, locked (the bill row is locked first, see the lock order of the README).\nSELECT l.customer_id, l.idempotency_key, l.expires_at FROM bill_payment_leases l WHERE l.bill_id = :billId! FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * -- The payment lease of the bill as it stands, locked (the bill row is locked first, see the lock order of the README).
 * SELECT l.customer_id, l.idempotency_key, l.expires_at FROM bill_payment_leases l WHERE l.bill_id = :billId! FOR UPDATE
 * ```
 */
export const paymentLeaseOf = new PreparedQuery<PaymentLeaseOfParams,PaymentLeaseOfResult>(paymentLeaseOfIR);


/** 'WritePaymentLease' parameters type */
export interface WritePaymentLeaseParams {
  billId: string;
  customerId: string;
  expiresAt: DateOrString;
  idempotencyKey: string;
  token: string;
}

/** 'WritePaymentLease' return type */
export type WritePaymentLeaseResult = void;

/** 'WritePaymentLease' query type */
export interface WritePaymentLeaseQuery {
  params: WritePaymentLeaseParams;
  result: WritePaymentLeaseResult;
}

const writePaymentLeaseIR: any = {"usedParamSet":{"billId":true,"customerId":true,"token":true,"idempotencyKey":true,"expiresAt":true},"params":[{"name":"billId","required":true,"transform":{"type":"scalar"},"locs":[{"a":196,"b":203}]},{"name":"customerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":206,"b":217}]},{"name":"token","required":true,"transform":{"type":"scalar"},"locs":[{"a":220,"b":226}]},{"name":"idempotencyKey","required":true,"transform":{"type":"scalar"},"locs":[{"a":229,"b":244}]},{"name":"expiresAt","required":true,"transform":{"type":"scalar"},"locs":[{"a":247,"b":257}]}],"statement":"-- Gives the payment lease of the bill to the payer, in place of none or of an expired one.\nINSERT INTO bill_payment_leases AS l (bill_id, customer_id, token, idempotency_key, expires_at)\nVALUES (:billId!, :customerId!, :token!, :idempotencyKey!, :expiresAt!)\nON CONFLICT (bill_id) DO UPDATE SET customer_id = EXCLUDED.customer_id, token = EXCLUDED.token,\n       idempotency_key = EXCLUDED.idempotency_key, expires_at = EXCLUDED.expires_at"};

/**
 * Query generated from SQL:
 * ```
 * -- Gives the payment lease of the bill to the payer, in place of none or of an expired one.
 * INSERT INTO bill_payment_leases AS l (bill_id, customer_id, token, idempotency_key, expires_at)
 * VALUES (:billId!, :customerId!, :token!, :idempotencyKey!, :expiresAt!)
 * ON CONFLICT (bill_id) DO UPDATE SET customer_id = EXCLUDED.customer_id, token = EXCLUDED.token,
 *        idempotency_key = EXCLUDED.idempotency_key, expires_at = EXCLUDED.expires_at
 * ```
 */
export const writePaymentLease = new PreparedQuery<WritePaymentLeaseParams,WritePaymentLeaseResult>(writePaymentLeaseIR);


/** 'ReleasePaymentLease' parameters type */
export interface ReleasePaymentLeaseParams {
  billId: string;
  token: string;
}

/** 'ReleasePaymentLease' return type */
export interface ReleasePaymentLeaseResult {
  bill_id: string;
}

/** 'ReleasePaymentLease' query type */
export interface ReleasePaymentLeaseQuery {
  params: ReleasePaymentLeaseParams;
  result: ReleasePaymentLeaseResult;
}

const releasePaymentLeaseIR: any = {"usedParamSet":{"billId":true,"token":true},"params":[{"name":"billId","required":true,"transform":{"type":"scalar"},"locs":[{"a":52,"b":59}]},{"name":"token","required":true,"transform":{"type":"scalar"},"locs":[{"a":75,"b":81}]}],"statement":"DELETE FROM bill_payment_leases l WHERE l.bill_id = :billId! AND l.token = :token! RETURNING l.bill_id"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM bill_payment_leases l WHERE l.bill_id = :billId! AND l.token = :token! RETURNING l.bill_id
 * ```
 */
export const releasePaymentLease = new PreparedQuery<ReleasePaymentLeaseParams,ReleasePaymentLeaseResult>(releasePaymentLeaseIR);


