/** Types generated for queries found in "src/modules/households/sql/households.sql" */
import { PreparedQuery } from '../../../platform/database/sql-query';

export type DateOrString = Date | string;

/** 'InsertHousehold' parameters type */
export interface InsertHouseholdParams {
  createdBy: string;
  id: string;
  name: string;
  now: DateOrString;
}

/** 'InsertHousehold' return type */
export interface InsertHouseholdResult {
  created_at: Date;
  created_by: string;
  id: string;
  name: string;
  updated_at: Date;
}

/** 'InsertHousehold' query type */
export interface InsertHouseholdQuery {
  params: InsertHouseholdParams;
  result: InsertHouseholdResult;
}

const insertHouseholdIR: any = {"usedParamSet":{"id":true,"name":true,"createdBy":true,"now":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":83,"b":86}]},{"name":"name","required":true,"transform":{"type":"scalar"},"locs":[{"a":89,"b":94}]},{"name":"createdBy","required":true,"transform":{"type":"scalar"},"locs":[{"a":97,"b":107}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":110,"b":114},{"a":117,"b":121}]}],"statement":"INSERT INTO households AS h (id, name, created_by, created_at, updated_at)\nVALUES (:id!, :name!, :createdBy!, :now!, :now!)\nRETURNING h.id, h.name, h.created_by, h.created_at, h.updated_at"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO households AS h (id, name, created_by, created_at, updated_at)
 * VALUES (:id!, :name!, :createdBy!, :now!, :now!)
 * RETURNING h.id, h.name, h.created_by, h.created_at, h.updated_at
 * ```
 */
export const insertHousehold = new PreparedQuery<InsertHouseholdParams,InsertHouseholdResult>(insertHouseholdIR);


/** 'InsertMember' parameters type */
export interface InsertMemberParams {
  addedBy?: string | null | void;
  householdId: string;
  now: DateOrString;
  role: string;
  userId: string;
}

/** 'InsertMember' return type */
export interface InsertMemberResult {
  added_by: string | null;
  household_id: string;
  joined_at: Date;
  role: string;
  updated_at: Date;
  user_id: string;
}

/** 'InsertMember' query type */
export interface InsertMemberQuery {
  params: InsertMemberParams;
  result: InsertMemberResult;
}

const insertMemberIR: any = {"usedParamSet":{"householdId":true,"userId":true,"role":true,"addedBy":true,"now":true},"params":[{"name":"householdId","required":true,"transform":{"type":"scalar"},"locs":[{"a":199,"b":211}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":214,"b":221}]},{"name":"role","required":true,"transform":{"type":"scalar"},"locs":[{"a":224,"b":229}]},{"name":"addedBy","required":false,"transform":{"type":"scalar"},"locs":[{"a":232,"b":239}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":242,"b":246},{"a":249,"b":253}]}],"statement":"-- Adds the member; no row when they already are one (the primary key refuses a second row).\nINSERT INTO household_members AS m (household_id, user_id, role, added_by, joined_at, updated_at)\nVALUES (:householdId!, :userId!, :role!, :addedBy, :now!, :now!)\nON CONFLICT (household_id, user_id) DO NOTHING\nRETURNING m.household_id, m.user_id, m.role, m.added_by, m.joined_at, m.updated_at"};

/**
 * Query generated from SQL:
 * ```
 * -- Adds the member; no row when they already are one (the primary key refuses a second row).
 * INSERT INTO household_members AS m (household_id, user_id, role, added_by, joined_at, updated_at)
 * VALUES (:householdId!, :userId!, :role!, :addedBy, :now!, :now!)
 * ON CONFLICT (household_id, user_id) DO NOTHING
 * RETURNING m.household_id, m.user_id, m.role, m.added_by, m.joined_at, m.updated_at
 * ```
 */
export const insertMember = new PreparedQuery<InsertMemberParams,InsertMemberResult>(insertMemberIR);


/** 'LockHousehold' parameters type */
export interface LockHouseholdParams {
  id: string;
}

/** 'LockHousehold' return type */
export interface LockHouseholdResult {
  created_at: Date;
  created_by: string;
  id: string;
  name: string;
  updated_at: Date;
}

/** 'LockHousehold' query type */
export interface LockHouseholdQuery {
  params: LockHouseholdParams;
  result: LockHouseholdResult;
}

const lockHouseholdIR: any = {"usedParamSet":{"id":true},"params":[{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":142,"b":145}]}],"statement":"-- Every membership write takes this lock first.\nSELECT h.id, h.name, h.created_by, h.created_at, h.updated_at FROM households h WHERE h.id = :id! FOR UPDATE"};

/**
 * Query generated from SQL:
 * ```
 * -- Every membership write takes this lock first.
 * SELECT h.id, h.name, h.created_by, h.created_at, h.updated_at FROM households h WHERE h.id = :id! FOR UPDATE
 * ```
 */
export const lockHousehold = new PreparedQuery<LockHouseholdParams,LockHouseholdResult>(lockHouseholdIR);


/** 'FindMember' parameters type */
export interface FindMemberParams {
  householdId: string;
  userId: string;
}

/** 'FindMember' return type */
export interface FindMemberResult {
  added_by: string | null;
  household_id: string;
  joined_at: Date;
  role: string;
  updated_at: Date;
  user_id: string;
}

/** 'FindMember' query type */
export interface FindMemberQuery {
  params: FindMemberParams;
  result: FindMemberResult;
}

const findMemberIR: any = {"usedParamSet":{"householdId":true,"userId":true},"params":[{"name":"householdId","required":true,"transform":{"type":"scalar"},"locs":[{"a":131,"b":143}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":161,"b":168}]}],"statement":"SELECT m.household_id, m.user_id, m.role, m.added_by, m.joined_at, m.updated_at\n  FROM household_members m\n WHERE m.household_id = :householdId! AND m.user_id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT m.household_id, m.user_id, m.role, m.added_by, m.joined_at, m.updated_at
 *   FROM household_members m
 *  WHERE m.household_id = :householdId! AND m.user_id = :userId!
 * ```
 */
export const findMember = new PreparedQuery<FindMemberParams,FindMemberResult>(findMemberIR);


/** 'HouseholdsOfMember' parameters type */
export interface HouseholdsOfMemberParams {
  userId: string;
}

/** 'HouseholdsOfMember' return type */
export interface HouseholdsOfMemberResult {
  created_at: Date;
  created_by: string;
  id: string;
  member_count: number;
  name: string;
  role: string;
  updated_at: Date;
}

/** 'HouseholdsOfMember' query type */
export interface HouseholdsOfMemberQuery {
  params: HouseholdsOfMemberParams;
  result: HouseholdsOfMemberResult;
}

const householdsOfMemberIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":324,"b":331}]}],"statement":"-- The member's households with their role, newest first.\nSELECT h.id, h.name, h.created_by, h.created_at, h.updated_at, me.role,\n       (SELECT count(*) FROM household_members c WHERE c.household_id = h.id)::int AS \"member_count!\"\n  FROM household_members me JOIN households h ON h.id = me.household_id\n WHERE me.user_id = :userId!\n ORDER BY h.created_at DESC, h.id DESC"};

/**
 * Query generated from SQL:
 * ```
 * -- The member's households with their role, newest first.
 * SELECT h.id, h.name, h.created_by, h.created_at, h.updated_at, me.role,
 *        (SELECT count(*) FROM household_members c WHERE c.household_id = h.id)::int AS "member_count!"
 *   FROM household_members me JOIN households h ON h.id = me.household_id
 *  WHERE me.user_id = :userId!
 *  ORDER BY h.created_at DESC, h.id DESC
 * ```
 */
export const householdsOfMember = new PreparedQuery<HouseholdsOfMemberParams,HouseholdsOfMemberResult>(householdsOfMemberIR);


/** 'HouseholdOfMember' parameters type */
export interface HouseholdOfMemberParams {
  householdId: string;
  userId: string;
}

/** 'HouseholdOfMember' return type */
export interface HouseholdOfMemberResult {
  created_at: Date;
  created_by: string;
  id: string;
  member_count: number;
  name: string;
  role: string;
  updated_at: Date;
}

/** 'HouseholdOfMember' query type */
export interface HouseholdOfMemberQuery {
  params: HouseholdOfMemberParams;
  result: HouseholdOfMemberResult;
}

const householdOfMemberIR: any = {"usedParamSet":{"householdId":true,"userId":true},"params":[{"name":"householdId","required":true,"transform":{"type":"scalar"},"locs":[{"a":271,"b":283}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":302,"b":309}]}],"statement":"SELECT h.id, h.name, h.created_by, h.created_at, h.updated_at, me.role,\n       (SELECT count(*) FROM household_members c WHERE c.household_id = h.id)::int AS \"member_count!\"\n  FROM household_members me JOIN households h ON h.id = me.household_id\n WHERE me.household_id = :householdId! AND me.user_id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT h.id, h.name, h.created_by, h.created_at, h.updated_at, me.role,
 *        (SELECT count(*) FROM household_members c WHERE c.household_id = h.id)::int AS "member_count!"
 *   FROM household_members me JOIN households h ON h.id = me.household_id
 *  WHERE me.household_id = :householdId! AND me.user_id = :userId!
 * ```
 */
export const householdOfMember = new PreparedQuery<HouseholdOfMemberParams,HouseholdOfMemberResult>(householdOfMemberIR);


/** 'MembersOf' parameters type */
export interface MembersOfParams {
  householdId: string;
}

/** 'MembersOf' return type */
export interface MembersOfResult {
  added_by: string | null;
  household_id: string;
  joined_at: Date;
  role: string;
  updated_at: Date;
  user_id: string;
}

/** 'MembersOf' query type */
export interface MembersOfQuery {
  params: MembersOfParams;
  result: MembersOfResult;
}

const membersOfIR: any = {"usedParamSet":{"householdId":true},"params":[{"name":"householdId","required":true,"transform":{"type":"scalar"},"locs":[{"a":178,"b":190}]}],"statement":"-- OWNERs first, then by the date they joined.\nSELECT m.household_id, m.user_id, m.role, m.added_by, m.joined_at, m.updated_at\n  FROM household_members m\n WHERE m.household_id = :householdId!\n ORDER BY array_position(ARRAY['OWNER', 'ADMIN', 'MEMBER', 'VIEWER']::text[], m.role::text), m.joined_at, m.user_id"};

/**
 * Query generated from SQL:
 * ```
 * -- OWNERs first, then by the date they joined.
 * SELECT m.household_id, m.user_id, m.role, m.added_by, m.joined_at, m.updated_at
 *   FROM household_members m
 *  WHERE m.household_id = :householdId!
 *  ORDER BY array_position(ARRAY['OWNER', 'ADMIN', 'MEMBER', 'VIEWER']::text[], m.role::text), m.joined_at, m.user_id
 * ```
 */
export const membersOf = new PreparedQuery<MembersOfParams,MembersOfResult>(membersOfIR);


/** 'CountMembers' parameters type */
export interface CountMembersParams {
  householdId: string;
}

/** 'CountMembers' return type */
export interface CountMembersResult {
  members: number;
  owners: number;
}

/** 'CountMembers' query type */
export interface CountMembersQuery {
  params: CountMembersParams;
  result: CountMembersResult;
}

const countMembersIR: any = {"usedParamSet":{"householdId":true},"params":[{"name":"householdId","required":true,"transform":{"type":"scalar"},"locs":[{"a":140,"b":152}]}],"statement":"SELECT count(*)::int AS \"members!\", count(*) FILTER (WHERE role = 'OWNER')::int AS \"owners!\"\n  FROM household_members\n WHERE household_id = :householdId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT count(*)::int AS "members!", count(*) FILTER (WHERE role = 'OWNER')::int AS "owners!"
 *   FROM household_members
 *  WHERE household_id = :householdId!
 * ```
 */
export const countMembers = new PreparedQuery<CountMembersParams,CountMembersResult>(countMembersIR);


/** 'UpdateMemberRole' parameters type */
export interface UpdateMemberRoleParams {
  householdId: string;
  now: DateOrString;
  role: string;
  userId: string;
}

/** 'UpdateMemberRole' return type */
export type UpdateMemberRoleResult = void;

/** 'UpdateMemberRole' query type */
export interface UpdateMemberRoleQuery {
  params: UpdateMemberRoleParams;
  result: UpdateMemberRoleResult;
}

const updateMemberRoleIR: any = {"usedParamSet":{"role":true,"now":true,"householdId":true,"userId":true},"params":[{"name":"role","required":true,"transform":{"type":"scalar"},"locs":[{"a":36,"b":41}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":57,"b":61}]},{"name":"householdId","required":true,"transform":{"type":"scalar"},"locs":[{"a":85,"b":97}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":113,"b":120}]}],"statement":"UPDATE household_members SET role = :role!, updated_at = :now!\n WHERE household_id = :householdId! AND user_id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE household_members SET role = :role!, updated_at = :now!
 *  WHERE household_id = :householdId! AND user_id = :userId!
 * ```
 */
export const updateMemberRole = new PreparedQuery<UpdateMemberRoleParams,UpdateMemberRoleResult>(updateMemberRoleIR);


/** 'DeleteMember' parameters type */
export interface DeleteMemberParams {
  householdId: string;
  userId: string;
}

/** 'DeleteMember' return type */
export type DeleteMemberResult = void;

/** 'DeleteMember' query type */
export interface DeleteMemberQuery {
  params: DeleteMemberParams;
  result: DeleteMemberResult;
}

const deleteMemberIR: any = {"usedParamSet":{"householdId":true,"userId":true},"params":[{"name":"householdId","required":true,"transform":{"type":"scalar"},"locs":[{"a":51,"b":63}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":79,"b":86}]}],"statement":"DELETE FROM household_members WHERE household_id = :householdId! AND user_id = :userId!"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM household_members WHERE household_id = :householdId! AND user_id = :userId!
 * ```
 */
export const deleteMember = new PreparedQuery<DeleteMemberParams,DeleteMemberResult>(deleteMemberIR);


/** 'DeleteBillSharesBy' parameters type */
export interface DeleteBillSharesByParams {
  householdId: string;
  userId: string;
}

/** 'DeleteBillSharesBy' return type */
export interface DeleteBillSharesByResult {
  deleted: number;
}

/** 'DeleteBillSharesBy' query type */
export interface DeleteBillSharesByQuery {
  params: DeleteBillSharesByParams;
  result: DeleteBillSharesByResult;
}

const deleteBillSharesByIR: any = {"usedParamSet":{"householdId":true,"userId":true},"params":[{"name":"householdId","required":true,"transform":{"type":"scalar"},"locs":[{"a":65,"b":77}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":95,"b":102}]}],"statement":"WITH deleted AS (\n  DELETE FROM bill_shares WHERE household_id = :householdId! AND shared_by = :userId! RETURNING 1\n)\nSELECT count(*)::int AS \"deleted!\" FROM deleted"};

/**
 * Query generated from SQL:
 * ```
 * WITH deleted AS (
 *   DELETE FROM bill_shares WHERE household_id = :householdId! AND shared_by = :userId! RETURNING 1
 * )
 * SELECT count(*)::int AS "deleted!" FROM deleted
 * ```
 */
export const deleteBillSharesBy = new PreparedQuery<DeleteBillSharesByParams,DeleteBillSharesByResult>(deleteBillSharesByIR);


/** 'DeleteSharedAccountsBy' parameters type */
export interface DeleteSharedAccountsByParams {
  householdId: string;
  userId: string;
}

/** 'DeleteSharedAccountsBy' return type */
export interface DeleteSharedAccountsByResult {
  deleted: number;
}

/** 'DeleteSharedAccountsBy' query type */
export interface DeleteSharedAccountsByQuery {
  params: DeleteSharedAccountsByParams;
  result: DeleteSharedAccountsByResult;
}

const deleteSharedAccountsByIR: any = {"usedParamSet":{"householdId":true,"userId":true},"params":[{"name":"householdId","required":true,"transform":{"type":"scalar"},"locs":[{"a":79,"b":91}]},{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":109,"b":116}]}],"statement":"WITH deleted AS (\n  DELETE FROM household_shared_accounts WHERE household_id = :householdId! AND shared_by = :userId! RETURNING 1\n)\nSELECT count(*)::int AS \"deleted!\" FROM deleted"};

/**
 * Query generated from SQL:
 * ```
 * WITH deleted AS (
 *   DELETE FROM household_shared_accounts WHERE household_id = :householdId! AND shared_by = :userId! RETURNING 1
 * )
 * SELECT count(*)::int AS "deleted!" FROM deleted
 * ```
 */
export const deleteSharedAccountsBy = new PreparedQuery<DeleteSharedAccountsByParams,DeleteSharedAccountsByResult>(deleteSharedAccountsByIR);


/** 'TouchHousehold' parameters type */
export interface TouchHouseholdParams {
  id: string;
  now: DateOrString;
}

/** 'TouchHousehold' return type */
export type TouchHouseholdResult = void;

/** 'TouchHousehold' query type */
export interface TouchHouseholdQuery {
  params: TouchHouseholdParams;
  result: TouchHouseholdResult;
}

const touchHouseholdIR: any = {"usedParamSet":{"now":true,"id":true},"params":[{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":35,"b":39}]},{"name":"id","required":true,"transform":{"type":"scalar"},"locs":[{"a":52,"b":55}]}],"statement":"UPDATE households SET updated_at = :now! WHERE id = :id!"};

/**
 * Query generated from SQL:
 * ```
 * UPDATE households SET updated_at = :now! WHERE id = :id!
 * ```
 */
export const touchHousehold = new PreparedQuery<TouchHouseholdParams,TouchHouseholdResult>(touchHouseholdIR);


/** 'InsertSharedAccount' parameters type */
export interface InsertSharedAccountParams {
  accountReference: string;
  billerId: string;
  billerName: string;
  householdId: string;
  now: DateOrString;
  savedAccountId: string;
  sharedBy: string;
}

/** 'InsertSharedAccount' return type */
export interface InsertSharedAccountResult {
  account_reference: string;
  biller_id: string;
  biller_name: string;
  household_id: string;
  saved_account_id: string;
  shared_at: Date;
  shared_by: string;
}

/** 'InsertSharedAccount' query type */
export interface InsertSharedAccountQuery {
  params: InsertSharedAccountParams;
  result: InsertSharedAccountResult;
}

const insertSharedAccountIR: any = {"usedParamSet":{"householdId":true,"savedAccountId":true,"sharedBy":true,"billerId":true,"billerName":true,"accountReference":true,"now":true},"params":[{"name":"householdId","required":true,"transform":{"type":"scalar"},"locs":[{"a":227,"b":239}]},{"name":"savedAccountId","required":true,"transform":{"type":"scalar"},"locs":[{"a":242,"b":257}]},{"name":"sharedBy","required":true,"transform":{"type":"scalar"},"locs":[{"a":260,"b":269}]},{"name":"billerId","required":true,"transform":{"type":"scalar"},"locs":[{"a":272,"b":281}]},{"name":"billerName","required":true,"transform":{"type":"scalar"},"locs":[{"a":284,"b":295}]},{"name":"accountReference","required":true,"transform":{"type":"scalar"},"locs":[{"a":298,"b":315}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":318,"b":322}]}],"statement":"-- Shares the account; no row when it already is shared with the household.\nINSERT INTO household_shared_accounts AS a (household_id, saved_account_id, shared_by, biller_id, biller_name,\n  account_reference, shared_at)\nVALUES (:householdId!, :savedAccountId!, :sharedBy!, :billerId!, :billerName!, :accountReference!, :now!)\nON CONFLICT (household_id, saved_account_id) DO NOTHING\nRETURNING a.household_id, a.saved_account_id, a.shared_by, a.biller_id, a.biller_name, a.account_reference,\n  a.shared_at"};

/**
 * Query generated from SQL:
 * ```
 * -- Shares the account; no row when it already is shared with the household.
 * INSERT INTO household_shared_accounts AS a (household_id, saved_account_id, shared_by, biller_id, biller_name,
 *   account_reference, shared_at)
 * VALUES (:householdId!, :savedAccountId!, :sharedBy!, :billerId!, :billerName!, :accountReference!, :now!)
 * ON CONFLICT (household_id, saved_account_id) DO NOTHING
 * RETURNING a.household_id, a.saved_account_id, a.shared_by, a.biller_id, a.biller_name, a.account_reference,
 *   a.shared_at
 * ```
 */
export const insertSharedAccount = new PreparedQuery<InsertSharedAccountParams,InsertSharedAccountResult>(insertSharedAccountIR);


/** 'FindSharedAccount' parameters type */
export interface FindSharedAccountParams {
  householdId: string;
  savedAccountId: string;
}

/** 'FindSharedAccount' return type */
export interface FindSharedAccountResult {
  account_reference: string;
  biller_id: string;
  biller_name: string;
  household_id: string;
  saved_account_id: string;
  shared_at: Date;
  shared_by: string;
}

/** 'FindSharedAccount' query type */
export interface FindSharedAccountQuery {
  params: FindSharedAccountParams;
  result: FindSharedAccountResult;
}

const findSharedAccountIR: any = {"usedParamSet":{"householdId":true,"savedAccountId":true},"params":[{"name":"householdId","required":true,"transform":{"type":"scalar"},"locs":[{"a":176,"b":188}]},{"name":"savedAccountId","required":true,"transform":{"type":"scalar"},"locs":[{"a":215,"b":230}]}],"statement":"SELECT a.household_id, a.saved_account_id, a.shared_by, a.biller_id, a.biller_name, a.account_reference, a.shared_at\n  FROM household_shared_accounts a\n WHERE a.household_id = :householdId! AND a.saved_account_id = :savedAccountId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT a.household_id, a.saved_account_id, a.shared_by, a.biller_id, a.biller_name, a.account_reference, a.shared_at
 *   FROM household_shared_accounts a
 *  WHERE a.household_id = :householdId! AND a.saved_account_id = :savedAccountId!
 * ```
 */
export const findSharedAccount = new PreparedQuery<FindSharedAccountParams,FindSharedAccountResult>(findSharedAccountIR);


/** 'SharedAccountsOf' parameters type */
export interface SharedAccountsOfParams {
  householdId: string;
}

/** 'SharedAccountsOf' return type */
export interface SharedAccountsOfResult {
  account_reference: string;
  biller_id: string;
  biller_name: string;
  household_id: string;
  saved_account_id: string;
  shared_at: Date;
  shared_by: string;
}

/** 'SharedAccountsOf' query type */
export interface SharedAccountsOfQuery {
  params: SharedAccountsOfParams;
  result: SharedAccountsOfResult;
}

const sharedAccountsOfIR: any = {"usedParamSet":{"householdId":true},"params":[{"name":"householdId","required":true,"transform":{"type":"scalar"},"locs":[{"a":176,"b":188}]}],"statement":"SELECT a.household_id, a.saved_account_id, a.shared_by, a.biller_id, a.biller_name, a.account_reference, a.shared_at\n  FROM household_shared_accounts a\n WHERE a.household_id = :householdId!\n ORDER BY a.shared_at DESC, a.saved_account_id DESC"};

/**
 * Query generated from SQL:
 * ```
 * SELECT a.household_id, a.saved_account_id, a.shared_by, a.biller_id, a.biller_name, a.account_reference, a.shared_at
 *   FROM household_shared_accounts a
 *  WHERE a.household_id = :householdId!
 *  ORDER BY a.shared_at DESC, a.saved_account_id DESC
 * ```
 */
export const sharedAccountsOf = new PreparedQuery<SharedAccountsOfParams,SharedAccountsOfResult>(sharedAccountsOfIR);


/** 'DeleteSharedAccount' parameters type */
export interface DeleteSharedAccountParams {
  householdId: string;
  savedAccountId: string;
}

/** 'DeleteSharedAccount' return type */
export type DeleteSharedAccountResult = void;

/** 'DeleteSharedAccount' query type */
export interface DeleteSharedAccountQuery {
  params: DeleteSharedAccountParams;
  result: DeleteSharedAccountResult;
}

const deleteSharedAccountIR: any = {"usedParamSet":{"householdId":true,"savedAccountId":true},"params":[{"name":"householdId","required":true,"transform":{"type":"scalar"},"locs":[{"a":59,"b":71}]},{"name":"savedAccountId","required":true,"transform":{"type":"scalar"},"locs":[{"a":96,"b":111}]}],"statement":"DELETE FROM household_shared_accounts WHERE household_id = :householdId! AND saved_account_id = :savedAccountId!"};

/**
 * Query generated from SQL:
 * ```
 * DELETE FROM household_shared_accounts WHERE household_id = :householdId! AND saved_account_id = :savedAccountId!
 * ```
 */
export const deleteSharedAccount = new PreparedQuery<DeleteSharedAccountParams,DeleteSharedAccountResult>(deleteSharedAccountIR);


/** 'InsertBillShare' parameters type */
export interface InsertBillShareParams {
  billId: string;
  householdId: string;
  now: DateOrString;
  sharedBy: string;
}

/** 'InsertBillShare' return type */
export type InsertBillShareResult = void;

/** 'InsertBillShare' query type */
export interface InsertBillShareQuery {
  params: InsertBillShareParams;
  result: InsertBillShareResult;
}

const insertBillShareIR: any = {"usedParamSet":{"billId":true,"householdId":true,"sharedBy":true,"now":true},"params":[{"name":"billId","required":true,"transform":{"type":"scalar"},"locs":[{"a":78,"b":85}]},{"name":"householdId","required":true,"transform":{"type":"scalar"},"locs":[{"a":88,"b":100}]},{"name":"sharedBy","required":true,"transform":{"type":"scalar"},"locs":[{"a":103,"b":112}]},{"name":"now","required":true,"transform":{"type":"scalar"},"locs":[{"a":115,"b":119}]}],"statement":"INSERT INTO bill_shares (bill_id, household_id, shared_by, shared_at) VALUES (:billId!, :householdId!, :sharedBy!, :now!)\nON CONFLICT (bill_id, household_id) DO NOTHING"};

/**
 * Query generated from SQL:
 * ```
 * INSERT INTO bill_shares (bill_id, household_id, shared_by, shared_at) VALUES (:billId!, :householdId!, :sharedBy!, :now!)
 * ON CONFLICT (bill_id, household_id) DO NOTHING
 * ```
 */
export const insertBillShare = new PreparedQuery<InsertBillShareParams,InsertBillShareResult>(insertBillShareIR);


/** 'FindBillShare' parameters type */
export interface FindBillShareParams {
  billId: string;
  householdId: string;
}

/** 'FindBillShare' return type */
export interface FindBillShareResult {
  bill_id: string;
  household_id: string;
  shared_at: Date;
  shared_by: string;
}

/** 'FindBillShare' query type */
export interface FindBillShareQuery {
  params: FindBillShareParams;
  result: FindBillShareResult;
}

const findBillShareIR: any = {"usedParamSet":{"billId":true,"householdId":true},"params":[{"name":"billId","required":true,"transform":{"type":"scalar"},"locs":[{"a":84,"b":91}]},{"name":"householdId","required":true,"transform":{"type":"scalar"},"locs":[{"a":112,"b":124}]}],"statement":"SELECT bill_id, household_id, shared_by, shared_at FROM bill_shares WHERE bill_id = :billId! AND household_id = :householdId!"};

/**
 * Query generated from SQL:
 * ```
 * SELECT bill_id, household_id, shared_by, shared_at FROM bill_shares WHERE bill_id = :billId! AND household_id = :householdId!
 * ```
 */
export const findBillShare = new PreparedQuery<FindBillShareParams,FindBillShareResult>(findBillShareIR);


/** 'DeleteBillShare' parameters type */
export interface DeleteBillShareParams {
  billId: string;
  householdId: string;
}

/** 'DeleteBillShare' return type */
export interface DeleteBillShareResult {
  deleted: number;
}

/** 'DeleteBillShare' query type */
export interface DeleteBillShareQuery {
  params: DeleteBillShareParams;
  result: DeleteBillShareResult;
}

const deleteBillShareIR: any = {"usedParamSet":{"billId":true,"householdId":true},"params":[{"name":"billId","required":true,"transform":{"type":"scalar"},"locs":[{"a":60,"b":67}]},{"name":"householdId","required":true,"transform":{"type":"scalar"},"locs":[{"a":88,"b":100}]}],"statement":"WITH deleted AS (\n  DELETE FROM bill_shares WHERE bill_id = :billId! AND household_id = :householdId! RETURNING 1\n)\nSELECT count(*)::int AS \"deleted!\" FROM deleted"};

/**
 * Query generated from SQL:
 * ```
 * WITH deleted AS (
 *   DELETE FROM bill_shares WHERE bill_id = :billId! AND household_id = :householdId! RETURNING 1
 * )
 * SELECT count(*)::int AS "deleted!" FROM deleted
 * ```
 */
export const deleteBillShare = new PreparedQuery<DeleteBillShareParams,DeleteBillShareResult>(deleteBillShareIR);


/** 'BillSharesVisibleTo' parameters type */
export interface BillSharesVisibleToParams {
  userId: string;
}

/** 'BillSharesVisibleTo' return type */
export interface BillSharesVisibleToResult {
  bill_id: string;
  household_id: string;
  household_name: string;
  role: string;
  shared_by: string;
}

/** 'BillSharesVisibleTo' query type */
export interface BillSharesVisibleToQuery {
  params: BillSharesVisibleToParams;
  result: BillSharesVisibleToResult;
}

const billSharesVisibleToIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":323,"b":330}]}],"statement":"-- The bill shares of every household the customer belongs to (their own shares included).\nSELECT s.bill_id, s.household_id, h.name AS household_name, s.shared_by, me.role\n  FROM household_members me\n  JOIN bill_shares s ON s.household_id = me.household_id\n  JOIN households h ON h.id = me.household_id\n WHERE me.user_id = :userId!\n ORDER BY s.shared_at, s.household_id"};

/**
 * Query generated from SQL:
 * ```
 * -- The bill shares of every household the customer belongs to (their own shares included).
 * SELECT s.bill_id, s.household_id, h.name AS household_name, s.shared_by, me.role
 *   FROM household_members me
 *   JOIN bill_shares s ON s.household_id = me.household_id
 *   JOIN households h ON h.id = me.household_id
 *  WHERE me.user_id = :userId!
 *  ORDER BY s.shared_at, s.household_id
 * ```
 */
export const billSharesVisibleTo = new PreparedQuery<BillSharesVisibleToParams,BillSharesVisibleToResult>(billSharesVisibleToIR);


/** 'SharedAccountsVisibleTo' parameters type */
export interface SharedAccountsVisibleToParams {
  userId: string;
}

/** 'SharedAccountsVisibleTo' return type */
export interface SharedAccountsVisibleToResult {
  account_reference: string;
  biller_id: string;
  household_id: string;
  household_name: string;
  role: string;
  shared_by: string;
}

/** 'SharedAccountsVisibleTo' query type */
export interface SharedAccountsVisibleToQuery {
  params: SharedAccountsVisibleToParams;
  result: SharedAccountsVisibleToResult;
}

const sharedAccountsVisibleToIR: any = {"usedParamSet":{"userId":true},"params":[{"name":"userId","required":true,"transform":{"type":"scalar"},"locs":[{"a":364,"b":371}]}],"statement":"-- The shared accounts of every household the customer belongs to (their own shares included).\nSELECT a.biller_id, a.account_reference, a.household_id, h.name AS household_name, a.shared_by, me.role\n  FROM household_members me\n  JOIN household_shared_accounts a ON a.household_id = me.household_id\n  JOIN households h ON h.id = me.household_id\n WHERE me.user_id = :userId!\n ORDER BY a.shared_at, a.household_id"};

/**
 * Query generated from SQL:
 * ```
 * -- The shared accounts of every household the customer belongs to (their own shares included).
 * SELECT a.biller_id, a.account_reference, a.household_id, h.name AS household_name, a.shared_by, me.role
 *   FROM household_members me
 *   JOIN household_shared_accounts a ON a.household_id = me.household_id
 *   JOIN households h ON h.id = me.household_id
 *  WHERE me.user_id = :userId!
 *  ORDER BY a.shared_at, a.household_id
 * ```
 */
export const sharedAccountsVisibleTo = new PreparedQuery<SharedAccountsVisibleToParams,SharedAccountsVisibleToResult>(sharedAccountsVisibleToIR);


