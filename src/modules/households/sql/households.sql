/* @name InsertHousehold */
INSERT INTO households AS h (id, name, created_by, created_at, updated_at)
VALUES (:id!, :name!, :createdBy!, :now!, :now!)
RETURNING h.id, h.name, h.created_by, h.created_at, h.updated_at;

/* @name InsertMember */
-- Adds the member; no row when they already are one (the primary key refuses a second row).
INSERT INTO household_members AS m (household_id, user_id, role, added_by, joined_at, updated_at)
VALUES (:householdId!, :userId!, :role!, :addedBy, :now!, :now!)
ON CONFLICT (household_id, user_id) DO NOTHING
RETURNING m.household_id, m.user_id, m.role, m.added_by, m.joined_at, m.updated_at;

/* @name LockHousehold */
-- Every membership write takes this lock first.
SELECT h.id, h.name, h.created_by, h.created_at, h.updated_at FROM households h WHERE h.id = :id! FOR UPDATE;

/* @name FindMember */
SELECT m.household_id, m.user_id, m.role, m.added_by, m.joined_at, m.updated_at
  FROM household_members m
 WHERE m.household_id = :householdId! AND m.user_id = :userId!;

/* @name HouseholdsOfMember */
-- The member's households with their role, newest first.
SELECT h.id, h.name, h.created_by, h.created_at, h.updated_at, me.role,
       (SELECT count(*) FROM household_members c WHERE c.household_id = h.id)::int AS "member_count!"
  FROM household_members me JOIN households h ON h.id = me.household_id
 WHERE me.user_id = :userId!
 ORDER BY h.created_at DESC, h.id DESC;

/* @name HouseholdOfMember */
SELECT h.id, h.name, h.created_by, h.created_at, h.updated_at, me.role,
       (SELECT count(*) FROM household_members c WHERE c.household_id = h.id)::int AS "member_count!"
  FROM household_members me JOIN households h ON h.id = me.household_id
 WHERE me.household_id = :householdId! AND me.user_id = :userId!;

/* @name MembersOf */
-- OWNERs first, then by the date they joined.
SELECT m.household_id, m.user_id, m.role, m.added_by, m.joined_at, m.updated_at
  FROM household_members m
 WHERE m.household_id = :householdId!
 ORDER BY array_position(ARRAY['OWNER', 'ADMIN', 'MEMBER', 'VIEWER']::text[], m.role::text), m.joined_at, m.user_id;

/* @name CountMembers */
SELECT count(*)::int AS "members!", count(*) FILTER (WHERE role = 'OWNER')::int AS "owners!"
  FROM household_members
 WHERE household_id = :householdId!;

/* @name UpdateMemberRole */
UPDATE household_members SET role = :role!, updated_at = :now!
 WHERE household_id = :householdId! AND user_id = :userId!;

/* @name DeleteMember */
DELETE FROM household_members WHERE household_id = :householdId! AND user_id = :userId!;

/* @name DeleteBillSharesBy */
WITH deleted AS (
  DELETE FROM bill_shares WHERE household_id = :householdId! AND shared_by = :userId! RETURNING 1
)
SELECT count(*)::int AS "deleted!" FROM deleted;

/* @name DeleteSharedAccountsBy */
WITH deleted AS (
  DELETE FROM household_shared_accounts WHERE household_id = :householdId! AND shared_by = :userId! RETURNING 1
)
SELECT count(*)::int AS "deleted!" FROM deleted;

/* @name TouchHousehold */
UPDATE households SET updated_at = :now! WHERE id = :id!;

/* @name InsertSharedAccount */
-- Shares the account; no row when it already is shared with the household.
INSERT INTO household_shared_accounts AS a (household_id, saved_account_id, shared_by, biller_id, biller_name,
  account_reference, shared_at)
VALUES (:householdId!, :savedAccountId!, :sharedBy!, :billerId!, :billerName!, :accountReference!, :now!)
ON CONFLICT (household_id, saved_account_id) DO NOTHING
RETURNING a.household_id, a.saved_account_id, a.shared_by, a.biller_id, a.biller_name, a.account_reference,
  a.shared_at;

/* @name FindSharedAccount */
SELECT a.household_id, a.saved_account_id, a.shared_by, a.biller_id, a.biller_name, a.account_reference, a.shared_at
  FROM household_shared_accounts a
 WHERE a.household_id = :householdId! AND a.saved_account_id = :savedAccountId!;

/* @name SharedAccountsOf */
SELECT a.household_id, a.saved_account_id, a.shared_by, a.biller_id, a.biller_name, a.account_reference, a.shared_at
  FROM household_shared_accounts a
 WHERE a.household_id = :householdId!
 ORDER BY a.shared_at DESC, a.saved_account_id DESC;

/* @name DeleteSharedAccount */
DELETE FROM household_shared_accounts WHERE household_id = :householdId! AND saved_account_id = :savedAccountId!;

/* @name InsertBillShare */
INSERT INTO bill_shares (bill_id, household_id, shared_by, shared_at) VALUES (:billId!, :householdId!, :sharedBy!, :now!)
ON CONFLICT (bill_id, household_id) DO NOTHING;

/* @name FindBillShare */
SELECT bill_id, household_id, shared_by, shared_at FROM bill_shares WHERE bill_id = :billId! AND household_id = :householdId!;

/* @name DeleteBillShare */
WITH deleted AS (
  DELETE FROM bill_shares WHERE bill_id = :billId! AND household_id = :householdId! RETURNING 1
)
SELECT count(*)::int AS "deleted!" FROM deleted;

/* @name BillSharesVisibleTo */
-- The bill shares of every household the customer belongs to (their own shares included).
SELECT s.bill_id, s.household_id, h.name AS household_name, s.shared_by, me.role
  FROM household_members me
  JOIN bill_shares s ON s.household_id = me.household_id
  JOIN households h ON h.id = me.household_id
 WHERE me.user_id = :userId!
 ORDER BY s.shared_at, s.household_id;

/* @name SharedAccountsVisibleTo */
-- The shared accounts of every household the customer belongs to (their own shares included).
SELECT a.biller_id, a.account_reference, a.household_id, h.name AS household_name, a.shared_by, me.role
  FROM household_members me
  JOIN household_shared_accounts a ON a.household_id = me.household_id
  JOIN households h ON h.id = me.household_id
 WHERE me.user_id = :userId!
 ORDER BY a.shared_at, a.household_id;
