/* @name ActiveMerchantSession */
-- Run on every merchant request: one indexed join.
SELECT s.user_id, u.email, s.merchant_id, s.membership_id, m.role
  FROM merchant_sessions s
  JOIN merchant_memberships m ON m.id = s.membership_id AND m.status = 'ACTIVE'
  JOIN merchant_users u ON u.id = s.user_id
 WHERE s.id = :sessionId! AND s.revoked_at IS NULL AND s.expires_at > :now!;

/* @name TeamMembers */
-- The merchant's active members (or the one membership asked for), the OWNER first, then by the
-- date they joined.
SELECT m.id, m.user_id, u.email, u.name, m.role, m.created_at
  FROM merchant_memberships m
  JOIN merchant_users u ON u.id = m.user_id
 WHERE m.merchant_id = :merchantId! AND m.status = 'ACTIVE'
   AND (:membershipId::uuid IS NULL OR m.id = :membershipId)
 ORDER BY (m.role = 'OWNER') DESC, m.created_at, m.id;

/* @name ActiveMemberWithEmail */
SELECT m.id
  FROM merchant_memberships m
  JOIN merchant_users u ON u.id = m.user_id
 WHERE m.merchant_id = :merchantId! AND m.status = 'ACTIVE' AND u.email = :email!
 LIMIT 1;
