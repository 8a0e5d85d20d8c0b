/* @name ClaimDueOrigins */
-- Leases up to :batch verified https origins due for their re-check: last checked at or before :checkedBefore
-- (a week ago), or at or before :failingCheckedBefore (a day ago) while a run of failures is on, and not under
-- another worker's lease. SKIP LOCKED and the lease together keep two workers off one origin: the lease
-- (until :claimUntil) outlives this statement's transaction, the check itself runs outside any.
UPDATE merchant_origins AS o
   SET recheck_claimed_until = :claimUntil!
  FROM (
    SELECT id
      FROM merchant_origins
     WHERE status = 'VERIFIED'
       AND NOT test_mode_only
       AND (last_checked_at <= :checkedBefore! OR (failing_since IS NOT NULL AND last_checked_at <= :failingCheckedBefore!))
       AND (recheck_claimed_until IS NULL OR recheck_claimed_until < :now!)
     ORDER BY last_checked_at, id
     LIMIT :batch!
       FOR UPDATE SKIP LOCKED
  ) AS due
 WHERE o.id = due.id
RETURNING o.id, o.merchant_id, o.origin, o.challenge_token;
