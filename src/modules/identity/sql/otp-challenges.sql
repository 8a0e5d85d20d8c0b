/* @name ReplaceOtpChallenge */
-- A new challenge for the number, replacing any earlier one and its count of tries.
INSERT INTO otp_challenges (phone, code_hash, attempts, expires_at, created_at)
VALUES (:phone!, :codeHash!, 0, :expiresAt!, :createdAt!)
    ON CONFLICT (phone) DO UPDATE
   SET code_hash = EXCLUDED.code_hash, attempts = 0, expires_at = EXCLUDED.expires_at,
       created_at = EXCLUDED.created_at;
