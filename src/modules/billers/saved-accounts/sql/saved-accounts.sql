/* @name SavedAccountsOwnedBy */
-- A customer's saved accounts, newest first, with what the app shows of each biller.
SELECT s.id, s.biller_id, b.slug AS biller_slug, b.name AS biller_name, b.logo_url AS biller_logo_url,
       b.active AND c.active AS "biller_active!", b.available AS biller_available, c.slug AS category_slug,
       b.account_reference_label, s.account_reference, s.nickname, s.created_at, s.updated_at
  FROM saved_biller_accounts s
  JOIN billers b ON b.id = s.biller_id
  JOIN biller_categories c ON c.id = b.category_id
 WHERE s.customer_user_id = :customerUserId!
 ORDER BY s.created_at DESC, s.id DESC
 LIMIT :limit!;

/* @name LockCustomerSavedAccounts */
-- Serialises the saves of one customer until the transaction ends (SavedAccountRepository.lockCustomer).
SELECT pg_advisory_xact_lock(hashtextextended('saved-biller-accounts:' || :customerUserId!::text, 0))::text AS "locked!";

/* @name SavedAccountHolders */
-- Who saved which of these references of one biller (any number of customers per reference).
SELECT s.account_reference, s.customer_user_id
  FROM saved_biller_accounts s
 WHERE s.biller_id = :billerId! AND s.account_reference = ANY (:accountReferences!::text[]);
