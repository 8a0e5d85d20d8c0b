/* @name ActiveSessionIds */
SELECT id FROM device_sessions WHERE user_id = :userId! AND revoked_at IS NULL;

/* @name TouchActiveSession */
-- The bearer guard's check in one round trip: the session and its user active, seen now.
WITH touched AS (
  UPDATE device_sessions s SET last_seen_at = GREATEST(s.last_seen_at, :now!)
    FROM users u
   WHERE s.id = :id! AND s.revoked_at IS NULL AND s.expires_at > :now!
     AND u.id = s.user_id AND u.status = 'ACTIVE'
   RETURNING s.user_id, u.role
)
SELECT user_id, role FROM touched;

/* @name RevokeSessions */
WITH revoked AS (
  UPDATE device_sessions SET revoked_at = :now!, revoked_reason = :reason!
   WHERE user_id = :userId! AND revoked_at IS NULL
   RETURNING id
)
SELECT id FROM revoked;

/* @name RevokeSessionsBut */
WITH revoked AS (
  UPDATE device_sessions SET revoked_at = :now!, revoked_reason = :reason!
   WHERE user_id = :userId! AND id <> :keepSessionId! AND revoked_at IS NULL
   RETURNING id
)
SELECT id FROM revoked;
