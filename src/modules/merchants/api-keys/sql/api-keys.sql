/* @name ActiveKeysByPrefix */
-- Verification of every API-key request: almost always one row (the prefix carries 36 random bits).
SELECT id, merchant_id, livemode, secret_hash
  FROM merchant_api_keys
 WHERE prefix = :prefix! AND revoked_at IS NULL;

/* @name RecordKeyUse */
-- Moves each key's last_used_at forward (never back) in one statement.
UPDATE merchant_api_keys k
   SET last_used_at = GREATEST(k.last_used_at, u.used_at)
  FROM unnest(:ids!::uuid[], :times!::timestamptz[]) AS u (id, used_at)
 WHERE k.id = u.id;

/* @name RevokeLiveKeys */
-- A REJECTED merchant's live keys, revoked in the caller's transaction; their digests, for the key cache's marks after the commit.
UPDATE merchant_api_keys
   SET revoked_at = :now!, revoked_reason = 'MERCHANT_REJECTED'
 WHERE merchant_id = :merchantId! AND livemode AND revoked_at IS NULL
RETURNING secret_hash;
