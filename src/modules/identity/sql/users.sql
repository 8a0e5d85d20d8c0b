/* @name FindUserById */
SELECT id, phone, role, status, kyc_tier, pin_hash, pin_set_at, failed_pin_attempts, locked_until,
       display_name, email, email_verified, language, phone_verified_at, created_at, deactivated_at, updated_at
  FROM users
 WHERE id = :id!;

/* @name OneTripLockKycTier */
-- The customer's tier, their row locked until the transaction ends (CustomerLimitsService.lockLimitsOf):
-- the lock a customer's payments queue on. FOR NO KEY UPDATE: rows that refer to the customer
-- (their payments' KEY SHARE) are not held up by it.
SELECT kyc_tier FROM users WHERE id = :userId! FOR NO KEY UPDATE;

/* @name CountPinAttempt */
-- Counts a login attempt before the PIN is checked (UserRepository.countPinAttempt).
WITH counted AS (
  UPDATE users
     SET failed_pin_attempts = CASE WHEN locked_until IS NULL THEN failed_pin_attempts + 1 ELSE 1 END,
         locked_until = CASE
           WHEN (CASE WHEN locked_until IS NULL THEN failed_pin_attempts + 1 ELSE 1 END) >= :maxAttempts! THEN :lockUntil!::timestamptz
           ELSE NULL
         END
   WHERE phone = :phone! AND pin_hash IS NOT NULL AND (locked_until IS NULL OR locked_until <= :now!)
   RETURNING id, pin_hash, status, locked_until
)
SELECT id, pin_hash AS "pin_hash!", status, locked_until FROM counted;

/* @name LockedUntil */
SELECT locked_until AS "locked_until!" FROM users WHERE phone = :phone! AND pin_hash IS NOT NULL AND locked_until > :now!;

/* @name LockAdminRoles */
-- Serializes the changes that could remove the last active ADMIN (AdminUsersService).
SELECT pg_advisory_xact_lock(hashtextextended('identity:admin-roles', 0)) AS "locked!";

/* @name CountActiveAdmins */
SELECT count(*)::int AS "admins!" FROM users WHERE role = 'ADMIN' AND status = 'ACTIVE';

/* @name AdminUserPage */
-- The admin list's page: filters by role, shown status (LOCKED while a PIN lock runs at :now),
-- KYC tier and a text searched in the phone's digits and the display name (LIKE's wildcards
-- escaped, = being the escape character); total is the count of the whole list.
SELECT u.id, u.phone, u.role, u.status, u.kyc_tier, u.display_name, u.email, u.locked_until, u.created_at,
       u.deactivated_at,
       (SELECT max(s.last_seen_at) FROM device_sessions s WHERE s.user_id = u.id) AS last_seen_at,
       count(*) OVER () AS "total!"
  FROM users u
 WHERE (:role::text IS NULL OR u.role = :role)
   AND (:status::text IS NULL
        OR (:status = 'DEACTIVATED' AND u.status = 'DEACTIVATED')
        OR (:status = 'LOCKED' AND u.status = 'ACTIVE' AND u.locked_until > :now!)
        OR (:status = 'ACTIVE' AND u.status = 'ACTIVE' AND (u.locked_until IS NULL OR u.locked_until <= :now!)))
   AND (:kycTier::text IS NULL OR u.kyc_tier = :kycTier)
   AND (:q::text IS NULL
        OR (:digits! <> '' AND u.phone LIKE '%' || :digits! || '%')
        OR u.display_name ILIKE '%' || replace(replace(replace(:q, '=', '=='), '%', '=%'), '_', '=_') || '%' ESCAPE '=')
 ORDER BY u.created_at DESC, u.id DESC
 LIMIT :limit! OFFSET :offset!;

/* @name AdminUserCount */
-- The admin list's total when its page is past the end (same filters as AdminUserPage).
SELECT count(*) AS "total!"
  FROM users u
 WHERE (:role::text IS NULL OR u.role = :role)
   AND (:status::text IS NULL
        OR (:status = 'DEACTIVATED' AND u.status = 'DEACTIVATED')
        OR (:status = 'LOCKED' AND u.status = 'ACTIVE' AND u.locked_until > :now!)
        OR (:status = 'ACTIVE' AND u.status = 'ACTIVE' AND (u.locked_until IS NULL OR u.locked_until <= :now!)))
   AND (:kycTier::text IS NULL OR u.kyc_tier = :kycTier)
   AND (:q::text IS NULL
        OR (:digits! <> '' AND u.phone LIKE '%' || :digits! || '%')
        OR u.display_name ILIKE '%' || replace(replace(replace(:q, '=', '=='), '%', '=%'), '_', '=_') || '%' ESCAPE '=');

/* @name AgentIdByPhone */
-- An AGENT's id by phone, for the seed's demo float (agentIdByPhone, identity.seeder.ts).
SELECT id FROM users WHERE phone = :phone! AND role = 'AGENT';
