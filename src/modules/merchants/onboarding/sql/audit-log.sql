/* @name AuditLogPage */
-- A page of a merchant's audit log, newest first: ids are UUIDv7, so id order is time order.
-- One shape per filter, each walking one index (merchant_id, [action | actor_role,] id); a null
-- cursor starts from the newest entry.
SELECT e.id, e.merchant_id, e.occurred_at, e.action, e.actor_type, e.actor_role, e.actor_user_id,
       e.actor_api_key_id, e.actor_email, e.target_type, e.target_id, e.ip, e.user_agent, e.request_id, e.details
  FROM merchant_audit_log e
 WHERE e.merchant_id = :merchantId! AND e.id < coalesce(:before::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff')
 ORDER BY e.id DESC
 LIMIT :limit!;

/* @name AuditLogPageByAction */
SELECT e.id, e.merchant_id, e.occurred_at, e.action, e.actor_type, e.actor_role, e.actor_user_id,
       e.actor_api_key_id, e.actor_email, e.target_type, e.target_id, e.ip, e.user_agent, e.request_id, e.details
  FROM merchant_audit_log e
 WHERE e.merchant_id = :merchantId! AND e.id < coalesce(:before::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff')
   AND e.action = :action!
 ORDER BY e.id DESC
 LIMIT :limit!;

/* @name AuditLogPageByActor */
SELECT e.id, e.merchant_id, e.occurred_at, e.action, e.actor_type, e.actor_role, e.actor_user_id,
       e.actor_api_key_id, e.actor_email, e.target_type, e.target_id, e.ip, e.user_agent, e.request_id, e.details
  FROM merchant_audit_log e
 WHERE e.merchant_id = :merchantId! AND e.id < coalesce(:before::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff')
   AND e.actor_role = :actor!
 ORDER BY e.id DESC
 LIMIT :limit!;

/* @name AuditLogPageByActionAndActor */
SELECT e.id, e.merchant_id, e.occurred_at, e.action, e.actor_type, e.actor_role, e.actor_user_id,
       e.actor_api_key_id, e.actor_email, e.target_type, e.target_id, e.ip, e.user_agent, e.request_id, e.details
  FROM merchant_audit_log e
 WHERE e.merchant_id = :merchantId! AND e.id < coalesce(:before::uuid, 'ffffffff-ffff-ffff-ffff-ffffffffffff')
   AND e.action = :action! AND e.actor_role = :actor!
 ORDER BY e.id DESC
 LIMIT :limit!;
