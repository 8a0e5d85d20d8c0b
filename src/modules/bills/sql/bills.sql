/* @name LockKey */
-- Serialises work on one key (the ingestion of a biller, one biller account) until the transaction ends.
SELECT pg_advisory_xact_lock(hashtextextended(:key!, 0))::text AS "locked!";

/* @name LockedByReferences */
SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
       b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at
  FROM bills b
 WHERE b.biller_id = :billerId! AND b.bill_reference = ANY (:billReferences!::text[])
 ORDER BY b.id
   FOR UPDATE;

/* @name InsertBills */
-- customerIds are text, '' for an unmatched bill (pgtyped types the elements of a list as not null).
INSERT INTO bills (id, biller_id, biller_name, biller_slug, bill_reference, account_reference, customer_id,
                   amount_due, currency, bill_date, due_date, line_items, status, created_at, updated_at)
SELECT i.id, :billerId!, :billerName!, :billerSlug!, i.bill_reference, i.account_reference,
       NULLIF(i.customer_id, '')::uuid, i.amount_due, i.currency, i.bill_date, i.due_date, i.line_items, 'UNVIEWED',
       :now!, :now!
  FROM unnest(:ids!::uuid[], :billReferences!::text[], :accountReferences!::text[], :customerIds!::text[],
              :amounts!::bigint[], :currencies!::text[], :billDates!::date[], :dueDates!::date[],
              :lineItems!::jsonb[])
       AS i(id, bill_reference, account_reference, customer_id, amount_due, currency, bill_date, due_date, line_items)
ON CONFLICT (biller_id, bill_reference) DO NOTHING
RETURNING id;

/* @name UpdateBills */
-- customerIds are text, '' for an unmatched bill.
UPDATE bills b
   SET customer_id = NULLIF(u.customer_id, '')::uuid, amount_due = u.amount_due, bill_date = u.bill_date,
       due_date = u.due_date, line_items = u.line_items, status = u.status,
       withdrawn_at = CASE WHEN u.status = 'WITHDRAWN' THEN coalesce(b.withdrawn_at, :now!) END,
       updated_at = :now!
  FROM unnest(:ids!::uuid[], :customerIds!::text[], :amounts!::bigint[], :billDates!::date[], :dueDates!::date[],
              :lineItems!::jsonb[], :statuses!::text[])
       AS u(id, customer_id, amount_due, bill_date, due_date, line_items, status)
 WHERE b.id = u.id AND b.status <> 'PAID'
RETURNING b.id;

/* @name PageOwned */
SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
       b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at
  FROM bills b
 WHERE b.customer_id = :customerId! AND (:status::text IS NULL OR CASE WHEN b.status IN ('UNVIEWED', 'VIEWED') AND b.due_date < :today!::date THEN 'OVERDUE' ELSE b.status END = :status::text)
 ORDER BY b.created_at DESC, b.id DESC
 LIMIT :limit! OFFSET :offset!;

/* @name CountOwned */
SELECT count(*)::text AS "total!"
  FROM bills b
 WHERE b.customer_id = :customerId! AND (:status::text IS NULL OR CASE WHEN b.status IN ('UNVIEWED', 'VIEWED') AND b.due_date < :today!::date THEN 'OVERDUE' ELSE b.status END = :status::text);

/* @name PageVisible */
-- The bills a customer sees: their own, plus bills shared with them through a household, named
-- by id (bill_shares) or by a shared biller account, each only while the sharer still owns it.
SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
       b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at
  FROM bills b
 WHERE (b.customer_id = :customerId!
        OR EXISTS (SELECT 1 FROM unnest(:sharedBillIds!::uuid[], :sharedBillOwners!::uuid[]) AS s(bill_id, owner_id)
                    WHERE s.bill_id = b.id AND s.owner_id = b.customer_id)
        OR EXISTS (SELECT 1 FROM unnest(:sharedBillerIds!::uuid[], :sharedAccountReferences!::text[],
                                        :sharedAccountOwners!::uuid[]) AS a(biller_id, account_reference, owner_id)
                    WHERE a.biller_id = b.biller_id AND a.account_reference = b.account_reference
                      AND a.owner_id = b.customer_id))
   AND (:status::text IS NULL OR CASE WHEN b.status IN ('UNVIEWED', 'VIEWED') AND b.due_date < :today!::date THEN 'OVERDUE' ELSE b.status END = :status::text)
 ORDER BY b.created_at DESC, b.id DESC
 LIMIT :limit! OFFSET :offset!;

/* @name CountVisible */
SELECT count(*)::text AS "total!"
  FROM bills b
 WHERE (b.customer_id = :customerId!
        OR EXISTS (SELECT 1 FROM unnest(:sharedBillIds!::uuid[], :sharedBillOwners!::uuid[]) AS s(bill_id, owner_id)
                    WHERE s.bill_id = b.id AND s.owner_id = b.customer_id)
        OR EXISTS (SELECT 1 FROM unnest(:sharedBillerIds!::uuid[], :sharedAccountReferences!::text[],
                                        :sharedAccountOwners!::uuid[]) AS a(biller_id, account_reference, owner_id)
                    WHERE a.biller_id = b.biller_id AND a.account_reference = b.account_reference
                      AND a.owner_id = b.customer_id))
   AND (:status::text IS NULL OR CASE WHEN b.status IN ('UNVIEWED', 'VIEWED') AND b.due_date < :today!::date THEN 'OVERDUE' ELSE b.status END = :status::text);

/* @name FindBillById */
SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
       b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at
  FROM bills b
 WHERE b.id = :id!;

/* @name LockBillById */
SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
       b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at
  FROM bills b
 WHERE b.id = :id!
   FOR UPDATE;

/* @name MarkViewed */
UPDATE bills b SET status = 'VIEWED', viewed_at = :now!, updated_at = :now!
 WHERE b.id = :id! AND b.customer_id = :customerId! AND b.status = 'UNVIEWED'
RETURNING b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
       b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at;

/* @name OpenOfAccount */
SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
       b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at
  FROM bills b
 WHERE b.biller_id = :billerId! AND b.account_reference = :accountReference! AND b.status IN ('UNVIEWED', 'VIEWED')
 ORDER BY b.id
   FOR UPDATE;

/* @name AssignBills */
UPDATE bills b SET customer_id = :customerId!, updated_at = :now!
 WHERE b.id = ANY (:ids!::uuid[]) AND b.customer_id IS NULL AND b.status IN ('UNVIEWED', 'VIEWED')
RETURNING b.id;

/* @name MarkPaid */
UPDATE bills b SET status = 'PAID', payment_id = :paymentId!, customer_id = :customerId!, paid_at = :now!,
       updated_at = :now!
 WHERE b.id = :id! AND b.status IN ('UNVIEWED', 'VIEWED') AND (b.customer_id IS NULL OR b.customer_id = :customerId!)
RETURNING b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
       b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at;

/* @name CountFailedAttempt */
UPDATE bills b SET payment_attempt = b.payment_attempt + 1, updated_at = :now!
 WHERE b.id = :id! AND b.payment_attempt = :attempt! AND b.status IN ('UNVIEWED', 'VIEWED')
RETURNING b.id;

/* @name BillByPayment */
SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
       b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at
  FROM bills b
 WHERE b.payment_id = :paymentId!;

/* @name BillsSettlementCandidate */
-- Whether a payment.succeeded has a bill to settle, read without the account's lock: an open bill
-- Settleable would take, and no bill settled by the payment already. Most payments have none
-- and stop here, before the payment's status read, the lock and the transaction
-- (BillSettlementService.settle); a bill committed after this read is one that arrived after the event.
SELECT EXISTS (
         SELECT 1 FROM bills b
          WHERE b.biller_id = :billerId! AND b.account_reference = :accountReference! AND b.amount_due = :amount!::bigint
            AND b.currency = :currency! AND b.status IN ('UNVIEWED', 'VIEWED')
            AND (b.customer_id = :payerId! OR b.customer_id IS NULL))
       AND NOT EXISTS (SELECT 1 FROM bills b WHERE b.payment_id = :paymentId!) AS "candidate!";

/* @name Settleable */
SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
       b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at
  FROM bills b
 WHERE b.biller_id = :billerId! AND b.account_reference = :accountReference! AND b.amount_due = :amount!::bigint
   AND b.currency = :currency! AND b.status IN ('UNVIEWED', 'VIEWED') AND (b.customer_id = :payerId! OR b.customer_id IS NULL)
 ORDER BY (b.customer_id IS NULL), b.due_date, b.created_at, b.id
 LIMIT 1
   FOR UPDATE;

/* @name ReopenPaidBy */
UPDATE bills b SET status = 'VIEWED', payment_id = NULL, paid_at = NULL, viewed_at = coalesce(b.viewed_at, :now!),
       payment_attempt = b.payment_attempt + 1, updated_at = :now!
 WHERE b.payment_id = :paymentId! AND b.status = 'PAID'
RETURNING b.id;

/* @name OpenOwnedOfAccount */
SELECT b.id, b.biller_id, b.biller_name, b.biller_slug, b.bill_reference, b.account_reference, b.customer_id,
       b.amount_due, b.currency, b.bill_date::text AS "bill_date!", b.due_date::text AS "due_date!", b.line_items,
       b.status, b.payment_id, b.payment_attempt, b.viewed_at, b.paid_at, b.withdrawn_at, b.created_at, b.updated_at
  FROM bills b
 WHERE b.customer_id = :customerId! AND b.biller_id = :billerId! AND b.account_reference = :accountReference!
   AND b.status IN ('UNVIEWED', 'VIEWED')
 ORDER BY b.due_date, b.created_at, b.id;

/* @name PaymentLeaseOf */
-- The payment lease of the bill as it stands, locked (the bill row is locked first, see the lock order of the README).
SELECT l.customer_id, l.idempotency_key, l.expires_at FROM bill_payment_leases l WHERE l.bill_id = :billId! FOR UPDATE;

/* @name WritePaymentLease */
-- Gives the payment lease of the bill to the payer, in place of none or of an expired one.
INSERT INTO bill_payment_leases AS l (bill_id, customer_id, token, idempotency_key, expires_at)
VALUES (:billId!, :customerId!, :token!, :idempotencyKey!, :expiresAt!)
ON CONFLICT (bill_id) DO UPDATE SET customer_id = EXCLUDED.customer_id, token = EXCLUDED.token,
       idempotency_key = EXCLUDED.idempotency_key, expires_at = EXCLUDED.expires_at;

/* @name ReleasePaymentLease */
DELETE FROM bill_payment_leases l WHERE l.bill_id = :billId! AND l.token = :token! RETURNING l.bill_id;
